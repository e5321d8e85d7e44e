// ObjC4BehaviourRound5Tests.swift: a fifth round of behaviour cases modelled on objc4's test
// suite (nilAPIArgs.m, classname.m, ivar layouts), closing the differences the fourth round left:
// NSStringFromSelector(NULL), class_getName(Nil), object_getClassName(nil), class_setIvarLayout.
// Each test pins objc4's (or Foundation's) answer; a failure is a gap between MiniRuntime and it.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound5NamesTests {
  @Test func stringFromTheNullSelectorIsNilWhileItsNameIsTheMarker() {
    // Foundation's NSStringFromSelector(NULL) answers nil; objc4's sel_getName(NULL) "<null selector>".
    #expect(Selector.null.stringValue == nil)
    #expect(Selector.null.name == "<null selector>")
    #expect(Selector("setAge:").stringValue == "setAge:")
    #expect(Selector("").stringValue == "", "an invalid selector still has its name")
  }

  @Test func classNameOfNilIsTheStringNil() throws {
    // classname.m / nilAPIArgs.m: class_getName(Nil) and object_getClassName(nil) answer "nil".
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(Class.name(of: nil) == "nil")
    #expect(Object.className(of: nil) == "nil")
    #expect(Class.name(of: person) == "Person")
    #expect(Class.name(of: person.isa) == "Person", "a metaclass has its class's name")
    #expect(Object.className(of: ann) == "Person")
    #expect(Object.className(of: person) == "Person", "a class object's class is its metaclass")
    #expect(Object.className(of: runtime.rootClass.isa) == "NSObject", "the root metaclass's isa is itself")
  }
}

@Suite struct ObjC4BehaviourRound5IvarLayoutTests {
  @Test func setIvarLayoutOnAClassUnderConstructionIsAnsweredVerbatim() throws {
    let runtime = Runtime()
    let node = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Node")
    try node.addIvar("_next", type: .object(className: "Node"))
    try node.addIvar("_count", type: .longLong)
    #expect(node.ivarLayout == [0x01], "derived until set: word 0 strong")
    try node.setIvarLayout([0x02, 0x00, 0x13])  // a 0 byte ends objc4's string
    #expect(node.ivarLayout == [0x02])
    try runtime.registerClassPair(node)
    #expect(node.ivarLayout == [0x02], "registration keeps the layout it was given")
    #expect(node.weakIvarLayout == nil)
    let twin = try runtime.duplicateClass(node, name: "Twin")
    #expect(twin.ivarLayout == [0x02], "objc_duplicateClass copies it")
    try runtime.checkInvariants()
  }

  @Test func setIvarLayoutRecordsButAnObjectIvarStaysRetained() throws {
    // The layout says word 0 holds no strong pointer; objc4 would store _next unretained, Swift
    // keeps every object pointer counted, so the object stays alive (docs/runtime.md#weak-references).
    let runtime = Runtime()
    let node = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Node")
    try node.addIvar("_next", type: .object(className: "Node"))
    try node.setIvarLayout(nil)
    #expect(node.ivarLayout == [0x01], "nil clears a set layout: the derived one again")
    try node.setIvarLayout([0x10])
    try runtime.registerClassPair(node)
    let head = try node.createInstance()
    var next: Object? = try node.createInstance()
    try head.setValue(.object(next!), forIvar: "_next")
    next = nil
    #expect(node.liveInstanceCount == 2)
    #expect(node.ivar(named: "_next")?.isWeak == false)
  }

  @Test func setIvarLayoutOnARegisteredClassOrAMetaclassChangesNothing() throws {
    // objc4 logs "Can't set ivar layout for already-registered class" and returns; MiniRuntime
    // throws invalidClassState (a refused call throws and changes nothing).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let before = person.ivarLayout
    expectError(.invalidClassState) { try person.setIvarLayout([0x0F]) }
    expectError(.invalidClassState) { try person.setWeakIvarLayout([0x0F]) }
    #expect(person.ivarLayout == before)
    #expect(person.weakIvarLayout == nil)
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    expectError(.invalidClassState) { try draft.isa.setIvarLayout([0x01]) }
    expectError(.invalidClassState) { try draft.isa.setWeakIvarLayout([0x01]) }
    #expect(draft.isa.ivarLayout == nil && draft.isa.weakIvarLayout == nil)
    try runtime.checkInvariants()
  }
}
