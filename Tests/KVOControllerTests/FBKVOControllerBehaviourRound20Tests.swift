// FBKVOControllerBehaviourRound20Tests.swift: FBKVOController cases of fidelity round 20, each
// with FBKVOController's answer (FBKVOControllerTests.m, its issues) or Foundation's beneath it.

import Dispatch
import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound20Tests {
  /// `_FBKVOInfo`'s `isEqual:` and `hash` look at the key path only, so a second observe of the
  /// key path with other options and another block finds the first info (`[infos member:info]`)
  /// and is dropped: the first options and block stay; `unobserve:keyPath:` removes that one.
  @Test func observingAgainWithOtherOptionsKeepsTheFirstOptionsUntilTheKeyPathIsUnobserved() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, change in
      seen.append("first prior=\(change.isPrior) old=\(change.old.map { "\($0)" } ?? "absent")")
    }
    try controller.observe(person, keyPath: "age", options: [.old, .new, .prior, .initial]) { _, _, _ in
      seen.append("second")
    }
    #expect(controller.observedKeyPaths(of: person) == ["age"])
    try world.setAge(person, 1)
    #expect(seen.all == ["first prior=false old=absent"])
    controller.unobserve(person, keyPath: "age")
    #expect(controller.observedKeyPaths(of: person).isEmpty)
    #expect(person.isa === world.person)
    try world.setAge(person, 2)
    #expect(seen.count == 1)
  }

  /// Foundation's Initial notification has kind 1 (setting) and `new`, and no `old` even when
  /// `old` was asked for; FB's block gets that change plus `FBKVONotificationKeyPathKey`, an
  /// action gets it unchanged. The first real change then carries `old`.
  @Test func theInitialChangeThroughTheControllerIsKindSettingWithNewAndNoOld() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()
    let person = try world.newPerson()
    try world.setAge(person, 4)
    let keys = Log<[String]>()
    let olds = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.initial, .old, .new]) { _, _, change in
      keys.append(change.dictionary.keys.sorted())
      olds.append(change.old.map { "\($0)" } ?? "absent")
      #expect(change.kind == .setting)
    }
    let actions = KVOController(observer: watcher)
    try actions.observe(person, keyPath: "age", options: [.initial, .old, .new], action: "ageChanged:object:")
    #expect(keys.all == [["FBKVONotificationKeyPathKey", "kind", "new"]])
    #expect(olds.all == ["absent"])
    #expect(log.all == ["action nil \(Value.int64(4))"])  // the action's change has no key path entry
    try world.setAge(person, 5)
    #expect(keys.all.last == ["FBKVONotificationKeyPathKey", "kind", "new", "old"])
    #expect(olds.all == ["absent", "\(Value.int64(4))"])
  }

  /// `setKVOController:` stores the user's controller (its observer may be another object): the
  /// getter answers it, and setting another releases it, which ends its observations.
  @Test func aControllerSetByTheUserIsAnsweredAndReplacingItEndsItsObservations() throws {
    let world = try World()
    let (owner, _) = try world.newWatcher()
    let (other, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    var mine: KVOController? = KVOController(observer: other, retainObserved: false)
    weak let released = mine
    owner.kvoController = try #require(mine)
    #expect(owner.kvoController === mine)
    mine = nil
    try owner.kvoController.observe(person, keyPath: "age", options: [.new]) { observer, _, change in
      seen.append("\(observer === other) \(change.new ?? nil)")
    }
    try world.setAge(person, 1)
    owner.kvoController = KVOController(observer: owner)
    #expect(released == nil)
    #expect(person.isa === world.person)
    try world.setAge(person, 2)
    #expect(seen.all == ["true \(Value.int64(1))"])
    #expect(owner.kvoController.observedObjectCount == 0)
  }

  /// `observe:keyPaths:` with a key path repeated and a chain: the repeat is one info (FB's set),
  /// and each change names its own key path under `FBKVONotificationKeyPathKey`.
  @Test func observingKeyPathsWithARepeatAndAChainNamesEachChangesOwnKeyPath() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let friend = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "friend.age", "age"], options: [.new]) { _, _, change in
      seen.append("\(change[.notificationKeyPath] ?? nil) \(change.new ?? nil)")
    }
    #expect(controller.observedKeyPaths(of: person) == ["age", "friend.age"])
    try world.setAge(friend, 7)
    try world.runtime.msgSend(person, "setFriend:", .object(friend))
    try world.setAge(friend, 8)
    try world.setAge(person, 3)
    #expect(
      seen.all == [
        "\(Value.string("friend.age")) \(Value.int64(7))", "\(Value.string("friend.age")) \(Value.int64(8))",
        "\(Value.string("age")) \(Value.int64(3))",
      ])
  }

  /// A block running on another thread unobserves its own key path: the unobserve returns (it
  /// does not wait for the callback it is called from), and no later change calls back.
  @Test func aCallbackOnAnotherThreadUnobservingItsOwnKeyPathReturnsAndEndsTheObservation() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new]) { [weak controller] _, object, _ in
      controller?.unobserve(object, keyPath: "age")
      seen.append("unobserved")
    }
    let done = DispatchGroup()
    let errors = Log<String>()
    DispatchQueue.global().async(group: done) {
      do { try world.setAge(person, 1) } catch { errors.append("\(error)") }
    }
    done.wait()
    try world.setAge(person, 2)
    #expect(errors.all.isEmpty)
    #expect(seen.all == ["unobserved"])
    #expect(controller.observedObjectCount == 0)
    #expect(person.isa === world.person)
  }

  /// The observed object's `dealloc` unobserves itself from a non-retaining controller. FB's
  /// weak-keyed map table reads a deallocating key as nil, so `unobserve:` finds nothing and
  /// Foundation's "deallocated while key value observers were still registered" follows; here
  /// the entry goes, but its object reads nil as a weak load would, so the registration is left
  /// to KVO's dealloc, which logs the same. The controller then observes another object.
  @Test func anObservedObjectUnobservingItselfInItsDeallocGetsFoundationsLogOnce() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher, retainObserved: false)
    try world.person.addMethod("dealloc", types: "v16@0:8") { [weak controller] receiver, _, _ in
      controller?.unobserve(receiver)
      return try Runtime.msgSendSuper(receiver, superclass: receiver.runtime!.rootClass, "dealloc")
    }
    let diagnostics = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(_, let message) = event { diagnostics.append(message) }
    }
    var person: Object? = try world.newPerson()
    let reference = WeakReference(person)
    try controller.observe(person, keyPaths: ["age", "name"]) { _, _, _ in }
    person = nil
    events.cancel()
    #expect(reference.object == nil)
    #expect(diagnostics.all.count == 1)
    #expect(diagnostics.all.first?.contains("was deallocated while key value observers were still registered") == true)
    #expect(controller.observedObjectCount == 0)
    let next = try world.newPerson()
    let seen = Log<Int>()
    try controller.observe(next, keyPath: "age") { _, _, _ in seen.append(1) }
    try world.setAge(next, 1)
    #expect(seen.count == 1)
  }

  /// Observing through a non-retaining controller on one thread while the last reference to the
  /// observed object goes on another: whichever comes first, the object is freed, the controller
  /// forgets it and the shared controller holds no info of it.
  @Test func observingWhileTheObservedObjectIsReleasedElsewhereLeavesNothingBehind() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher, retainObserved: false)
    let shared = try SharedController.of(world.runtime)
    for _ in 0..<200 {
      let holder = Locked<Object?>(try world.newPerson())
      let reference = WeakReference(holder.withLock { $0 })
      let done = DispatchGroup()
      DispatchQueue.global().async(group: done) {
        guard let person = holder.withLock({ $0 }) else { return }
        try? controller.observe(person, keyPath: "age") { _, _, _ in }
      }
      DispatchQueue.global().async(group: done) { holder.withLock { $0 = nil } }
      done.wait()
      #expect(reference.object == nil)
    }
    #expect(controller.observedObjectCount == 0)
    #expect(shared.registeredCount == 0)
  }

  /// FB overrides only `-debugDescription` (of the controller and of its infos): `-description`
  /// is NSObject's `<FBKVOController: 0x…>`, what `%@` and `NSLog` print; `po` prints the
  /// debug description with the observer and what it observes.
  @Test func theDescriptionIsNSObjectsAndTheDebugDescriptionIsFBs() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age") { _, _, _ in }
    let address = Object.address(of: controller)
    #expect(controller.description == "<FBKVOController: \(address)>")
    #expect("\(controller)" == controller.description)
    #expect(controller.debugDescription.hasPrefix("<FBKVOController:\(address) observer:<Watcher:\(watcher.address)>\n  "))
    #expect(String(reflecting: controller) == controller.debugDescription)
  }
}
