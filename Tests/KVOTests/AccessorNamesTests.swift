// AccessorNamesTests.swift: the accessor names of a key are built once and used as KVC and KVO
// search them, and a notifying subclass built in one step lists each setter once.

import Testing

@testable import KVO

@Suite struct AccessorNamesTests {
  @Test func aKeysAccessorNamesAreTheOnesKVCAndKVOSearch() {
    let names = AccessorNames.of("age")
    #expect(names.capitalized == "Age")
    #expect(names.getters.map(\.name) == ["getAge", "age", "isAge", "_getAge", "_age"])
    #expect(names.setters.map(\.name) == ["setAge:", "_setAge:", "setIsAge:"])
    #expect(
      names.indexedMutators.map(\.name) == [
        "insertObject:inAgeAtIndex:", "insertAge:atIndexes:", "removeObjectFromAgeAtIndex:", "removeAgeAtIndexes:",
        "replaceObjectInAgeAtIndex:withObject:", "replaceAgeAtIndexes:withAge:",
      ])
    #expect(names.setMutators.map(\.name) == ["addAgeObject:", "addAge:", "removeAgeObject:", "removeAge:", "intersectAge:"])
    #expect(
      [names.countOf, names.objectInAtIndex, names.atIndexes, names.enumeratorOf, names.memberOf].map(\.name) == [
        "countOfAge", "objectInAgeAtIndex:", "ageAtIndexes:", "enumeratorOfAge", "memberOfAge:",
      ])
    #expect(names.automaticallyNotifiesObserversOf.name == "automaticallyNotifiesObserversOfAge")
    #expect(names.keyPathsForValuesAffecting.name == "keyPathsForValuesAffectingAge")
  }

  @Test func aKeysNamesAreMadeOnceAndSharedByLaterCalls() {
    #expect(AccessorNames.of("accessorNamesSharedKey") === AccessorNames.of("accessorNamesSharedKey"))
  }

  @Test func gettersAreBuiltForAKeyStartingWithADigitAndLeaveOutNamesWithAColon() {
    // A method may be named `9lives` (decision 0027), so it is a getter name like any other;
    // a name with a colon takes an argument no getter passes.
    #expect(AccessorNames.of("9lives").getters.map(\.name) == ["get9lives", "9lives", "is9lives", "_get9lives", "_9lives"])
    #expect(AccessorNames.of("a:").getters.map(\.name) == [])
  }

  @Test func twoKeysThatNameOneSetterHookItOnceWhenObservedTogether() throws {
    let world = try World()
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Thing")
    try cls.synthesizeProperty("foo", type: .longLong)
    try world.runtime.registerClassPair(cls)
    // `foo` depends on `Foo`: both keys capitalize to `Foo`, so both name the setter `setFoo:`.
    try cls.isa.addMethod("keyPathsForValuesAffectingFoo", types: "@16@0:8") { _, _, _ in ["Foo"] }
    let thing = try world.runtime.msgSend(cls, "new").objectValue!
    let (observer, log) = try world.newObserver()
    try thing.addObserver(observer, forKeyPath: "foo", options: .new)
    #expect(thing.isa.methodList.map(\.selector.name) == ["setFoo:", "class", "dealloc", "_isKVOA"])
    try world.runtime.msgSend(thing, "setFoo:", 3)
    #expect(log.all.map(\.description) == ["foo setting new=3 old=- prior=false"])
    try world.runtime.checkInvariants()
  }
}
