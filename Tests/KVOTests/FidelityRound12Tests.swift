// FidelityRound12Tests.swift: the twelfth round of KVC/KVO behaviour cases: a key path through a
// collection operator whose to-many key was nil when it was observed, and what the swizzled
// object answers to the introspection messages of GNUstep's (WinObjC's) KVOTests
// (`isKindOfClass:`, `isMemberOfClass:`, `methodForSelector:`, `respondsToSelector:`).
// Each test pins Foundation's and objc4's answer.

import Testing

@testable import KVO

@Suite struct FidelityRound12Tests {
  /// `items.@count` observed while `items` is nil: Foundation's nested property has nothing to
  /// send `addObserver:` to, so the add succeeds. Storing an array later makes the chain send it
  /// `addObserver:forKeyPath:@"@count"`, which the array refuses: out of the setter, after the
  /// value is stored and the observer had its prior and its post notification. The chain is then
  /// linked to nothing, and nothing is left pending: storing nil again notifies normally with no
  /// refusal (nil has nothing to refuse), and the registration is removed as usual.
  @Test func anOperatorPathObservedWhileItsKeyWasNilIsRefusedOnlyWhenAnArrayArrives() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    let bea = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try bea.addObserver(observer, forKeyPath: "items.@count", options: [.prior, .new])
    #expect(bea.isa.name == "NSKVONotifying_Person")
    let late = #expect(throws: KeyValueError.self) { try world.set(bea, "items", ["a", "b"]) }
    #expect(late?.exceptionName == "NSInvalidArgumentException")
    #expect(late?.message.hasSuffix("addObserver:forKeyPath:options:context:] is not supported. Key path: @count") == true)
    #expect(try bea.value(forKey: "items") == ["a", "b"])
    #expect(log.all.map(\.change.isPrior) == [true, false])
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
    try world.set(bea, "items", .nil)  // no array: no refusal
    #expect(log.all.map(\.change.isPrior) == [true, false, true, false])
    #expect(log.all.map(\.keyPath) == Array(repeating: "items.@count", count: 4))
    try bea.removeObserver(observer, forKeyPath: "items.@count")
    #expect(bea.observationInfo == nil && bea.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// `isKindOfClass:` and `isMemberOfClass:` start from `[self class]` in objc4, which the
  /// notifying subclass overrides to answer the original class: the observed object is a member
  /// of Person, and neither a member nor a kind of its real isa, NSKVONotifying_Person.
  @Test func theSwizzledObjectIsAMemberOfItsClassAndNoKindOfItsNotifyingIsa() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: [])
    let notifying = try #require(world.runtime.lookUpClass(named: "NSKVONotifying_Person"))
    #expect(ann.isa === notifying)
    #expect(try world.runtime.msgSend(ann, "isMemberOfClass:", .class(world.person)) == true)
    #expect(try world.runtime.msgSend(ann, "isKindOfClass:", .class(world.person)) == true)
    #expect(try world.runtime.msgSend(ann, "isMemberOfClass:", .class(notifying)) == false)
    #expect(try world.runtime.msgSend(ann, "isKindOfClass:", .class(notifying)) == false)
    #expect(try world.runtime.msgSend(ann, "respondsToSelector:", .selector("setAge:")) == true)
    #expect(try world.runtime.msgSend(ann, "respondsToSelector:", .selector("setNope:")) == false)
    try ann.removeObserver(observer, forKeyPath: "age")
  }

  /// `methodForSelector:` looks in the object's isa (objc4's `object_getClass`), so the observed
  /// object answers the notifying setter, not Person's (`+instanceMethodForSelector:` still
  /// answers Person's); once the last observer goes, it answers Person's again. A getter the
  /// notifying class does not override is Person's in both.
  @Test func methodForSelectorOfTheSwizzledObjectIsTheNotifyingSetter() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, _) = try world.newObserver()
    let original = try world.runtime.msgSend(world.person, "instanceMethodForSelector:", .selector("setAge:"))
    let getter = try world.runtime.msgSend(ann, "methodForSelector:", .selector("age"))
    #expect(try world.runtime.msgSend(ann, "methodForSelector:", .selector("setAge:")) == original)
    try ann.addObserver(observer, forKeyPath: "age", options: [])
    let swizzled = try world.runtime.msgSend(ann, "methodForSelector:", .selector("setAge:"))
    #expect(swizzled != original && swizzled != .nil)
    #expect(try world.runtime.msgSend(world.person, "instanceMethodForSelector:", .selector("setAge:")) == original)
    #expect(try world.runtime.msgSend(ann, "methodForSelector:", .selector("age")) == getter)
    try ann.removeObserver(observer, forKeyPath: "age")
    #expect(try world.runtime.msgSend(ann, "methodForSelector:", .selector("setAge:")) == original)
  }
}
