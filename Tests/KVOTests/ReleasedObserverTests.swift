// ReleasedObserverTests.swift: objects released to zero by manual retain-release, as KVO sees them.
//
// Docs: docs/kvo.md#where-minikvo-differs-from-apples-kvo, docs/decisions/0017-manual-retain-release.md.
//
// A `release` with no extra retain left deallocates the object at once (decision 0017), while
// Swift references may still reach its zeroed shell. KVO must treat such an observer as freed
// (never messaged, its registrations pruned) and such an observed object as gone (its notifying
// dealloc ran), exactly as for an object Swift freed.

import MiniRuntime
import Testing

@testable import KVO

@Suite struct ReleasedObserverTests {
  /// An observer class whose callback writes into `log`, a Swift object outside the observer,
  /// so the callback would be seen even after the observer's associations are released.
  private func watcherClass(_ world: World, log: Log<String>) throws -> Class {
    let watcher = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Watcher")
    try world.runtime.registerClassPair(watcher)
    try watcher.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
      _, _, arguments in
      log.append(arguments[0].stringValue ?? "?")
      return .nil
    }
    return watcher
  }

  @Test func anObserverReleasedToZeroIsNeverMessagedAndIsPruned() throws {
    let world = try World()
    let log = Log<String>()
    let watcher = try watcherClass(world, log: log)
    let observer = try #require(try world.runtime.msgSend(watcher, "new").objectValue)
    let person = try world.newPerson()
    try person.addObserver(observer, forKeyPath: "age")
    try world.set(person, "age", 1)
    #expect(log.all == ["age"])
    try Runtime.release(observer)  // the last ownership: dealloc runs now
    #expect(observer.isDeallocating)
    try world.set(person, "age", 2)
    #expect(log.all == ["age"])  // the deallocated observer was not messaged
    #expect(person.observances.isEmpty)  // and its registration was pruned
  }

  @Test func aWeakReferenceToAnObjectReleasedToZeroReadsNil() throws {
    let world = try World()
    let person = try world.newPerson()
    let reference = WeakReference(person)
    try Runtime.release(person)
    #expect(reference.object == nil)
    #expect(Object.unlessDeallocating(person) == nil)
  }

  @Test func anObservedObjectReleasedToZeroIsCleanedUp() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let person = try world.newPerson()
    try person.addObserver(observer, forKeyPath: "age")
    try Runtime.release(person)
    #expect(person.observationInfo == nil)
    #expect(log.all.isEmpty)
    try world.runtime.checkInvariants()
  }
}
