// ObjC4BehaviourRound19Tests.swift: the nineteenth round of behaviours from objc4's own sources:
// objc_enumerateClasses (objc4 818 and later; its filters combine, `subclassing` includes the
// class itself as objc4's isSubclassOf does, and `stop` ends the walk), and the class hook asked
// by every name lookup (objc4's look_up_class asks objc_setHook_getClass's hook whatever its
// caller: objc_getClass, objc_lookUpClass and so Foundation's NSClassFromString,
// objc_getRequiredClass).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound19Tests {
  /// An image "Zoo": `Animal <Pet>`, `Dog : Animal`, `Cat : Animal`, `Robot`, and `Doghouse`
  /// made at run time beside it; answers the protocol `Pet`.
  private func zoo(in runtime: Runtime) throws -> Protocol {
    let pet = try runtime.allocateProtocol(named: "Pet")
    try runtime.registerProtocol(pet)
    var image = Image(named: "Zoo")
    image.addClass("Animal", superclass: "NSObject") { cls in
      if let pet = cls.runtime?.protocol(named: "Pet") { try cls.addProtocol(pet) }
    }
    image.addClass("Dog", superclass: "Animal") { _ in }
    image.addClass("Cat", superclass: "Animal") { _ in }
    image.addClass("Robot", superclass: "NSObject") { _ in }
    try runtime.loadImage(image)
    _ = try makeClass("Doghouse", in: runtime)
    return pet
  }

  /// The names `enumerateClasses` hands to its body.
  private func names(
    _ runtime: Runtime, _ source: ClassSource, prefix: String? = nil, conformingTo proto: Protocol? = nil,
    subclassing superclass: Class? = nil
  ) -> [String] {
    var names: [String] = []
    runtime.enumerateClasses(in: source, namePrefix: prefix, conformingTo: proto, subclassing: superclass) { cls, _ in
      names.append(cls.name)
    }
    return names
  }

  @Test func enumerateClassesOfAnImageCombinesItsFilters() throws {
    let runtime = Runtime()
    let pet = try zoo(in: runtime)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(names(runtime, .image(named: "Zoo")) == ["Animal", "Dog", "Cat", "Robot"], "the image's classes, in order")
    #expect(names(runtime, .image(named: "Zoo"), prefix: "D") == ["Dog"], "Doghouse is not the image's")
    #expect(names(runtime, .image(named: "Zoo"), prefix: "") == ["Animal", "Dog", "Cat", "Robot"])
    #expect(
      names(runtime, .image(named: "Zoo"), subclassing: animal) == ["Animal", "Dog", "Cat"],
      "isSubclassOf starts at the class itself")
    #expect(
      names(runtime, .image(named: "Zoo"), conformingTo: pet) == ["Animal", "Dog", "Cat"],
      "a subclass of an adopting class conforms")
    #expect(names(runtime, .image(named: "Zoo"), prefix: "C", conformingTo: pet, subclassing: animal) == ["Cat"])
    #expect(names(runtime, .image(named: "Zoo"), prefix: "R", subclassing: animal).isEmpty, "every filter must pass")
    #expect(names(runtime, .image(named: "Nowhere")).isEmpty, "an image never loaded has no classes")
    try runtime.checkInvariants()
  }

  @Test func enumerateClassesStopsWhenTheBodySetsStop() throws {
    let runtime = Runtime()
    _ = try zoo(in: runtime)
    var seen: [String] = []
    runtime.enumerateClasses(in: .image(named: "Zoo")) { cls, stop in
      seen.append(cls.name)
      if cls.name == "Dog" { stop = true }
    }
    #expect(seen == ["Animal", "Dog"])
    try runtime.checkInvariants()
  }

  @Test func enumerateDynamicClassesFindsTheRegisteredClassesMadeAtRunTime() throws {
    let runtime = Runtime()
    _ = try zoo(in: runtime)
    let person = try makePerson(in: runtime)
    _ = try runtime.allocateClassPair(superclass: person, name: "Pending")  // not registered
    _ = try runtime.duplicateClass(person, name: "Twin")
    #expect(names(runtime, .dynamicClasses) == ["Doghouse", "Person", "Twin"], "no NSObject, Protocol or image class")
    #expect(names(runtime, .dynamicClasses, subclassing: person) == ["Person"], "a duplicate's superclass is the original's")
    try runtime.checkInvariants()
  }

  @Test func enumerateClassesCallsTheBodyWithNoLockHeld() throws {
    let runtime = Runtime()
    _ = try zoo(in: runtime)
    var made: [String] = []
    try runtime.enumerateClasses(in: .image(named: "Zoo"), namePrefix: "Cat") { cls, _ in
      let sub = try makeClass("Kitten", superclass: cls, in: runtime)  // takes the runtime lock
      made.append(sub.name)
    }
    #expect(made == ["Kitten"])
    #expect(names(runtime, .dynamicClasses) == ["Doghouse", "Kitten"])
    try runtime.checkInvariants()
  }

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

  @Test func getMetaClassOfAMissingClassLogsThatItIsNotLinkedIn() throws {
    // objc-runtime.mm: objc_getMetaClass answers Nil for a class objc_getClass does not find,
    // after _objc_inform("class `%s' not linked into application"); a found class logs nothing.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var found: [Class?] = []
    let missing = diagnostics(of: runtime) { found.append(runtime.metaclass(named: "Nobody")) }
    #expect(missing == ["class `Nobody' not linked into application"])
    let present = diagnostics(of: runtime) { found.append(runtime.metaclass(named: "Person")) }
    #expect(present.isEmpty)
    #expect(found.count == 2 && found[0] == nil && found[1] === person.isa)
    try runtime.checkInvariants()
  }
}
