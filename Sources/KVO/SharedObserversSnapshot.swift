// SharedObserversSnapshot.swift: Foundation's `NSKeyValueSharedObserversSnapshot`, and what
// attaching one to an object does (`-[NSObject setSharedObservers:]`).
//
// Docs: docs/kvo.md#shared-observers, decisions/0048-shared-observers-are-flagged-registrations.md.
// Tests: Tests/KVOTests/SharedObserversTests.swift.
//
// Model: a snapshot is an immutable list of entries and the class it was made for. Attaching it
// registers each entry on the object as an ordinary registration flagged shared (one bit of the
// registration, Registration.swift), in the object's own observation table, so a shared
// observer is told exactly as an `addObserver` one is (options, change, context, dependent
// keys, prior and initial notifications), takes the object to its notifying subclass, and is
// ended with the object. The flag is what sets them apart: `removeObserver` does not find them,
// the dealloc warning does not name them, and attaching the next snapshot (or nil) removes the
// flagged registrations the object had, after the new ones are in (so an object that keeps
// shared observers never passes through its original class).
// Locking: none of its own. Each add and removal takes the object's table lock (ObservationTable
// .swift) as `addObserver` does; the initial notifications and a `setObservationInfo:` override
// are called with no lock held. Of two threads attaching snapshots to one object at once, the
// attach begun last wins and the other removes its own registrations: the object ends with one
// snapshot's observers, never both or none (SharedObserversAttaching.swift).

import MiniRuntime

/// An immutable list of shared observers, taken from ``SharedObservers`` with
/// ``SharedObservers/snapshot()``, to attach to objects with `setSharedObservers(_:)`.
///
/// Objective-C: `NSKeyValueSharedObserversSnapshot`
public final class SharedObserversSnapshot: Sendable, CustomStringConvertible {
  /// One shared observer: immutable, shared by every snapshot taken after it was added.
  final class Entry: Sendable {
    /// Held unretained (by an unowned count), as a registration holds its observer (decision 0018).
    let observer: UnownedObject
    let key: String
    let options: ObservingOptions
    let context: ObservationContext

    init(observer: Object, key: String, options: ObservingOptions, context: ObservationContext) {
      self.observer = UnownedObject(observer)
      self.key = key
      self.options = options
      self.context = context
    }
  }

  /// The class whose objects this snapshot may be attached to.
  ///
  /// Objective-C: none (the class its `NSKeyValueSharedObservers` was made with).
  public let observableClass: Class
  let entries: [Entry]

  init(observableClass: Class, entries: [Entry]) {
    self.observableClass = observableClass
    self.entries = entries
  }

  /// The number of shared observers in the snapshot.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var count: Int { entries.count }

  /// The class and the keys, in the order added.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String {
    "<SharedObserversSnapshot: \(observableClass.name), keys: \(entries.map(\.key).joined(separator: ", "))>"
  }

  /// Makes `snapshot` the shared observers of `object` (nil: none), replacing those it had.
  /// The engine of `-setSharedObservers:`. Of attaches to one object running at once, the one
  /// begun last wins (SharedObserversAttaching.swift).
  static func attach(_ snapshot: SharedObserversSnapshot?, to object: Object) throws {
    if let snapshot {
      // The object's class as `-class` answers it: KVO's notifying subclass does not count. The
      // isa is read once: another thread's first add may switch it between two reads.
      let isa = object.isa
      let objectClass = NotifyingSubclass.originalClass(ofNotifying: isa) ?? isa
      guard objectClass === snapshot.observableClass else {
        throw KeyValueError(
          .invalidArgument,
          "-[\(objectClass.name) setSharedObservers:]: the shared observers were made for class \(snapshot.observableClass.name), not \(objectClass.name)")
      }
    }
    let ticket = SharedObserversAttaching.begin(on: object)
    var added: [Registration] = []
    do {
      for entry in snapshot?.entries ?? [] {
        guard let observer = entry.observer.load() else { continue }  // freed before the attach
        added.append(
          try Observation.add(  // call-out: the initial notification, if asked for
            observer: .object(observer), to: object, keyPath: entry.key, options: entry.options,
            context: entry.context, isShared: true))
      }
    } catch {
      _ = SharedObserversAttaching.end(ticket, on: object)
      for registration in added { Observation.remove(registration, from: object) }
      throw error
    }
    // The new ones are in before the old ones go, so the object never passes through its class.
    guard let bound = SharedObserversAttaching.end(ticket, on: object) else {
      for registration in added { Observation.remove(registration, from: object) }  // a later attach wins
      return
    }
    let kept = Set(added.map(ObjectIdentifier.init))
    for registration in sharedRegistrations(of: object, madeBy: bound) where !kept.contains(ObjectIdentifier(registration)) {
      Observation.remove(registration, from: object)
    }
  }

  /// The object's shared registrations numbered `bound` or less, in registration order. Takes
  /// its table lock.
  private static func sharedRegistrations(of object: Object, madeBy bound: UInt64) -> [Registration] {
    guard let table = object.ownObservationSnapshot?.table else { return [] }
    return table.lock.withLock { table.registrations.filter { $0.isShared && $0.id <= bound } }
  }
}
