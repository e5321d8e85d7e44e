// ThreadChanges.swift: the stack of changes in progress on the current thread.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/PendingChangeStackTests.swift,
// ManualNotificationTests.swift.
//
// Model (decision 0010): Foundation keeps its pending notifications in thread-specific data, one
// per observance, on a stack; so does this. A will pushes one entry (`PendingChange`) per observed
// path its key affects, all marked with the change's serial number; the first *begins* the
// change. A did ends the most recent change on this thread whose beginning names the same object
// and key: it takes that change's entries off the stack (they are finishing) and, once their
// notifications are out, returns them to the pool. Two threads changing one object never see
// each other's entries, a did without a will finds nothing, and the set path takes no lock.
//
// Ownership: `storage` owns every entry this thread ever needed (as many as its deepest stack,
// usually one); the stack and the pool refer to them unretained (UnretainedPendingChange.swift),
// so beginning, matching and ending a change costs no reference counting. They are freed with
// the thread. Only the owning thread touches a `ThreadChanges` (its `ThreadLocal` slot), hence
// `@unchecked Sendable`.

import MiniRuntime

/// Entries taken off a thread's stack, seen as their changes (no reference counting: the
/// thread's storage keeps them alive while they are finishing: UnretainedPendingChange.swift).
struct PendingChangeList: RandomAccessCollection {
  let entries: UnsafeBufferPointer<UnretainedPendingChange>

  init(_ entries: UnsafeBufferPointer<UnretainedPendingChange>) { self.entries = entries }

  var startIndex: Int { entries.startIndex }
  var endIndex: Int { entries.endIndex }
  subscript(position: Int) -> PendingChange { entries[position].change }

  /// Calls `body` with each change, borrowed from its handle: no reference counting.
  @inline(__always)
  func forEachBorrowed(_ body: (PendingChange) -> Void) {
    for entry in entries { entry.withChange(body) }  // INVARIANT: UnretainedPendingChange
  }
}

/// Changes a notification pass goes over. `forEachBorrowed` visits them in order; a
/// `PendingChangeList` does so without retaining each (a plain loop over its handles would
/// retain and release every change it reads).
protocol PendingChanges: RandomAccessCollection<PendingChange> {
  func forEachBorrowed(_ body: (PendingChange) -> Void)
}

extension PendingChanges {
  @inline(__always)
  func forEachBorrowed(_ body: (PendingChange) -> Void) {
    for change in self { body(change) }
  }
}

extension PendingChangeList: PendingChanges {}
extension Array: PendingChanges where Element == PendingChange {}
extension CollectionOfOne: PendingChanges where Element == PendingChange {}

/// The changes in progress on one thread.
final class ThreadChanges: @unchecked Sendable {
  /// Each thread's changes, made on first use and freed when the thread ends.
  static let perThread = ThreadLocal { ThreadChanges() }

  /// The entries in progress, in the order pushed.
  @exclusivity(unchecked) private(set) var stack: [UnretainedPendingChange] = []
  /// Every entry of this thread (the owner of them all).
  @exclusivity(unchecked) private var storage: [PendingChange] = []
  /// The free entries.
  @exclusivity(unchecked) private var pool: [UnretainedPendingChange] = []
  /// The serial number of the last change begun.
  @exclusivity(unchecked) private(set) var lastSerial: UInt64 = 0
  /// How many entries are finishing (off the stack, notifications going out).
  @exclusivity(unchecked) private var finishing = 0

  /// Whether nothing is in progress or finishing: what every public call leaves behind when its
  /// wills and dids balance.
  var isIdle: Bool { stack.isEmpty && finishing == 0 }
  /// How many entries are in progress or finishing. A will whose did never comes (its object was
  /// freed first, say) stays counted, as Foundation's pending entry stays on its thread.
  var depth: Int { stack.count + finishing }

  /// A new change's serial number.
  @inline(__always)
  func nextSerial() -> UInt64 {
    lastSerial &+= 1
    return lastSerial
  }

  /// Pushes an entry for `path` of an object, in change `serial`.
  @inline(__always)
  @discardableResult
  func push(
    _ objectID: ObjectIdentifier, _ path: ObservedPath, serial: UInt64, begins: Bool, key: KeyID, forwarded: Bool,
    kind: ChangeKind, indexes: ChangeIndexes?
  ) -> UnretainedPendingChange {
    let entry: UnretainedPendingChange
    if let reused = pool.popLast() {
      entry = reused
    } else {
      let made = PendingChange()
      storage.append(made)
      entry = UnretainedPendingChange(made)
    }
    entry.withChange {
      $0.start(
        objectID: objectID, path: path, serial: serial, begins: begins, key: key, forwarded: forwarded, kind: kind,
        indexes: indexes)
    }
    stack.append(entry)
    return entry
  }

  /// Whether change `serial` already has an entry for `pathID` of the object (the re-entry
  /// guard: within one change, each observed path of each object has at most one entry).
  func contains(_ objectID: ObjectIdentifier, _ pathID: KeyID, inChange serial: UInt64) -> Bool {
    for entry in stack.reversed() {
      let (found, isBeginning) = entry.withChange { change in
        (change.serial == serial && change.objectID == objectID && change.pathID == pathID,
          change.serial == serial && change.begins)
      }
      if found { return true }
      if isBeginning { return false }  // nothing of the change lies below its beginning
    }
    return false
  }

  /// The beginning entry of the most recent change of `key` on the object that a did may end
  /// (one whose prior notifications are not still going out).
  @inline(__always)
  func beginning(of objectID: ObjectIdentifier, _ key: KeyID) -> UnretainedPendingChange? {
    for entry in stack.reversed()
    where entry.withChange({
      $0.begins && $0.key == key && $0.objectID == objectID && !$0.isAnnouncing
    }) {
      return entry
    }
    return nil
  }

  /// Takes `beginning` off the stack if its change is that one entry on top (the common case),
  /// without allocating; it is finishing until `recycle`d.
  @inline(__always)
  func takeAlone(_ beginning: UnretainedPendingChange) -> Bool {
    guard stack.last == beginning else { return false }
    stack.removeLast()  // nothing of a change lies below its beginning, so it is the whole change
    beginning.withChange { $0.markFinishing() }
    finishing += 1
    return true
  }

  /// Takes `beginning`'s change off the stack if it is `beginning` and one forwarded entry on
  /// top (a chain link's change: the link's entry, then its owner's), without allocating, and
  /// answers the forwarded entry; both are finishing until `recycle`d. `nil` (nothing taken)
  /// for any other shape.
  @inline(__always)
  func takeLinked(_ beginning: UnretainedPendingChange) -> UnretainedPendingChange? {
    let count = stack.count
    guard count >= 2, stack[count - 2] == beginning else { return nil }
    let top = stack[count - 1]
    let serial = beginning.withChange { $0.serial }
    guard top.withChange({ $0.serial == serial && $0.isForwarded }) else { return nil }
    stack.removeLast()  // nothing of a change lies below its beginning: these two are all of it
    stack.removeLast()
    beginning.withChange { $0.markFinishing() }
    top.withChange { $0.markFinishing() }
    finishing += 2
    return top
  }

  /// Takes the entries of `beginning`'s change off the stack, in the order pushed (the
  /// beginning first); they are finishing until `recycle`d.
  func take(_ beginning: UnretainedPendingChange) -> [UnretainedPendingChange] {
    var taken: [UnretainedPendingChange] = []
    taken.reserveCapacity(countOfChange(beginning))
    removeChange(of: beginning) { taken.append($0) }
    return taken
  }

  /// How many entries `beginning`'s change has on the stack (the size `take(_:into:)` needs).
  func countOfChange(_ beginning: UnretainedPendingChange) -> Int {
    guard let start = stack.lastIndex(of: beginning) else { return 0 }
    let serial = beginning.withChange { $0.serial }
    var count = 0
    for index in start..<stack.count where stack[index].withChange({ $0.serial == serial }) { count &+= 1 }
    return count
  }

  /// Takes the entries of `beginning`'s change off the stack into `scratch` (exactly
  /// `countOfChange(beginning)` long, its contents overwritten): first the entries a will pushed
  /// itself, then the forwarded ones, each group in the order pushed (so the beginning is first).
  /// Returns how many are not forwarded. They are finishing until `recycle`d. No allocation.
  func take(_ beginning: UnretainedPendingChange, into scratch: UnsafeMutableBufferPointer<UnretainedPendingChange>) -> Int {
    var own = 0
    var forwarded = scratch.count
    removeChange(of: beginning) { entry in
      if entry.withChange({ $0.isForwarded }) {
        forwarded -= 1
        scratch[forwarded] = entry  // from the end, reversed below
      } else {
        scratch[own] = entry
        own += 1
      }
    }
    // INVARIANT: `scratch.count` is the change's entry count, so the two groups meet exactly.
    // No input can break it: the only caller (Notifier.swift) sizes `scratch` with
    // `countOfChange(beginning)` immediately before, on this thread's own stack, which no other
    // thread touches and no user code runs in between. A failure here is a bug in this file.
    precondition(own == forwarded, "take(_:into:) needs countOfChange(beginning) slots")
    var (low, high) = (own, scratch.count - 1)
    while low < high {  // the forwarded group was filled from the end: put it in push order
      scratch.swapAt(low, high)
      (low, high) = (low + 1, high - 1)
    }
    return own
  }

  /// Removes `beginning`'s change from the stack in place (its entries lie at or above the
  /// beginning and carry its serial; others stay, in order), passing each to `body` in the order
  /// pushed and marking it finishing.
  private func removeChange(of beginning: UnretainedPendingChange, _ body: (UnretainedPendingChange) -> Void) {
    guard let start = stack.lastIndex(of: beginning) else { return }
    let serial = beginning.withChange { $0.serial }
    var kept = start
    for index in start..<stack.count {
      let entry = stack[index]
      if entry.withChange({ $0.serial == serial }) {
        entry.withChange { $0.markFinishing() }
        finishing += 1
        body(entry)
      } else {
        stack[kept] = entry
        kept += 1
      }
    }
    // One element at a time: `removeLast(_:)` goes through the generic `replaceSubrange` (about
    // 90 instructions per did of a forwarded change, K9); a change has a few entries.
    while stack.count > kept { stack.removeLast() }
  }

  /// Takes `entries`, just pushed by a will that cannot go on, off the stack and frees them.
  func discard(_ entries: [UnretainedPendingChange]) {
    let ids = Set(entries)
    stack.removeAll { ids.contains($0) }
    for entry in entries {
      let held = entry.withChange { $0.takeHeld() }
      entry.withChange { $0.empty() }
      pool.append(entry)
      held?.giveBack()  // may run dealloc: the entry is free
    }
  }

  /// Makes change `serial`'s beginning entry hold `object`, once per observance of the entries
  /// its will pushed for `object` (decision 0010: a will that can outlive its caller keeps its
  /// object alive, as Foundation's pending notifications retain it). Nothing if the will
  /// pushed nothing (no observance) or its change is no longer on the stack.
  func hold(_ object: Object, inChange serial: UInt64) throws {
    let objectID = ObjectIdentifier(object)
    var beginning: PendingChange?
    var observances = 0
    for entry in stack.reversed() {
      let change = entry.change
      guard change.serial == serial else { continue }
      if change.objectID == objectID && !change.isForwarded { observances += change.path.registrationCount }
      if change.begins {
        beginning = change
        break
      }
    }
    // Held already if the will sent prior notifications (`Notifier.holdForPriors`).
    if let beginning, observances > 0, beginning.held == nil { try beginning.hold(object, observances) }
  }

  /// Frees finished entries (emptied, so they keep nothing alive) for reuse.
  func recycle(_ entries: [UnretainedPendingChange]) {
    for entry in entries { recycle(entry) }
  }

  /// Frees one finished entry for reuse.
  @inline(__always)
  func recycle(_ entry: UnretainedPendingChange) {
    let held = entry.withChange { $0.takeHeld() }
    entry.withChange { $0.empty() }
    pool.append(entry)
    finishing -= 1
    held?.giveBack()  // may run dealloc: the entry is free
  }

  /// The beginning entries of the changes begun after serial `mark` by a will of `key` on the
  /// object that are still open, most recent first (what a bracket that failed must close).
  func openChanges(of objectID: ObjectIdentifier, _ key: KeyID, after mark: UInt64) -> [UnretainedPendingChange] {
    stack.reversed().filter { entry in
      entry.withChange { $0.begins && $0.serial > mark && $0.key == key && $0.objectID == objectID }
    }
  }

  // MARK: - Invariants

  /// Every broken invariant of this thread's changes, as sentences; empty when consistent.
  func invariantViolations() -> [String] {
    var problems: [String] = []
    for entry in stack + pool { entry.checkInvariants(ownedBy: storage) }
    for entry in storage { entry.checkInvariants() }
    let onStack = stack.map(\.change)
    let free = pool.map(\.change)
    for entry in onStack where entry.state != .inProgress {
      problems.append("an entry on the stack is \(entry.state), not in progress")
    }
    for entry in free where entry.state != .free || !entry.isEmpty {
      problems.append("an entry in the pool is \(entry.state) or still holds something")
    }
    let finishingEntries = storage.filter { $0.state == .finishing }
    if finishingEntries.count != finishing {
      problems.append("\(finishingEntries.count) entries are finishing, \(finishing) counted")
    }
    if storage.count != onStack.count + free.count + finishing {
      problems.append(
        "\(storage.count) entries owned, \(onStack.count) on the stack + \(free.count) free + \(finishing) finishing")
    }
    var seenSerials: Set<UInt64> = []
    var beginnings: [UInt64: Int] = [:]
    var seenPaths: Set<String> = []
    for entry in onStack {
      if seenSerials.insert(entry.serial).inserted && !entry.begins {
        problems.append("change \(entry.serial)'s lowest entry does not begin it")
      }
      if entry.begins { beginnings[entry.serial, default: 0] += 1 }
      if entry.serial > lastSerial { problems.append("change \(entry.serial) is newer than the last serial \(lastSerial)") }
      let path = "\(entry.serial)/\(UInt(bitPattern: entry.objectID))/\(entry.pathID.raw)"
      if !seenPaths.insert(path).inserted {
        problems.append("change \(entry.serial) has two entries for one observed path of one object")
      }
    }
    for (serial, count) in beginnings where count > 1 { problems.append("change \(serial) has \(count) beginnings") }
    return problems
  }

  /// Throws if an invariant of this thread's changes is broken (see ``invariantViolations()``).
  func checkInvariants() throws {
    let problems = invariantViolations()
    guard problems.isEmpty else {
      throw KeyValueError(.invalidArgument, "pending changes: " + problems.joined(separator: "; "))
    }
  }
}
