// Notifier+Observers.swift: the observers of a notification pass, kept alive and visited in
// registration order.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ChangeDictionaryTests.swift,
// RegistrationTests.swift, DependentKeyTests.swift.
//
// A pass (the prior notifications of a will, the notifications of a did) loads each observer
// object from its registration once (a try-retain of its unowned reference, decision 0018),
// holds it until the pass ends, and hands it on as an unretained handle
// (UnretainedObject.swift); the registrations of several entries are visited in the order they
// were made, as Foundation notifies. Stateless.

import MiniRuntime

extension Notifier {
  /// Runs `body` with a strong reference to the observer object of every registration of
  /// `changes` (at `change.observerBase + index`; nil for closures, forwarders and observers
  /// already gone), so that no observer of the pass is freed before the pass ends.
  ///
  /// The buffer owns the references the loads (try-retains) made and releases them at the end;
  /// `body` sees them as handles (UnretainedObject.swift), so using one costs no reference
  /// counting.
  @inline(__always)
  static func withObserversAlive<Changes: PendingChanges>(
    of changes: Changes, _ body: (UnsafeBufferPointer<UnretainedObject?>) -> Void
  ) {
    var done = false
    if changes.count == 1 {  // the common case: one observer, no buffer
      changes.forEachBorrowed { change in  // borrowed: no reference counting of the change
        change.observerBase = 0
        var registrations = change.withPath { $0.registrationRefs.makeIterator() }
        if let only = registrations.next(), registrations.next() == nil {
          let observer = only.withRegistration { $0.observerObject }
          withExtendedLifetime(observer) {  // INVARIANT: UnretainedObject (kept alive for the pass)
            withUnsafePointer(to: observer.map(UnretainedObject.init)) { body(UnsafeBufferPointer(start: $0, count: 1)) }
          }
          done = true
        }
      }
    }
    if !done { withObserversAliveInBuffer(of: changes, body) }
  }

  /// ``withObserversAlive(of:_:)`` for several observers: their strong references in a buffer.
  static func withObserversAliveInBuffer<Changes: PendingChanges>(
    of changes: Changes, _ body: (UnsafeBufferPointer<UnretainedObject?>) -> Void
  ) {
    var total = 0
    changes.forEachBorrowed { change in
      change.observerBase = total
      total &+= change.withPath(\.registrationCount)
    }
    withUnsafeTemporaryAllocation(of: Object?.self, capacity: total) { owned in
      // INVARIANT: capacity is `total`, and exactly `total` slots are initialized below.
      guard let base = owned.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
      var slot = base
      changes.forEachBorrowed { change in
        change.withPath { path in
          for registration in path.registrationRefs {
            slot.initialize(to: registration.withRegistration { $0.observerObject })  // the try-retain's +1, kept
            slot += 1
          }
        }
      }
      UnretainedObject.keptAlive(owned, body)  // INVARIANT: UnretainedObject (`owned` keeps them)
      var index = 0
      while index < total {  // the observers may be freed here, after the pass
        _ = (base + index).move()
        index &+= 1
      }
    }
  }

  /// Calls `body` for every (change, index in its path, registration) in registration order.
  @inline(__always)
  static func forEachRegistration<Changes: PendingChanges>(
    of changes: Changes, _ body: (PendingChange, Int, Registration) -> Void
  ) {
    if changes.count == 1 {
      changes.forEachBorrowed { change in  // borrowed: no reference counting of the change
        change.withPath { path in
          var index = 0
          for registration in path.registrationRefs {
            registration.withRegistration { body(change, index, $0) }
            index &+= 1
          }
        }
      }
      return
    }
    let triples = changes.flatMap { change in
      change.path.registrations.enumerated().map { (change, $0.offset, $0.element) }
    }
    for (change, index, registration) in triples.sorted(by: { $0.2.id < $1.2.id }) { body(change, index, registration) }
  }
}
