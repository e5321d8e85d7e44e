// ObservationInfoAdoption.swift: adding and removing go by what an object's observation info
// answers, as Foundation's do.
//
// Docs: docs/kvo.md#seeing-what-is-registered. Tests: Tests/KVOTests/FidelityRound10InfoTests.swift,
// ObservationInfoOverrideTests.swift.
//
// Foundation's add and remove read the object's `-observationInfo`, make a new info from the
// answer plus (or minus) one observance, and store that with `-setObservationInfo:`. Here each
// object's registrations live in its own table; when the answer names that table (always, for a
// slot holding the record itself: the common case, which never comes here) nothing more is done.
// When it does not (an overriding getter answering NULL or another object's pointer, or
// NSObject's setter given such a pointer), the object's table is first made from the answer:
//   1. its own registrations are dropped, as dealloc drops them, with no diagnostic (Foundation
//      never reads its replaced info again), its isa going back to its original class;
//   2. the observances the answer names are registered on it again, re-planned for its class,
//      with no initial notification: the observers of another object's info become observers of
//      this one, as Foundation's new info holds the same observances (KVO's own forwarding
//      registrations, for chains and dependent key paths, are not copied: each serves the
//      object it was made for, which re-registering here makes anew);
//   3. the add or removal goes on as usual, on the table that is now the object's own. A removal
//      whose observance the answer does not hold changes nothing and raises "not registered".
// The other object's registrations are unchanged. When the answer names the object's own table
// but NSObject's setter was given a pointer other than its current one (an older one), the slot
// is published again, so the getter answers the current pointer after KVO's write, as Foundation's
// answers the info it just stored.
//
// Locking: no lock is held across the steps; each takes the tables' locks as an add or a removal
// does, and the getter is sent with no lock held. Two threads adopting at once each drop and copy:
// the object ends with one of the orders Foundation's lock would allow, never with a torn table.

import MiniRuntime

extension Observation {
  /// What a `removeObserver:forKeyPath:context:` looks for.
  struct Removal {
    let observer: Object
    let keyPath: String
    let context: ObservationContext?

    init(_ observer: Object, _ keyPath: String, _ context: ObservationContext?) {
      self.observer = observer
      self.keyPath = keyPath
      self.context = context
    }

    /// Whether `registration` is one the removal takes out.
    func matches(_ registration: Registration) -> Bool {
      registration.pathString == keyPath && registration.isObserved(by: observer)
        && (context == nil || registration.context == context)
    }
  }

  /// `Object.snapshotForAdding(followsAnswer:)` when the slot holds `slot`, neither empty nor a
  /// snapshot.
  @inline(never)
  static func snapshotForAdding(to object: Object, slot: any AnyObject & Sendable, followsAnswer: Bool) throws -> ObservationSnapshot? {
    guard followsAnswer else { return (slot as? OverriddenObservationInfo)?.snapshot }
    return try adoptAnswer(of: object, slot: slot)
  }

  /// The table a removal from `object` looks in when its slot holds its record, `table`, and
  /// the record's class may override `-observationInfo` under `generation` (the stamp
  /// `tableForRemoval` read inline was stale or said yes): `table` itself if the class keeps
  /// NSObject's getter.
  @inline(never)
  static func tableForRemoval(
    from object: Object, checking table: ObservationTable, at generation: MethodGeneration,
    observer: Object, keyPath: String, context: ObservationContext?
  ) throws -> ObservationTable? {
    guard table.observed.overridesGetter(at: generation) else { return table }
    return try tableForRemoval(from: object, slot: nil, observer: observer, keyPath: keyPath, context: context)
  }

  /// `Object.tableForRemoval(of:keyPath:context:)` when the slot holds `slot`, neither empty nor a
  /// snapshot, or when it holds a snapshot (`slot` nil) and a category has since added a getter
  /// override to the object's class, which the slot is first made to read.
  @inline(never)
  static func tableForRemoval(
    from object: Object, slot: (any AnyObject & Sendable)?, observer: Object, keyPath: String, context: ObservationContext?
  ) throws -> ObservationTable? {
    var slot = slot
    if slot == nil {
      if let snapshot = ObservationSnapshot(info: object.observationInfo) { object.adoptGetterOverride(snapshot) }
      slot = object.observationInfo
    }
    guard let slot else { return nil }
    if let snapshot = ObservationSnapshot(info: slot) { return snapshot.table }  // published again meanwhile
    return try adoptAnswer(of: object, slot: slot, removing: Removal(observer, keyPath, context))?.table
  }

  /// The object's own snapshot, once its table holds what its observation info answers (see
  /// the file comment). `slot` is what its slot holds when that is not a snapshot, `nil` for an
  /// empty slot of a class that overrides `-observationInfo`. For a removal, `nil` when the
  /// answer does not hold its observance (nothing was changed).
  ///
  /// - Throws: What the getter throws, ``KeyValueError`` for an answer KVO never handed out, and
  ///   what re-registering an observance throws.
  @inline(never)
  static func adoptAnswer(
    of object: Object, slot: (any AnyObject & Sendable)?, removing removal: Removal? = nil
  ) throws -> ObservationSnapshot? {
    let own = (slot as? OverriddenObservationInfo)?.snapshot
    let answer = try slot.map { try object.answerOfObservationInfo(slot: $0) } ?? object.answer(ofGetterWithOwn: nil)
    let base: [Registration]
    switch answer {
    case .own(let snapshot):
      if (slot as? OverriddenObservationInfo)?.stored != nil { republish(snapshot.table, on: object) }
      return object.ownObservationSnapshot
    case .none:
      if removal != nil { return nil }
      base = []
    case .other(let table):
      base = table.lock.withLock { table.isActive ? table.registrations.filter(\.isExternal) : [] }
      if let removal, !base.contains(where: removal.matches) { return nil }
    }
    drop(object, table: own?.table)
    for registration in base { try reregister(registration, on: object) }
    return object.ownObservationSnapshot
  }

  /// Publishes the table's snapshot in the object's slot again (replacing a pointer NSObject's
  /// setter stored there), if it is still the object's.
  private static func republish(_ table: ObservationTable, on object: Object) {
    table.lock.withLock {
      guard table.isActive, object.ownObservationSnapshot?.table === table else { return }
      table.publish(on: object)
    }
  }

  /// Drops every registration of the object's own `table` (and a borrowed pointer its slot
  /// holds), switching its isa back: what it held is no longer its observation info.
  private static func drop(_ object: Object, table: ObservationTable?) {
    if object.observationInfo is BorrowedObservationInfo { object.observationInfo = nil }
    guard let table else { return }
    let links = Runtime.deferringEvents {
      table.lock.withLock { () -> [ChainLink?] in
        guard table.isActive, object.ownObservationSnapshot?.table === table else { return [] }
        let links = table.removeAll().map { registration -> ChainLink? in
          let link = registration.link
          registration.link = nil
          registration.linkVersion += 1
          return link
        }
        if let original = classToRestore(object, table) { _ = try? object.setClass(original) }
        object.observationInfo = nil
        return links
      }
    }
    for link in links { tearDown(link) }
  }

  /// Registers `registration`'s observer again on `object`, with its key path, options (less
  /// the initial notification), context and extra entry. A freed observer is skipped.
  private static func reregister(_ registration: Registration, on object: Object) throws {
    let observer: ObserverKind
    if let handler = registration.handler {
      observer = .closure(handler)
    } else if let target = registration.observerObject {
      observer = .object(target)
    } else if registration.isNilObserver {
      observer = .nilObserver
    } else {
      return
    }
    try add(
      observer: observer, to: object, keyPath: registration.pathString, options: registration.options.subtracting(.initial),
      context: registration.context, extra: registration.extraEntry, followsAnswer: false)
  }
}
