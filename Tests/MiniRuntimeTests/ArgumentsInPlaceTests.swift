// ArgumentsInPlaceTests.swift: one argument read in place answers what `arguments[i]` holds.

import Testing

@testable import MiniRuntime

@Suite struct ArgumentsInPlaceTests {
  final class Box: Sendable {}

  @Test func eachAccessorAnswersItsCaseAndNilForAnyOther() throws {
    let runtime = Runtime()
    let object = try #require(try Runtime.msgSend(runtime.rootClass, "new").objectValue)
    let box = Box()
    let four = Arguments(.string("age"), .object(object), .swiftObject(box), .pointer(0x10))
    #expect(four.object(at: 1) === object)
    #expect(four.swiftObject(at: 2) === box)
    #expect(four.pointer(at: 3) == 0x10)
    #expect(four.object(at: 0) == nil && four.swiftObject(at: 1) == nil && four.pointer(at: 2) == nil)
    #expect(four.object(at: 4) == nil && four.pointer(at: -1) == nil, "past either end")
    let two = Arguments(.pointer(7), .object(object))
    #expect(two.object(at: 1) === object && two.pointer(at: 0) == 7 && two.swiftObject(at: 0) == nil)
  }

  @Test func eachLendingAccessorCallsItsBodyOnlyForItsCase() throws {
    let runtime = Runtime()
    let object = try #require(try Runtime.msgSend(runtime.rootClass, "new").objectValue)
    let box = Box()
    let four = Arguments(.string("age"), .object(object), .swiftObject(box), .pointer(0x10))
    #expect(four.withObject(at: 1) { $0 === object } == true)
    #expect(four.withSwiftObject(at: 2) { $0 === box } == true)
    #expect(four.withObject(at: 2) { _ in true } == nil && four.withSwiftObject(at: 1) { _ in true } == nil)
    #expect(four.withObject(at: 4) { _ in true } == nil && four.withSwiftObject(at: -1) { _ in true } == nil)
    let two = Arguments(.swiftObject(box), .object(object))
    #expect(two.withObject(at: 1) { $0 === object } == true && two.withSwiftObject(at: 0) { $0 === box } == true)
    #expect(two.withObject(at: 0) { _ in true } == nil)
    struct Refused: Error {}
    #expect(throws: Refused.self) { try four.withObject(at: 1) { _ in throw Refused() } }
  }
}
