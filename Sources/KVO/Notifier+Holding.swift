// Notifier+Holding.swift: what a change in progress keeps alive until its did (decision 0010).
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/FidelityRound21PendingTests.swift,
// FidelityRound22PendingTests.swift.
//
// Foundation's pending notification retains the object it notifies for, and the values it
// forwards (the object a chain's middle key led to at the will, whose observance the did moves),
// until the did pops it. MiniKVO's entries hold the same, with `objc_retain` (a class's `-retain`
// override is sent it), given back after the entry's observers were told
// (`ThreadChanges.recycle`, or the thread's end):
// - a manual will, or one sent as a message: its object, once per observance, on the change's
//   beginning entry (its did may come after the caller let the object go);
// - a forwarded will (a chain link's, a key-path dependency's): the owner, once per observance,
//   on each entry it pushes, on every route: the owner is nobody's argument, and the setter or a
//   prior callback may drop its last reference before the did;
// - an entry whose did moves a chain's links: the objects the links lead to at the will, one
//   each, so a setter that drops the old friend frees it only after the chain moved off it.
// - a will about to send prior notifications, on any route: its object, once per observance, on
//   the beginning entry, since a prior observer may release it to zero before the did.
// Only the notifying setter's own receiver with no prior observer is not held: its pair cannot be
// split and no observer code runs between its will and did (K1 takes no reference). What a
// `-retain` override throws is kept with the change and thrown by its did.

import MiniRuntime

extension Notifier {
  /// Runs `will`, a will whose did may come after its caller let the object go (manual will/did,
  /// wills sent as messages), then makes the change it began hold the object until its did or the
  /// thread's end, as Foundation's pending notifications retain it. The notifying setter's own
  /// will does not come here: its pair cannot be split.
  static func holdingObject(_ object: Object, thread: ThreadChanges, _ will: () throws -> Void) throws {
    let mark = thread.lastSerial
    try will()
    // The will's change is the first begun after `mark` (a will takes its serial before any
    // callback can begin another); none if it found no observance.
    if thread.lastSerial != mark { try thread.hold(object, inChange: mark &+ 1) }
  }

  /// Makes `beginning`, the first entry of a will about to send prior notifications, hold
  /// `object` once per observance of the entries the will pushed for it (a prior observer may
  /// drop its last ownership). A manual will's hold (`holdingObject`) then finds it taken.
  static func holdForPriors(_ object: Object, beginning: PendingChange, observances: Int) {
    do {
      try beginning.hold(object, observances)
    } catch {
      beginning.errors.append(error)
    }
  }

  /// Makes `change`, an entry a forwarded will just pushed for `owner`, hold the owner once per
  /// observance, and the targets of its chain's links if its did moves them.
  static func hold(_ owner: Object, in change: PendingChange, beginning: PendingChange) {
    do {
      try change.hold(owner, change.withPath(\.registrationCount))
    } catch {
      beginning.errors.append(error)
    }
    if change.movesLinks { holdLinkTargets(of: change, on: owner, beginning: beginning) }
  }

  /// Makes `change`, an entry of `object` whose did moves its chain's links, hold the object each
  /// link leads to now (Foundation's forwarding values), one retain per registration.
  static func holdLinkTargets(of change: PendingChange, on object: Object, beginning: PendingChange) {
    guard let table = object.ownObservationSnapshot?.table else { return }
    for registration in change.withPath({ $0.registrations }) {
      let link = table.lock.withLock { registration.link }
      guard let target = link?.target else { continue }  // none yet, or its object is going
      do {
        try change.holdTarget(target)
      } catch {
        beginning.errors.append(error)
      }
    }
  }
}
