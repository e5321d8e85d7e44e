// Notifier+AbandonedWill.swift: a will whose old value cannot be read (decision 0025).
//
// Docs: docs/kvo.md#to-many-changes. Tests: Tests/KVOTests/FidelityRound13ToManyTests.swift,
// FidelityRound14WillTests.swift, FidelityRound12ToManyTests.swift, FaultInjectionTests.swift.
//
// Foundation's will walks the observances of the changed key one after the other, and for each
// builds its change (reading the old value if that observance asked for it), records it, then
// sends its prior notification. So a read that raises (an index outside the array, a getter that
// throws) stops the walk at the first observance that needed it: those before it have had their
// prior notifications and forwarded wills, those after it nothing. MiniKVO reads each observed
// path's old value once, before announcing (decision 0003, 0010), which costs nothing extra when
// every read succeeds; only when one fails does it come here and replay Foundation's walk up to
// that observance. Then it closes the change without telling anyone else: no did will come.
// A forwarded will (a key-path dependency's, a chain link's) is part of the same walk in
// Foundation, so its failing read leaves the whole will: it replays its own walk, then marks the
// change abandoned, nothing more is announced, and the will that began the change throws.
//
// Stateless; runs on the will's thread, which alone touches its change stack, with no lock held
// (prior notifications are user code).

import MiniRuntime

extension Notifier {
  /// Announces the change of `entries` (just pushed, in push order, the first beginning it) to
  /// its registrations in registration order up to the first one that needed an old value that
  /// cannot be read, closes the change, and answers the error to throw: the first error an
  /// observer threw while it was announced, else the read's.
  ///
  /// - Parameters:
  ///   - unreadable: The index in `entries` whose old value could not be read: the entries
  ///     before it were read, the ones after it not yet (they are read when first needed).
  ///   - error: What reading it threw.
  @inline(never)
  static func abandonWill(
    _ entries: [UnretainedPendingChange], unreadable: Int, _ error: any Error, of object: Object, thread: ThreadChanges
  ) -> any Error {
    guard let beginning = entries.first?.change else { return error }
    beginning.isAnnouncing = true
    let raised = replayWill(entries.map(\.change), unreadable: unreadable, error, of: object, beginning: beginning, thread: thread)
    beginning.isAnnouncing = false
    return closeAbandoned(entries[0], beginning: beginning, else: raised, thread: thread)
  }

  /// A forwarded will (a key-path dependency's or a chain's, on `owner`) whose old value cannot
  /// be read: Foundation's will raises there, out of the whole change. Announces `entries` (its
  /// own, just pushed) up to that observance as `abandonWill` does, drops them, and marks
  /// `beginning` abandoned, so the announcing stops and the will that began the change closes
  /// it and throws (`closeAbandoned`).
  @inline(never)
  static func abandonForwardedWill(
    _ entries: [UnretainedPendingChange], unreadable: Int, _ error: any Error, of owner: Object, beginning: PendingChange,
    thread: ThreadChanges
  ) {
    let raised = replayWill(entries.map(\.change), unreadable: unreadable, error, of: owner, beginning: beginning, thread: thread)
    thread.discard(entries)
    if !beginning.isAbandoned { beginning.errors.append(AbandonedWill(error: raised)) }
  }

  /// Closes the abandoned change `first` begins, without telling anyone, and answers the error
  /// its will throws: the first an observer threw while it was announced, else the read's
  /// (`raised`, or the one a forwarded will marked).
  static func closeAbandoned(
    _ first: UnretainedPendingChange, beginning: PendingChange, else raised: (any Error)? = nil, thread: ThreadChanges
  ) -> any Error {
    let thrown = beginning.errors.first.map { ($0 as? AbandonedWill)?.error ?? $0 }
      ?? raised ?? KeyValueError(.invalidValue, "an old value could not be read")
    // Every entry of the change, the forwarded ones too: the observers told have no did coming.
    thread.recycle(thread.take(first))
    return thrown
  }

  /// Foundation's walk of a will up to its failing read (see the file comment): registrations in
  /// registration order across `changes`, each announced, up to the first whose change needs the
  /// read that failed or a later read that fails; answers the error that stopped it.
  private static func replayWill(
    _ changes: [PendingChange], unreadable: Int, _ error: any Error, of object: Object, beginning: PendingChange,
    thread: ThreadChanges
  ) -> any Error {
    enum Read { case done, failed, pending }
    var reads = changes.indices.map { $0 < unreadable ? Read.done : $0 == unreadable ? .failed : .pending }
    var raised = error
    var stopped = false
    withObserversAlive(of: changes) { observers in
      forEachRegistration(of: changes) { change, index, registration in
        guard !stopped, !beginning.isAbandoned else { return }
        if registration.isRegistered && registration.forwarder == nil && needsRead(change, for: registration.options),
          let position = changes.firstIndex(where: { $0 === change })
        {
          switch reads[position] {
          case .done:
            break
          case .failed:
            stopped = true  // Foundation's read for this observance raises here
            return
          case .pending:
            do {
              try readOldValue(of: object, into: change)  // call-out: accessors
              reads[position] = .done
            } catch {
              raised = error
              stopped = true
              return
            }
          }
        }
        announce(change, to: registration, observer: observers[change.observerBase + index], of: object, beginning: beginning, thread: thread)
      }
    }
    if let marked = beginning.errors.last as? AbandonedWill { return marked.error }  // a forwarded will's read failed
    return raised
  }

  /// Whether building the will's change for an observance with `options` reads the object (what
  /// `readOldValue` reads for its path): old values, except for an insertion; for a set
  /// mutation, old or new values (its will decides both).
  private static func needsRead(_ change: PendingChange, for options: ObservingOptions) -> Bool {
    if change.setMutation != nil { return options.contains(.old) || options.contains(.new) }
    return options.contains(.old) && change.kind != .insertion
  }
}

/// The mark a forwarded will leaves on the change it joined when an old value cannot be read:
/// the last of the beginning entry's errors, holding the read's error.
struct AbandonedWill: Error {
  let error: any Error
}

extension PendingChange {
  /// Whether a forwarded will of this change (its beginning entry) could not read an old value:
  /// nothing more is announced, and the will that began the change throws.
  var isAbandoned: Bool { !errors.isEmpty && errors.last is AbandonedWill }
}
