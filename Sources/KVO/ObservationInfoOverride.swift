// ObservationInfoOverride.swift: KVO reading an object's registrations through its class's own
// `-observationInfo`.
//
// Docs: docs/kvo.md#seeing-what-is-registered. Tests: Tests/KVOTests/ObservationInfoOverrideTests.swift.
//
// Foundation's contract (NSKeyValueObserving.h): KVO stores an object's registration info with
// `-setObservationInfo:` and reads it back with `-observationInfo`; a class may override the
// pair to keep the pointer elsewhere (Core Data's NSManagedObject does), and KVO then uses
// whatever the getter answers. Here KVO's own record of an object's registrations stays in its
// Swift slot, where the writers (add, remove, chain links, dealloc) change it. For a class that
// overrides the getter, the slot holds that record inside an `OverriddenObservationInfo`: a type
// the set path's metatype check does not take, so a set falls through to the slow branch of
// `Object.observationSnapshot`, which sends `-observationInfo` and turns its answer back into
// observations (`answerOfObservationInfo`):
//   - NULL: nobody observes the object (no notification; a removal is "not registered");
//   - the pointer of the object's own record: that record;
//   - another pointer KVO handed out (ObservationInfoPointers.swift): a stale pointer of the
//     object's own names its current registrations (Foundation's replaced info would be freed
//     memory); another object's pointer names that object's registrations, as Foundation reads
//     another object's info; the pointer of a table since emptied or freed names nobody;
//   - any other answer is refused with a clear error.
// Classes that do not override the getter never come here: their slot holds the record itself,
// and the set path reads it with no message and no lock, unless NSObject's `-setObservationInfo:`
// was given another pointer than the record's (an `OverriddenObservationInfo` that does not send
// the getter but answers the stored pointer). A slot may also hold a `BorrowedObservationInfo`:
// NSObject's `-setObservationInfo:` given, on an object KVO has no registrations on, a pointer
// KVO handed out for another (an override storing its pointer on another object), which that
// object's reads then follow as Foundation's side table would. Adding and removing start from
// the answer too (ObservationInfoAdoption.swift).
//
// Locking: none of its own; the getter (user code) is sent with no lock held.

import MiniRuntime

/// What an object's slot holds when its reads do not simply take KVO's own record: its class
/// overrides `-observationInfo`, or NSObject's `-setObservationInfo:` was given another pointer
/// than the record's. KVO's own record is kept for the writers.
final class OverriddenObservationInfo: Sendable, ObservationInfoRelease {
  /// The record (an `ObservedPath` or a `TriggerList`: ObservationSnapshot.swift).
  let record: any AnyObject & Sendable
  /// What NSObject's `-observationInfo` answers instead of the record's pointer: the pointer
  /// NSObject's `-setObservationInfo:` was last given (NULL included), if it was not the
  /// record's; `nil` when it answers the record's pointer. KVO's next write replaces it, as
  /// Foundation's writes set the new info through the setter.
  let stored: UInt?
  /// Whether reads send the class's `-observationInfo` (it overrides it), rather than take
  /// `stored`.
  let sendsGetter: Bool

  init(_ record: any AnyObject & Sendable, stored: UInt? = nil, sendsGetter: Bool = true) {
    self.record = record
    self.stored = stored
    self.sendsGetter = sendsGetter
  }

  var snapshot: ObservationSnapshot? { ObservationSnapshot(info: record) }

  func objectReleasesObservationInfo() {
    (record as? any ObservationInfoRelease)?.objectReleasesObservationInfo()
  }
}

/// What NSObject's `-setObservationInfo:` keeps for an object KVO has no registrations on when
/// it is given a pointer KVO handed out for another object.
final class BorrowedObservationInfo: Sendable {
  let pointer: UInt
  init(_ pointer: UInt) { self.pointer = pointer }
}

/// What an object's `-observationInfo` answer names.
enum ObservationInfoAnswer {
  /// Nobody: NULL, or a pointer whose registrations are all gone.
  case none
  /// The object's own registrations.
  case own(ObservationSnapshot)
  /// The registrations KVO made on another object.
  case other(ObservationTable)
}

extension ObservationSnapshot {
  /// The pointer `-observationInfo` answers for this snapshot.
  var pointer: UInt { UInt(bitPattern: ObjectIdentifier(slotValue)) }
}

extension Object {
  /// The object's current observation snapshot, as ``observationSnapshot``, after making its
  /// slot send reads through its class's `-observationInfo` if a category added an override
  /// since the slot was published (`adoptGetterOverride`). For the reads off the set path
  /// (manual will/did, removal, dumps); the set path finds out on its will/did decision's miss
  /// (WillDidDecision).
  ///
  /// - Complexity: O(1) for a class that keeps NSObject's getter: two atomic loads more.
  /// - Throws: As ``observationSnapshot``.
  var currentObservationSnapshot: ObservationSnapshot? {
    get throws {
      let generation = MethodGeneration(of: self)
      if let snapshot = ObservationSnapshot(info: observationInfo), snapshot.table.observed.overridesGetter(at: generation) {
        adoptGetterOverride(snapshot)
      }
      return try observationSnapshot
    }
  }

  /// Publishes `snapshot`'s table again in the object's slot, now that its class overrides
  /// `-observationInfo` (a category added it after the slot was published), so that every
  /// read sends the getter from now on. Takes the table's lock.
  @inline(never)
  func adoptGetterOverride(_ snapshot: ObservationSnapshot) {
    let table = snapshot.table
    table.observed.readsObservationInfoOverride = true
    table.lock.withLock {
      guard table.isActive, ObservationSnapshot(info: observationInfo)?.table === table else { return }
      table.publish(on: self)
    }
  }

  /// KVO's own record of the object's registrations, what adding and removing change, whatever
  /// the class's `-observationInfo` answers.
  var ownObservationSnapshot: ObservationSnapshot? {
    let info = observationInfo
    if let snapshot = ObservationSnapshot(info: info) { return snapshot }
    return (info as? OverriddenObservationInfo)?.snapshot
  }

  /// The snapshot KVO reads when the slot holds `info`, which is not a snapshot: through the
  /// class's `-observationInfo` (see the file comment). Call-out: the getter, no lock held.
  ///
  /// - Throws: What the getter throws, or ``KeyValueError`` (`invalidValue`) for an answer KVO
  ///   never handed out.
  @inline(never)
  func snapshotThroughOverride(_ info: any AnyObject & Sendable) throws -> ObservationSnapshot? {
    switch try answerOfObservationInfo(slot: info) {
    case .none: return nil
    case .own(let snapshot): return snapshot
    case .other(let table): return table.lock.withLock { table.isActive ? table.makeSnapshot() : nil }
    }
  }

  /// For an object KVO has no registrations on (an empty slot) whose class overrides
  /// `-observationInfo`, the registrations its answer names (another object's, through a pointer
  /// the override keeps there), as Foundation's manual will/did reads the getter of any object;
  /// `nil` otherwise (and for an object with registrations, which `observationSnapshot` reads).
  /// Costs a method-cache read for an empty slot, nothing else.
  ///
  /// - Throws: As ``snapshotThroughOverride(_:)``.
  func observationSnapshotOfUnregistered() throws -> ObservationSnapshot? {
    guard observationInfo == nil,
      try KeyValueCategory.isOverridden(Selectors.observationInfo, own: ObservationInfoCategory.observationInfo, bySending: self)
    else { return nil }
    guard case .other(let table) = try answer(ofGetterWithOwn: nil) else { return nil }
    return table.lock.withLock { table.isActive ? table.makeSnapshot() : nil }
  }

  /// What the object's observation info names, when its slot holds `slot` (not a snapshot):
  /// the answer of its class's `-observationInfo` for an override, the pointer it was lent for
  /// a borrowed info, nobody for anything else.
  func answerOfObservationInfo(slot: any AnyObject & Sendable) throws -> ObservationInfoAnswer {
    if let overridden = slot as? OverriddenObservationInfo {
      let own = overridden.snapshot
      if overridden.sendsGetter { return try answer(ofGetterWithOwn: own) }
      guard let stored = overridden.stored else { return own.map { .own($0) } ?? .none }
      return try named(by: stored, own: own)
    }
    guard let borrowed = slot as? BorrowedObservationInfo else { return .none }  // not KVO's: nobody is registered through it
    return try named(by: borrowed.pointer, own: nil)
  }

  /// What the class's `-observationInfo` answers, `own` being the object's own record.
  func answer(ofGetterWithOwn own: ObservationSnapshot?) throws -> ObservationInfoAnswer {
    let answer = try Runtime.msgSend(self, Selectors.observationInfo)  // call-out: the override
    switch answer {
    case .pointer(let raw): return try named(by: raw, own: own)
    case .nil: return .none
    default:
      throw KeyValueError(.invalidValue, "-[\(KeyValueError.label(self)) observationInfo] must answer a pointer, not \(answer)")
    }
  }

  /// What `pointer` names, `own` being the object's own record.
  private func named(by pointer: UInt, own: ObservationSnapshot?) throws -> ObservationInfoAnswer {
    if pointer == 0 { return .none }
    if let own, own.pointer == pointer { return .own(own) }
    guard let runtime, let named = KVORuntime.of(runtime).infoPointers.lookUp(pointer) else {
      throw KeyValueError(
        .invalidValue,
        "-[\(KeyValueError.label(self)) observationInfo] answered 0x\(String(pointer, radix: 16)), which KVO never handed out as observation info")
    }
    guard let table = named else { return .none }  // freed with its last registration
    if let own, table === own.table { return .own(own) }
    return .other(table)
  }
}
