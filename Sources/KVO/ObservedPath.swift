// ObservedPath.swift: an observed key path of one object and its registrations.
//
// Docs: docs/performance.md#add-and-remove. Tests: Tests/KVOTests/RegistrationTests.swift,
// KVOConcurrencyTests.swift.
//
// Model: one allocation holding the path's plan, its table and a fixed number of registration
// slots, filled in registration order. The set path reads it with no lock while registrations
// come and go, so it only ever changes in two ways a reader cannot be hurt by:
//   - appending: the slot after the last one is written, then the new `end` is published with a
//     releasing store; a reader loads `end` (acquiring) and reads slots below it only, which
//     never change again. A reader that loaded `end` before the append does not see the new
//     registration, exactly as if it had read an older snapshot.
//   - removing: the registration is marked removed (an atomic flag) and stays in its slot, a
//     tombstone the readers skip; the summary flags (who wants old or new values, priors) are
//     republished.
// `end` and the flags share one atomic word (`state`: the end above the low 8 bits), so a
// reader takes both with one load, and a path with one slot is 56 bytes (a 64-byte heap block).
// Only writers store it, one at a time (the table's lock), so each store keeps the other half.
// An object that observes one key path and nothing depending on it (the common case) publishes
// its path itself as its snapshot (ObservationSnapshot.swift), so the path holds its table
// (strongly: a reader that holds the path may go on to the table after the table let the path
// go). The table holds its paths too; that cycle is broken whenever the table lets its paths go:
// its last registration leaves, the object is deallocated (KVO's `dealloc`), the object lets go
// of its snapshot without that `dealloc` (`object_dispose`, or an isa user code moved off the
// notifying class: MiniRuntime's `ObservationInfoRelease`), or the table is discarded unused
// (ObservationTable.swift).
// When the slots are full, or tombstones outnumber the live registrations by more than a few,
// the table makes a new path holding only the live ones, with room to grow, and publishes a new
// snapshot with it (ObservationTable.swift); the old path lives on, unchanged, for readers that
// still hold it. So adding or removing an observation costs O(1) amortised, O(observers of the
// key) when the path is rebuilt, and nothing for the paths of other keys.
//
// Writers hold the owning table's lock; the counts behind the summary flags are the table's
// (ObservationTable.PathEntry.swift), so that readers and writers never touch the same memory
// but through atomics.

import MiniRuntime
import Synchronization

/// An observed key path of one object, with its registrations in registration order.
///
/// Elements: `[0]` the state (the number of slots used, `end`, shifted left by `stateShift`,
/// and the summary flags in the low bits), then the slots (registration pointers, each retained
/// by the path: UnretainedRegistration.swift).
///
/// Shared between threads though `ManagedBuffer` declares itself not `Sendable`: read by any
/// thread without a lock, in the two ways the file comment describes; written under the table's
/// lock only (`slotValue` is where it crosses into a `Sendable` slot).
final class ObservedPath: ManagedBuffer<ObservedPath.Header, Atomic<UInt>> {
  /// Immutable: readers and writers read it at once.
  struct Header {
    let plan: KeyPathPlan
    /// The table whose path this is (see the file comment for why it is held).
    let table: ObservationTable
    /// The plan's `pathID`, kept here: the set path compares it when this path is the snapshot.
    let pathID: KeyID
    let capacity: UInt32
  }

  struct Flags {
    static let old: UInt = 1
    static let new: UInt = 2
    static let prior: UInt = 4
    static let forwarders: UInt = 8
  }

  private static let stateIndex = 0
  private static let firstSlot = 1
  /// `end` sits above the flags in the state word.
  private static let stateShift: UInt = 8
  private static let flagsMask: UInt = (1 << stateShift) - 1

  /// An empty path of `table` for `plan` with room for `capacity` registrations.
  static func make(_ plan: KeyPathPlan, table: ObservationTable, capacity: Int) -> ObservedPath {
    let buffer = create(minimumCapacity: firstSlot + capacity) { _ in
      Header(plan: plan, table: table, pathID: plan.pathID, capacity: UInt32(capacity))
    }
    let path = unsafeDowncast(buffer, to: ObservedPath.self)
    path.withUnsafeMutablePointerToElements { elements in
      for index in 0..<(firstSlot + capacity) { (elements + index).initialize(to: Atomic(0)) }
    }
    return path
  }

  deinit {
    withUnsafeMutablePointers { header, elements in
      let end = Self.end(of: elements[Self.stateIndex].load(ordering: .acquiring))
      for index in 0..<end { UnretainedRegistration(bits: elements[Self.firstSlot + index].load(ordering: .relaxed)).release() }
      elements.deinitialize(count: Self.firstSlot + Int(header.pointee.capacity))
    }
  }

  // MARK: - Readers (any thread, no lock)

  /// The plan shared by the path's registrations (the first one's, if they differ).
  var plan: KeyPathPlan { withUnsafeMutablePointerToHeader { $0.pointee.plan } }
  /// The table whose path this is.
  var table: ObservationTable { withUnsafeMutablePointerToHeader { $0.pointee.table } }

  /// The path as an object's `observationInfo` slot holds it, when it is the object's snapshot
  /// (ObservationSnapshot.swift). `ManagedBuffer` opts out of `Sendable`, so this is an
  /// unchecked conversion (the same single reference: `Sendable` is a marker, no witness
  /// table); the type comment says why a path may be shared.
  var slotValue: any AnyObject & Sendable { unsafeBitCast(self as AnyObject, to: (any AnyObject & Sendable).self) }
  var pathID: KeyID { withUnsafeMutablePointerToHeader { $0.pointee.pathID } }
  var path: KeyValuePath { plan.path }
  /// The path's first key (the whole path for a one-key path).
  var firstKey: String { plan.firstKey }
  /// Whether the path goes through another object (its registrations hold chain links).
  var isChain: Bool { plan.isChain }
  /// How to read the value (cached with the plan; see `KeyPathPlan.getter`).
  var getter: CachedGetter? { plan.getter }

  /// Whether any outside observer asked for old values, new values, prior notifications.
  var wantsOld: Bool { flags & Flags.old != 0 }
  var wantsNew: Bool { flags & Flags.new != 0 }
  var wantsPrior: Bool { flags & Flags.prior != 0 }
  /// Whether any registration is KVO's own plumbing (chains, dependent key paths).
  var hasForwarders: Bool { flags & Flags.forwarders != 0 }

  var flags: UInt { withUnsafeMutablePointerToElements { $0[Self.stateIndex].load(ordering: .acquiring) & Self.flagsMask } }

  /// The `end` of a state word.
  @inline(__always)
  private static func end(of state: UInt) -> Int { Int(state >> stateShift) }

  /// The registrations still registered, in registration order, unretained (the path keeps
  /// them alive while it lives): the set path walks these without reference counting.
  var registrationRefs: Registrations { view().registrationRefs }

  /// The registrations still registered, in registration order.
  var registrations: [Registration] { view().registrations }

  /// The path as it is now: what a change that begins now notifies, however the path changes
  /// before the change ends (ObservedPath.View.swift).
  @inline(__always)
  func view() -> View {
    withUnsafeMutablePointerToElements { elements in
      let state = elements[Self.stateIndex].load(ordering: .acquiring)
      return View(
        handle: UnretainedObservedPath(self), end: Self.end(of: state), flags: state & Self.flagsMask,
        stamp: Registration.removalClock)
    }
  }

  /// The slots, for a view's iteration. Valid while the path lives.
  @inline(__always)
  var slots: UnsafeMutablePointer<Atomic<UInt>> { withUnsafeMutablePointerToElements { $0 + Self.firstSlot } }

  /// The registrations of a view: those in its slots still registered at its stamp. Valid
  /// while the path lives: the caller holds it (a snapshot or a pending change does), so
  /// iterating costs no reference counting.
  struct Registrations: Sequence {
    let slots: UnsafeMutablePointer<Atomic<UInt>>
    let end: Int
    let stamp: UInt64

    func makeIterator() -> Iterator { Iterator(slots: slots, end: end, stamp: stamp) }

    struct Iterator: IteratorProtocol {
      let slots: UnsafeMutablePointer<Atomic<UInt>>
      let end: Int
      let stamp: UInt64
      var index = 0

      @inline(__always)
      mutating func next() -> UnretainedRegistration? {
        while index < end {
          // INVARIANT: UnretainedRegistration (a slot below the view's end, of a path its holder keeps).
          let registration = UnretainedRegistration(bits: slots[index].load(ordering: .relaxed))
          index += 1
          if registration.withRegistration({ $0.wasRegistered(at: stamp) }) { return registration }
        }
        return nil
      }
    }
  }

  /// The most recent live registration that satisfies `predicate`, searching from the end.
  /// Inlined, so the predicate is too: a removal's search (`ObservationTable.lastRegistration`)
  /// builds no closure context (K5).
  @inline(__always)
  func last(where predicate: (Registration) -> Bool) -> Registration? {
    withUnsafeMutablePointerToElements { elements in
      var index = Self.end(of: elements[Self.stateIndex].load(ordering: .acquiring))
      while index > 0 {
        index -= 1
        let registration = UnretainedRegistration(bits: elements[Self.firstSlot + index].load(ordering: .relaxed)).registration
        if registration.isRegistered && predicate(registration) { return registration }
      }
      return nil
    }
  }

  // MARK: - Writers (the owning table's lock)

  /// The slots used, live or not.
  var usedCount: Int { withUnsafeMutablePointerToElements { Self.end(of: $0[Self.stateIndex].load(ordering: .relaxed)) } }
  /// The slots there are (room for this many registrations).
  var slotCapacity: Int { withUnsafeMutablePointerToHeader { Int($0.pointee.capacity) } }

  /// Appends `registration` (retaining it) if a slot is free; `false` when full.
  func append(_ registration: Registration) -> Bool {
    withUnsafeMutablePointers { header, elements in
      let state = elements[Self.stateIndex].load(ordering: .relaxed)
      let end = Self.end(of: state)
      guard end < Int(header.pointee.capacity) else { return false }
      elements[Self.firstSlot + end].store(UnretainedRegistration.retainedBits(registration), ordering: .relaxed)
      elements[Self.stateIndex].store(state &+ (1 << Self.stateShift), ordering: .releasing)
      return true
    }
  }

  /// Publishes the summary flags (what the live registrations ask for).
  func publish(flags: UInt) {
    withUnsafeMutablePointerToElements { elements in
      let state = elements[Self.stateIndex].load(ordering: .relaxed)
      elements[Self.stateIndex].store(state & ~Self.flagsMask | flags & Self.flagsMask, ordering: .releasing)
    }
  }

  // MARK: - Invariants

  /// Checks what a reader relies on: the slots used are within the capacity, and each one
  /// below the end holds a registration of this path (UnretainedRegistration.swift). Debug
  /// builds only; release builds compile it away. Internal invariant, not input: `append`, the
  /// only writer of the end and the slots, refuses a full path; `make` keeps the plan's own path
  /// id; and a registration is appended only to the path found by its own `pathID`
  /// (`ObservationTable.add`, or a path made for it) or copied from one (`PathEntry.rebuilt`).
  func checkInvariants() {
    #if DEBUG
      withUnsafeMutablePointers { header, elements in
        let end = Self.end(of: elements[Self.stateIndex].load(ordering: .acquiring))
        precondition(end >= 0 && end <= Int(header.pointee.capacity), "ObservedPath: \(end) slots used of \(header.pointee.capacity)")
        precondition(header.pointee.pathID == header.pointee.plan.pathID, "ObservedPath: the kept path id is not its plan's")
        for index in 0..<end {
          let registration = UnretainedRegistration(bits: elements[Self.firstSlot + index].load(ordering: .relaxed))
          precondition(registration.withRegistration { $0.pathID } == pathID, "ObservedPath: a registration of another path")
        }
      }
    #endif
  }
}
