// SharedController+Delivery.swift: from a KVO notification to the info's callback.
//
// Docs: docs/kvocontroller.md#the-shared-controller. Tests:
// Tests/KVOControllerTests/KVOControllerRaceTests.swift, FBKVOControllerBehaviourTests.swift.
//
// A notification is admitted under `lock`: its context must name a registered info of that very
// object, not yet `notObserving`, whose observer is alive. Admission records the calling thread
// in the info's running threads (`firstRunning` when free, else `moreRunning`); the callback
// then runs with no lock held, and the thread is taken off again when it returns: off the first
// slot without the lock (one lock section per notification), then the lock is taken only if an
// `unobserve` waits (`waiters`, see `finish`). `unobserve` marks the info `notObserving` (no
// later admission) and sleeps until no other thread runs its callback: so once it returns, no
// callback of the info runs, and the thread that runs one may itself unobserve (it does not wait
// for itself).
//
// A delivery on the caller's thread holds its info without a reference of its own (no retain
// and release per notification, nor of the block's context, which is called borrowed from the
// info). What keeps the info alive meanwhile: the table, while it is registered; once it is
// unregistered (`unregister`, under the lock, which an admission also holds), the table's
// reference moves to `State.retired` if any thread runs a callback of it, and stays there until
// the last of those callbacks' `finish`. That covers a callback unobserving itself or releasing
// its controller, and a callback still running elsewhere when `unobserve` returns (the deadlock
// case below). A finish that clears the first slot without the lock sees the retired count
// (raised before `unregister` checks the slot) and takes the lock to let the info go; after
// clearing the slot it touches the info no more.
//
// Two threads can each be inside a callback and unobserve what the other is running: waiting
// would deadlock. Before sleeping, a thread follows the chain "waits for a callback running on
// a thread that waits for …"; if that chain comes back to a callback the thread itself is
// running, it does not sleep (the only case where a callback can still be running elsewhere
// when `unobserve` returns; it already started, and the other thread is blocked in `unobserve`
// inside it). Every such chain is closed by the thread that would complete the cycle, under
// the lock, so it is always seen.
//
// Executor delivery is admitted twice: when KVO notifies (dropped if already unobserved), and
// when the executor runs it (dropped if unobserved meanwhile), which is the admission that counts.
//
// All of this lives in the `Registry`, not the shared controller itself: the runtime class's
// method holds the registry strongly, and the registry reaches no runtime object, so no weak
// load is needed per notification and no cycle through the runtime is made.

import KVO
import MiniRuntime
import Synchronization

extension SharedController {
  /// The infos registered with KVO, their lock, and the delivery of their notifications.
  final class Registry: @unchecked Sendable {
    /// Guards the state and every info's `state`, `moreRunning` and `initialDueOn`, and
    /// orders the setting of its `firstRunning`.
    let lock = DeliveryLock(State())
    /// The threads in `waitForCallbacks` (raised before they check, lowered after): a callback
    /// that cleared its info's first running slot without the lock takes it to wake them only
    /// when this is not zero.
    let waiters = Atomic<Int>(0)
    /// The number of infos in `State.retired` (raised before an info is checked, lowered once it
    /// is let go): a callback that cleared its info's first running slot without the lock takes
    /// it to let them go only when this or `waiters` is not zero.
    let retired = Atomic<Int>(0)
  }
}

extension SharedController.Registry {
  typealias Info = KVOController.Info
  typealias State = SharedController.State

  /// `observeValueForKeyPath:ofObject:change:context:` sent by KVO.
  ///
  /// Objective-C: `-[_FBKVOSharedController observeValueForKeyPath:ofObject:change:context:]`
  func observeValue(_ arguments: Arguments) throws {
    // Each read in place, and the object and change lent rather than copied out: KVO's argument
    // list holds them for the whole call, so neither is retained and released here.
    guard let context = arguments.pointer(at: 3) else { return }  // FB asserts on a missing context
    try arguments.withObject(at: 1) { object in
      try arguments.withSwiftObject(at: 2) { boxed in
        guard type(of: boxed) == Change.self else { return }  // not a notification of ours
        // INVARIANT: its exact type was just checked (Change is final).
        try deliver(context, object: object, change: unsafeDowncast(boxed, to: Change.self), arguments: arguments)
      }
    }
  }

  /// Admits a notification of `context` and calls back (now, or on the info's executor).
  @inline(__always)
  private func deliver(_ context: UInt, object: Object, change: Change, arguments: Arguments) throws {
    let thread = currentThread()
    // Admission hands back the info and fills these, rather than returning an optional tuple:
    // copying that tuple out and destroying it cost a retain and release of each.
    var observer: Object?
    var isInitial = false
    var inline = false
    var queued = false
    let admitted = lock.withLock { state -> Unmanaged<Info>? in
      // Read without a retain: the table holds it while the lock is held.
      state.infos.unretained(context)?._withUnsafeGuaranteedRef { info -> Unmanaged<Info>? in
        guard info.objectID == ObjectIdentifier(object), info.state != .notObserving else { return nil }
        observer = info.observer
        guard observer != nil else { return nil }  // the observer is gone
        isInitial = info.initialDueOn == thread
        if isInitial { info.initialDueOn = 0 }
        guard info.callsBackOnCallerThread else {
          // Bound for its executor, not running yet: once the lock is released, this reference
          // is all that keeps the info for the executor's closure.
          queued = true
          return Unmanaged.passRetained(info)
        }
        inline = info.startRunning(on: thread)
        return Unmanaged.passUnretained(info)
      }
    }
    guard let admitted, let observer else { return }  // unregistered, or its observer is gone
    if queued {
      let info = admitted.takeRetainedValue()
      guard case .executor(let executor) = info.delivery else { return }
      let isInitial = isInitial
      executor.execute { [self] in
        deliverLater(info, object: object, change: change, arguments: arguments, isInitial: isInitial)
      }
      return
    }
    // INVARIANT: the info outlives the callback without a reference of this call: it was in the
    // table when admitted, and `unregister` keeps the table's reference (in `retired`) for as
    // long as a thread runs one of its callbacks, this one included until `finish` takes it off.
    try admitted._withUnsafeGuaranteedRef { info in
      defer { finish(info, on: thread, inline: inline) }
      try call(info, observer: observer, object: object, change: change, arguments: arguments, isInitial: isInitial)
    }
  }

  /// Runs a callback on its executor, if its info is still observed by then.
  private func deliverLater(_ info: Info, object: Object, change: Change, arguments: Arguments, isInitial: Bool) {
    let thread = currentThread()
    var inline = false
    let observer = lock.withLock { _ -> Object? in
      guard info.state != .notObserving, let observer = info.observer else { return nil }
      inline = info.startRunning(on: thread)
      return observer
    }
    guard let observer else { return }
    defer { finish(info, on: thread, inline: inline) }
    do {
      try call(info, observer: observer, object: object, change: change, arguments: arguments, isInitial: isInitial)
    } catch {
      // Nobody to throw to: the setter returned long ago.
      observer.runtime?.emit(
        .diagnostic(subsystem: "KVOController", message: "callback for \"\(info.keyPath)\" of \(object) threw: \(error)"))
    }
  }

  /// Calls back as the info says, with no lock held. `arguments` are KVO's; the key path
  /// (`arguments[0]`) is read only for the observer's own observeValueForKeyPath:.
  private func call(
    _ info: Info, observer: Object, object: Object, change: Change, arguments: Arguments, isInitial: Bool
  ) throws {
    if info.block != nil {
      // call-out: the user's block. Only the block gets the key path added (FB): KVO built the
      // change with it (registered with it as an extra entry: checked by identity), unless the
      // observed class overrides addObserver:, whose message knows of no extra entry. Two calls
      // rather than one of a conditional change: that one would be retained around the call.
      // Called through `info.block?` rather than bound (`if let`), so that the block is borrowed
      // from the info (alive for the call: see `deliver`), not copied and its context retained.
      if info.keyPathIsCarried(by: change) || change.extra(forKey: .notificationKeyPath) != nil {
        info.block?(observer, object, change)
      } else {
        info.block?(observer, object, change.adding(.string(info.keyPath), forKey: .notificationKeyPath))
      }
      return
    }
    switch info.target {
    case .block: break  // called above
    case .handler(let box):
      box.handler(observer, object, change, info.keyPath, isInitial)  // call-out: the user's handler
    case .action(let action):
      // call-out: the observer's method. FB sends (change, object); a method that takes fewer
      // arguments ignores the rest, as it would in Objective-C.
      switch action.argumentCount {
      case 0: _ = try Runtime.msgSend(observer, action)
      case 1: _ = try Runtime.msgSend(observer, action, .swiftObject(change))
      default: _ = try Runtime.msgSend(observer, action, .swiftObject(change), .object(object))
      }
    case .context(let context):
      // call-out: the observer's own observeValueForKeyPath:, with the caller's context.
      _ = try Runtime.msgSend(
        observer, SharedController.observeValue,
        arguments: Arguments(arguments[0], .object(object), .swiftObject(change), context.rawValue == 0 ? .nil : .pointer(context.rawValue)))
    }
  }

  /// Takes the calling thread off the info's running threads, wakes any `unobserve` waiting,
  /// and lets go of the unregistered infos no thread runs any more (`unregister`). The first
  /// slot (`inline`: the common case, one callback of the info at a time) is cleared without the
  /// lock; then the waiter and retired counts are read, and only one that is not zero makes it
  /// take the lock. A waiter raises its count before it checks the slot (`waitForCallbacks`), as
  /// `unregister` does before it keeps an info, and both sides' operations are sequentially
  /// consistent, so either that side sees the slot cleared or this sees its count: `unobserve`
  /// never sleeps through the last finish, and a kept info is always let go.
  private func finish(_ info: Info, on thread: UInt, inline: Bool) {
    if inline {
      info.finishInline()
      // Not touched from here on: once its slot is clear, another thread may let it go.
      guard waiters.load(ordering: .sequentiallyConsistent) != 0 || retired.load(ordering: .sequentiallyConsistent) != 0
      else { return }
      // A waiter that saw the slot still set holds the lock until it sleeps on the condition.
      let released = lock.withLock { state in letGoOfFinished(&state) }
      lock.broadcast()
      withExtendedLifetime(released) {}  // freed here, with the lock released
      return
    }
    let (wake, released) = lock.withLock { state -> (Bool, [Info]) in
      info.finishMore(on: thread)
      return (waiters.load(ordering: .sequentiallyConsistent) != 0, letGoOfFinished(&state))
    }
    if wake { lock.broadcast() }
    withExtendedLifetime(released) {}  // freed here, with the lock released (perhaps `info`)
  }

  /// Takes `info` out of the table of registered infos. While a callback of it runs (on any
  /// thread, the calling one included), the table's reference moves to `State.retired` instead:
  /// a delivery holds its info without a reference of its own, so this is what keeps the info
  /// (its block, its running threads) alive until the last such callback's `finish`. The
  /// retired count is raised before the second check of the slot (see `finish`). Locking:
  /// caller holds `lock`.
  func unregister(_ info: Info, in state: inout State) {
    if info.isRunningAnywhere {
      retired.add(1, ordering: .sequentiallyConsistent)
      if info.isRunningAnywhere {
        state.retired.append(info)
      } else {
        retired.subtract(1, ordering: .sequentiallyConsistent)  // it finished meanwhile
      }
    }
    state.infos.remove(info)
  }

  /// Removes from `State.retired` the infos no thread runs any more, and hands them back to be
  /// freed once the lock is released (an info's block may hold anything). Locking: caller holds
  /// `lock`.
  private func letGoOfFinished(_ state: inout State) -> [Info] {
    guard !state.retired.isEmpty else { return [] }
    var released: [Info] = []
    state.retired.removeAll { info in
      guard !info.isRunningAnywhere else { return false }
      released.append(info)
      return true
    }
    retired.subtract(released.count, ordering: .sequentiallyConsistent)
    return released
  }

  /// Sleeps until no thread but this one runs a callback of `infos`, unless sleeping would
  /// deadlock (see the file comment).
  func waitForCallbacks(of infos: [Info], on thread: UInt) {
    // Raised before the first check (see `finish`), lowered once awake for good.
    waiters.add(1, ordering: .sequentiallyConsistent)
    defer { waiters.subtract(1, ordering: .sequentiallyConsistent) }
    lock.wait { state in
      guard infos.contains(where: { $0.isRunning(elsewhereThan: thread) }),
        !Self.wouldDeadlock(state, waiting: thread, for: infos)
      else {
        state.waiting[thread] = nil
        return false
      }
      state.waiting[thread] = infos
      return true
    }
  }

  /// Whether `thread` sleeping until `infos` stop running elsewhere closes a cycle of waits.
  /// Locking: caller holds `lock` (it reads `state`).
  private static func wouldDeadlock(_ state: State, waiting thread: UInt, for infos: [Info]) -> Bool {
    var pending = infos.flatMap(\.runningThreads).filter { $0 != thread }
    var seen: Set<UInt> = []
    while let other = pending.popLast() {
      guard seen.insert(other).inserted, let awaited = state.waiting[other] else { continue }
      for info in awaited {
        if info.isRunning(on: thread) { return true }
        pending += info.runningThreads
      }
    }
    return false
  }
}
