// ReleasedControllerObserverTests.swift: a controller's observer or observed object released to
// zero by manual retain-release (decision 0017) reads as gone, as FB's `__weak` references do.

import MiniRuntime
import Testing

@testable import KVOController

@Suite struct ReleasedControllerObserverTests {
  @Test func anObserverReleasedToZeroGetsNoCallbackAndReadsNil() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<Int>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, change in seen.append(change.new?.intValue ?? -1) }
    try world.setAge(person, 1)
    try Runtime.release(watcher)  // the last ownership: dealloc runs, the shell lives on
    try world.setAge(person, 2)
    #expect(seen.all == [1])
    #expect(controller.observer == nil)
  }

  @Test func aWeaklyHeldObservedObjectReleasedToZeroIsNoLongerListed() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher, retainObserved: false)
    try controller.observe(person, keyPath: "age") { _, _, _ in }
    try Runtime.release(person)
    #expect(controller.observedKeyPaths(of: person).isEmpty)
  }
}
