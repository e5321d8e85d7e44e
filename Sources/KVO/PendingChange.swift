// PendingChange.swift: one entry of a thread's stack of changes in progress.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/PendingChangeStackTests.swift.
//
// Model (decision 0010): the entry of one observed path of one object in one change. It carries
// that path's observances (its registrations, in registration order, as the object's snapshot
// listed them at the will), the kind and indexes, the old value read at the will and the new value
// read at the did. The first entry a will pushes *begins* the change: it names the object and the
// key the will named, which is what a did looks for, and keeps the errors the change's observers
// threw while it was announced.
//
// States: free (in the thread's pool, holding nothing) → inProgress (on the stack) → finishing
// (off the stack while its notifications go out) → free. `ThreadChanges.checkInvariants()`
// checks them.
//
// Only the owning thread touches an entry (it lives in that thread's `ThreadChanges`), never
// with overlapping accesses, hence `@unchecked Sendable` and the unchecked exclusivity: the
// dynamic check would only cost time on every set.

import MiniRuntime

/// One observed path of one object being changed on this thread, with its observances.
final class PendingChange: @unchecked Sendable {
  /// Where an entry is in its life.
  enum State: Equatable {
    /// In the thread's pool, holding nothing.
    case free
    /// On the stack, waiting for its change's did.
    case inProgress
    /// Taken off the stack by its did; its notifications are going out.
    case finishing
  }

  @exclusivity(unchecked) private(set) var state = State.free
  /// The changed object, for matching only: never dereferenced. The notifying setter's bracket
  /// keeps its object alive until its did; a will that can outlive its caller, and a forwarded will, hold it (`held`).
  @exclusivity(unchecked) private(set) var objectID: ObjectIdentifier
  /// The observed path as it was at the will: its registrations then (each told only if still
  /// registered when its turn comes), and what they asked for; `nil` while free. The entry owns
  /// one retain of the view's path while it is set (UnretainedObservedPath.swift), so reading it
  /// costs no reference counting (see `withPath`).
  @exclusivity(unchecked) private var view: ObservedPath.View?
  /// The path's id, for matching without touching the path.
  @exclusivity(unchecked) private(set) var pathID: KeyID
  /// The serial number of the change this entry belongs to.
  @exclusivity(unchecked) private(set) var serial: UInt64 = 0
  /// Whether this is the first entry of its change (the one a did looks for).
  @exclusivity(unchecked) private(set) var begins = false
  /// For a beginning entry: the key the will named.
  @exclusivity(unchecked) private(set) var key: KeyID
  /// Whether a forwarded will (a chain or a key-path dependency) pushed this entry.
  @exclusivity(unchecked) private(set) var isForwarded = false
  /// For a beginning entry: its change's prior notifications are still going out (a did sent
  /// from one of them does not end the change).
  @exclusivity(unchecked) var isAnnouncing = false
  @exclusivity(unchecked) private(set) var kind: ChangeKind
  /// The indexes of a to-many change, with the runtime of their `NSIndexSet` (ChangeIndexes.swift).
  @exclusivity(unchecked) private(set) var indexSource: ChangeIndexes?
  /// The indexes of a to-many change.
  var indexes: Indexes? { indexSource?.indexes }
  @exclusivity(unchecked) var old: Value?
  @exclusivity(unchecked) var new: Value?
  /// For the entry of the key a set mutation names: the mutation, which decides old and new at
  /// the will (SetMutation.swift); `nil` for every other change.
  @exclusivity(unchecked) var setMutation: SetMutation?
  /// The entries this entry's forwarders began, with the id of the forwarding registration.
  @exclusivity(unchecked) var forwarded: [(registration: UInt64, change: UnretainedPendingChange)] = []
  /// For a beginning entry: what observers threw while the change was announced; its did
  /// throws the first, after every observer was told.
  @exclusivity(unchecked) var errors: [any Error] = []
  /// Where this entry's observers start in the did's keep-alive buffer.
  @exclusivity(unchecked) var observerBase = 0
  /// The object this entry notifies for, retained `holds` times (once per observance, as each
  /// of Foundation's pending notifications retains it) until the entry is popped or the
  /// thread's stack is freed (`ThreadChanges.recycle`, deinit): on the beginning entry of a will
  /// that can outlive its caller (manual will/did, wills sent as messages), and on every entry a
  /// forwarded will pushes for another object, and on the beginning entry of any will that sends
  /// prior notifications (decision 0010, round 22). `nil` for the notifying setter's own will
  /// with no prior observer, whose pair cannot be split (K1 takes no reference).
  @exclusivity(unchecked) private(set) var held: Object?
  @exclusivity(unchecked) private(set) var holds = 0
  /// For the entry of a chain whose link its did moves: the objects the links led to at the
  /// will, one retain each (Foundation's forwarding values), so the old middle object outlives
  /// its last outside release until the chain has moved off it and the observers were told.
  @exclusivity(unchecked) private(set) var heldTargets: [Object] = []

  init() {
    objectID = ObjectIdentifier(PendingChange.self)
    pathID = KeyID.none
    key = KeyID.none
    kind = .setting
  }

  deinit {
    view?.handle.release()
    takeHeld()?.giveBack()  // the thread's stack is freed with the will open
  }

  /// Keeps `object` alive for this entry: `count` retains (`objc_retain`, so a class
  /// overriding `retain` is sent it), given back when the entry is popped.
  func hold(_ object: Object, _ count: Int) throws {
    // An internal invariant, not input: only a will's hold of its object (`ThreadChanges.hold`
    // unless `Notifier.holdForPriors` took it first: once per will, on its beginning entry) and
    // a forwarded will (on the entry it just pushed) call this, on an entry fresh from the pool
    // (`recycle` took its last hold).
    precondition((begins || isForwarded) && held == nil, "PendingChange: a hold on an entry that holds one or is neither begun nor forwarded")
    held = object
    // Counted as taken, so a `-retain` override that throws part way leaves the retains already
    // taken to be given back with the entry instead of leaking them. A plain countdown: a range
    // loop with checked arithmetic cost a forwarded will (K9) about 20 instructions more.
    var remaining = count
    while remaining > 0 {
      _ = try Runtime.retain(object)
      holds &+= 1
      remaining &-= 1
    }
  }

  /// Keeps `target`, an object a chain link of this entry's path leads to, alive until the entry
  /// is popped: one retain (`objc_retain`), given back after its observers were told.
  func holdTarget(_ target: Object) throws {
    _ = try Runtime.retain(target)
    heldTargets.append(target)
  }

  /// What an entry keeps alive, taken out of it to be given back.
  struct Held {
    let object: Object?
    let holds: Int
    let targets: [Object]

    /// Gives back every retain (`objc_release`); the last may be an object's release to zero,
    /// so `dealloc` runs here. An object already over-released cannot be released again:
    /// objc4 would crash, MiniKVO ignores it. Consuming, so the object is read where it is
    /// (binding it out of a borrowed `Held` retained and released it once more).
    consuming func giveBack() {
      if let object {
        var remaining = holds
        while remaining > 0 {
          try? Runtime.release(object)
          remaining &-= 1
        }
      }
      if !targets.isEmpty { for target in targets { try? Runtime.release(target) } }
    }
  }

  /// Takes what this entry holds, and its retains, out of it (the caller gives them back with
  /// `Held.giveBack` once nothing depends on the entry: a release may run `dealloc`). The
  /// references move out of the entry (`take`, `swap`): copying them and then clearing the
  /// fields cost a retain and a release of each per recycled entry that held something.
  @inline(__always)
  func takeHeld() -> Held? {
    guard held != nil || !heldTargets.isEmpty else { return nil }
    var targets: [Object] = []
    if !heldTargets.isEmpty { swap(&targets, &heldTargets) }
    let taken = Held(object: held.take(), holds: holds, targets: targets)
    holds = 0
    return taken
  }

  /// Fills a free entry for a change of `path` on an object (retaining the path).
  @inline(__always)
  func start(
    objectID: ObjectIdentifier, path: ObservedPath, serial: UInt64, begins: Bool, key: KeyID, forwarded: Bool,
    kind: ChangeKind, indexes: ChangeIndexes?
  ) {
    self.objectID = objectID
    let view = path.view()
    _ = view.handle.retain()  // given back by `empty` (or deinit)
    self.view = view
    pathID = path.pathID
    self.serial = serial
    self.begins = begins
    self.key = key
    isForwarded = forwarded
    self.kind = kind
    if indexes != nil { indexSource = indexes }
    state = .inProgress
  }

  /// Takes the entry off the stack: its notifications are about to go out.
  @inline(__always)
  func markFinishing() { state = .finishing }

  /// Lets go of everything the entry held (it becomes free for reuse).
  @inline(__always)
  func empty() {
    view?.handle.release()
    view = nil
    if old != nil { old = nil }
    if new != nil { new = nil }
    if setMutation != nil { setMutation = nil }
    if indexSource != nil { indexSource = nil }
    // One at a time, keeping the buffer: `removeAll(keepingCapacity:)` goes through the generic
    // `replaceSubrange` (about 85 instructions per did of a forwarded change, K9).
    while !forwarded.isEmpty { forwarded.removeLast() }
    if !errors.isEmpty { errors.removeAll() }
    isAnnouncing = false
    state = .free
  }

  /// Whether the entry holds nothing (what a free entry must be).
  var isEmpty: Bool {
    view == nil && old == nil && new == nil && setMutation == nil && indexSource == nil && forwarded.isEmpty && errors.isEmpty
      && held == nil && heldTargets.isEmpty
  }

  /// Runs `body` with the observed path as it was at the will, which the entry keeps alive (no
  /// reference counting).
  @inline(__always)
  func withPath<Result>(_ body: (ObservedPath.View) throws -> Result) rethrows -> Result {
    // INVARIANT: `view` is set while the entry is in progress or finishing, the only states in
    // which the set path calls this; UnretainedObservedPath (the entry retains the view's path).
    try body(view!)
  }

  /// The observed path as it was at the will.
  var path: ObservedPath.View { view! }

  /// Whether this entry's did moves its chain's links: only when the key the chain goes through
  /// may have changed, so not for a change its own link forwarded (the rest of the path changed;
  /// its key is the path's own id).
  var movesLinks: Bool { withPath(\.isChain) && !(isForwarded && key == pathID) }

  /// Checks the entry's state against what it holds: a view (and a retain of its path) exactly
  /// while it is not free. Debug builds only; `ThreadChanges.checkInvariants()` calls it.
  /// Internal invariant, not input: only this file moves an entry between states.
  func checkInvariants() {
    #if DEBUG
      precondition((view != nil) == (state != .free), "PendingChange: \(state) but the view is \(view == nil ? "unset" : "set")")
      view?.handle.checkInvariants()
    #endif
  }
}
