// ObjC4BehaviourTests.swift: behaviour cases modelled on objc4's public runtime tests. Each test
// pins Apple's documented semantics; a failure here is a gap between MiniRuntime and objc4.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourTests {
  @Test func addMethodRefusesASelectorTheClassAlreadyHasAndKeepsTheOriginal() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    #expect(try addReturning(cls, "greet", "first"))
    #expect(try !addReturning(cls, "greet", "second"))
    let object = try new(cls, in: runtime)
    #expect(try runtime.msgSend(object, "greet") == "first")
    #expect(cls.methodList.filter { $0.selector == "greet" }.count == 1)
    try runtime.checkInvariants()
  }

  @Test func addMethodOnMetaclassRefusesAnExistingClassMethodButOverridesNSObjects() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    #expect(try addReturning(cls.isa, "make", "a"))
    #expect(try !addReturning(cls.isa, "make", "b"))
    // `+description` is NSObject's; a class may override it.
    #expect(try addReturning(cls.isa, "description", "custom"))
    #expect(try runtime.msgSend(cls, "make") == "a")
    #expect(try runtime.msgSend(cls, "description") == "custom")
    try runtime.checkInvariants()
  }

  @Test func replaceMethodOfAnInheritedSelectorAddsAnOverrideAndLeavesTheSuperclassAlone() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    try addReturning(base, "greet", "base")
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    let baseObject = try new(base, in: runtime)
    let subObject = try new(sub, in: runtime)
    #expect(try runtime.msgSend(subObject, "greet") == "base")  // fills the cache
    let previous = try sub.replaceMethod("greet", types: "@16@0:8", implementation: returning("sub"))
    #expect(previous == nil)
    #expect(try runtime.msgSend(subObject, "greet") == "sub")
    #expect(try runtime.msgSend(baseObject, "greet") == "base")
    #expect(sub.methodList.map(\.selector) == ["greet"])
    try runtime.checkInvariants()
  }

  @Test func exchangingAnInheritedMethodSwizzlesTheSuperclassToo() throws {
    // class_getInstanceMethod returns the superclass's Method; exchanging it changes the superclass.
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    try addReturning(base, "greet", "base")
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    try addReturning(sub, "xxx_greet", "swizzled")
    let baseObject = try new(base, in: runtime)
    let subObject = try new(sub, in: runtime)
    #expect(try runtime.msgSend(baseObject, "greet") == "base")
    let original = try #require(try sub.instanceMethod(for: "greet"))
    #expect(original.owner === base)
    let swizzled = try #require(try sub.instanceMethod(for: "xxx_greet"))
    try original.exchangeImplementation(with: swizzled)
    #expect(try runtime.msgSend(baseObject, "greet") == "swizzled")
    #expect(try runtime.msgSend(subObject, "greet") == "swizzled")
    #expect(try runtime.msgSend(subObject, "xxx_greet") == "base")
    try runtime.checkInvariants()
  }

  @Test func negativeCacheEntryIsFlushedWhenTheSuperclassGainsTheMethod() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    let object = try new(sub, in: runtime)
    #expect(throws: RuntimeError.self) { try runtime.msgSend(object, "late") }
    #expect(try sub.methodImplementation(for: "late") === Implementation.forwarding)
    try addReturning(base, "late", "now")
    #expect(try runtime.msgSend(object, "late") == "now")
    try runtime.checkInvariants()
  }

  @Test func negativeClassMessageEntryIsFlushedWhenNSObjectGainsAnInstanceMethod() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    #expect(throws: RuntimeError.self) { try runtime.msgSend(cls, "rootLate") }
    try addReturning(runtime.rootClass, "rootLate", "root")
    // The root metaclass inherits from NSObject: class messages find NSObject's instance methods.
    #expect(try runtime.msgSend(cls, "rootLate") == "root")
    try runtime.checkInvariants()
  }

  @Test func ivarLookupSearchesSuperclassesWhileIvarListHoldsOwnIvarsOnly() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { try $0.addIvar("_base", type: .int) }
    let sub = try makeClass("Sub", superclass: base, in: runtime) { try $0.addIvar("_own", type: .int) }
    #expect(sub.ivarList.map(\.name) == ["_own"])
    #expect(sub.ivar(named: "_base")?.name == "_base")
    #expect(sub.instanceSize == 16, "isa, int _base at 8, int _own at 12")
    #expect(sub.ivar(named: "_own")?.offset == 12)
    try runtime.checkInvariants()
  }

  @Test func propertyAndMethodListsHoldOwnEntriesOnly() throws {
    let runtime = Runtime()
    let base = try makePerson(in: runtime, name: "Base")
    let sub = try makeClass("Sub", superclass: base, in: runtime) {
      try $0.synthesizeProperty("nick", type: .object(className: "NSString"))
    }
    #expect(sub.propertyList.map(\.name) == ["nick"])
    #expect(sub.methodList.map(\.selector.name) == ["setNick:", "nick"])
    #expect(sub.property(named: "age") != nil)
    try runtime.checkInvariants()
  }

  @Test func metaclassMethodListListsClassMethodsOnly() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    try addReturning(cls, "instanceThing", "i")
    try addReturning(cls.isa, "classThing", "c")
    #expect(cls.isa.methodList.map(\.selector.name) == ["classThing"])
    #expect(cls.methodList.map(\.selector.name) == ["instanceThing"])
    #expect(try cls.classMethod(for: "classThing") != nil)
    #expect(try cls.classMethod(for: "instanceThing") == nil)
    #expect(try cls.instanceMethod(for: "classThing") == nil)
  }

  @Test func respondsToSelectorOnAClassAnswersForClassMethods() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("new")) == true)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("age")) == false)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("age")) == true)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("new")) == false)
  }

  @Test func resolverRunsBeforeForwardingTargetAndForwardingPassesArguments() throws {
    let runtime = Runtime()
    let order = Recorder<String>()
    let target = try makeClass("Target", in: runtime)
    try target.addMethod("add:to:", types: "q32@0:8q16q24") { _, _, arguments in
      .int((arguments[0].intValue ?? 0) + (arguments[1].intValue ?? 0))
    }
    let targetObject = try new(target, in: runtime)
    let source = try makeClass("Source", in: runtime)
    try source.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, arguments in
      order.append("resolve \(arguments[0].selectorValue?.name ?? "?")")
      return false
    }
    try source.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, arguments in
      order.append("forward \(arguments[0].selectorValue?.name ?? "?")")
      return .object(targetObject)
    }
    let object = try new(source, in: runtime)
    #expect(try runtime.msgSend(object, "add:to:", .int(2), .int(3)) == 5)
    #expect(order.all == ["resolve add:to:", "forward add:to:"])
  }

  @Test func forwardingTargetForSelectorForwardsClassMessages() throws {
    let runtime = Runtime()
    let helper = try makeClass("Helper", in: runtime)
    try addReturning(helper.isa, "make", "made by Helper")
    let cls = try makeClass("Probe", in: runtime)
    try cls.isa.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, _ in .class(helper) }
    #expect(try runtime.msgSend(cls, "make") == "made by Helper")
  }

  @Test func resolveClassMethodAddsToTheMetaclassAndIsAskedOnce() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    let cls = try makeClass("Probe", in: runtime)
    try cls.isa.addMethod("resolveClassMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      let selector = try #require(arguments[0].selectorValue)
      calls.append(selector.name)
      guard selector == "dynamicClassThing", let cls = receiver as? Class else { return false }
      return .bool(try addReturning(cls.isa, selector, "dynamic"))
    }
    #expect(try runtime.msgSend(cls, "dynamicClassThing") == "dynamic")
    #expect(try runtime.msgSend(cls, "dynamicClassThing") == "dynamic")
    #expect(calls.all == ["dynamicClassThing"])
    #expect(cls.isa.methodList.contains { $0.selector == "dynamicClassThing" })
    #expect(!cls.methodList.contains { $0.selector == "dynamicClassThing" })
  }

  @Test func superSendRunsTheSuperclassImplementationOnTheSameReceiver() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    try base.addMethod("who", types: "@16@0:8") { receiver, _, _ in .string("base sees \(receiver.isa.name)") }
    let mid = try makeSubclass(of: base, named: "Mid", in: runtime)
    try mid.addMethod("who", types: "@16@0:8") { receiver, selector, _ in
      let inner = try Runtime.msgSendSuper(receiver, superclass: base, selector).stringValue ?? "?"
      return .string("mid+" + inner)
    }
    let leaf = try makeSubclass(of: mid, named: "Leaf", in: runtime)  // inherits Mid's override
    let object = try new(leaf, in: runtime)
    #expect(try runtime.msgSend(object, "who") == "mid+base sees Leaf")
  }

  @Test func setClassReturnsTheOldClassAndClassMessageFollowsTheNewOne() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    let object = try new(base, in: runtime)
    #expect(try object.setClass(sub) === base)
    #expect(try runtime.msgSend(object, "class").classValue === sub)
    #expect(try object.setClass(base) === sub)
    try runtime.checkInvariants()
  }

  @Test func replacingAnAssociatedObjectReleasesTheOldValueAtOnce() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    let owner = try new(cls, in: runtime)
    let key = AssociationKey("probe")
    weak var first: Object?
    do {
      let value = try new(cls, in: runtime)
      first = value
      try owner.setAssociatedObject(.object(value), forKey: key, policy: .retain)
    }
    #expect(first != nil)
    try owner.setAssociatedObject(.object(try new(cls, in: runtime)), forKey: key, policy: .retain)
    #expect(first == nil)
  }

  @Test func deallocRunsSubclassThenSuperclassThenReleasesAssociationsThenZeroesWeakReferences() throws {
    let runtime = Runtime()
    let order = Recorder<String>()
    let base = try makeClass("Base", in: runtime)
    try base.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      order.append("Base dealloc")
      return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass, "dealloc")
    }
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    try sub.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      order.append("Sub dealloc")
      return try Runtime.msgSendSuper(receiver, superclass: base, "dealloc")
    }
    final class Tracker: Sendable {
      let order: Recorder<String>
      init(_ order: Recorder<String>) { self.order = order }
      deinit { order.append("association released") }
    }
    var reference: WeakReference<Object>?
    do {
      let object = try new(sub, in: runtime)
      try object.setAssociatedObject(.swiftObject(Tracker(order)), forKey: AssociationKey("t"), policy: .retain)
      reference = WeakReference(object)
    }
    #expect(order.all == ["Sub dealloc", "Base dealloc", "association released"])
    #expect(reference?.object == nil)
  }

  @Test func disposedClassNameCanBeAllocatedAgain() throws {
    let runtime = Runtime()
    let first = try makeClass("Temp", in: runtime)
    try runtime.disposeClassPair(first)
    #expect(runtime.lookUpClass(named: "Temp") == nil)
    let second = try makeClass("Temp", in: runtime)
    #expect(runtime.lookUpClass(named: "Temp") === second)
    try runtime.checkInvariants()
  }

  @Test func methodImplementationReflectsReplaceMethodAndSetImplementation() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    try addReturning(cls, "greet", "a")
    let replacement = returning("b")
    _ = try cls.replaceMethod("greet", types: "@16@0:8", implementation: replacement)
    #expect(try cls.methodImplementation(for: "greet") === replacement)
    #expect(try cls.instanceMethod(for: "greet")?.implementation === replacement)
    let third = returning("c")
    try #require(try cls.instanceMethod(for: "greet")).setImplementation(third)
    #expect(try cls.methodImplementation(for: "greet") === third)
  }

  @Test func performSelectorReachesAResolvedMethod() throws {
    let runtime = Runtime()
    let cls = try makeClass("Probe", in: runtime)
    try cls.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      guard let selector = arguments[0].selectorValue, selector == "dynamic", let cls = receiver as? Class else {
        return false
      }
      return .bool(try addReturning(cls, selector, "resolved"))
    }
    let object = try new(cls, in: runtime)
    #expect(try runtime.msgSend(object, "respondsToSelector:", .selector("dynamic")) == true)
    #expect(try runtime.msgSend(object, "performSelector:", .selector("dynamic")) == "resolved")
  }

  @Test func isKindOfClassOnAnInstanceFollowsSetClass() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    let sub = try makeSubclass(of: base, named: "Sub", in: runtime)
    let object = try new(base, in: runtime)
    #expect(try runtime.msgSend(object, "isKindOfClass:", .class(sub)) == false)
    try object.setClass(sub)
    #expect(try runtime.msgSend(object, "isKindOfClass:", .class(sub)) == true)
    #expect(try runtime.msgSend(object, "isMemberOfClass:", .class(sub)) == true)
    #expect(try runtime.msgSend(object, "superclass").classValue === base)
  }

  @Test func respondsToSelectorIsNoForAMessageOnlyAForwardingTargetHandles() throws {
    let runtime = Runtime()
    let target = try makeClass("Target", in: runtime)
    try addReturning(target, "relayed", "ok")
    let targetObject = try new(target, in: runtime)
    let cls = try makeClass("Relay", in: runtime)
    try cls.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, _ in .object(targetObject) }
    let object = try new(cls, in: runtime)
    #expect(try runtime.msgSend(object, "relayed") == "ok")
    #expect(try runtime.msgSend(object, "respondsToSelector:", .selector("relayed")) == false)
    #expect(!cls.instancesRespond(to: "relayed"))
  }

  @Test func methodsAddedBeforeRegistrationWorkAfterItAndAreInherited() throws {
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Early")
    try addReturning(cls, "early", "instance")
    try addReturning(cls.isa, "earlyClass", "class")
    try runtime.registerClassPair(cls)
    let sub = try makeSubclass(of: cls, named: "Later", in: runtime)
    #expect(try runtime.msgSend(try new(sub, in: runtime), "early") == "instance")
    #expect(try runtime.msgSend(sub, "earlyClass") == "class")
    try runtime.checkInvariants()
  }
}
