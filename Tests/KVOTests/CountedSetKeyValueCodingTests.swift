// CountedSetKeyValueCodingTests.swift: key-value coding on NSCountedSet (Apple's NSSet
// documentation: `valueForKey:` answers a set of each member's value; `@distinctUnionOfSets`
// answers the members of every set, once each).

import Testing

@testable import KVO

@Suite struct CountedSetKeyValueCodingTests {
  @Test func valueForKeyAnswersAPlainSetAndDistinctUnionOfSetsReadsTheMembers() throws {
    let runtime = Runtime()
    runtime.installKeyValueObserving()
    try runtime.installFoundation()
    let cls = try #require(runtime.lookUpClass(named: "NSCountedSet"))
    let set = try #require(try send(try send(cls, "alloc").objectValue, "initWithArray:", ["ab", "cd", "ab"]).objectValue)
    let lengths = try send(set, "valueForKey:", "length")
    #expect(lengths.setElements == [2])
    #expect(lengths.objectValue.map { $0.isa.name != "NSCountedSet" } ?? true, "an NSSet, as NSSet's valueForKey: answers")
    #expect(try send(set, "valueForKeyPath:", "@count") == 2)
    let union = try runtime.msgSend(bridging: .array([.object(set), .set(["ef"])]), "valueForKeyPath:", "@distinctUnionOfSets.self")
    #expect(union.arrayValue.map(Set.init) == ["ab", "cd", "ef"])  // an array's operator answers an array
  }
}
