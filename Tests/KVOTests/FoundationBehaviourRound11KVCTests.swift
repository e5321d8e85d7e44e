// FoundationBehaviourRound11KVCTests.swift: the eleventh round of Foundation probes that need
// key-value coding, ported from GNUstep-base's Tests/base (NSArray, NSDictionary, NSSet,
// NSKeyValueCoding), each with the answer Apple documents and gives.

import Testing

@testable import KVO

@Suite struct FoundationBehaviourRound11KVCTests {
  @Test func anArrayAnswersValueForKeyAndSetValueForKeyForEachElement() throws {
    let runtime = Runtime()
    runtime.installKeyValueObserving()
    #expect(try runtime.msgSend(bridging: ["ab", "c"], "valueForKey:", "length") == [2, 1])
    #expect(try runtime.msgSend(bridging: ["ab", "c"], "valueForKeyPath:", "@count") == 2)
    #expect(try runtime.msgSend(bridging: [3, 1, 2], "valueForKeyPath:", "@max.self") == 3)
    #expect(try runtime.msgSend(bridging: [3, 1, 2], "valueForKeyPath:", "@sum.self") == 6)
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    try runtime.registerClassPair(person)
    let people = try runtime.mutableArray([try send(person, "new"), try send(person, "new")])
    try send(people, "setValue:forKey:", "Ann", "name")
    #expect(try send(people, "valueForKey:", "name") == ["Ann", "Ann"])
  }

  @Test func aDictionarysValueForKeyIsObjectForKeyAndSetValueNilRemoves() throws {
    // NSKeyValueCoding.h: NSDictionary's valueForKey: is objectForKey: unless the key starts
    // with "@" (then NSObject's, with the "@" removed); setValue:nil forKey: removes the key.
    let runtime = Runtime()
    runtime.installKeyValueObserving()
    let entries = try runtime.mutableDictionary(["a": 1, "count": 7])
    #expect(try send(entries, "valueForKey:", "a") == 1)
    #expect(try send(entries, "valueForKey:", "missing") == .nil)
    #expect(try send(entries, "valueForKey:", "count") == 7)
    #expect(try send(entries, "valueForKey:", "@count") == 2)
    try send(entries, "setValue:forKey:", .nil, "a")
    #expect(Value.object(entries) == ["count": 7])
    try send(entries, "setValue:forKeyPath:", 3, "b")
    #expect(try send(entries, "valueForKeyPath:", "b") == 3)
  }

  @Test func aSetAnswersValueForKeyAsASetOfTheValues() throws {
    let runtime = Runtime()
    runtime.installKeyValueObserving()
    #expect(try runtime.msgSend(bridging: .set(["ab", "cd", "e"]), "valueForKey:", "length") == .set([2, 1]))
    #expect(try runtime.msgSend(bridging: .set(["ab", "e"]), "valueForKeyPath:", "@count") == 2)
  }

  @Test func valuesForKeysStandForNilWithNSNullBothWays() throws {
    // NSKeyValueCoding.h: dictionaryWithValuesForKeys: puts NSNull for nil, and
    // setValuesForKeysWithDictionary: sets nil for NSNull.
    let runtime = Runtime()
    runtime.installKeyValueObserving()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    try person.synthesizeProperty("nickname", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    try runtime.registerClassPair(person)
    let ann = try #require(try send(person, "new").objectValue)
    try send(ann, "setName:", "Ann")
    #expect(try send(ann, "dictionaryWithValuesForKeys:", ["name", "nickname"]) == ["name": "Ann", "nickname": .null])
    try send(ann, "setValuesForKeysWithDictionary:", .dictionary(["name": .null, "nickname": "Annie"]))
    #expect(try send(ann, "name") == .nil)
    #expect(try send(ann, "nickname") == "Annie")
  }

  @Test func keyPathsGoThroughNestedDictionaries() throws {
    let runtime = Runtime()
    runtime.installKeyValueObserving()
    let inner = try runtime.mutableDictionary(["b": 1])
    let outer = try runtime.mutableDictionary(["a": .object(inner)])
    #expect(try send(outer, "valueForKeyPath:", "a.b") == 1)
    try send(outer, "setValue:forKeyPath:", 2, "a.c")
    #expect(Value.object(inner) == ["b": 1, "c": 2])
    #expect(try send(outer, "valueForKeyPath:", "a.missing.deeper") == .nil)
  }
}
