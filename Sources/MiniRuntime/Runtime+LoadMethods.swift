// Runtime+LoadMethods.swift: calling +load, objc4's `call_load_methods`, for the images
// `loadImage` brings.
//
// Docs: docs/runtime.md#categories-and-load. Tests:
// Tests/MiniRuntimeTests/ObjC4BehaviourRound21LoadTests.swift, ImageTests.swift.
//
// Model: the +loads an image brings go on the runtime's two queues (`State.loadQueue`: the
// classes' and the categories'), then the *outermost* caller runs them, as objc4's
// `call_load_methods`: class +loads until none are left, then the categories' once, again while
// either queue has more. A +load that loads another image (load-reentrant.m's nested `dlopen`)
// only queues that image's +loads: "re-entrant calls do nothing; the outermost call will finish
// the job", so they run after the +load that loaded it returns, new classes before any category.
// One thread at a time runs +loads (objc4's `loadMethodLock`): `State.loadQueue.thread` names it,
// and another thread's `loadImage` waits in `Runtime.monitor` until it is done, then runs its own.
// Locking: the queues and the owner are read and changed under `Runtime.lock`; waiting takes the
// monitor first (Locks.swift's order); no lock is held while a +load runs. An image that brings
// no +load neither queues nor waits (objc4's `hasLoadMethods` check).

extension Runtime {
  /// One +load to call: the class it is called on, its label for the event, the implementation.
  struct PendingLoad {
    let receiver: Class
    let label: String
    let load: Implementation
  }

  /// The +loads queued and the thread calling them (objc4's `loadable_classes`,
  /// `loadable_categories` and the `loading` flag under `loadMethodLock`).
  struct LoadQueue {
    var classes: [PendingLoad] = []
    var categories: [PendingLoad] = []
    /// The thread running `callLoadMethods`' loop, if any.
    var thread: UInt?
  }

  /// Queues the +loads of one image and, unless this thread is already calling +loads further
  /// up its stack, calls every queued one; waits first while another thread calls its own.
  ///
  /// - Throws: The first error a +load called here threw, after every queued +load was called
  ///   (a nested image's +load errors surface in the outermost call).
  func callLoadMethods(classes: [PendingLoad], categories: [PendingLoad]) throws {
    // objc4's load_images returns before taking loadMethodLock when the image brings no +load
    // (hasLoadMethods): such an image never waits for another thread's +loads. Foundation's
    // images rely on it: they are loaded under the creation lock, which a +load running on
    // another thread may be waiting for (decision 0055).
    guard !classes.isEmpty || !categories.isEmpty else { return }
    let me = ThreadIdentity.current
    let isOutermost = monitor.withLock { () -> Bool in
      while true {
        let decided = withState { state -> Bool? in
          guard state.loadQueue.thread == nil || state.loadQueue.thread == me else { return nil }
          state.loadQueue.classes += classes
          state.loadQueue.categories += categories
          guard state.loadQueue.thread == nil else { return false }  // re-entrant: queued only
          state.loadQueue.thread = me
          return true
        }
        if let decided { return decided }
        monitor.wait()  // another thread is calling +loads
      }
    }
    guard isOutermost else { return }
    defer {
      withState { state in state.loadQueue.thread = nil }
      monitor.broadcast()
    }
    var firstError: (any Error)?
    func call(_ pending: PendingLoad) {
      emit(.loadCalled(method: pending.label))
      do {
        _ = try pending.load(pending.receiver, "load", Arguments())  // call-out: user +load, called directly, no lock held
      } catch {
        firstError = firstError ?? error
      }
    }
    while true {
      while let batch = takeQueued(\.classes) { batch.forEach(call) }
      guard let batch = takeQueued(\.categories) else { break }
      batch.forEach(call)
    }
    if let firstError { throw firstError }
  }

  /// Empties one queue and answers what it held, or `nil` when it was empty.
  private func takeQueued(_ queue: WritableKeyPath<LoadQueue, [PendingLoad]>) -> [PendingLoad]? {
    withState { state in
      let taken = state.loadQueue[keyPath: queue]
      state.loadQueue[keyPath: queue] = []
      return taken.isEmpty ? nil : taken
    }
  }
}
