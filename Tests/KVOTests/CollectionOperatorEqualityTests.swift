// CollectionOperatorEqualityTests.swift: the distinct unions keep one of objects that are equal
// by their own -isEqual: and -hash, as Foundation's (which collect into a set) do.

import Testing

@testable import KVO

@Suite struct CollectionOperatorEqualityTests {
  /// A class whose objects are all equal to each other (one hash, `isEqual:` by class).
  private func alike(_ runtime: Runtime) throws -> Class {
    try runtime.installFoundation()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Alike")
    try cls.addMethod("isEqual:", types: "B24@0:8@16") { receiver, _, arguments in .bool(arguments[0].objectValue?.isa === receiver.isa) }
    try cls.addMethod("hash", types: "Q16@0:8") { _, _, _ in .uint64(7) }
    try runtime.registerClassPair(cls)
    return cls
  }

  @Test func distinctUnionsKeepTheFirstOfEqualObjects() throws {
    let runtime = Runtime()
    let cls = try alike(runtime)
    let (first, second) = (try cls.createInstance(), try cls.createInstance())
    let list = try runtime.mutableArray([.object(first), "a", .object(second)])
    #expect(try list.value(forKeyPath: "@distinctUnionOfObjects.self") == [.object(first), "a"])
    let nested = try runtime.mutableArray([[.object(first)], [.object(second), "a"]])
    #expect(try nested.value(forKeyPath: "@distinctUnionOfArrays.self") == [.object(first), "a"])
    let sets = try runtime.mutableArray([.set([.object(first)]), .set([.object(second)])])
    #expect(try sets.value(forKeyPath: "@distinctUnionOfSets.self").setElements?.count == 1)
  }
}
