// ClassNameTests.swift: objc_getClass, objc_getMetaClass and objc_getRequiredClass
// (Runtime+ClassNames.swift).

import Testing

@testable import MiniRuntime

@Suite struct ClassNameTests {
  @Test func getClassFindsRegisteredClassesOnly() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    #expect(runtime.class(named: "Person") === person)
    #expect(runtime.class(named: "NSObject") === runtime.rootClass)
    #expect(runtime.class(named: "Draft") == nil, "not registered yet")
    #expect(runtime.class(named: "Nobody") == nil)
    try runtime.registerClassPair(draft)
    #expect(runtime.class(named: "Draft") === draft)
    try runtime.checkInvariants()
  }

  @Test func getMetaClassAnswersTheMetaclassOfTheNamedClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let meta = try #require(runtime.metaclass(named: "Person"))
    #expect(meta === person.isa)
    #expect(meta.isMetaclass)
    #expect(runtime.metaclass(named: "Nobody") == nil)
    try runtime.checkInvariants()
  }

  @Test func getRequiredClassOfAMissingClassThrowsNamingIt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try runtime.requiredClass(named: "Person") === person)
    let error = expectError(.invalidArgument) { _ = try runtime.requiredClass(named: "Nobody") }
    #expect(error?.message == "link error: class 'Nobody' not found.")
    try runtime.checkInvariants()
  }

  @Test func getClassHookMakesAMissingClassOnFirstLookup() throws {
    let runtime = Runtime()
    let asked = Locked<[String]>([])
    runtime.setGetClassHook { runtime, name in
      asked.withLock { $0.append(name) }
      guard name.hasPrefix("Lazy") else { return nil }
      guard let cls = try? runtime.allocateClassPair(superclass: runtime.rootClass, name: name) else { return nil }
      try? runtime.registerClassPair(cls)
      return cls
    }
    let made = try #require(runtime.class(named: "LazyThing"))
    #expect(made.name == "LazyThing" && made.isRegistered)
    #expect(runtime.class(named: "LazyThing") === made, "registered now: the hook is not asked again")
    #expect(runtime.metaclass(named: "LazyOther")?.isMetaclass == true)
    #expect(try runtime.requiredClass(named: "LazyThird").name == "LazyThird")
    #expect(runtime.class(named: "Eager") == nil)
    #expect(asked.withLock { $0 } == ["LazyThing", "LazyOther", "LazyThird", "Eager"])
    try runtime.checkInvariants()
  }

  @Test func getClassHooksChainThroughThePreviousHook() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let first = runtime.setGetClassHook { _, name in name == "Alias" ? person : nil }
    #expect(first(runtime, "Alias") == nil, "the hook replaced at first answers nil")
    let previous = Locked<GetClassHook?>(nil)
    let replaced = runtime.setGetClassHook { runtime, name in
      name == "Other" ? person : previous.withLock { $0 }?(runtime, name)
    }
    previous.withLock { $0 = replaced }
    #expect(runtime.class(named: "Alias") === person, "answered by the first hook, through the second")
    #expect(runtime.class(named: "Other") === person)
    #expect(runtime.class(named: "Nobody") == nil)
  }

  @Test func getClassHookAnswerMustBeARegisteredClassOfThisRuntime() throws {
    let runtime = Runtime()
    let other = Runtime()
    let foreign = try makePerson(in: other)
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    runtime.setGetClassHook { _, name in
      switch name {
      case "Foreign": return foreign
      case "Unregistered": return draft
      default: return nil
      }
    }
    #expect(runtime.class(named: "Foreign") == nil)
    #expect(runtime.class(named: "Unregistered") == nil)
    let error = expectError(.invalidArgument) { _ = try runtime.requiredClass(named: "Foreign") }
    #expect(error?.message == "link error: class 'Foreign' not found.")
  }

  @Test func getClassHookAskingForItsOwnNameIsNotReentered() throws {
    let runtime = Runtime()
    let calls = Locked(0)
    runtime.setGetClassHook { runtime, name in
      calls.withLock { $0 += 1 }
      return runtime.class(named: name)  // objc4 would recurse until the stack overflows
    }
    #expect(runtime.class(named: "Loop") == nil)
    #expect(calls.withLock { $0 } == 1)
    #expect(runtime.class(named: "Loop") == nil, "the guard is released after the lookup")
    #expect(calls.withLock { $0 } == 2)
  }

  @Test func classVariableIsAnIvarOfTheRootClassFoundThroughTheMetaclassChain() throws {
    let runtime = Runtime()
    let root = try runtime.allocateClassPair(superclass: nil, name: "Root")
    try root.addIvar("_shared", type: .longLong)
    try runtime.registerClassPair(root)
    let sub = try runtime.allocateClassPair(superclass: root, name: "Sub")
    try sub.addIvar("_own", type: .longLong)
    try runtime.registerClassPair(sub)
    // Sub's metaclass -> Root's metaclass -> Root: the chain objc4's class_getClassVariable walks.
    #expect(sub.classVariable(named: "_shared")?.name == "_shared")
    #expect(sub.classVariable(named: "_shared")?.className == "Root")
    #expect(sub.classVariable(named: "_own") == nil, "a class's own ivars are not class variables")
    #expect(runtime.rootClass.classVariable(named: "_shared") == nil)
  }
}
