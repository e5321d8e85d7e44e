// EventDeferral.swift: holding back runtime events until a caller's locks are released.
//
// Docs: docs/runtime.md#runtime-events. Tests: Tests/MiniRuntimeTests/RuntimeEventTests.swift.
//
// Model: event observers are user code, so they must never run while anybody holds a lock they
// might need. The runtime already delivers its own events after dropping `Runtime.lock`; a
// layer above that calls the runtime under a lock of its own (KVO switches an object's isa
// under the object's observation lock) wraps that section in `deferringEvents`, and the events
// raised on this thread meanwhile wait in the thread's own `EventDeferral` (a `ThreadLocal`,
// ThreadLocal.swift) until the outermost such section returns. Only the owning thread touches
// its buffer, so it takes no lock.
// The runtime's own call-outs into user code that such a section may cause (the load-image
// functions and `+load`s of an image loaded inside it: Foundation loads its image under its
// creation lock) are held back the same way, and run after the held events are delivered, with
// the section's locks released (decision 0055).

/// The events held back on one thread.
///
/// Invariant: only the owning thread touches an instance (it lives in that thread's
/// thread-specific slot), so its fields skip the dynamic exclusivity check.
final class EventDeferral: @unchecked Sendable {
  /// How many `deferringEvents` sections the thread is inside.
  @exclusivity(unchecked) var depth = 0
  /// Held-back events with the hub each belongs to, in the order they were raised.
  @exclusivity(unchecked) var held: [(hub: EventHub, event: RuntimeEvent)] = []
  /// Held-back call-outs into user code, in the order they were due.
  @exclusivity(unchecked) var heldCallOuts: [() -> Void] = []

  /// Each thread's deferral state, made on first use and freed when the thread ends.
  static let perThread = ThreadLocal { EventDeferral() }
}

extension Runtime {
  /// Runs `body`, holding back the runtime events it causes on this thread until the outermost
  /// such call returns (or throws); then delivers them in the order they happened.
  ///
  /// The load-image functions and `+load`s of an image `body` loads wait too, and run after
  /// the events, in the order they were due (a `+load` error is then a `diagnostic` event).
  ///
  /// Use it around a section that calls the runtime while holding a lock of your own, so that
  /// event observers (which may call back into your code) never run under that lock.
  ///
  /// ```swift
  /// try runtime.deferringEvents {
  ///   try myLock.withLock { try object.setClass(subclass) }   // isaChanged waits…
  /// }                                                         // …and is delivered here
  /// ```
  ///
  /// - Complexity: O(1) besides `body`, plus the delivery of what was held back.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func deferringEvents<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    try Runtime.deferringEvents(body)
  }

  /// The same as the instance method: the held-back events are the calling thread's, whatever
  /// runtime raises them, so no runtime is needed (and none is retained).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func deferringEvents<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let deferral = EventDeferral.perThread.current
    deferral.depth += 1
    defer {
      deferral.depth -= 1
      if deferral.depth == 0 { deferral.release() }
    }
    return try body()
  }

  /// Runs `callOut` now, or, inside `deferringEvents`, once the outermost section returned
  /// (after the events it held back). Answers whether it ran now.
  @discardableResult
  static func callingOutAfterDeferral(_ callOut: @escaping () -> Void) -> Bool {
    let deferral = EventDeferral.perThread.current
    guard deferral.depth > 0 else {
      callOut()
      return true
    }
    deferral.heldCallOuts.append(callOut)
    return false
  }
}

extension EventDeferral {
  /// Delivers the held events, then runs the held call-outs; again while those held more (a
  /// call-out that enters and leaves a section of its own releases that section's itself).
  /// Called with depth 0, outside every section.
  fileprivate func release() {
    while !held.isEmpty || !heldCallOuts.isEmpty {
      let events = held
      held = []
      for (hub, event) in events { hub.deliver(event) }  // call-out: event observers, no lock held
      let callOuts = heldCallOuts
      heldCallOuts = []
      for callOut in callOuts { callOut() }  // call-out: load-image functions, +loads, no lock held
    }
  }
}
