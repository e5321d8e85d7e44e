// SharedController.swift: the one KVO observer behind every controller of a runtime.
//
// Docs: docs/kvocontroller.md#the-shared-controller. Tests:
// Tests/KVOControllerTests/KVOControllerTests.swift, KVOControllerRaceTests.swift.
//
// Model: FB's `_FBKVOSharedController`, one per runtime (FB has one per process; here it lives
// while some controller of the runtime does, see `Slot`). It is a
// runtime object of the runtime class `_FBKVOSharedController`, a class of KVOController's image
// (KVOControllerImage.swift, loaded once per runtime), registered with KVO as the
// observer of every info (`addObserver:self … context:info`), so an observed object's
// observation info names it; its `observeValueForKeyPath:ofObject:change:context:` maps the
// context back to the info through a table of registered infos, as FB's `[_infos member:context]`
// does, and calls back (SharedController+Delivery.swift).
//
// Lock: `lock` (its `registry`'s) guards the table and the retired infos, every info's `state`, `moreRunning` and
// `initialDueOn` (its `firstRunning` is cleared without it: SharedController+Delivery.swift), and
// the list of threads waiting in `unobserve`. KVO is called (addObserver, removeObserver) and
// callbacks run with it released. The state machine closes two races FB leaves open:
//   - an unobserve between the controller adding an info and this registering it: `observe`
//     checks the state in its first locked section and registers nothing for an info already
//     unobserved; one that is unobserved while `addObserver:` runs is removed as soon as it
//     returns (FB's `_FBKVOInfoStateNotObserving` branch);
//   - a callback starting after `unobserve` returned: a callback is admitted under the lock only
//     while its info is not `notObserving`, and `unobserve` waits for callbacks of its infos
//     already running on other threads (never for the calling thread's own, so a callback may
//     unobserve itself).

import KVO
import MiniRuntime

final class SharedController: @unchecked Sendable, CustomStringConvertible {
  typealias Info = KVOController.Info

  struct State {
    /// The infos registered with KVO (or being registered), by context: their address. Held
    /// strongly, so no other info can take that address while this one may still be notified.
    var infos = ContextTable()
    /// Threads sleeping in `unobserve` until callbacks of these infos return elsewhere.
    var waiting: [UInt: [Info]] = [:]
    /// Infos taken out of `infos` while a callback of theirs was running, held until the last
    /// of those callbacks returns (`Registry.unregister`, SharedController+Delivery.swift).
    var retired: [Info] = []
  }

  /// The runtime class's name, as FBKVOController's.
  static let className = "_FBKVOSharedController"
  static let observeValue: Selector = "observeValueForKeyPath:ofObject:change:context:"

  /// The registered infos and their lock: what a notification needs (SharedController+Delivery.swift).
  let registry = Registry()
  /// The registry's lock.
  var lock: DeliveryLock<State> { registry.lock }
  /// The runtime object KVO knows as the observer (KVO holds it weakly; this keeps it).
  let object: Object
  /// The runtime this shared controller serves.
  let runtimeID: ObjectIdentifier

  private init(object: Object, runtime: Runtime) {
    self.object = object
    runtimeID = ObjectIdentifier(runtime)
  }

  /// Where a runtime keeps its shared controller: a slot user code cannot remove
  /// (`RuntimeLocal`), holding it weakly. Held strongly, it would be a cycle: the runtime keeps
  /// the slot, the slot the shared controller, the shared controller its runtime object, and
  /// every runtime object its runtime. So the controllers that use it keep it alive (each
  /// remembers the shared controller of the runtime it observes in); once the last of them is
  /// gone, so is it, and the next controller makes a new one.
  final class Slot: @unchecked Sendable {
    /// Locking: `lock`.
    weak var shared: SharedController?
    let lock = Lock()
  }

  private static let slot = RuntimeLocal<Slot>("KVOController.sharedController")

  /// The shared controller of `runtime`, made on first use.
  ///
  /// - Throws: What the runtime throws if the class `_FBKVOSharedController` cannot be made.
  static func of(_ runtime: Runtime) throws -> SharedController {
    let slot = slot.value(in: runtime) { Slot() }
    if let existing = slot.lock.withLock({ slot.shared }) { return existing }
    // Before the slot's lock: loading takes the creation lock, the outermost one.
    let cls = try KVOControllerImage.of(runtime).sharedControllerClass
    // The class and its methods raise events: delivered once the lock is released.
    return try runtime.deferringEvents {
      try slot.lock.withLock {
        if let existing = slot.shared { return existing }
        let shared = try make(cls, in: runtime)
        slot.shared = shared
        return shared
      }
    }
  }

  /// Gives the class of KVOController's image (its methods then belong to a shared controller
  /// since gone, if any) its methods, pointing at this shared controller, and makes the one
  /// instance. Locking: the slot's lock.
  private static func make(_ cls: Class, in runtime: Runtime) throws -> SharedController {
    guard runtime.classNames(inImage: Image.kvoControllerPath).contains(className) else {
      throw KeyValueError(.invalidArgument, "KVOController's image was unloaded from this runtime")
    }
    // `[[_FBKVOSharedController alloc] init]`, as FB's `+sharedController` makes it.
    guard let instance = try Runtime.msgSend(cls, "new").objectValue else {
      throw KeyValueError(.invalidArgument, "+[\(className) new] returned nil")
    }
    let shared = SharedController(object: instance, runtime: runtime)
    // The method holds the registry strongly (no weak load per notification: the registry
    // reaches neither the runtime object nor its runtime, so the runtime's class holding it
    // makes no cycle). A thread that still runs this method from a cache after the next shared
    // controller replaced it finds an empty registry once this shared controller is gone.
    let registry = shared.registry
    try cls.replaceMethod(
      observeValue, types: "v48@0:8@16@24@32^v40",
      implementation: Implementation(function: "-[_FBKVOSharedController observeValueForKeyPath:ofObject:change:context:]") {
        _, _, arguments in
        try registry.observeValue(arguments)
        return .nil
      })
    try cls.replaceMethod(
      "debugDescription", types: "@16@0:8",
      implementation: Implementation(function: "-[_FBKVOSharedController debugDescription]") { [weak shared] receiver, _, _ in
        .string(shared?.description ?? receiver.description)
      })
    return shared
  }

  // MARK: - Registering

  /// Registers `info` with KVO on `object`, unless it was unobserved first.
  ///
  /// - Throws: What `addObserver:forKeyPath:options:context:` throws; nothing stays registered.
  ///
  /// Objective-C: `-[_FBKVOSharedController observe:info:]`
  func observe(_ object: Object, _ info: Info) throws {
    let thread = currentThread()
    let proceed = lock.withLock { state -> Bool in
      guard info.state == .initial else { return false }  // unobserved before it got here
      state.infos.insert(info)
      if info.options.contains(.initial) { info.initialDueOn = thread }
      return true
    }
    guard proceed else { return }
    do {
      if let keyPathEntry = info.keyPathEntry {
        // A block gets the key path in its change (FB's FBKVONotificationKeyPathKey): named here,
        // KVO builds every change of this registration with it, so none is copied to add it.
        try object.addObserver(
          self.object, forKeyPath: info.keyPath, options: info.options, context: info.context,
          extraEntry: keyPathEntry)
      } else {
        try object.addObserver(self.object, forKeyPath: info.keyPath, options: info.options, context: info.context)
      }
    } catch {
      lock.withLock { state in
        registry.unregister(info, in: &state)
        info.state = .notObserving
        info.initialDueOn = 0
      }
      // KVO may have made the registration before the error (one from the Initial callback).
      try? object.removeObserver(self.object, forKeyPath: info.keyPath, context: info.context)
      throw error
    }
    let unobservedMeanwhile = lock.withLock { _ -> Bool in
      info.initialDueOn = 0
      guard info.state == .initial else { return true }
      info.state = .observing
      return false
    }
    // Unobserved while `addObserver:` ran (from the Initial callback, or another thread): that
    // unobserve found nothing registered yet, so the registration it missed goes now.
    if unobservedMeanwhile { removeRegistration(of: info, from: object) }
  }

  /// Unregisters `infos` of `object` (`nil` once it is freed: KVO dropped its registrations),
  /// then waits for their callbacks still running on other threads. From its return on, no
  /// callback of these infos runs.
  ///
  /// Objective-C: `-[_FBKVOSharedController unobserve:infos:]`
  func unobserve(_ object: Object?, _ infos: [Info]) {
    let thread = currentThread()
    let (registered, mustWait) = lock.withLock { state -> ([Info], Bool) in
      // `infos` itself while every one is registered (the common case): no new array.
      var someUnregistered: [Info]?
      var mustWait = false
      for (index, info) in infos.enumerated() {
        registry.unregister(info, in: &state)
        if info.state == .observing {
          someUnregistered?.append(info)
        } else if someUnregistered == nil {
          someUnregistered = Array(infos[..<index])
        }
        info.state = .notObserving
        mustWait = mustWait || info.isRunning(elsewhereThan: thread)
      }
      return (someUnregistered ?? infos, mustWait)
    }
    if let object {
      for info in registered { removeRegistration(of: info, from: object) }
    }
    if mustWait { registry.waitForCallbacks(of: infos, on: thread) }
  }

  /// Removes the KVO registration of `info`. A failure means someone else removed it (for
  /// example with `removeObserver:` on the shared controller's object): reported, not thrown.
  private func removeRegistration(of info: Info, from object: Object) {
    do {
      try object.removeObserver(self.object, forKeyPath: info.keyPath, context: info.context)
    } catch {
      object.runtime?.emit(
        .diagnostic(subsystem: "KVOController", message: "could not remove the observation of \"\(info.keyPath)\" of \(object): \(error)"))
    }
  }

  // MARK: - Introspection

  /// The number of infos registered (for tests).
  var registeredCount: Int { lock.withLock { $0.infos.count } }

  /// As FB's `-[_FBKVOSharedController debugDescription]`:
  /// `<_FBKVOSharedController:0x… contexts:(…)>`, listing the registered infos.
  ///
  /// Objective-C: `-[_FBKVOSharedController debugDescription]`
  var description: String {
    let infos = lock.withLock { state in state.infos.infos.map(\.description).sorted() }
    return "<\(Self.className):\(object.address) contexts:\(KVOController.arrayDescription(infos))>"
  }
}
