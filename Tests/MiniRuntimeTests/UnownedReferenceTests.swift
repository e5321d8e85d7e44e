// UnownedReferenceTests.swift: a back-reference by an unowned count (UnownedReference.swift):
// how a class holds its runtime without giving it a weak-reference side table.

import Testing

@testable import MiniRuntime

@Suite struct UnownedReferenceTests {
  private final class Target: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
  }

  @Test func loadAnswersTheTargetWhileItLivesAndNilOnceItIsFreed() {
    var target: Target? = Target("first")
    let reference = UnownedReference(target!)
    let loaded = reference.load()?.name, refers = reference.refers(to: target!)
    #expect(loaded == "first")
    #expect(refers)
    target = nil  // the last strong reference: its deinit runs, its memory stays for `reference`
    let afterFree = reference.load()
    #expect(afterFree == nil)
  }

  @Test func aReferenceIsSetOnceAndAnswersNilBefore() {
    let first = Target("first")
    let second = Target("second")
    let reference = UnownedReference<Target>()
    let beforeSet = reference.load(), refersBefore = reference.refers(to: first)
    #expect(beforeSet == nil)
    #expect(!refersBefore)
    reference.set(first)
    reference.set(second)  // changes nothing: the first link stays
    let afterSet = reference.load(), refersToSecond = reference.refers(to: second)
    #expect(afterSet === first)
    #expect(!refersToSecond)
  }

  @Test func aClassReachesItsRuntimeWhileItLivesAndTheRuntimeIsStillFreed() throws {
    var runtime: Runtime? = Runtime()
    let person = try #require(runtime).allocateClassPair(superclass: runtime!.rootClass, name: "Person")
    try runtime!.registerClassPair(person)
    #expect(person.linkedRuntime === runtime)
    let freed = WeakReference(runtime!)
    runtime = nil  // the class holds an unowned count, not the runtime's life
    #expect(freed.object == nil)
    #expect(person.linkedRuntime == nil)
  }
}
