// Notifier+LinkedChange.swift: the did of a chain link's change, without the link's own pass.
//
// Docs: docs/kvo.md#key-path-chains, docs/performance.md (K9). Tests:
// Tests/KVOTests/KeyPathChainTests.swift, LinkedChangeTests.swift.
//
// A set of `friend.age`'s last key (`friend.setAge:` while someone observes `friend.age` on its
// owner) is a change of two entries: the friend's `age`, whose one registration is the chain
// link's forwarder, and the owner's `friend.age`, which that forwarder's will pushed. The
// general did (Notifier.didChange) copies the change off the stack, keeps every observer of
// both entries alive, and makes a whole pass over the friend's entry (relinking, new values, a
// notification batch) only to reach its forwarder, which finishes the owner's entry. When the
// friend's entry has nothing of its own to do (no outside observer asked for anything, its path
// is no chain, its one registration is that forwarder), this does just what that pass would
// have done, in the same order: the forwarder's checks, then the owner's entry as a change of
// one entry. Any other shape goes the general way.
//
// Stateless; runs on the did's thread, which alone touches its change stack, with no lock held.

import MiniRuntime

extension Notifier {
  /// Finishes a chain link's change taken off the stack (`ThreadChanges.takeLinked`): `link`,
  /// its beginning, and `forwarded`, the one entry `link`'s forwarder pushed; then frees both.
  /// Out of line: the did's common case (one entry) stays as small as it was.
  @inline(never)
  static func finishLinkedChange(
    _ link: UnretainedPendingChange, _ forwarded: UnretainedPendingChange, of object: Object, errors: inout [any Error],
    thread: ThreadChanges
  ) {
    if !finishLinked(link, errors: &errors) {
      withUnsafeTemporaryAllocation(of: UnretainedPendingChange.self, capacity: 2) { scratch in
        scratch.initializeElement(at: 0, to: link)  // as `take(_:into:)` leaves them: own, then forwarded
        scratch.initializeElement(at: 1, to: forwarded)
        finishTaken(UnsafeBufferPointer(scratch), own: 1, of: object, errors: &errors)
      }
    }
    link.withChange { if !$0.errors.isEmpty { errors = $0.errors + errors } }
    thread.recycle(link)  // the beginning first, as the general did frees them
    thread.recycle(forwarded)
  }

  /// Finishes the change `link` begins, when `link` has no pass of its own to make. Answers
  /// `false`, having done nothing, when it does: the caller runs the general pass.
  private static func finishLinked(_ link: UnretainedPendingChange, errors: inout [any Error]) -> Bool {
    // INVARIANT: UnretainedPendingChange (the thread owns both entries until it recycles them).
    link.withChange { change in
      // What the general pass does for the link's entry besides its registrations' turns:
      // relink a chain, read a new value somebody asked for. Neither here.
      guard change.withPath({ $0.flags == ObservedPath.Flags.forwarders && !$0.isChain }), change.forwarded.count == 1
      else { return false }
      guard let only = change.withPath(\.soleRegistration) else { return false }
      return only.withRegistration { registration in
        guard let forwarder = registration.forwarder else { return false }
        // The general pass's turn of that registration, in its order: still registered, its
        // owner alive, the forwarded entry its own; then the owner's entry, alone.
        let (id, entry) = change.forwarded[0]
        guard registration.isRegistered, let owner = forwarder.owner, id == registration.id else { return true }
        finishAlone(entry, of: owner, errors: &errors)
        return true
      }
    }
  }
}
