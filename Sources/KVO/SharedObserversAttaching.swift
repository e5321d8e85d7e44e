// SharedObserversAttaching.swift: which of the attaches running on one object at once wins
// (`-setSharedObservers:` from two threads).
//
// Docs: docs/kvo.md#shared-observers, decisions/0048-shared-observers-are-flagged-registrations.md.
// Tests: Tests/KVOTests/FidelityRound20ObservingSharedTests.swift.
//
// Model: an attach adds its snapshot's registrations one by one (each a call-out: the initial
// notification, a `setObservationInfo:` override), so it cannot hold a lock throughout. Instead
// each attach takes a ticket when it begins, and the object's latest ticket is kept while any
// attach on it runs. When an attach ends it asks whether it is still the latest one begun:
//   - yes: it keeps its registrations and removes every other shared registration made before
//     that moment (the bound is the registration counter then): the previous snapshot's, and
//     what an attach begun earlier and still running has added so far;
//   - no: an attach begun later will win, so it removes its own registrations (also those an
//     earlier winner missed because they were added after its bound).
// So the object ends with exactly the snapshot of the attach begun last, never both lists, a
// mix, or none. An attach begun after a winner's answer gets a later ticket and registrations
// past its bound, so the winner never removes them.
// Locking: `state` (a `Locked`) is a leaf (Locks.swift, KVO f): held only to take a ticket or
// answer the question, calling nothing. It holds object identities, not objects, and forgets an
// object when its last running attach ends, so it is empty when no attach runs.

import MiniRuntime

/// The tickets of the attaches running on each object.
enum SharedObserversAttaching {
  /// An object's running attaches: how many, and the latest ticket handed out.
  private struct Running {
    var count: Int
    var latest: UInt64
  }

  private struct State {
    var nextTicket: UInt64 = 0
    var running: [ObjectIdentifier: Running] = [:]
  }

  private static let state = Locked(State())

  /// Begins an attach to `object` and returns its ticket.
  static func begin(on object: Object) -> UInt64 {
    state.withLock { state in
      state.nextTicket += 1
      let ticket = state.nextTicket
      state.running[ObjectIdentifier(object), default: Running(count: 0, latest: 0)].count += 1
      state.running[ObjectIdentifier(object)]?.latest = ticket
      return ticket
    }
  }

  /// Ends the attach `ticket` to `object`. Returns the registration bound (the last registration
  /// number handed out now) if it is the latest attach begun on the object, nil if a later one
  /// began meanwhile.
  static func end(_ ticket: UInt64, on object: Object) -> UInt64? {
    state.withLock { state in
      let key = ObjectIdentifier(object)
      guard var running = state.running[key] else { return nil }  // unreachable: begin recorded it
      running.count -= 1
      state.running[key] = running.count == 0 ? nil : running
      return running.latest == ticket ? Registration.lastNumber : nil
    }
  }
}
