// RuntimeLocalTests.swift: state a layer keeps once per runtime (RuntimeLocal.swift).

import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct RuntimeLocalTests {
  final class Registry: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
  }

  @Test func valueIsMadeOnceAndAnsweredAfter() throws {
    let runtime = Runtime()
    let key = RuntimeLocal<Registry>("test.registry")
    #expect(key.value(in: runtime) == nil)
    var made = 0
    let first = key.value(in: runtime) {
      made += 1
      return Registry("first")
    }
    let second = key.value(in: runtime) {
      made += 1
      return Registry("second")
    }
    #expect(first === second && made == 1)
    #expect(key.value(in: runtime) === first)
    try runtime.checkInvariants()
  }

  @Test func runtimesAndKeysHaveSeparateSlots() {
    let (one, two) = (Runtime(), Runtime())
    let (a, b) = (RuntimeLocal<Registry>("same name"), RuntimeLocal<Registry>("same name"))
    let oneA = a.value(in: one) { Registry("oneA") }
    let twoA = a.value(in: two) { Registry("twoA") }
    let oneB = b.value(in: one) { Registry("oneB") }
    #expect([oneA.label, twoA.label, oneB.label] == ["oneA", "twoA", "oneB"])
    #expect(b.value(in: two) == nil)
  }

  @Test func removingTheRootClassAssociatedObjectsLeavesRuntimeLocalStateAlone() throws {
    let runtime = Runtime()
    let key = RuntimeLocal<Registry>("test.registry")
    let kept = key.value(in: runtime) { Registry("kept") }
    runtime.rootClass.removeAssociatedObjects()
    runtime.rootClass.isa.removeAssociatedObjects()
    #expect(key.value(in: runtime) === kept)
  }

  @Test func aThrowingMakeStoresNothing() throws {
    struct Refused: Error {}
    let runtime = Runtime()
    let key = RuntimeLocal<Registry>("test.registry")
    #expect(throws: Refused.self) { try key.value(in: runtime) { throw Refused() } }
    #expect(key.value(in: runtime) == nil)
    #expect(key.value(in: runtime) { Registry("later") }.label == "later")
  }

  @Test func makeMayChangeTheRuntimeAndItsEventsArriveAfterwards() throws {
    let runtime = Runtime()
    let key = RuntimeLocal<Registry>("test.registry")
    let seen = Locked<[String]>([])
    let observation = runtime.addEventObserver { event in
      // An event observer may itself read the slot: it runs after the creation lock is released.
      seen.withLock { $0.append(key.value(in: runtime)?.label ?? "none") }
      _ = event
    }
    _ = try key.value(in: runtime) {
      try runtime.rootClass.addMethod("layerMethod", types: "v16@0:8") { _, _, _ in .nil }
      return Registry("made")
    }
    observation.cancel()
    #expect(!seen.withLock { $0 }.isEmpty)
    #expect(seen.withLock { $0 }.allSatisfy { $0 == "made" })
    try runtime.checkInvariants()
  }

  @Test func concurrentFirstUsesAgreeOnOneValue() {
    let runtime = Runtime()
    let key = RuntimeLocal<Registry>("test.registry")
    let seen = Locked<[ObjectIdentifier]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      let value = key.value(in: runtime) { Registry("\(index)") }
      seen.withLock { $0.append(ObjectIdentifier(value)) }
    }
    #expect(Set(seen.withLock { $0 }).count == 1)
  }
}
