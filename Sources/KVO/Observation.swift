// Observation.swift: the registration engine, adding an observation.
//
// Docs: docs/kvo.md#key-value-observing. Tests: Tests/KVOTests/RegistrationTests.swift,
// AppleKVOExperimentsTests.swift.
//
// Adding an observation of `a.b` on an object:
//   1. find the plan of `a.b` for the object's class (KeyPathPlan.swift), or work it out: parse
//      and check the key path (no collection operators, not on a class object), find what
//      affects `a` (dependent keys, flattened) and make sure the notifying subclass of the
//      object's original class overrides the setters of `a` and of the keys it depends on;
//   2. record the registration in the object's table and, if it is the object's first, switch
//      its isa to the notifying subclass (under the table lock, so a concurrent last removal
//      cannot interleave; ObservationTable.swift);
//   3. outside the lock: follow the chain (`b` on the object `a` leads to), make the internal
//      registrations for dependent key paths.
// The initial notification, if asked for, goes out before any of that is recorded (after the
// key path and its dependencies are known, before the notifying subclass is prepared), as
// Foundation sends it.
// Removing (Observation+Removal.swift) the last registration switches the isa back; the
// notifying subclass stays.

import MiniRuntime

/// The registration engine.
enum Observation {
  /// Adds a registration and returns it. `extra`, for an object observer, is an entry every
  /// change it is sent carries (the Initial one included); `isShared` marks one a shared-observers
  /// snapshot makes (SharedObserversSnapshot.swift). Unless `followsAnswer` is false, the
  /// object's table is first made to hold what its observation info answers, when that is not
  /// its own record (ObservationInfoAdoption.swift).
  @discardableResult
  static func add(
    observer: ObserverKind, to object: Object, keyPath: String, options: ObservingOptions, context: ObservationContext,
    extra: ExtraChangeEntry? = nil, followsAnswer: Bool = true, isShared: Bool = false
  ) throws -> Registration {
    var snapshot = try object.snapshotForAdding(followsAnswer: followsAnswer)
    let observed: ObservedClass
    let plan: KeyPathPlan
    if options.contains(.initial) {
      var initialSent = false
      func sendInitialOnce(_ path: KeyValuePath) throws {
        guard !initialSent else { return }
        initialSent = true
        try sendInitial(to: observer, keyPath: path, options: options, context: context, extra: extra, about: object)
      }
      (observed, plan) = try Self.plan(for: keyPath, on: object, snapshot: snapshot, beforeHooking: sendInitialOnce)
      try sendInitialOnce(plan.path)  // a plan kept from before: nothing was worked out
    } else {  // the common case: no closure holding a copy of the observer (each copy retains it)
      (observed, plan) = try Self.plan(for: keyPath, on: object, snapshot: snapshot, beforeHooking: { _ in })
    }
    if followsAnswer, observed.readsObservationInfoOverride {
      snapshot = try snapshotFollowingOverride(of: object, snapshot)
    }
    let registration = Registration.make(
      plan: plan, options: options, context: context, observer: observer, extra: extra, isShared: isShared)
    // The table borrowed from the snapshot, which holds it (no retain of its own: K5).
    if try snapshot?.withTable({ try insert(registration, into: object, observed, table: $0) }) == nil {
      try insert(registration, into: object, observed, table: nil)
    }
    do {
      if plan.isChain { try KeyPathChain.relink(registration, of: object) }
      if !plan.dependencyPaths.isEmpty { try DependentKeys.retainLinks(for: registration, on: object) }
    } catch {
      remove(registration, from: object)
      throw error
    }
    return registration
  }

  /// The snapshot an add to `object` (of a class overriding `-observationInfo`) works on, given
  /// the one its slot held: a slot a category's override reached after it was published is
  /// first made to read the override, and an empty slot takes what the getter answers
  /// (ObservationInfoAdoption.swift). Out of line: `add` stays small enough to inline (K5).
  @inline(never)
  private static func snapshotFollowingOverride(of object: Object, _ snapshot: ObservationSnapshot?) throws -> ObservationSnapshot? {
    if let plain = snapshot, ObservationSnapshot(info: object.observationInfo) != nil {
      object.adoptGetterOverride(plain)  // a category added the getter since the slot was published
      return try adoptAnswer(of: object, slot: object.observationInfo)
    }
    if snapshot == nil { return try adoptAnswer(of: object, slot: nil) }  // an empty slot: the getter may name others
    return snapshot
  }

  /// Sends the class's `setObservationInfo:` override the new pointer, undoing the add if it
  /// throws. Call-out: the override (no lock held).
  @inline(never)
  private static func tellOverride(of object: Object, adding registration: Registration) throws {
    do {
      try ObservationInfoCategory.tellOverride(of: object, plan: registration.plan)
    } catch {
      remove(registration, from: object)
      throw error
    }
  }

  /// Sends the `initial` notification: at once, *before* the registration is recorded (and
  /// before the isa is switched), as Foundation does. So nothing another thread changes during
  /// the registration reaches the observer before it, an observer that removes itself from its
  /// initial callback is told it is not registered (and is registered afterwards), and a
  /// throwing observer leaves nothing registered.
  private static func sendInitial(
    to observer: ObserverKind, keyPath path: KeyValuePath, options: ObservingOptions, context: ObservationContext,
    extra: ExtraChangeEntry?, about object: Object
  ) throws {
    guard !observer.isForward else { return }  // KVO's own plumbing asks for none
    let new = options.contains(.new) ? try KeyValueCoding.value(of: .object(object), at: path) : Optional<Value>.none  // call-out: getters
    switch observer {
    case .object(let target):
      let change = Change(kind: .setting, new: new, old: nil, indexes: nil, extra: extra)
      if object.reportsEvents { Notifier.report(change, toObserver: target.description, keyPath: path.description, about: object) }
      try Runtime.msgSend(  // call-out: the observer's method, no lock held
        target, Selectors.observeValue,
        arguments: Arguments(
          try LoneSurrogateKey.argument(path.description, in: object.runtime), .object(object), .swiftObject(change),
          context.value))
    case .closure(let handler):
      let change = Change(kind: .setting, new: new, old: nil, indexes: nil, extra: nil)
      if object.reportsEvents { Notifier.report(change, toObserver: "block", keyPath: path.description, about: object) }
      handler(object, change)  // call-out: the observer's closure, no lock held
    case .forward, .nilObserver:
      return  // a message to nil does nothing
    }
  }

  /// The plan for observing `keyPath` on `object`: the one its paths already use, or the one
  /// kept by its class, while the runtime's methods are unchanged; else worked out
  /// (KeyPathPlan.swift) and kept by the class. `snapshot` is the object's, if it has one.
  private static func plan(
    for keyPath: String, on object: Object, snapshot: ObservationSnapshot?,
    beforeHooking: (KeyValuePath) throws -> Void
  ) throws -> (ObservedClass, KeyPathPlan) {
    try MethodGeneration.cached(
      for: object,
      lookUp: { generation in keptPlan(for: keyPath, on: object, snapshot: snapshot, at: generation) },
      compute: { generation in
        try KeyPathPlan.make(for: keyPath, on: object, at: generation, beforeHooking: beforeHooking)
      },
      publish: { _, made in made.0.keep(made.1) })
  }

  /// The plan of `keyPath` stamped with `generation` that `object`'s paths use or its class
  /// keeps, if any.
  @inline(__always)
  private static func keptPlan(
    for keyPath: String, on object: Object, snapshot: ObservationSnapshot?, at generation: MethodGeneration
  ) -> (ObservedClass, KeyPathPlan)? {
    let found: ObservedClass?
    if let snapshot {
      let observed = snapshot.withTable { $0.observed }
      if let plan = snapshot.plan(for: keyPath), plan.generation == generation, object.hasIsa(observed.notifying) {
        return (observed, plan)
      }
      found = observed
    } else if let runtime = object.runtime {
      found = KVORuntime.of(runtime).observedClass(ofObject: object)
    } else {
      found = nil
    }
    guard let observed = found, object.hasIsa(observed.notifying) || object.hasIsa(observed.original),
      let plan = observed.plan(for: keyPath, generation: generation)
    else { return nil }
    return (observed, plan)
  }

  /// What one attempt to change a table came to.
  enum Attempt {
    case done
    /// The table was emptied meanwhile: start over with the object's current one.
    case retry
    /// The change switches the object's isa, whose runtime event must be held back until the
    /// table's lock is dropped: try again inside `Runtime.deferringEvents`.
    case retryDeferringEvents
  }

  /// Records `registration` in the object's table (`table`, if known), switching its isa on the
  /// first one, then tells a `setObservationInfo:` override of the class, if it has one: the
  /// one place an add tells it, whichever way `record` went.
  private static func insert(
    _ registration: Registration, into object: Object, _ observed: ObservedClass, table: ObservationTable?
  ) throws {
    try record(registration, into: object, observed, table: table)
    if registration.plan.overridesSetObservationInfo { try tellOverride(of: object, adding: registration) }
  }

  /// Records `registration` in the object's table (`table`, if known), switching its isa on the
  /// first one. Only a change that switches the isa pays for holding back runtime events.
  @inline(__always)
  private static func record(
    _ registration: Registration, into object: Object, _ observed: ObservedClass, table: ObservationTable?
  ) throws {
    var deferring = !object.hasIsa(observed.notifying)
    var known = table
    if let table, !deferring {
      // The common case (K5): a table known and the isa switched already. One lock section,
      // with the table borrowed from the caller (no retain, no closure capturing a copy).
      switch attempt(registration, into: object, observed, table) {
      case .done: return
      case .retry: known = nil
      case .retryDeferringEvents: deferring = true
      }
    }
    if deferring { try initializeBeforeSwitching(to: observed.notifying) }
    // No table known: the slot was empty when `add` read it (or held something else than a
    // snapshot, which the loop below then finds). Make the first table at once, without reading
    // the slot a second time (K7a): `insertFirst` publishes it only if the slot is still empty,
    // atomically, and otherwise lets it go and this starts over as below.
    if known == nil, try insertFirst(registration, into: object, observed) { return }
    while true {
      let table: ObservationTable
      if let known {
        table = known
      } else {
        let info = object.observationInfo
        guard let info else {
          if try insertFirst(registration, into: object, observed) { return }
          continue
        }
        guard let snapshot = ObservationSnapshot(info: info) ?? (info as? OverriddenObservationInfo)?.snapshot else {
          throw KeyValueError(.invalidArgument, "\(object)'s observation info is not KVO's")
        }
        table = snapshot.table
      }
      known = nil
      let outcome =
        deferring
        ? try Runtime.deferringEvents({ try attemptDeferring(registration, into: object, observed, table) })
        : attempt(registration, into: object, observed, table)
      switch outcome {
      case .done: return
      case .retry: continue
      case .retryDeferringEvents: deferring = true
      }
    }
  }

  /// One attempt to record `registration` in `table` under its lock, switching the isa if it
  /// is not switched yet (the caller holds runtime events back: `Runtime.deferringEvents`).
  private static func attemptDeferring(
    _ registration: Registration, into object: Object, _ observed: ObservedClass, _ table: ObservationTable
  ) throws -> Attempt {
    try table.lock.withLock { () throws -> Attempt in
      guard table.isActive else { return .retry }
      if !object.hasIsa(observed.notifying) { try object.setClass(observed.notifying) }
      if table.add(registration) { table.publish(on: object) }
      return .done
    }
  }

  /// `attemptDeferring` without runtime events held back: an object whose isa is not switched yet is
  /// left to a retry that holds them back. Cannot throw (only the isa switch can), so the
  /// lock section keeps the table borrowed, as the caller holds it (a throwing one retains it:
  /// K5's add).
  @inline(__always)
  private static func attempt(
    _ registration: Registration, into object: Object, _ observed: ObservedClass, _ table: ObservationTable
  ) -> Attempt {
    table.lock.withLock { () -> Attempt in
      guard table.isActive else { return .retry }
      guard object.hasIsa(observed.notifying) else { return .retryDeferringEvents }
      if table.add(registration) { table.publish(on: object) }
      return .done
    }
  }

  /// Sends `+initialize` to the notifying class (its superclasses, the original class among
  /// them, first) before any table lock is taken: the isa switch below is `object_setClass`,
  /// which initializes the class it installs, and a user's `+initialize` must not run under the
  /// object's table lock. Only `+initialize` is sent: no lookup, no cache fill (a
  /// `class_getMethodImplementation` of `class` did the same with two lookups and a fill: K6).
  /// A class object's isa switch (to a metaclass) initializes nothing.
  @inline(never)
  private static func initializeBeforeSwitching(to notifying: Class) throws {
    guard !notifying.isMetaclass, !notifying.isInitialized else { return }
    try notifying.initializeIfNeeded()  // call-out: user +initialize, no lock held
  }

  /// Makes the object's table with `registration` and publishes it if the slot is still empty,
  /// then switches the isa. Returns `false` if another table got there first.
  private static func insertFirst(_ registration: Registration, into object: Object, _ observed: ObservedClass) throws -> Bool {
    let table = ObservationTable(observed: observed)
    return try Runtime.deferringEvents {
      try table.lock.withLock { () throws -> Bool in
        _ = table.add(registration)
        let snapshot = table.slotValue()
        guard object.observationInfo(creatingWith: { snapshot }) === snapshot else {
          table.discard()  // its path holds it: let go, or neither is ever freed
          return false
        }
        do {
          if !object.hasIsa(observed.notifying) { try object.setClass(observed.notifying) }
        } catch {
          _ = table.removeAll()  // empty, so inactive: an add that found it starts over
          object.observationInfo = nil
          throw error
        }
        return true
      }
    }
  }
}
