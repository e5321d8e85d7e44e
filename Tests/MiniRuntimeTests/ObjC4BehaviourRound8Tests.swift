// ObjC4BehaviourRound8Tests.swift: the eighth round of behaviours from objc4's own tests. Every
// probe of this round (ivar alignment, protocol queries, addMethod and replaceMethod answers,
// +initialize order, exchange and cache flush, super through a category, isKindOfClass: on
// metaclasses, object_setClass's answer) already passed; these pin the two no earlier test did.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound8Tests {
  @Test func classPropertiesLiveOnTheMetaclassApartFromInstanceProperties() throws {
    // addProperty.m / copyPropertyList.m: class_addProperty(object_getClass(cls), …) declares a
    // class property (`@property (class)`), listed by class_copyPropertyList of the metaclass
    // and not by the class's.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try person.isa.addProperty("shared", attributes: "T@\"NSString\",R,N"))
    #expect(person.isa.propertyList.map(\.name) == ["shared"])
    #expect(person.isa.property(named: "shared")?.attributes.isReadonly == true)
    #expect(person.property(named: "shared") == nil)
    #expect(person.propertyList.map(\.name).sorted() == ["age", "name"])
    #expect(person.isa.property(named: "age") == nil)
    try runtime.checkInvariants()
  }

  @Test func replaceMethodOnAMetaclassOverridesAnInheritedClassMethodForThatClassOnly() throws {
    // class_replaceMethod(object_getClass(cls), @selector(new), …): NSObject's +new is inherited,
    // so the call adds an override (answering nil) that other classes do not see.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let other = try makeClass("Other", in: runtime)
    let previous = try person.isa.replaceMethod("new", types: "@16@0:8", implementation: returning("made"))
    #expect(previous == nil)
    #expect(try runtime.msgSend(person, "new") == "made")
    #expect(try runtime.msgSend(other, "new").objectValue?.isa === other)
    #expect(runtime.rootClass.isa.instanceMethodWithoutResolver(for: "new")?.implementation.name != "made")
    try runtime.checkInvariants()
  }
}
