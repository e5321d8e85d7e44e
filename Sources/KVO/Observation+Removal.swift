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
    guard let observer else {
      throw KeyValueError(.invalidArgument, "removeObserver:forKeyPath: needs an observer, got nil")
    }
    if !KeyValuePath.isKey(keyPath) { _ = try KeyValuePath(keyPath) }  // validates; a plain key needs no parse
    let table = object.observationSnapshot?.table
    let removed = Runtime.deferringEvents {
      table?.lock.withLock { () -> (Registration, ChainLink?)? in
        guard let table,
          let match = table.registrations.last(where: {
            $0.isObserved(by: observer) && $0.pathString == keyPath && (context == nil || $0.context == context)
          })
        else { return nil }
        return (match, unregister(match, in: table, of: object))
      }
    }
    guard let (registration, link) = removed else {
      throw KeyValueError(
        .observerNotRegistered,
        "Cannot remove an observer \(observer) for the key path \"\(keyPath)\" from \(object) because it is not registered as an observer.")
    }
    tearDown(link)
    DependentKeys.releaseLinks(for: registration, on: object)
  }

  /// Removes one registration (tokens, internal links, pruning). Doing it twice does nothing.
  static func remove(_ registration: Registration, from object: Object) {
    guard let table = object.observationSnapshot?.table else { return }
    let removed = Runtime.deferringEvents {
      table.lock.withLock { () -> (ChainLink?)? in
        guard registration.isRegistered else { return nil }
        return .some(unregister(registration, in: table, of: object))
      }
    }
    guard let link = removed else { return }
    tearDown(link)
    DependentKeys.releaseLinks(for: registration, on: object)
  }

  /// Takes `registration` out of the table (returning its chain link to tear down); the last
  /// one out switches the isa back. Locking: caller holds `table.lock`.
  private static func unregister(_ registration: Registration, in table: ObservationTable, of object: Object) -> ChainLink? {
    let link = registration.link
    registration.link = nil
    registration.isRegistered = false
    registration.linkVersion += 1
    table.registrations.removeAll { $0 === registration }
    if table.registrations.isEmpty {
      // Cannot fail: the original class is registered and has the object's very layout.
      _ = try? object.setClass(table.originalClass)
    }
    table.publish(on: object)
    return link
  }

  /// Removes the internal registration a chain link holds on its target.
  static func tearDown(_ link: ChainLink?) {
    if let link, let target = link.target { remove(link.registration, from: target) }
  }

  /// Drops a registration whose observer was freed while registered (Foundation would crash).
  static func pruneDeadObserver(_ registration: Registration, of object: Object) {
    remove(registration, from: object)
    object.runtime?.emit(
      .diagnostic(
        subsystem: "KVO",
        message: "an observer of \"\(registration.pathString)\" on \(object) was deallocated while registered; its registration was removed"))
  }

  /// Cleans up after an observed object being deallocated (from the notifying subclass's
  /// `dealloc`): every registration goes and chain links on other objects are torn down. A
  /// diagnostic names the key paths that observer objects (`addObserver`) were still watching,
  /// as Foundation logs; closure observations end silently, as `NSKeyValueObservation` does.
  static func objectDeallocating(_ object: Object) {
    guard let table = object.observationSnapshot?.table else { return }
    let (registrations, links) = table.lock.withLock { () -> ([Registration], [ChainLink?]) in
      let all = table.registrations
      let links = all.map { registration -> ChainLink? in
        let link = registration.link
        registration.link = nil
        registration.isRegistered = false
        return link
      }
      table.registrations = []
      table.dependencyLinks = [:]
      object.observationInfo = nil
      return (all, links)
    }
    let watched = registrations.filter(\.observer.isObjectObserver).map(\.pathString)
    if !watched.isEmpty {
      object.runtime?.emit(
        .diagnostic(
          subsystem: "KVO",
          message: "An instance \(object) of class \(table.originalClass.name) was deallocated while key value observers were still registered with it. Key paths: \(watched.joined(separator: ", "))"))
    }
    for link in links { tearDown(link) }
  }
}
