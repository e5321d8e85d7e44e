// ObjC4BehaviourRound2Tests.swift: a second round of behaviour cases modelled on objc4's public
// runtime tests and NSObject.mm, on areas the first round did not cover. Each test pins objc4's
// documented semantics; a failure here is a gap between MiniRuntime and objc4.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound2Tests {
  // MARK: - NSObject's methods

  @Test func isKindOfClassQuizGivesObjC4sAnswers() throws {
    // The classic quiz: [NSObject isKindOfClass:[NSObject class]] is YES through the root
    // metaclass, every other class-side isKindOf/isMemberOf of the class itself is NO.
    let runtime = Runtime()
    let root = runtime.rootClass
    let person = try makePerson(in: runtime)
    #expect(try runtime.msgSend(root, "isKindOfClass:", .class(root)) == true)
    #expect(try runtime.msgSend(root, "isMemberOfClass:", .class(root)) == false)
    #expect(try runtime.msgSend(person, "isMemberOfClass:", .class(person)) == false)
    #expect(try runtime.msgSend(person, "isMemberOfClass:", .class(person.isa)) == true)
    #expect(try runtime.msgSend(person, "isKindOfClass:", .class(root.isa)) == true)
    #expect(try runtime.msgSend(person, "isSubclassOfClass:", .class(person)) == true)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "isKindOfClass:", .nil) == false)
    #expect(try runtime.msgSend(ann, "isMemberOfClass:", .nil) == false)
  }

  @Test func selfClassAndSuperclassOfClassObjectsAndRootInstances() throws {
    let runtime = Runtime()
    let root = runtime.rootClass
    let person = try makePerson(in: runtime)
    #expect(try runtime.msgSend(person, "self").classValue === person)  // +[NSObject self] via the root metaclass
    #expect(try runtime.msgSend(root, "superclass") == .nil)
    #expect(try runtime.msgSend(person, "superclass").classValue === root)
    let plain = try new(root, in: runtime)
    #expect(try runtime.msgSend(plain, "superclass") == .nil)  // [[NSObject new] superclass] is nil
    #expect(try runtime.msgSend(plain, "class").classValue === root)
    // A message to a metaclass object: +class answers the receiver itself.
    #expect(try runtime.msgSend(person.isa, "class").classValue === person.isa)
  }

  @Test func classObjectsAnswerIsEqualAndHashByIdentity() throws {
    // Instances: MessageSendTests.isEqualAndHashUseIdentity. Class objects answer the same
    // messages through the root metaclass.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try runtime.msgSend(person, "isEqual:", .class(person)) == true)
    #expect(try runtime.msgSend(person, "isEqual:", .class(runtime.rootClass)) == false)
    #expect(try runtime.msgSend(person, "hash") == runtime.msgSend(person, "hash"))
  }

  @Test func classObjectsAnswerNSObjectInstanceMessagesThroughTheRootMetaclass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try runtime.msgSend(person, "performSelector:", .selector("description")) == "Person")
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("isEqual:")) == true)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("performSelector:")) == true)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("alloc")) == false)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("description")) == true)
  }

  @Test func performSelectorWithTwoObjectsPassesThemInOrderAndVoidReturnsNil() throws {
    let runtime = Runtime()
    let cls = try makeClass("Joiner", in: runtime)
    try cls.addMethod("join:with:", types: "@32@0:8@16@24") { _, _, arguments in
      .string("\(arguments[0].stringValue ?? "?")-\(arguments[1].stringValue ?? "?")")
    }
    try cls.addMethod("poke:", types: "v24@0:8@16") { _, _, _ in .nil }
    let object = try new(cls, in: runtime)
    #expect(
      try runtime.msgSend(
        object, "performSelector:withObject:withObject:", arguments: [.selector("join:with:"), "a", "b"]) == "a-b")
    #expect(try runtime.msgSend(object, "performSelector:withObject:", .selector("poke:"), "x") == .nil)
  }

  @Test func newRunsAnInitOverrideThatCallsSuperAndAllocAloneDoesNot() throws {
    let runtime = Runtime()
    let root = runtime.rootClass
    let cls = try makeClass("Ready", in: runtime) { try $0.addIvar("_ready", type: .int) }
    try cls.addMethod("init", types: "@16@0:8") { receiver, selector, _ in
      let me = try Runtime.msgSendSuper(receiver, superclass: root, selector)
      try me.objectValue?.setValue(1, forIvar: "_ready")
      return me
    }
    let made = try new(cls, in: runtime)
    #expect(try made.value(ofIvar: "_ready") == 1)
    let allocated = try #require(try runtime.msgSend(cls, "alloc").objectValue)
    #expect(try allocated.value(ofIvar: "_ready") == 0)
    #expect(try runtime.msgSend(allocated, "init").objectValue === allocated)
    #expect(try allocated.value(ofIvar: "_ready") == 1)
  }

  @Test func forwardingTargetReturningSelfIsTreatedAsNoTarget() throws {
    let runtime = Runtime()
    let cls = try makeClass("Loop", in: runtime)
    try cls.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { receiver, _, _ in .object(receiver) }
    let object = try new(cls, in: runtime)
    let error = expectError(.unrecognizedSelector) { _ = try runtime.msgSend(object, "nowhere") }
    #expect(error?.message == "-[Loop nowhere]: unrecognized selector sent to instance \(object.address)")
  }

  @Test func unrecognizedClassMessageNamesTheClassSide() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let error = expectError(.unrecognizedSelector) { _ = try runtime.msgSend(person, "fly") }
    #expect(error?.message == "+[Person fly]: unrecognized selector sent to class \(person.address)")
  }

  @Test func doesNotRecognizeSelectorOverrideIsSentTheMissingSelector() throws {
    let runtime = Runtime()
    let seen = Recorder<String>()
    let cls = try makeClass("Picky", in: runtime)
    try cls.addMethod("doesNotRecognizeSelector:", types: "v24@0:8:16") { receiver, selector, arguments in
      seen.append(arguments[0].selectorValue?.name ?? "?")
      return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass, selector, arguments[0])
    }
    let object = try new(cls, in: runtime)
    expectError(.unrecognizedSelector) { _ = try runtime.msgSend(object, "missing:", 1) }
    #expect(seen.all == ["missing:"])
  }

  // MARK: - Methods: replace, exchange, swizzle

  @Test func replaceMethodOfAnOwnMethodReturnsThePreviousImplementationAndKeepsItsTypes() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    let first = returning("first")
    try cls.addMethod("greet", types: "@16@0:8", implementation: first)
    let object = try new(cls, in: runtime)
    #expect(try runtime.msgSend(object, "greet") == "first")
    // objc4 ignores the types when the method exists.
    let previous = try cls.replaceMethod("greet", types: "@16@0:8", implementation: returning("second"))
    #expect(previous === first)
    #expect(try cls.instanceMethod(for: "greet")?.typeEncoding == "@16@0:8")
    #expect(try runtime.msgSend(object, "greet") == "second")
    try runtime.checkInvariants()
  }

  @Test func replaceMethodWithDifferentTypesOnAnExistingMethodKeepsTheOriginalEncoding() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    try addReturning(cls, "greet", "first")
    try cls.replaceMethod("greet", types: "v16@0:8", implementation: returning("second"))
    #expect(try cls.instanceMethod(for: "greet")?.typeEncoding == "@16@0:8")
    #expect(cls.methodList.count == 1)
  }

  @Test func swizzleIdiomAddThenReplaceOverridesInTheSubclassOnly() throws {
    // The dispatch_once swizzle: class_addMethod(original ← swizzled IMP) succeeds for an
    // inherited method, then class_replaceMethod(swizzled ← original IMP).
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    try addReturning(base, "greet", "base")
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    try sub.addMethod("xxx_greet", types: "@16@0:8") { receiver, _, _ in
      .string("swizzled+" + (try Runtime.msgSend(receiver, "xxx_greet").stringValue ?? "?"))
    }
    let baseObject = try new(base, in: runtime)
    let subObject = try new(sub, in: runtime)
    #expect(try runtime.msgSend(subObject, "greet") == "base")  // fills Sub's cache with Base's IMP
    let original = try #require(try sub.instanceMethod(for: "greet"))
    let swizzled = try #require(try sub.instanceMethod(for: "xxx_greet"))
    let swizzledImplementation = swizzled.implementation
    let added = try sub.addMethod("greet", types: swizzled.typeEncoding, implementation: swizzled.implementation)
    #expect(added)
    let replaced = try sub.replaceMethod(
      "xxx_greet", types: original.typeEncoding, implementation: original.implementation)
    #expect(replaced === swizzledImplementation)
    #expect(try runtime.msgSend(subObject, "greet") == "swizzled+base")
    #expect(try runtime.msgSend(baseObject, "greet") == "base")
    #expect(base.methodList.map(\.selector) == ["greet"])
    try runtime.checkInvariants()
  }

  @Test func exchangedImplementationRunsWithTheSelectorItWasSentWith() throws {
    let runtime = Runtime()
    let seen = Recorder<String>()
    let cls = try makeClass("Probe", in: runtime)
    try cls.addMethod("a", types: "@16@0:8", implementation: Implementation(name: "A") { _, cmd, _ in
      seen.append("A:\(cmd.name)")
      return "A"
    })
    try cls.addMethod("b", types: "@16@0:8", implementation: Implementation(name: "B") { _, cmd, _ in
      seen.append("B:\(cmd.name)")
      return "B"
    })
    let object = try new(cls, in: runtime)
    try #require(try cls.instanceMethod(for: "a")).exchangeImplementation(with: try #require(try cls.instanceMethod(for: "b")))
    #expect(try runtime.msgSend(object, "a") == "B")
    #expect(try runtime.msgSend(object, "b") == "A")
    #expect(seen.all == ["B:a", "A:b"])
  }

  @Test func setImplementationReturnsThePreviousOneAndExchangeWithItselfChangesNothing() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    let first = returning("first")
    try cls.addMethod("greet", types: "@16@0:8", implementation: first)
    let method = try #require(try cls.instanceMethod(for: "greet"))
    let second = returning("second")
    #expect(try method.setImplementation(second) === first)
    try method.exchangeImplementation(with: method)
    #expect(method.implementation === second)
    #expect(try runtime.msgSend(try new(cls, in: runtime), "greet") == "second")
    try runtime.checkInvariants()
  }

  // MARK: - Class methods and the metaclass cache

  @Test func cachedInheritedClassMethodSeesAReplacementOnTheSuperclassMetaclass() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    try addReturning(base.isa, "make", "a")
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    #expect(try runtime.msgSend(sub, "make") == "a")  // cached on Sub's metaclass
    try base.isa.replaceMethod("make", types: "@16@0:8", implementation: returning("b"))
    #expect(try runtime.msgSend(sub, "make") == "b")
    try addReturning(sub.isa, "make", "c")
    #expect(try runtime.msgSend(sub, "make") == "c")
    #expect(try runtime.msgSend(base, "make") == "b")
    try runtime.checkInvariants()
  }

  @Test func superSendOnTheClassSideKeepsTheSubclassAsSelf() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    try base.isa.addMethod("who", types: "@16@0:8") { receiver, _, _ in
      .string("base sees \((receiver as? Class)?.name ?? "?")")
    }
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    try sub.isa.addMethod("who", types: "@16@0:8") { receiver, selector, _ in
      .string("sub+" + (try Runtime.msgSendSuper(receiver, superclass: base.isa, selector).stringValue ?? "?"))
    }
    #expect(try runtime.msgSend(sub, "who") == "sub+base sees Sub")
  }

  @Test func respondsToSelectorOnAClassRunsResolveClassMethod() throws {
    // class_respondsToSelector on a metaclass runs +resolveClassMethod:, as a send would.
    let runtime = Runtime()
    let calls = Recorder<String>()
    let cls = try makeClass("Probe", in: runtime)
    try cls.isa.addMethod("resolveClassMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      let selector = try #require(arguments[0].selectorValue)
      calls.append(selector.name)
      guard selector == "lazyMake", let cls = receiver as? Class else { return false }
      return .bool(try addReturning(cls.isa, selector, "lazy"))
    }
    #expect(try runtime.msgSend(cls, "respondsToSelector:", .selector("lazyMake")) == true)
    #expect(calls.all == ["lazyMake"])
    #expect(try runtime.msgSend(cls, "lazyMake") == "lazy")
    #expect(calls.all == ["lazyMake"])
  }

  @Test func messageToNilRunsNothingWhateverTheSelector() throws {
    let runtime = Runtime()
    #expect(try runtime.msgSend(nil, "totallyUnknown:", 1) == .nil)
    #expect(try Runtime.msgSendSuper(nil, superclass: runtime.rootClass, "description") == .nil)
  }

  // MARK: - Class lists and class pairs

  @Test func classListHoldsAllocatedClassesAndLookUpRegisteredOnesButNoMetaclasses() throws {
    // objc4 818: the class list walks allocated classes, objc_lookUpClass the named ones
    // (decision 0028).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let pending = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Pending")
    #expect(runtime.classes.allSatisfy { !$0.isMetaclass })
    #expect(runtime.classes.contains { $0 === person })
    #expect(runtime.classes.contains { $0 === runtime.rootClass })
    #expect(runtime.classes.contains { $0 === pending })
    #expect(runtime.lookUpClass(named: "Pending") == nil)  // objc_lookUpClass: not until registered
    #expect(runtime.lookUpClass(named: "Person") === person)
    try runtime.registerClassPair(pending)
    #expect(runtime.lookUpClass(named: "Pending") === pending)
    try runtime.disposeClassPair(pending)
    #expect(!runtime.classes.contains { $0.name == "Pending" })
    try runtime.checkInvariants()
  }

  @Test func metaclassOfASubclassHasTheRootMetaclassAsIsaAndInstanceClassBack() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    #expect(student.isa.isa === runtime.rootClass.isa)
    #expect(student.isa.superclass === person.isa)
    #expect(student.isa.instanceClass === student)
    #expect(runtime.rootClass.isa.instanceClass === runtime.rootClass)
    #expect(student.metaclass === student.isa)
    #expect(person.subclasses.map(\.name) == ["Student"])
    #expect(person.isa.subclasses.map(\.name) == ["Student"])
  }

  // MARK: - Property attribute strings

  @Test(arguments: [
    "T@\"<NSCopying>\",C,N,V_item", "T@?,C,N,V_handler", "TB,N,GisEnabled,V_enabled", "T:,N,V_action",
    "T*,N,V_cstr", "Tr*,N,V_constName", "T[4i],N,V_quad", "TQ,R,N", "T@\"NSString\",&,N,V_name",
    "T@\"NSObject\",W,N,V_delegate", "T{CGRect={CGPoint=dd}{CGSize=dd}},N,V_frame", "T^{Node},N,V_head",
    "T@\"NSObject<NSCopying>\",R,C,N,V_key", "Tq,D,N", "Tc,N,GisOn,SsetOnTo:",
  ])
  func typicalClangAttributeStringsRoundTrip(attributes: String) throws {
    let parsed = try PropertyAttributes(attributes)
    #expect(parsed.description == attributes)
  }

  @Test func propertyAddedWithCustomAccessorsDerivesThemAndReadonlyHasNoSetter() throws {
    let runtime = Runtime()
    let cls = try makeClass("Switch", in: runtime)
    #expect(try cls.addProperty("on", attributes: "TB,N,GisOn,SsetOnTo:,V_on"))
    #expect(try cls.addProperty("count", attributes: "TQ,R,N,V_count"))
    #expect(try !cls.addProperty("on", attributes: "TB"))  // class_addProperty: NO for a duplicate
    let on = try #require(cls.property(named: "on"))
    #expect(on.getter == "isOn" && on.setter == "setOnTo:")
    #expect(try #require(cls.property(named: "count")).setter == nil)
    #expect(cls.propertyList.map(\.attributes.description) == ["TQ,R,N,V_count", "TB,N,GisOn,SsetOnTo:,V_on"])  // newest first
  }
}
