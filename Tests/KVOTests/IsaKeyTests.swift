// IsaKeyTests.swift: key-value coding finds NSObject's `isa` ivar as its ivar search finds any
// other (docs/runtime.md#memory-layout).

import Testing

@testable import KVO

@Suite struct IsaKeyTests {
  @Test func valueForKeyIsaReadsNSObjectsIsaIvarAsTheObjectsClass() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()
    #expect(try ann.value(forKey: "isa") == .class(person))  // no -isa method: the ivar `isa`
    let observation = try ann.observe("age", options: [.new]) { _, _ in }
    #expect(try ann.value(forKey: "isa").classValue?.name == "NSKVONotifying_Person")  // the isa, not [ann class]
    observation.invalidate()
    try runtime.checkInvariants()
  }
}
