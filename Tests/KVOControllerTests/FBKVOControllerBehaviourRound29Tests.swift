// FBKVOControllerBehaviourRound29Tests.swift: round 29's pass over FBKVOControllerTests.m and the
// behaviours its users rely on, one test per case of that file's kind: a key path observed twice,
// a stray unobserve, unobserveAll, the three callback styles, the Initial option at observe time,
// FBKVONotificationKeyPathKey, what each controller retains, the controller's release, FB's
// assertions (errors here, as its debug build raises) and a change made on another thread.

import Dispatch
import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound29Tests {
  /// The second `observe:` of a key path already observed on that object is dropped, whatever
  /// its options and callback (FB's `_FBKVOInfo` is equal by key path): one KVO registration,
  /// one callback per change, the first block's.
  @Test func observingTheSameObjectAndKeyPathTwiceKeepsOnlyTheFirst() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, change in
      seen.append("first \(change.new ?? nil)")
    }
    try controller.observe(person, keyPath: "age", options: [.new, .old, .initial]) { _, _, change in
      seen.append("second \(change.new ?? nil)")
    }
    try world.setAge(person, 5)
    #expect(seen.all == ["first 5"])
    #expect(person.observances.count == 1)
    controller.unobserve(person, keyPath: "age")
    #expect(person.observationInfo == nil)
    #expect(person.isa === world.person)
  }

  /// `unobserve:keyPath:`, `unobserve:` and `unobserveAll` of what was never observed do
  /// nothing: no error, no registration touched, the other observations kept.
  @Test func unobservingWhatIsNotObservedDoesNothing() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let stranger = try world.newPerson()
    let controller = KVOController(observer: watcher)
    controller.unobserveAll()
    controller.unobserve(person)
    controller.unobserve(person, keyPath: "age")
    controller.unobserve(nil)
    controller.unobserve(nil, keyPath: "age")
    let seen = Log<String>()
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, change in
      seen.append("\(change.new ?? nil)")
    }
    controller.unobserve(stranger)
    controller.unobserve(stranger, keyPath: "age")
    controller.unobserve(person, keyPath: "name")
    try world.setAge(person, 1)
    #expect(seen.all == ["1"])
    #expect(stranger.isa === world.person)
    controller.unobserveAll()
    try world.setAge(person, 2)
    #expect(seen.all == ["1"])
    #expect(person.isa === world.person && person.observationInfo == nil)
    controller.unobserveAll()  // twice: still nothing
  }

  /// An action of no, one or two arguments: FB's `performSelector:withObject:withObject:` hands
  /// the change then the object, and a method that takes fewer ignores the rest. The change is
  /// Foundation's, without FBKVONotificationKeyPathKey.
  @Test func actionsOfZeroOneAndTwoArgumentsGetWhatTheyTake() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    try world.watcher.addMethod("none", types: "v16@0:8") { _, _, arguments in
      seen.append("none \(arguments.count)")
      return .nil
    }
    try world.watcher.addMethod("one:", types: "v24@0:8@16") { _, _, arguments in
      let change = arguments[0].change
      seen.append("one \(change?.new ?? nil) \(change?[.notificationKeyPath] == nil)")
      return .nil
    }
    try world.watcher.addMethod("two:object:", types: "v32@0:8@16@24") { _, _, arguments in
      seen.append("two \(arguments[0].change?.new ?? nil) \(arguments[1].objectValue === person)")
      return .nil
    }
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new], action: "none")
    try controller.observe(person, keyPath: "name", options: [.new], action: "one:")
    try controller.observe(person, keyPath: "friend", options: [.new], action: "two:object:")
    try world.setAge(person, 3)
    try world.runtime.msgSend(person, "setName:", "Ann")
    try world.runtime.msgSend(person, "setFriend:", .object(person))
    #expect(seen.all == ["none 0", #"one "Ann" true"#, "two \(Value.object(person)) true"])
  }

  /// The context form calls the observer's own `observeValueForKeyPath:ofObject:change:context:`
  /// with the key path, the object, Foundation's change (no FBKVONotificationKeyPathKey) and the
  /// caller's context.
  @Test func theContextFormCallsTheObserversOwnObserveValueWithTheContext() throws {
    let world = try World()
    let (watcher, log) = try world.newWatcher()  // its observeValueForKeyPath:… logs what it gets
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new], context: 42)
    try world.setAge(person, 9)
    #expect(log.all == ["observe age 9 0x2a"])
  }

  /// `NSKeyValueObservingOptionInitial` calls back inside `observe`, before it returns, with the
  /// current value; each key path of the `keyPaths:` form gets its own, in order, and the
  /// block's change names it under FBKVONotificationKeyPathKey.
  @Test func theInitialCallbackRunsDuringObserveWithTheKeyPath() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    try world.setAge(person, 7)
    try world.runtime.msgSend(person, "setName:", "Ann")
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "name"], options: [.initial, .new]) { observer, object, change in
      seen.append(
        "\(change[.notificationKeyPath] ?? nil) \(change.new ?? nil) \(change.kind == .setting) "
          + "\(observer === watcher) \(object === person)")
    }
    #expect(seen.all == [#""age" 7 true true true"#, #""name" "Ann" true true true"#])
    try world.setAge(person, 8)
    #expect(seen.all.last == #""age" 8 true true true"#)
  }

  /// The non-retaining controller never retains what it observes. (FB's retaining controller
  /// retains an observed object once, as its map table's key: FBKVOControllerBehaviourRound30Tests.)
  @Test func theNonRetainingControllerNeverRetainsWhatItObserves() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let base = person.retainCount
    let nonRetaining = KVOController(observer: watcher, retainObserved: false)
    try nonRetaining.observe(person, keyPaths: ["age", "name"]) { _, _, _ in }
    #expect(person.retainCount == base)
    nonRetaining.unobserveAll()
    #expect(person.retainCount == base)
  }

  /// Releasing the controller unobserves everything it observed: each object gets its class
  /// back and no registration stays, and later changes call nothing.
  @Test func releasingTheControllerUnobservesEverything() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let seen = Log<String>()
    var controller: KVOController? = KVOController(observer: watcher)
    try controller?.observe(ann, keyPaths: ["age", "name"]) { _, _, _ in seen.append("ann") }
    try controller?.observe(bob, keyPath: "age", options: [.new], context: 1)
    #expect(ann.isa !== world.person && bob.isa !== world.person)
    controller = nil
    #expect(ann.isa === world.person && ann.observationInfo == nil)
    #expect(bob.isa === world.person && bob.observationInfo == nil)
    try world.setAge(ann, 1)
    try world.setAge(bob, 1)
    #expect(seen.all.isEmpty)
  }

  /// FB's assertions come before its nil-object return: `observe:nil keyPath:@""` asserts (here:
  /// throws, as its debug build raises), and so does an action the observer does not respond
  /// to, even for a nil object; a nil object with a good key path does nothing. The `keyPaths:`
  /// form asserts on an empty array, then returns for a nil object before it looks at a key path.
  @Test func fbsAssertionsComeBeforeItsNilObjectReturn() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController(observer: watcher)
    try controller.observe(nil, keyPath: "age") { _, _, _ in Issue.record("never") }
    try controller.observe(nil, keyPath: "age", action: "ageChanged:object:")
    try controller.observe(nil, keyPath: "age", context: 1)
    try controller.observe(nil, keyPaths: ["", "age"]) { _, _, _ in }
    let emptyBlock = #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPath: "") { _, _, _ in } }
    #expect(emptyBlock?.code == .invalidKeyPath)
    #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPath: "", context: 1) }
    #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPath: "", action: "ageChanged:object:") }
    let missing = #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPath: "age", action: "noSuchAction:") }
    #expect(missing?.code == .invalidArgument)
    #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPaths: []) { _, _, _ in } }
    #expect(controller.observedObjectCount == 0)
  }

  /// Observed on one thread, changed on another: the callback runs on the thread that made the
  /// change, before its setter returns.
  @Test func aChangeMadeOnAnotherThreadCallsBackOnThatThread() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "setter")
    queue.setSpecific(key: key, value: "setter")
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new]) { _, _, change in
      seen.append("\(change.new ?? nil) on \(DispatchQueue.getSpecific(key: key) ?? "another")")
    }
    let errors = Log<String>()
    queue.sync {
      do {
        try world.setAge(person, 4)
        seen.append("returned")
      } catch { errors.append("\(error)") }
    }
    #expect(errors.all.isEmpty)
    #expect(seen.all == ["4 on setter", "returned"])
  }
}
