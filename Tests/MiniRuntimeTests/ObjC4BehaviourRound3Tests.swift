// ObjC4BehaviourRound3Tests.swift: a third round of behaviour cases modelled on objc4's test
// suite (addProperty, addProtocol, category, classpair, initialize, methodArgs, protocol,
// association, weak, ...), on what the first two rounds left out. Each test pins objc4's
// semantics; a failure here is a gap between MiniRuntime and objc4.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound3Tests {
  // MARK: - Lists: class_copyPropertyList, class_copyProtocolList

  @Test func propertiesAddedAtRunTimeAreListedNewestFirst() throws {
    // class_addProperty attaches a one-entry list in front (attachLists), as class_addMethod does.
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime) {
      _ = try $0.addProperty("first", attributes: "Tq,N")
      _ = try $0.addProperty("second", attributes: "Tq,N")
    }
    #expect(try cls.addProperty("third", attributes: "Tq,N"))
    #expect(cls.propertyList.map(\.name) == ["third", "second", "first"])
  }

  @Test func addPropertyAnswersNoForAPropertyASuperclassDeclares() throws {
    // _class_addProperty looks the name up with class_getProperty, which walks the superclasses.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    #expect(try !student.addProperty("age", attributes: "Td,R"))
    #expect(student.propertyList.isEmpty)
    #expect(person.property(named: "age")?.attributes.description == "Tq,V_age")
  }

  @Test func replacePropertyChangesTheSuperclassPropertyWhereItIsDeclared() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try student.replaceProperty("age", attributes: "Td,R")
    #expect(student.propertyList.isEmpty)
    #expect(person.property(named: "age")?.attributes.description == "Td,R")
    try student.replaceProperty("grade", attributes: "Tq,N")
    #expect(student.propertyList.map(\.name) == ["grade"])
    try runtime.checkInvariants()
  }

  @Test func protocolsAdoptedAtRunTimeAreListedNewestFirst() throws {
    let runtime = Runtime()
    let first = try runtime.allocateProtocol(named: "First")
    try runtime.registerProtocol(first)
    let second = try runtime.allocateProtocol(named: "Second")
    try runtime.registerProtocol(second)
    let cls = try makeClass("Probe", in: runtime) { _ = try $0.addProtocol(first) }
    #expect(try cls.addProtocol(second))
    #expect(cls.protocols.map(\.name) == ["Second", "First"])
  }

  @Test func ivarsAreListedInTheOrderAdded() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime) {
      try $0.addIvar("_a", type: .char)
      try $0.addIvar("_b", type: .double)
      try $0.addIvar("_c", type: .short)
    }
    #expect(cls.ivarList.map(\.name) == ["_a", "_b", "_c"])
    #expect(cls.ivarList.map(\.offset) == [8, 16, 24])
    #expect(cls.instanceSize == 32)
  }

  // MARK: - Class pairs

  @Test func addIvarMayReuseASuperclassIvarName() throws {
    // class_addIvar checks the class's own ivars only ("fixme check for superclass ivar too?").
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { try $0.addIvar("_x", type: .int) }
    let sub = try runtime.allocateClassPair(superclass: base, name: "Sub")
    #expect(try sub.addIvar("_x", type: .int))
    #expect(try !sub.addIvar("_x", type: .int))
    try runtime.registerClassPair(sub)
    #expect(sub.ivarList.map(\.offset) == [12])
    #expect(sub.ivar(named: "_x")?.offset == 12)  // its own first
  }

  @Test func subclassIvarsStartAtTheSuperclassesUnroundedSize() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { try $0.addIvar("_flag", type: .char) }
    #expect(base.instanceSize == 16)
    let sub = try makeClass("Sub", superclass: base, in: runtime) {
      try $0.addIvar("_c", type: .char)
      try $0.addIvar("_i", type: .int)
    }
    #expect(sub.ivarList.map(\.offset) == [9, 12])
    #expect(sub.instanceSize == 16)
  }

  @Test func metaclassAsSuperclassIsRefused() throws {
    // objc_allocateClassPair returns Nil when verifySuperclass fails (a metaclass).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(throws: RuntimeError.self) { try runtime.allocateClassPair(superclass: person.isa, name: "Odd") }
    #expect(runtime.lookUpClass(named: "Odd") == nil)
  }

  @Test func newRootClassHasItsOwnMetaclassChain() throws {
    let runtime = Runtime()
    let root = try makeClass("Root", superclass: nil, in: runtime)
    _ = root
  }

  @Test func metaclassNamedAnswersNilForAnUnknownName() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(runtime.metaclass(named: "Person") === person.isa)
    #expect(runtime.metaclass(named: "Nobody") == nil)
    #expect(runtime.class(named: "") == nil)
    #expect(runtime.lookUpClass(named: "") == nil)
  }

  // MARK: - Methods

  @Test func methodArgumentQueriesCountSelfAndCmd() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    try cls.addMethod("take:and:", types: "v32@0:8i16@24") { _, _, _ in .nil }
    let method = try #require(try cls.instanceMethod(for: "take:and:"))
    #expect(method.signature.numberOfArguments == 4)
    #expect(method.signature.argumentTypes.map(\.description) == ["@", ":", "i", "@"])
    #expect(method.signature.returnType.description == "v")
  }

  @Test func categoryOverrideGivesItsOwnTypeEncoding() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("count", types: "i16@0:8") { _, _, _ in 1 }
    var cat = try Category(named: "Wide", on: "Person")
    try cat.addInstanceMethod("count", types: "q16@0:8") { _, _, _ in 2 }
    var image = Image(named: "Cats")
    image.addCategory(cat)
    try runtime.loadImage(image)
    #expect(try person.instanceMethod(for: "count")?.typeEncoding == "q16@0:8")
    #expect(person.methodList.filter { $0.selector == "count" }.map(\.typeEncoding) == ["q16@0:8", "i16@0:8"])
  }

  @Test func classMethodOfAMetaclassFindsClassMethods() throws {
    // class_getClassMethod(meta, sel): a metaclass's getMeta() is itself.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try person.isa.classMethod(for: "new") != nil)
    #expect(try person.isa.instanceMethod(for: "new") != nil)
    #expect(try person.instanceMethod(for: "new") == nil)
  }

  @Test func rootMetaclassMethodListHoldsNSObjectsClassMethods() throws {
    let runtime = Runtime()
    let names = runtime.rootClass.isa.methodList.map(\.selector.name)
    #expect(names.contains("alloc") && names.contains("new") && names.contains("initialize"))
    #expect(!names.contains("init"))
    #expect(runtime.rootClass.methodList.map(\.selector.name).contains("init"))
  }

  @Test func superSendReachesACategoryMethodOfTheSuperclass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "greet", "person")
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try student.addMethod("greet", types: "@16@0:8") { receiver, selector, _ in
      .string("student+" + (try Runtime.msgSendSuper(receiver, superclass: person, selector).stringValue ?? "?"))
    }
    var cat = try Category(named: "Polite", on: "Person")
    try cat.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "polite" }
    var image = Image(named: "Cats")
    image.addCategory(cat)
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(stu, "greet") == "student+person")
    try runtime.loadImage(image)
    #expect(try runtime.msgSend(stu, "greet") == "student+polite")
  }

  // MARK: - +initialize

  @Test func instanceMethodOfAMissingSelectorRunsTheResolverAsAClassMessage() throws {
    // class_getInstanceMethod → lookUpImpOrForward(LOOKUP_RESOLVER) → objc_msgSend(cls,
    // @selector(resolveInstanceMethod:), sel), and that message initializes the class.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      calls.append("initialize")
      return .nil
    }
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, arguments in
      calls.append("resolve \(arguments[0].selectorValue?.name ?? "?")")
      return false
    }
    #expect(try person.instanceMethod(for: "fly") == nil)
    #expect(calls.all == ["initialize", "resolve fly"])
  }

  @Test func categoryInitializeReplacesTheClasssAndRunsOnce() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      calls.append("class")
      return .nil
    }
    var cat = try Category(named: "Init", on: "Person")
    try cat.addClassMethod("initialize", types: "v16@0:8") { _, _, _ in
      calls.append("category")
      return .nil
    }
    var image = Image(named: "Cats")
    image.addCategory(cat)
    try runtime.loadImage(image)
    _ = try new(person, in: runtime)
    _ = try new(person, in: runtime)
    #expect(calls.all == ["category"])
  }

  @Test func nsobjectsInitializeIsSentOnceForEachClassWithoutItsOwn() throws {
    // NSObject implements +initialize (empty); class_addMethod answers NO, class_replaceMethod
    // swaps it, and each class that has none of its own runs it with itself as self.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let calls = Recorder<String>()
    #expect(try !runtime.rootClass.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in .nil })
    try runtime.rootClass.isa.replaceMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      calls.append((receiver as? Class)?.name ?? "?")
      return .nil
    }
    _ = try new(student, in: runtime)
    #expect(calls.all == ["NSObject", "Person", "Student"])
  }

  // MARK: - Protocols

  @Test func protocolConformsToItselfAndIsEqualByIdentity() throws {
    let runtime = Runtime()
    let a = try runtime.allocateProtocol(named: "A")
    try runtime.registerProtocol(a)
    let b = try runtime.allocateProtocol(named: "B")
    try b.addProtocol(a)
    try runtime.registerProtocol(b)
    #expect(a.conforms(to: a))
    #expect(b.conforms(to: a) && !a.conforms(to: b))
    #expect(a.isEqual(to: a) && !a.isEqual(to: b) && !b.isEqual(to: a))
  }

  @Test func classObjectAnswersConformsToProtocolForItsClass() throws {
    let runtime = Runtime()
    let named = try runtime.allocateProtocol(named: "Named")
    try runtime.registerProtocol(named)
    let person = try makePerson(in: runtime)
    try person.addProtocol(named)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    #expect(try runtime.msgSend(student, "conformsToProtocol:", .object(named)) == true)
    #expect(try runtime.msgSend(runtime.rootClass, "conformsToProtocol:", .object(named)) == false)
  }

  @Test func protocolMethodDescriptionsKeepTheirSides() throws {
    let runtime = Runtime()
    let p = try runtime.allocateProtocol(named: "P")
    try p.addMethodDescription("make", types: "@16@0:8", isRequired: true, isInstanceMethod: false)
    try p.addMethodDescription("run", types: "v16@0:8", isRequired: false, isInstanceMethod: true)
    try runtime.registerProtocol(p)
    #expect(p.methodDescription(for: "make", isRequired: true, isInstanceMethod: false).types == "@16@0:8")
    #expect(p.methodDescription(for: "make", isRequired: true, isInstanceMethod: true).isNull)
    #expect(p.methodDescription(for: "run", isRequired: true, isInstanceMethod: true).isNull)
    #expect(p.methodDescription(for: "run", isRequired: false, isInstanceMethod: true).types == "v16@0:8")
    #expect(p.methodDescriptions(isRequired: false, isInstanceMethod: true).map(\.selector) == ["run"])
  }

  @Test func protocolMethodDescriptionsAreListedInTheOrderAdded() throws {
    let runtime = Runtime()
    let p = try runtime.allocateProtocol(named: "P")
    for name in ["a", "b", "c"] {
      try p.addMethodDescription(Selector(interning: name), types: "v16@0:8", isRequired: true, isInstanceMethod: true)
    }
    try runtime.registerProtocol(p)
    #expect(p.methodDescriptions(isRequired: true, isInstanceMethod: true).map(\.selector.name) == ["a", "b", "c"])
  }

  // MARK: - Associated objects, weak references, object_copy

  @Test func associationSetDuringDeallocIsReleasedToo() throws {
    let runtime = Runtime()
    let tag = try makeClass("Tag", in: runtime)
    let key = AssociationKey("late")
    let tagReference = WeakVariable()
    let owner = try makeClass("Owner", in: runtime)
    try owner.addMethod("dealloc", types: "v16@0:8") { receiver, selector, _ in
      let late = try tag.createInstance()
      try tagReference.store(late)
      try receiver.setAssociatedObject(.object(late), forKey: key, policy: .retain)
      return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass, selector)
    }
    do { _ = try new(owner, in: runtime) }
    #expect(tagReference.load() == nil)
  }

  @Test func copyOfAnObjectHasNoAssociations() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let key = AssociationKey("tag")
    try ann.setAssociatedObject("x", forKey: key, policy: .retain)
    try runtime.msgSend(ann, "setAge:", 7)
    let copy = try ann.copy()
    #expect(copy.associatedObject(forKey: key) == .nil)
    #expect(try copy.value(ofIvar: "_age") == 7)
    #expect(copy.isa === person)
  }

  @Test func weakVariableLoadedInsideDeallocIsNil() throws {
    let runtime = Runtime()
    let variable = WeakVariable()
    let seen = Recorder<Bool>()
    let cls = try makeClass("Probe", in: runtime)
    try cls.addMethod("dealloc", types: "v16@0:8") { receiver, selector, _ in
      seen.append(variable.load() == nil)
      return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass, selector)
    }
    do {
      let object = try new(cls, in: runtime)
      try variable.store(object)
    }
    #expect(seen.all == [true])
    #expect(variable.load() == nil)
  }

  // MARK: - Selectors

  @Test func nullSelectorName() {
    #expect(Selector.null.name == "<null selector>")
  }
}
