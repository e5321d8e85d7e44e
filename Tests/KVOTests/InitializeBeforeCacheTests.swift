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
    try person.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
      seen.append("initialize with \(self.cacheCount(person, runtime)) cache entries")
      return .nil
    }
    let ann = try person.createInstance()  // no message yet
    let (observer, _) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age", options: .new)
    #expect(seen.all.allSatisfy { $0 == "initialize with 0 cache entries" })
    #expect(!person.isInitialized ? cacheCount(person, runtime) == 0 : seen.count == 1)
    try ann.removeObserver(observer, forKeyPath: "age")
    try runtime.checkInvariants()
  }
}
