// EventHub.swift: the observers of runtime events.
//
// Docs: docs/runtime.md#runtime-events. Tests: Tests/MiniRuntimeTests/RuntimeEventTests.swift.
//
// Model: an observer list behind its own lock, plus one atomic word of flags that the runtime
// reads before doing any event work: with no observer, an event costs one relaxed load and a
// branch ("off by default and free when off"). Observers run on the thread that caused the
// event, after every runtime lock is released, in the order they were added.

import Synchronization

/// The list of event observers of one runtime, and the other facts the runtime publishes for
/// readers that take no lock (every class holds the hub, so a class reaches them directly).
final class EventHub: @unchecked Sendable {
  /// The runtime's method generation, republished after every locked section
  /// (`Runtime.State.methodGeneration`).
  let methodGeneration = Atomic<UInt64>(0)

  /// Bit 0: someone observes events. Bit 1: someone observes message sends.
  private let flags = Atomic<UInt8>(0)
  private let observers = Locked<[(id: UInt64, sends: Bool, handler: @Sendable (RuntimeEvent) -> Void)]>([])
  private let nextID = Atomic<UInt64>(1)

  /// Whether any observer is registered (one relaxed load).
  @inline(__always) var isActive: Bool { flags.load(ordering: .relaxed) & 1 != 0 }

  /// Whether any observer wants message sends (one relaxed load).
  @inline(__always) var tracesSends: Bool { flags.load(ordering: .relaxed) & 2 != 0 }

  func add(includingMessageSends: Bool, _ handler: @escaping @Sendable (RuntimeEvent) -> Void) -> UInt64 {
    let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    observers.withLock { list in
      list.append((id, includingMessageSends, handler))
      updateFlags(list)
    }
    return id
  }

  func remove(_ id: UInt64) {
    observers.withLock { list in
      list.removeAll { $0.id == id }
      updateFlags(list)
    }
  }

  private func updateFlags(_ list: [(id: UInt64, sends: Bool, handler: @Sendable (RuntimeEvent) -> Void)]) {
    let value: UInt8 = (list.isEmpty ? 0 : 1) | (list.contains { $0.sends } ? 2 : 0)
    flags.store(value, ordering: .relaxed)
  }

  /// Delivers `event` to every observer (message sends only to those that asked), or holds it
  /// back if this thread is inside `Runtime.deferringEvents` (EventDeferral.swift).
  /// Locking: the caller holds no runtime lock.
  func emit(_ event: RuntimeEvent) {
    let deferral = EventDeferral.perThread.current
    if deferral.depth > 0 {
      deferral.held.append((self, event))
      return
    }
    deliver(event)
  }

  /// Calls the observers now. Locking: no lock held; the list is copied, then called.
  func deliver(_ event: RuntimeEvent) {
    let isSend: Bool
    if case .messageSent = event { isSend = true } else { isSend = false }
    let handlers = observers.withLock { list in list.filter { !isSend || $0.sends }.map(\.handler) }
    for handler in handlers { handler(event) }  // call-out: user observers, no lock held
  }
}

/// A registered event observer; cancel it (or let it go) to stop observing.
///
/// Objective-C: none (MiniKVO extension).
public final class EventObservation: Sendable {
  private let id: UInt64
  /// By an unowned count, not `weak` (UnownedReference.swift says why).
  private let runtime: UnownedReference<Runtime>

  init(id: UInt64, runtime: Runtime) {
    self.id = id
    self.runtime = UnownedReference(runtime)
  }

  /// Stops delivering events to this observer. Calling it twice is harmless.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func cancel() { runtime.load()?.events.remove(id) }

  deinit { cancel() }
}

extension Runtime {
  /// Starts delivering runtime events to `handler`, on the thread that causes each event.
  ///
  /// ```swift
  /// let observation = runtime.addEventObserver { print($0) }
  /// // … everything the runtime does is printed …
  /// observation.cancel()
  /// ```
  ///
  /// - Parameters:
  ///   - includingMessageSends: Also report every message send (costly; off by default).
  ///   - handler: Called after the runtime has released its locks; it may call the runtime.
  /// - Returns: A token; events stop when it is cancelled or released.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func addEventObserver(
    includingMessageSends: Bool = false, _ handler: @escaping @Sendable (RuntimeEvent) -> Void
  ) -> EventObservation {
    EventObservation(id: events.add(includingMessageSends: includingMessageSends, handler), runtime: self)
  }

  /// Reports `event` to the observers, if any (for layers built on the runtime, such as KVO).
  ///
  /// - Important: Call it with no lock held: observers run synchronously.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func emit(_ event: @autoclosure () -> RuntimeEvent) {
    if events.isActive { events.emit(event()) }
  }

  /// Whether anyone observes events, so callers can skip building expensive event text.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var isObservingEvents: Bool { events.isActive }

  /// Whether anyone observes message sends, so layers above can send real messages where they
  /// would otherwise take a shortcut with the same effect.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var isTracingMessageSends: Bool { events.tracesSends }
}
