// FoundationRound6Tests.swift: the sixth round's cases of Foundation's classes as objects (a
// mutable string in copy and strong properties, range exceptions' NSUInteger indexes, the
// messages users' KVC tests send to strings, numbers and values), as GNUstep-base's tests and
// users' reports write them. Each test pins Foundation's answer.

import Testing

@testable import KVO

@Suite struct FoundationRound6Tests {
  @discardableResult
  func send(_ receiver: Object?, _ selector: Selector, _ arguments: Value...) throws -> Value {
    try Runtime.msgSend(receiver, selector, arguments: Arguments(arguments))
  }

  @Test func aCopyPropertyKeepsAnImmutableCopyOfAMutableStringAndAStrongOneSharesIt() throws {
    let world = try World()
    let ann = try world.newPerson()
    let mutable = try #require(try send(try world.runtime.object(bridging: "Ann"), "mutableCopy").objectValue)
    try world.set(ann, "name", .object(mutable))  // name is (copy)
    try world.set(ann, "firstName", .object(mutable))  // firstName is (strong)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "name", options: [.new, .old])
    try ann.addObserver(observer, forKeyPath: "firstName", options: [.new, .old])

    try send(mutable, "appendString:", " Lee")
    #expect(try send(ann, "name") == "Ann")
    #expect(try send(ann, "name").objectValue !== mutable)
    #expect(try send(ann, "firstName").objectValue === mutable)
    #expect(try send(ann, "firstName") == "Ann Lee")
    #expect(log.count == 0, "mutating a string in place notifies nobody")
    let kept = try #require(try send(ann, "name").objectValue)
    expectFoundationErrorMessage("Attempt to mutate immutable object with appendString:") { try send(kept, "appendString:", "!") }
    try ann.removeObserver(observer, forKeyPath: "name")
    try ann.removeObserver(observer, forKeyPath: "firstName")
  }

  @Test func keyValueCodingSetsACopyPropertyThroughItsSetterSoItCopiesToo() throws {
    let world = try World()
    let ann = try world.newPerson()
    let mutable = try #require(try send(try world.runtime.object(bridging: "Bo"), "mutableCopy").objectValue)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "name", options: [.new])
    try ann.setValue(.object(mutable), forKey: "name")
    try send(mutable, "setString:", "Cy")
    #expect(try ann.value(forKey: "name") == "Bo")
    #expect(log.all.count == 1)
    #expect(log.all.first?.change.new == "Bo")
    #expect(log.all.first?.change.new?.objectValue !== mutable, "the change carries the stored copy")
    try ann.setValue(.object(mutable), forKey: "firstName")
    try send(mutable, "setString:", "Di")
    #expect(try ann.value(forKey: "firstName") == "Di")
    try ann.removeObserver(observer, forKeyPath: "name")
  }

  @Test func rangeExceptionsPrintANegativeIndexAsTheUnsignedNSUIntegerFoundationReceived() throws {
    let runtime = Runtime()
    let array = try #require(try runtime.object(bridging: ["a", "b", "c"]))
    let mutable = try runtime.mutableArray(["a", "b", "c"])
    let ordered = try runtime.orderedSet(["a", "b", "c"])
    let huge = "18446744073709551615"
    let cases: [(Object, Selector, [Value], String)] = [
      (array, "objectAtIndex:", [-1], "*** -[__NSArrayI objectAtIndex:]: index \(huge) beyond bounds [0 .. 2]"),
      (array, "objectAtIndexedSubscript:", [-1], "*** -[__NSArrayI objectAtIndexedSubscript:]: index \(huge) beyond bounds [0 .. 2]"),
      (mutable, "removeObjectAtIndex:", [-1], "*** -[__NSArrayM removeObjectAtIndex:]: index \(huge) beyond bounds [0 .. 2]"),
      (mutable, "insertObject:atIndex:", ["x", -1], "*** -[__NSArrayM insertObject:atIndex:]: index \(huge) beyond bounds [0 .. 3]"),
      (mutable, "replaceObjectAtIndex:withObject:", [-2, "x"], "*** -[__NSArrayM replaceObjectAtIndex:withObject:]: index 18446744073709551614 beyond bounds [0 .. 2]"),
      (ordered, "objectAtIndex:", [-1], "*** -[__NSOrderedSetI objectAtIndex:]: index \(huge) beyond bounds [0 .. 2]"),
      (array, "objectAtIndex:", [.int(Int.max)], "*** -[__NSArrayI objectAtIndex:]: index 9223372036854775807 beyond bounds [0 .. 2]"),
    ]
    for (receiver, selector, arguments, message) in cases {
      expectFoundationErrorMessage(message) { try Runtime.msgSend(receiver, selector, arguments: Arguments(arguments)) }
    }
    #expect(Value.object(mutable) == ["a", "b", "c"])
    let string = try runtime.object(bridging: "ab")
    expectFoundationErrorMessage("*** -[__NSCFString characterAtIndex:]: Index \(huge) out of bounds; string length 2") {
      try send(string, "characterAtIndex:", -1)
    }
  }

  /// Expects `body` to throw a `FoundationError` whose message is `message`.
  func expectFoundationErrorMessage(_ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    do {
      try body()
      Issue.record("expected \(message), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as FoundationError {
      #expect(error.message == message, sourceLocation: sourceLocation)
    } catch {
      Issue.record("expected \(message), got \(error)", sourceLocation: sourceLocation)
    }
  }
}
