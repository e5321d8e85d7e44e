// ObjC4BehaviourRound19Tests.swift: the nineteenth round of behaviours from objc4's own sources:
// the class hook asked by every name lookup (objc4's look_up_class asks objc_setHook_getClass's hook whatever its
// caller: objc_getClass, objc_lookUpClass and so Foundation's NSClassFromString,
// objc_getRequiredClass).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound19Tests {
  @Test func lookUpClassAsksTheClassHookAsGetClassDoes() throws {
    // objc-runtime-new.mm: look_up_class ignores its includeClassHandler flag and always asks
    // the hook for a missing name, so objc_lookUpClass (and NSClassFromString, which calls it)
    // makes a lazy class as objc_getClass does.
    let runtime = Runtime()
    let asked = Recorder<String>()
    runtime.setGetClassHook { runtime, name in
      asked.append(name)
      guard name.hasPrefix("Lazy"), let cls = try? runtime.allocateClassPair(superclass: runtime.rootClass, name: name)
      else { return nil }
      try? runtime.registerClassPair(cls)
      return cls
    }
    let made = try #require(runtime.lookUpClass(named: "LazyThing"))
    #expect(made.name == "LazyThing" && made.isRegistered)
    #expect(runtime.lookUpClass(named: "LazyThing") === made, "registered now: the hook is not asked again")
    #expect(runtime.lookUpClass(named: "Nobody") == nil)
    #expect(runtime.class(named: "LazyOther")?.name == "LazyOther")
    #expect(try runtime.requiredClass(named: "LazyThird").name == "LazyThird", "objc_getRequiredClass is objc_getClass")
    #expect(asked.all == ["LazyThing", "Nobody", "LazyOther", "LazyThird"])
    try runtime.checkInvariants()
  }

  @Test func aHookLookingUpItsOwnNameGetsNilInsteadOfRecursing() throws {
    // look_up_class keeps the names this thread is asking the hook for in thread-local data and
    // answers nil for one of them, so a hook may ask for the name it is making.
    let runtime = Runtime()
    let inner = Recorder<Bool>()
    runtime.setGetClassHook { runtime, name in
      inner.append(runtime.lookUpClass(named: name) == nil)
      return nil
    }
    #expect(runtime.lookUpClass(named: "Loop") == nil)
    #expect(inner.all == [true], "the hook ran once; its own lookup answered nil")
    try runtime.checkInvariants()
  }
}
