// ObjC4BehaviourRound5Tests.swift: a fifth round of behaviour cases modelled on objc4's test
// suite (nilAPIArgs.m, classname.m, ivar.m, sel.m, methodArgs.m, initialize.m, category.m,
// copy*List on root and metaclasses, objc_enumerationMutation), closing the differences the fourth
// round left: NSStringFromSelector(NULL), class_getName(Nil), object_getClassName(nil),
// class_setIvarLayout. Each test pins objc4's (or Foundation's) answer; a failure is a gap
// between MiniRuntime and it.

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
    #expect(node.ivarLayout == [], "objc4's empty layout until set, whatever the ivars")
    try node.setIvarLayout([0x02, 0x00, 0x13])  // a 0 byte ends objc4's string
    #expect(node.ivarLayout == [0x02])
    try runtime.registerClassPair(node)
    #expect(node.ivarLayout == [0x02], "registration keeps the layout it was given")
    #expect(node.weakIvarLayout == [], "never set: still the empty layout")
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
    #expect(node.ivarLayout == nil, "NULL stores NULL, not the empty layout again")
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
    #expect(person.weakIvarLayout == [])
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    expectError(.invalidClassState) { try draft.isa.setIvarLayout([0x01]) }
    expectError(.invalidClassState) { try draft.isa.setWeakIvarLayout([0x01]) }
    #expect(draft.isa.ivarLayout == nil && draft.isa.weakIvarLayout == nil)
    try runtime.checkInvariants()
  }
}

@Suite struct ObjC4BehaviourRound5SelectorAndMethodTests {
  @Test func everySelectorButTheNullOneIsMappedAndGetUidIsRegisterName() throws {
    // sel.m: sel_isMapped answers YES for a registered selector, NO for NULL; sel_getUid is
    // sel_registerName.
    #expect(Selector("setAge:").isMapped)
    #expect(Selector(interning: "round5_" + "neverSeenBefore").isMapped, "interning registers it")
    #expect(!Selector.null.isMapped)
    let uid = Selector(interning: "round5Uid")
    #expect(try uid == Selector(validating: "round5Uid"))
    #expect(Selector(lookingUp: "round5Uid") == uid)
  }

  @Test func argumentTypeOutOfRangeIsNilAndInRangeCountsSelfAndCmd() throws {
    // methodArgs.m: method_copyArgumentType past the last argument (or below 0) answers NULL.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let setter = try #require(try person.instanceMethod(for: "setAge:"))
    #expect(setter.signature.numberOfArguments == 3)
    #expect(setter.signature.argumentType(at: 0) == .object(className: nil))
    #expect(setter.signature.argumentType(at: 1) == .selector)
    #expect(setter.signature.argumentType(at: 2) == .longLong)
    #expect(setter.signature.argumentType(at: 3) == nil)
    #expect(setter.signature.argumentType(at: -1) == nil)
    #expect(setter.signature.returnType == .void)
    let getter = try #require(try person.instanceMethod(for: "age"))
    #expect(getter.signature.argumentType(at: 2) == nil, "a getter has self and _cmd only")
  }
}

@Suite struct ObjC4BehaviourRound5EnumerationMutationTests {
  @Test func mutationWithoutAHandlerThrowsNamingTheCollection() throws {
    // objc4 ends the process when no handler is set; MiniRuntime throws.
    let runtime = Runtime()
    let list = try new(try makePerson(in: runtime), in: runtime)
    let error = expectError(.collectionMutated) { try runtime.enumerationMutation(list) }
    #expect(error?.message.contains(list.description) == true)
  }

  @Test func theHandlerIsCalledWithTheCollectionAndMayThrowOrReturn() throws {
    let runtime = Runtime()
    let list = try new(try makePerson(in: runtime), in: runtime)
    let seen = Recorder<Object>()
    runtime.setEnumerationMutationHandler { seen.append($0) }
    try runtime.enumerationMutation(list)
    #expect(seen.all.count == 1 && seen.all.first === list, "returned: the enumeration goes on")
    runtime.setEnumerationMutationHandler { _ throws(RuntimeError) in
      throw RuntimeError(.invalidArgument, "mutated while being enumerated")
    }
    expectError(.invalidArgument) { try runtime.enumerationMutation(list) }
    #expect(seen.all.count == 1, "the later handler replaced the first")
    runtime.setEnumerationMutationHandler(nil)
    expectError(.collectionMutated) { try runtime.enumerationMutation(list) }
    expectError(.collectionMutated) { try Runtime().enumerationMutation(list) }  // one handler per runtime
  }
}

@Suite struct ObjC4BehaviourRound5ClassTests {
  @Test func aResolverSendInitializesTheClassWhileTheQueryAloneDoesNot() throws {
    // initialize.m: class_getInstanceMethod does not initialize, but on a miss it sends
    // +resolveInstanceMethod:, a real message, which does.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in calls.append("initialize"); return .nil }
    _ = try person.instanceMethod(for: "age")
    #expect(calls.all.isEmpty)
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, _ in
      calls.append("resolve")
      return false
    }
    _ = try person.instanceMethod(for: "missing")
    #expect(calls.all == ["initialize", "resolve"])
  }

  @Test func categoryPropertiesAndProtocolsListBeforeTheClasssOwn() throws {
    // category.m: attachLists puts a category's lists in front of the class's.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let greeter = try runtime.allocateProtocol(named: "Greeter")
    try runtime.registerProtocol(greeter)
    let other = try runtime.allocateProtocol(named: "Other")
    try runtime.registerProtocol(other)
    try person.addProtocol(other)
    var polite = try Category(named: "Polite", on: "Person")
    try polite.addProperty("title", attributes: "T@\"NSString\",C,N")
    polite.addProtocol(greeter)
    var image = Image(named: "Manners")
    image.addCategory(polite)
    try runtime.loadImage(image)
    #expect(person.propertyList.map(\.name) == ["title", "name", "age"])
    #expect(person.protocols.map(\.name) == ["Greeter", "Other"])
    try runtime.checkInvariants()
  }

  @Test func aSubclassOfAClassUnderConstructionIsRefused() throws {
    // objc4's objc_allocateClassPair answers Nil when the superclass is still under construction.
    let runtime = Runtime()
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    let error = #expect(throws: RuntimeError.self) { try runtime.allocateClassPair(superclass: draft, name: "Sub") }
    #expect(error?.message.contains("Draft") == true)
    #expect(runtime.lookUpClass(named: "Sub") == nil)
    try runtime.checkInvariants()
  }

  @Test func mixedIvarsAreAlignedEachToItsOwnSizeAndASubclassPacksAfterThem() throws {
    // ivar.m: each ivar at the next multiple of its alignment; the instance size rounds up to a
    // word; a subclass starts at the superclass's unrounded size.
    let runtime = Runtime()
    let mixed = try makeClass("Mixed", in: runtime) { cls in
      try cls.addIvar("c", type: .char)
      try cls.addIvar("i", type: .int)
      try cls.addIvar("d", type: .double)
      try cls.addIvar("c2", type: .char)
      try cls.addIvar("s", type: .short)
    }
    #expect(mixed.ivarList.map(\.offset) == [8, 12, 16, 24, 26])
    #expect(mixed.instanceSize == 32)
    let sub = try makeClass("Sub", superclass: mixed, in: runtime) { cls in
      try cls.addIvar("b", type: .char)
      try cls.addIvar("l", type: .longLong)
    }
    #expect(sub.ivarList.map(\.offset) == [28, 32])
    #expect(sub.instanceSize == 40)
  }

  @Test func listsOfMetaclassesAndTheRootClassHoldOnlyTheirOwnEntries() throws {
    // class_copy*List on a metaclass: no ivars or properties (NULL and a count of 0), and no
    // protocols for a class made at run time; its methods are the class methods. NSObject's own
    // ivar is isa; it adopts NSObject, and as a compiled class so does its metaclass (Round 29).
    let runtime = Runtime()
    let root = runtime.rootClass
    #expect(root.ivarList.map(\.name) == ["isa"])
    #expect(root.propertyList.map(\.name) == ["hash", "superclass", "description", "debugDescription"])
    #expect(root.protocols.map(\.name) == ["NSObject"])
    #expect(root.isa.ivarList.isEmpty && root.isa.propertyList.isEmpty)
    #expect(root.isa.protocols.map(\.name) == ["NSObject"])
    #expect(root.isa.methodList.contains { $0.selector == "alloc" })
    let person = try makePerson(in: runtime)
    #expect(person.isa.ivarList.isEmpty && person.isa.propertyList.isEmpty && person.isa.protocols.isEmpty)
    #expect(person.isa.methodList.isEmpty, "Person has no class methods of its own")
  }

  @Test func aCategoryOnNSObjectAnswersClassMessagesToEveryClass() throws {
    // category.m: the root metaclass inherits from NSObject, so an instance method a category
    // adds to NSObject answers a class message sent to any class (the class is the receiver).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var extras = try Category(named: "Extras", on: "NSObject")
    try extras.addInstanceMethod("whoAmI", types: "@16@0:8") { receiver, _, _ in
      .string((receiver as? Class).map { "class \($0.name)" } ?? "instance of \(receiver.className)")
    }
    var image = Image(named: "Extras")
    image.addCategory(extras)
    try runtime.loadImage(image)
    #expect(try runtime.msgSend(person, "whoAmI") == "class Person")
    #expect(try runtime.msgSend(try new(person, in: runtime), "whoAmI") == "instance of Person")
    #expect(try person.classMethod(for: "whoAmI")?.implementation.name == "-[NSObject(Extras) whoAmI]")
    try runtime.checkInvariants()
  }

  @Test func aCategoryClassMethodReplacesTheClasssAndTheOriginalStaysListed() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.isa.addMethod("species", types: "@16@0:8", implementation: returning("human"))
    var fiction = try Category(named: "Fiction", on: "Person")
    try fiction.addClassMethod("species", types: "@16@0:8") { _, _, _ in "elf" }
    var image = Image(named: "Fiction")
    image.addCategory(fiction)
    try runtime.loadImage(image)
    #expect(try runtime.msgSend(person, "species") == "elf")
    #expect(person.isa.methodList.filter { $0.selector == "species" }.count == 2)
  }

  @Test func aDuplicateKeepsTheVersionAndTheCategoryMethodsOfTheOriginal() throws {
    // duplicateClass.m: objc_duplicateClass copies the method lists as attached (categories
    // included, in their order) and the version.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "greet", "hello")
    var polite = try Category(named: "Polite", on: "Person")
    try polite.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "good day" }
    var image = Image(named: "Manners")
    image.addCategory(polite)
    try runtime.loadImage(image)
    person.version = 3
    let twin = try runtime.duplicateClass(person, name: "Twin")
    #expect(twin.version == 3)
    #expect(twin.methodList.map(\.selector.name) == person.methodList.map(\.selector.name))
    #expect(try runtime.msgSend(try new(twin, in: runtime), "greet") == "good day")
  }

  @Test func protocolPropertyLookupSearchesIncorporatedProtocolsAndNeverFindsOptionalOnes() throws {
    // protocol.m: protocol_getProperty looks in incorporated protocols too; with isRequired NO
    // it answers NULL (objc4 keeps no optional properties).
    let runtime = Runtime()
    let named = try runtime.allocateProtocol(named: "Named")
    try named.addProperty("name", attributes: "T@\"NSString\",R")
    try runtime.registerProtocol(named)
    let person = try runtime.allocateProtocol(named: "PersonLike")
    try person.addProtocol(named)
    try runtime.registerProtocol(person)
    #expect(person.property(named: "name", isRequired: true, isInstanceProperty: true)?.name == "name")
    #expect(person.property(named: "name", isRequired: true, isInstanceProperty: false) == nil)
    #expect(person.property(named: "name", isRequired: false, isInstanceProperty: true) == nil)
    #expect(person.properties(isRequired: true, isInstanceProperty: true).isEmpty, "the copy lists its own only")
  }
}
