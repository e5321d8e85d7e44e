// FidelityRound21OperatorTests.swift: a collection operator piece holding a NUL. A collection's
// `valueForKeyPath:` builds the operator's selector, `_<name>ForKeyPath:`, from the C string of
// the piece after `@` (DIS_KVC_KVO's reconstruction), so the name ends at the NUL: `@max\0x`
// acts as `@max`, `@count\0x` as `@count`. Key-value coding, observing and `KeyValuePath`
// agree on it (docs/kvo.md#key-paths).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound21OperatorTests {
  /// Ann, whose items are three people aged 3, 9 and 5 (World.newPersonWithItems).
  private func annWithItems(_ world: World) throws -> Object {
    return try world.newPersonWithItems()
  }

  /// An operator piece with a NUL answers as the operator named before the NUL.
  @Test(arguments: [
    ("items.@max\u{0}x.age", "items.@max.age"), ("items.@min\u{0}.age", "items.@min.age"),
    ("items.@sum\u{0}junk.age", "items.@sum.age"), ("items.@count\u{0}x", "items.@count"),
    ("items.@distinctUnionOfObjects\u{0}y.age", "items.@distinctUnionOfObjects.age"),
  ])
  func anOperatorPieceWithANulIsTheOperatorBeforeTheNul(path: String, plain: String) throws {
    let world = try World()
    let ann = try annWithItems(world)
    let expected = try ann.value(forKeyPath: plain)
    #expect(!expected.isNil)
    #expect(try ann.value(forKeyPath: path) == expected)
  }

  /// Sent as a message to the array itself, with the operator first.
  @Test func anArraysValueForKeyPathMessageReadsTheOperatorUpToTheNul() throws {
    let world = try World()
    let ann = try annWithItems(world)
    let items = try world.runtime.mutableArray(try #require(ann.value(forKey: "items").arrayValue))
    #expect(try world.runtime.msgSend(items, "valueForKeyPath:", "@count\u{0}x") == 3)
    #expect(try world.runtime.msgSend(items, "valueForKeyPath:", "@max\u{0}x.age") == 9)
  }

  /// A set reads it alike, and still refuses a union that keeps duplicates.
  @Test func aSetReadsTheOperatorUpToTheNulAndRefusesWhatItLacks() throws {
    let world = try World()
    let ann = try annWithItems(world)
    try world.set(ann, "items", .set(try #require(ann.value(forKey: "items").arrayValue).reduce(into: []) { $0.insert($1) }))
    #expect(try ann.value(forKeyPath: "items.@max\u{0}x.age") == 9)
    let refused = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@unionOfObjects\u{0}x.age") }
    #expect(refused?.message.contains("does not implement the unionOfObjects operation") == true)
  }

  /// A name that is no operator before its NUL (or nothing before it) is still refused, named by
  /// the whole piece.
  @Test(arguments: ["items.@foo\u{0}max.age", "items.@\u{0}count"])
  func aPieceNamingNoOperatorBeforeTheNulIsRefused(path: String) throws {
    let world = try World()
    let ann = try annWithItems(world)
    let refused = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: path) }
    #expect(refused?.code == .invalidKeyPath)
    #expect(refused?.message.contains("does not implement the") == true)
  }

  /// The parsed path takes the piece as its operator (what key-value coding evaluates), and
  /// prints it by the operator's name.
  @Test func keyValuePathTakesAnOperatorPieceWithANulAsItsOperator() throws {
    let path = try KeyValuePath("items.@max\u{0}x.age")
    #expect(path == (try KeyValuePath("items.@max.age")))
    #expect(path.components == [.key("items"), .collectionOperator(.max), .key("age")])
    #expect(path.description == "items.@max.age")
    #expect(try KeyValuePath("@count\u{0}x").components == [.collectionOperator(.count)])
    #expect(throws: KeyValueError.self) { try KeyValuePath("items.@max\u{0}x") }  // needs a path after it
    #expect(throws: KeyValueError.self) { try KeyValuePath("items.@foo\u{0}max.age") }
    #expect(throws: KeyValueError.self) { try KeyValuePath("items.@\u{0}count") }
  }

  /// Observing refuses as it refuses the plain operator: the array behind `items` is sent
  /// `addObserver:forKeyPath:` for the rest and refuses it. Already matched.
  @Test(arguments: [("items.@max\u{0}x.age", "items.@max.age"), ("items.@count\u{0}x", "items.@count")])
  func observingAnOperatorPieceWithANulIsRefusedAsThePlainOperatorIs(path: String, plain: String) throws {
    let world = try World()
    let ann = try annWithItems(world)
    let (observer, _) = try world.newObserver()
    let plainError = #expect(throws: KeyValueError.self) { try ann.addObserver(observer, forKeyPath: plain, options: [.new]) }
    let error = #expect(throws: KeyValueError.self) { try ann.addObserver(observer, forKeyPath: path, options: [.new]) }
    #expect(error?.code == plainError?.code)
    #expect(ann.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// A dictionary's `valueForKey:` drops the `@` and asks NSObject's for the rest, whose accessor
  /// search ends at the NUL: `@count\0x` is the dictionary's count. Already matched.
  @Test func aDictionaryReadsAtCountWithANulAsItsCount() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", .dictionary(["a": 1, "b": 2]))
    #expect(try ann.value(forKeyPath: "items.@count\u{0}x") == 2)
  }
}
