// UnionKeyValueCodingTests.swift: KVC and KVO on a key of union type (MiniRuntime's Union.swift).
// Foundation boxes a union in an NSValue, as it boxes any non-object, non-number type.

import MiniFoundation
import Testing

@testable import KVO

@Suite struct UnionKeyValueCodingTests {
  /// `union Number { int i; float f; }`
  static let number = TypeEncoding.union(name: "Number", fields: [.init(.int), .init(.float)])

  /// A registered `Cell` with an ivar-only key `raw` and a synthesized property `number`, both
  /// `union Number`.
  static func makeCell(in runtime: Runtime) throws -> Object {
    let cell = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Cell")
    try cell.addIvar("_raw", type: number)
    try cell.synthesizeProperty("number", type: number)
    try runtime.registerClassPair(cell)
    return try #require(try runtime.msgSend(cell, "new").objectValue)
  }

  @Test func valueForKeyOnAUnionAnswersAnNSValueOfItsBytes() throws {
    let world = try World()
    let cell = try Self.makeCell(in: world.runtime)
    let half = Value.union(try Union(Self.number, member: 1, .float(0.5)))
    try cell.setValue(half, forIvar: "_raw")
    try world.runtime.msgSend(cell, "setNumber:", half)
    for key in ["raw", "number"] {  // the ivar, and the getter
      let value = try cell.value(forKey: key)
      #expect(value == half)
      let boxed = try #require(try world.runtime.object(bridging: value))
      #expect(boxed.isa.name == "NSConcreteValue")
      #expect(try world.runtime.msgSend(boxed, "objCType") == .cString("(Number=if)"))
      #expect(Value.object(boxed) == half)
    }
    try world.runtime.checkInvariants()
  }

  @Test func setValueForKeyTakesABoxedUnionAndRefusesANumber() throws {
    let world = try World()
    let cell = try Self.makeCell(in: world.runtime)
    let seven = Value.union(try Union(Self.number, member: 0, .int32(7)))
    let boxed = Value.object(try #require(try world.runtime.object(bridging: seven)))
    try cell.setValue(boxed, forKey: "raw")
    try cell.setValue(seven, forKey: "number")
    #expect(try cell.value(ofIvar: "_raw") == seven && cell.value(ofIvar: "_number") == seven)
    #expect(throws: (any Error).self) { try cell.setValue(7, forKey: "raw") }
    #expect(try cell.value(ofIvar: "_raw") == seven, "a refused set changes nothing")
    try world.runtime.checkInvariants()
  }

  @Test func observingAnIvarOnlyUnionKeyReportsOldAndNewBytes() throws {
    let world = try World()
    let cell = try Self.makeCell(in: world.runtime)
    let (observer, log) = try world.newObserver()
    try cell.addObserver(observer, forKeyPath: "raw", options: [.old, .new])
    let seven = Value.union(try Union(Self.number, member: 0, .int32(7)))
    try cell.setValue(seven, forKey: "raw")
    #expect(log.all.map(\.change.old) == [.zero(of: Self.number)])
    #expect(log.all.map(\.change.new) == [seven])
    try cell.removeObserver(observer, forKeyPath: "raw")
    try world.runtime.checkInvariants()
  }
}
