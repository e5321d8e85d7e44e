// InitializeBeforeCacheTests.swift: KVC and KVO reach a class before any message does, and
// still no method cache entry appears before its +initialize has run (objc4's rule: never cache
// before +initialize is done; Runtime+Lookup.swift).

import Testing

@testable import KVO
@testable import MiniRuntime

@Suite struct InitializeBeforeCacheTests {
  func cacheCount(_ cls: Class, _ runtime: Runtime) -> Int {
    runtime.withState { state in cls.cache.entries(&state).count }
  }

  @Test func kvcReadBeforeAnyMessageRunsInitializeBeforeACacheEntryAppears() throws {
    let world = try World()
    let runtime = world.runtime
    let person = world.person
    let seen = Log<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      seen.append("initialize with \(self.cacheCount(person, runtime)) cache entries")
      return .nil
    }
    let ann = try person.createInstance()  // no message yet
    #expect(!person.isInitialized && cacheCount(person, runtime) == 0)
    _ = try ann.value(forKey: "age")
    #expect(seen.all == ["initialize with 0 cache entries"])
    #expect(person.isInitialized)
    try runtime.checkInvariants()
  }

  @Test func observingBeforeAnyMessageRunsInitializeBeforeACacheEntryAppears() throws {
    let world = try World()
    let runtime = world.runtime
    let person = world.person
    let seen = Log<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      let cls = try #require(receiver as? Class)
      seen.append("+[\(cls.name) initialize] with \(self.cacheCount(cls, runtime)) cache entries")
      return .nil
    }
    let ann = try person.createInstance()  // no message yet
    let (observer, _) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: .new)
    // The isa switch is object_setClass, which initializes the class it installs (superclasses
    // first), as objc4's does; KVO has it done before it takes the object's table lock.
    #expect(
      seen.all == [
        "+[Person initialize] with 0 cache entries", "+[NSKVONotifying_Person initialize] with 0 cache entries",
      ])
    try ann.removeObserver(observer, forKeyPath: "age")
    try runtime.checkInvariants()
  }

  @Test func theNotifyingClassIsInitializedBeforeTheObservationIsRecorded() throws {
    // KVO sends +initialize to NSKVONotifying_Person before it takes the object's table lock: a
    // user's +initialize then finds nothing recorded yet (under the lock the table was already
    // published in the object's observation info).
    let world = try World()
    let person = world.person
    let ann = try person.createInstance()
    let seen = Log<String>()
    try person.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
      let name = (receiver as? Class)?.name ?? "?"
      seen.append("+[\(name) initialize] sees \(ann.observationInfo == nil ? "no" : "an") observation info")
      return .nil
    }
    let (observer, _) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: .new)
    #expect(
      seen.all == [
        "+[Person initialize] sees no observation info", "+[NSKVONotifying_Person initialize] sees no observation info",
      ])
    #expect(ann.isa.name == "NSKVONotifying_Person")
    try ann.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }
}
