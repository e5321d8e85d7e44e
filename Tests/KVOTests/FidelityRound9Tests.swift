// FidelityRound9Tests.swift: probes of fidelity round 9: dependent keys that loop, a key path
// through an NSMutableDictionary value, automatic notification declared on a superclass, a
// subclass made after its superclass was observed, and options Prior and Initial together.
// Each test pins Foundation's answer.

import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound9Tests {
  /// `a` depends on `b` and `b` on `a`: Foundation's dependency walk keeps the properties it has
  /// already visited, so observing either is allowed and one set notifies it once.
  @Test func dependentKeysThatLoopNotifyOncePerSet() throws {
    let world = try World()
    let cls = try makeClass("Loop", in: world) { cls in
      try cls.synthesizeProperty("a", type: .longLong)
      try cls.synthesizeProperty("b", type: .longLong)
    }
    try cls.isa.addMethod("keyPathsForValuesAffectingA", types: "@16@0:8") { _, _, _ in ["b"] }
    try cls.isa.addMethod("keyPathsForValuesAffectingB", types: "@16@0:8") { _, _, _ in ["a"] }
    let loop = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try loop.addObserver(observer, forKeyPath: "a", options: [.new])
    try world.runtime.msgSend(loop, "setB:", 2)
    try world.runtime.msgSend(loop, "setA:", 3)
    #expect(log.all.map(\.keyPath) == ["a", "a"])
    try loop.removeObserver(observer, forKeyPath: "a")
    #expect(loop.isa === cls)
    try world.runtime.checkInvariants()
  }

  /// Observing `dict.key` where `dict` is an NSMutableDictionary: `setObject:forKey:` on the
  /// dictionary tells nobody (NSMutableDictionary's primitive sends no will/did), while
  /// `setValue:forKeyPath:` through the owner does (Foundation's answer, the reason code that
  /// ports KVO on dictionaries uses setValue:forKey:).
  @Test func aKeyPathThroughAMutableDictionaryIsNotifiedBySetValueNotBySetObject() throws {
    let world = try World()
    let cls = try makeClass("Holder", in: world) { cls in
      try cls.synthesizeProperty("dict", type: .object(className: "NSMutableDictionary"))
    }
    let holder = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let dict = try world.runtime.mutableDictionary(["key": 1])
    try world.runtime.msgSend(holder, "setDict:", .object(dict))
    let (observer, log) = try world.newObserver()
    try holder.addObserver(observer, forKeyPath: "dict.key", options: [.new, .old])
    try world.runtime.msgSend(dict, "setObject:forKey:", 2, "key")
    #expect(log.count == 0)
    try holder.setValue(3, forKeyPath: "dict.key")
    #expect(log.all.map { $0.change.new } == [3])
    #expect(log.all.map { $0.change.old } == [2])
    try holder.removeObserver(observer, forKeyPath: "dict.key")
    try world.runtime.checkInvariants()
  }

  /// `+automaticallyNotifiesObserversOfAge` answering NO on a superclass is inherited: an
  /// instance of a subclass is not notified by its setter, until the subclass answers YES.
  @Test func automaticallyNotifiesOfKeyOnASuperclassHoldsForItsSubclasses() throws {
    let world = try World()
    try world.person.isa.addMethod("automaticallyNotifiesObserversOfAge", types: "B16@0:8") { _, _, _ in .bool(false) }
    let student = try world.runtime.allocateClassPair(superclass: world.person, name: "Student")
    try world.runtime.registerClassPair(student)
    let ann = try #require(try world.runtime.msgSend(student, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age")
    try world.runtime.msgSend(ann, "setAge:", 1)
    #expect(log.count == 0)
    try ann.removeObserver(observer, forKeyPath: "age")

    let graduate = try world.runtime.allocateClassPair(superclass: world.person, name: "Graduate")
    try graduate.isa.addMethod("automaticallyNotifiesObserversOfAge", types: "B16@0:8") { _, _, _ in .bool(true) }
    try world.runtime.registerClassPair(graduate)
    let bea = try #require(try world.runtime.msgSend(graduate, "new").objectValue)
    try bea.addObserver(observer, forKeyPath: "age")
    try world.runtime.msgSend(bea, "setAge:", 2)
    #expect(log.count == 1)
    try bea.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  /// A subclass made with `objc_allocateClassPair` after an instance of its superclass was
  /// observed gets its own NSKVONotifying_ class when observed, and both notify.
  @Test func aSubclassMadeAfterItsSuperclassWasObservedIsObservedOnItsOwn() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age")
    let late = try world.runtime.allocateClassPair(superclass: world.person, name: "Latecomer")
    try world.runtime.registerClassPair(late)
    let bea = try #require(try world.runtime.msgSend(late, "new").objectValue)
    try bea.addObserver(observer, forKeyPath: "age")
    #expect(bea.isa.name == "NSKVONotifying_Latecomer")
    #expect(try world.runtime.msgSend(bea, "class") == .object(late))
    try world.runtime.msgSend(bea, "setAge:", 1)
    try world.runtime.msgSend(ann, "setAge:", 2)
    #expect(log.all.map { $0.object === bea } == [true, false])
    try bea.removeObserver(observer, forKeyPath: "age")
    try ann.removeObserver(observer, forKeyPath: "age")
    #expect(bea.isa === late && ann.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// Prior and Initial together: the Initial notification is not a prior one; each change then
  /// sends a prior notification (with old, if asked) and the change itself.
  @Test func priorAndInitialTogether() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "age", 1)
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: [.initial, .prior, .old, .new])
    try world.set(ann, "age", 2)
    let changes = log.all.map(\.change)
    #expect(changes.map(\.isPrior) == [false, true, false])
    #expect(changes.map(\.new) == [1, nil, 2])
    #expect(changes.map(\.old) == [nil, 1, 1])
    try ann.removeObserver(observer, forKeyPath: "age")
  }

  /// `object_setClass` to a subclass on an observed object: its setters are the subclass's, not
  /// the notifying class's, so nobody is told; the registration is still there to remove, and
  /// the last removal leaves the isa the user set (Foundation restores the original class of
  /// the isa it finds, which for a class that is not a notifying one is the class itself). A new
  /// observation then goes through NSKVONotifying_ of the new class.
  @Test func anObservedObjectMovedToASubclassKeepsItAfterTheLastRemoval() throws {
    let world = try World()
    let sub = try world.runtime.allocateClassPair(superclass: world.person, name: "Moved")
    try world.runtime.registerClassPair(sub)
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age")
    try ann.setClass(sub)
    try world.runtime.msgSend(ann, "setAge:", 1)
    #expect(log.count == 0)
    #expect(ann.observedKeyPaths == ["age"])
    try ann.removeObserver(observer, forKeyPath: "age")
    #expect(ann.isa === sub)
    try ann.addObserver(observer, forKeyPath: "age")
    #expect(ann.isa.name == "NSKVONotifying_Moved")
    try world.runtime.msgSend(ann, "setAge:", 2)
    #expect(log.count == 1)
    try ann.removeObserver(observer, forKeyPath: "age")
    #expect(ann.isa === sub)
    try world.runtime.checkInvariants()
  }

  /// A subclass's `+keyPathsForValuesAffecting<Key>` replaces its superclass's for its own
  /// instances (a class-method lookup finds the subclass's first), and leaves the superclass's
  /// instances with theirs.
  @Test func aSubclassDeclaringDependentKeysReplacesItsSuperclassesForItsInstances() throws {
    let world = try World()
    let student = try world.runtime.allocateClassPair(superclass: world.person, name: "Pupil")
    try student.isa.addMethod("keyPathsForValuesAffectingFullName", types: "@16@0:8") { _, _, _ in ["name"] }
    try world.runtime.registerClassPair(student)
    let ann = try #require(try world.runtime.msgSend(student, "new").objectValue)
    let bea = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "fullName")
    try bea.addObserver(observer, forKeyPath: "fullName")
    try world.set(ann, "firstName", "Ann")
    try world.set(ann, "name", "A")
    try world.set(bea, "name", "B")
    try world.set(bea, "firstName", "Bea")
    #expect(log.all.map { $0.object === ann } == [true, false])
    try ann.removeObserver(observer, forKeyPath: "fullName")
    try bea.removeObserver(observer, forKeyPath: "fullName")
    try world.runtime.checkInvariants()
  }
}
