// ObservedPath.View.swift: an observed path as it was when a change began.
//
// Docs: docs/performance.md#add-and-remove. Tests: Tests/KVOTests/RegistrationTests.swift.
//
// A change notifies the registrations of the path as it was when the change began (as
// Foundation notifies the observances it found at will-change time): a view notes how many
// slots were filled, the summary flags, and the removal clock's tick, and keeps reading the
// path through those however the path changes meanwhile (ObservedPath.swift says why the slots
// below `end` never change). Three words and an unretained handle of the path: whoever holds
// the view keeps the path alive (UnretainedObservedPath.swift: a pending change retains it).

import MiniRuntime

extension ObservedPath {
  /// An observed path as it was when a change began.
  struct View {
    /// The path. Whoever holds the view keeps it alive (UnretainedObservedPath.swift).
    let handle: UnretainedObservedPath
    let end: Int
    let flags: UInt
    /// The removal clock's tick when the view was taken.
    let stamp: UInt64

    // INVARIANT: UnretainedObservedPath (the view's holder keeps the path), for all of these.
    var pathID: KeyID { handle.withPath { $0.pathID } }
    var path: KeyValuePath { handle.withPath { $0.path } }
    var isChain: Bool { handle.withPath { $0.isChain } }
    var getter: CachedGetter? { handle.withPath { $0.getter } }

    /// Runs `body` with the path's plan, borrowed (no reference counting on the notifying set).
    @inline(__always)
    func withPlan<Result>(_ body: (KeyPathPlan) throws -> Result) rethrows -> Result {
      // INVARIANT: UnretainedObservedPath (the view's holder keeps the path, the path its plan).
      try handle.withPath { try Unmanaged.passUnretained($0.plan)._withUnsafeGuaranteedRef(body) }
    }

    /// Whether any outside observer asked for old values, new values, prior notifications.
    var wantsOld: Bool { flags & Flags.old != 0 }
    var wantsNew: Bool { flags & Flags.new != 0 }
    var wantsPrior: Bool { flags & Flags.prior != 0 }
    /// Whether any registration is KVO's own plumbing (chains, dependent key paths).
    var hasForwarders: Bool { flags & Flags.forwarders != 0 }

    /// The registrations registered when the view was taken, in registration order, unretained.
    var registrationRefs: Registrations { Registrations(slots: handle.withPath { $0.slots }, end: end, stamp: stamp) }

    /// The view's registration when it has exactly one (the common case: one observer, or a
    /// chain link's forwarder), unretained.
    @inline(__always)
    var soleRegistration: UnretainedRegistration? {
      var registrations = registrationRefs.makeIterator()
      guard let only = registrations.next(), registrations.next() == nil else { return nil }
      return only
    }

    /// The registrations registered when the view was taken, in registration order.
    var registrations: [Registration] { registrationRefs.map(\.registration) }

    /// How many registrations the view lists (its observances), counted without an array.
    var registrationCount: Int { registrationRefs.reduce(0) { count, _ in count + 1 } }
  }
}
