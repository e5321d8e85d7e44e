// Observation+Removal.swift: the registration engine, removing observations.
//
// Docs: docs/kvo.md#key-value-observing. Tests: Tests/KVOTests/RegistrationTests.swift,
// LifecycleTests.swift.
//
// A registration leaves its object's table under the table lock; the last one out switches the
// object's isa back to its original class. Chain links and dependency links it held are torn
// down after the lock is dropped (each is a removal on another table). An observed object that
// is deallocated drops all of its registrations at once (from the notifying subclass's
// `dealloc`).

import MiniRuntime

extension Observation {
  /// Removes the most recent registration of `observer` for `keyPath` (and `context`, if given).
  static func remove(observer: Object?, from object: Object, keyPath: String, context: ObservationContext?) throws {
    guard let observer else { return try removeNilObserver(from: object, keyPath: keyPath, context: context) }
    try remove(observer: observer, from: object, keyPath: keyPath, context: context)
  }

  /// Removes the most recent `addObserver:nil …` registration of `keyPath` (and `context`, if
  /// given), or throws Foundation's not-registered error naming the nil observer.
  private static func removeNilObserver(from object: Object, keyPath: String, context: ObservationContext?) throws {
    let table = (try object.currentObservationSnapshot)?.table
    let match = table?.lock.withLock {
      table?.registrations.last {
        $0.isNilObserver && $0.pathString == keyPath && (context == nil || $0.context == context)
      }
    }
    if let match { return remove(match, from: object) }
    throw KeyValueError(
      .observerNotRegistered,
      "Cannot remove an observer <(null) 0x0> for the key path \"\(keyPath)\" from \(KeyValueError.label(object)) because it is not registered as an observer.")
  }

  /// Removes the most recent registration of `observer` for `keyPath` (and `context`, if given).
  /// The observer is borrowed, not bound from an optional, so it is not retained: removal
  /// matches it by address and needs no reference to it.
  static func remove(observer: Object, from object: Object, keyPath: String, context: ObservationContext?) throws {
    var holdsOneSlot = false
    if let table = try object.tableForRemoval(of: observer, keyPath: keyPath, context: context, holdsOneSlot: &holdsOneSlot),
      let removed = holdsOneSlot
        ? removeLikelyEmptying(table, observer: observer, from: object, keyPath: keyPath, context: context)
        : withTableLock(table, emptying: { table.lastRegistration(of: observer, keyPath: keyPath, context: context) }, {
          match in Removed(registration: match, link: unregister(match, in: table, of: object))
        })
    {
      tearDown(removed.link)
      if !removed.registration.dependencyPaths.isEmpty { DependentKeys.releaseLinks(for: removed.registration, on: object) }
      try ObservationInfoCategory.tellOverride(of: object, plan: removed.registration.plan)  // call-out: an override of setObservationInfo:
      return
    }
    // Any key path can be registered (Foundation checks none), so a miss is just a miss.
    throw KeyValueError(
      .observerNotRegistered,
      "Cannot remove an observer \(KeyValueError.label(observer)) for the key path \"\(keyPath)\" from \(KeyValueError.label(object)) because it is not registered as an observer.")
  }

  /// A registration taken out of its table and the chain link it held, to tear down after the
  /// lock is dropped. A struct rather than an optional tuple, which is copied through outlined
  /// value witnesses (a retain and a release of each).
  private struct Removed {
    let registration: Registration
    let link: ChainLink?
  }

  /// Removes one registration (tokens, internal links, pruning). Doing it twice does nothing.
  static func remove(_ registration: Registration, from object: Object) {
    guard let table = object.ownObservationSnapshot?.table else { return }
    let removed = withTableLock(table, emptying: { registration.isRegistered ? registration : nil }) {
      match in unregister(match, in: table, of: object)
    }
    guard let link = removed else { return }
    tearDown(link)
    if !registration.dependencyPaths.isEmpty { DependentKeys.releaseLinks(for: registration, on: object) }
    try? ObservationInfoCategory.tellOverride(of: object, plan: registration.plan)  // call-out; nobody to throw to here
  }

  /// `remove(observer:from:keyPath:context:)` when the object's slot held one path with one slot
  /// used (`Object.tableForRemoval`, read without the table's lock): the removal will likely
  /// empty the table and switch the isa back, so runtime events are held back around one lock
  /// section from the start, instead of `withTableLock`'s first section finding that out and a
  /// second doing the removal (K7c: one lock section and one search fewer). The hint only picks
  /// the order: held-back events cost nothing when the removal turns out not to switch the isa
  /// (another thread added meanwhile), and whatever the hint, the isa is switched only in a
  /// section whose events are held back. Out of line: K5's removal never takes it.
  @inline(never)
  private static func removeLikelyEmptying(
    _ table: ObservationTable, observer: Object, from object: Object, keyPath: String, context: ObservationContext?
  ) -> Removed? {
    Runtime.deferringEvents {
      table.lock.withLock { () -> Removed? in
        guard let match = table.lastRegistration(of: observer, keyPath: keyPath, context: context) else { return nil }
        return Removed(registration: match, link: unregister(match, in: table, of: object))
      }
    }
  }

  /// Runs `body` on the registration `find` picks, under the table's lock; `nil` if it picks
  /// none. Runtime events are held back (`Runtime.deferringEvents`) only when the removal
  /// empties the table, and so switches the object's isa back. Inlined, so `find` and `body`
  /// are too (no closure contexts: K5's removal). `body` takes the registration `find` gave
  /// (consuming it: a removal keeps it past the lock without a second retain).
  @inline(__always)
  static func withTableLock<Result>(
    _ table: ObservationTable, emptying find: () -> Registration?, _ body: (consuming Registration) -> Result
  ) -> Result? {
    let (switchesIsa, result) = table.lock.withLock { () -> (Bool, Result?) in
      guard let match = find() else { return (false, nil) }
      if table.isEmptied(byRemoving: match) { return (true, nil) }
      return (false, body(match))
    }
    guard switchesIsa else { return result }
    return Runtime.deferringEvents {
      table.lock.withLock { () -> Result? in
        guard let match = find() else { return nil }
        return body(match)
      }
    }
  }

  /// Takes `registration` out of the table (returning its chain link to tear down); the last
  /// one out switches the isa back, then empties the slot (in that order: see
  /// ObservationTable.swift). Locking: caller holds `table.lock` (and holds back runtime events
  /// if this is the last one).
  static func unregister(_ registration: Registration, in table: ObservationTable, of object: Object) -> ChainLink? {
    let link = registration.link
    registration.link = nil
    registration.linkVersion += 1
    let changed = table.remove(registration)
    if table.isEmpty {
      // Cannot fail: the original class is registered and has the object's very layout (a
      // class object's is its own metaclass, which object_setClass always takes back; a
      // metaclass object's isa was never switched).
      if let original = classToRestore(object, table) { _ = try? object.setClass(original) }
      object.observationInfo = nil
    } else if changed {
      table.publish(on: object)
    }
    return link
  }

  /// The class the last removal gives the object back, as Foundation's: the original class of
  /// the notifying class it has; `nil` (leave it) when it has its original class already, or a
  /// class user code gave it with `object_setClass` that is no notifying class (Foundation's
  /// original class of such an isa is the isa itself). Locking: caller holds `table.lock`
  /// (a lookup off the common path may take `Runtime.lock`, which comes after it).
  static func classToRestore(_ object: Object, _ table: ObservationTable) -> Class? {
    if object.hasIsa(table.observed.notifying) { return object.hasIsa(table.originalClass) ? nil : table.originalClass }
    if object.hasIsa(table.originalClass) { return nil }
    return NotifyingSubclass.originalClass(ofNotifying: object.isa)
  }

  /// Removes the registration a chain link holds on its target (a `removeObserver:forKeyPath:`
  /// message to it, ChainLink.swift).
  @inline(__always)
  static func tearDown(_ link: ChainLink?) {
    link?.unregister()
  }

  /// Drops a registration whose observer was freed while registered (Foundation would crash).
  static func pruneDeadObserver(_ registration: Registration, of object: Object) {
    remove(registration, from: object)
    object.runtime?.emit(
      .diagnostic(
        subsystem: "KVO",
        message: "an observer of \"\(LoneSurrogateKey.displayed(registration.pathString))\" on \(object) was deallocated while registered; its registration was removed"))
  }

  /// Cleans up after an observed object being deallocated (from the notifying subclass's
  /// `dealloc`): every registration goes and chain links on other objects are torn down. A
  /// diagnostic names the key paths that observer objects (`addObserver`) were still watching,
  /// as Foundation logs; closure observations end silently, as `NSKeyValueObservation` does.
  static func objectDeallocating(_ object: Object) {
    guard let table = object.ownObservationSnapshot?.table else { return }
    // Whom the object's `-observationInfo` names, for the diagnostic (an override may answer
    // NULL, or another object's registrations): read before the record is emptied.
    let named = object.observationInfo is OverriddenObservationInfo ? (try? object.observationSnapshot)?.table : table
    let (registrations, links) = table.lock.withLock { () -> ([Registration], [ChainLink?]) in
      let all = table.removeAll()
      let links = all.map { registration -> ChainLink? in
        let link = registration.link
        registration.link = nil
        return link
      }
      object.observationInfo = nil
      return (all, links)
    }
    let listed = named === table ? registrations : named.map { other in other.lock.withLock { other.registrations } } ?? []
    let watched = listed.filter { $0.isObjectObserver && !$0.isShared }  // shared ones need no removal
      .map { LoneSurrogateKey.displayed($0.pathString) }
    if !watched.isEmpty {
      object.runtime?.emit(
        .diagnostic(
          subsystem: "KVO",
          message: "An instance \(object) of class \(table.originalClass.name) was deallocated while key value observers were still registered with it. Key paths: \(watched.joined(separator: ", "))"))
    }
    for link in links { tearDown(link) }
  }
}
