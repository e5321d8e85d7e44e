// SharedObservers.swift: Foundation's `NSKeyValueSharedObservers` (macOS 14, iOS 17), a
// collection of observers added once for a class, whose snapshots are attached to its objects.
//
// Docs: docs/kvo.md#shared-observers. Tests: Tests/KVOTests/SharedObserversTests.swift.
//
// Model: an append-only list of entries (observer, key, options, context), each immutable; a
// snapshot copies the list as it is, so later adds never reach objects a snapshot was attached
// to. Locking: the list is a `Locked` private to this collection (a leaf: held only to append
// or copy, calling nothing). Attaching a snapshot to an object is SharedObserversSnapshot.swift.

import MiniRuntime

/// Observers added once for a class, to be attached to many of its objects with
/// `setSharedObservers(_:)`: each object is observed by all of them, as if each had
/// been added with `addObserver`, without repeating the adds for every object.
///
/// ```swift
/// let shared = SharedObservers(observableClass: person)
/// try shared.addSharedObserver(watcher, forKey: "age", options: [.new])
/// let snapshot = shared.snapshot()        // typically kept in a static
/// try ann.setSharedObservers(snapshot)    // in init: ann is observed by watcher
/// try bo.setSharedObservers(snapshot)
/// ```
///
/// Guarantees:
/// - A snapshot is immutable: observers added later do not reach objects it is attached to
///   (`anObserverAddedAfterTheSnapshotDoesNotReachObjectsItIsAttachedTo`).
/// - Keys only: a key path or collection operator is refused (`aKeyPathIsRefused`).
/// - Observers are held unretained, as `addObserver` holds them
///   (`anObserverFreedBeforeTheSnapshotIsAttachedIsSkipped`).
///
/// Objective-C: `NSKeyValueSharedObservers`
public final class SharedObservers: Sendable {
  /// The class whose objects the snapshots may be attached to.
  ///
  /// Objective-C: none (the class given to `-initWithObservableClass:`).
  public let observableClass: Class
  private let entries = Locked<[SharedObserversSnapshot.Entry]>([])

  /// A new, empty collection of observers for objects of `observableClass`.
  ///
  /// Objective-C: `-[NSKeyValueSharedObservers initWithObservableClass:]`
  public init(observableClass: Class) {
    self.observableClass = observableClass
  }

  /// Adds `observer` for `key`, with `options` and `context`, to the snapshots taken from now on.
  ///
  /// ```swift
  /// try shared.addSharedObserver(watcher, forKey: "age", options: [.old, .new], context: 7)
  /// try shared.addSharedObserver(watcher, forKey: "friend.age")   // throws: keys only
  /// ```
  ///
  /// - Parameters:
  ///   - observer: Sent `observeValueForKeyPath:ofObject:change:context:`; held unretained.
  ///   - key: A key of the observable class, not a key path.
  ///   - options: As for `addObserver`; `initial` goes out when a snapshot is attached.
  ///   - context: Passed back with every notification.
  /// - Throws: ``KeyValueError`` with code `invalidArgument` for an empty key, a key path or a
  ///   collection operator (NSInvalidArgumentException).
  ///
  /// Objective-C: `-[NSKeyValueSharedObservers addSharedObserver:forKey:options:context:]`
  public func addSharedObserver(
    _ observer: Object, forKey key: String, options: ObservingOptions = [], context: ObservationContext = .none
  ) throws {
    // By code units, as every key check: "a.\u{301}b" holds a `.`, "@\u{301}count" starts with `@`.
    guard !key.isEmpty, !KeyValuePath.containsSeparator(key), !KeyValuePath.startsWithOperatorMark(key) else {
      throw KeyValueError(
        .invalidArgument,
        "-[NSKeyValueSharedObservers addSharedObserver:forKey:options:context:]: \"\(key)\" is not a key; shared observers observe keys, not key paths or collection operators")
    }
    let entry = SharedObserversSnapshot.Entry(observer: observer, key: key, options: options, context: context)
    entries.withLock { $0.append(entry) }
  }

  /// The observers added so far, as an immutable snapshot to attach to objects of the
  /// observable class.
  ///
  /// Objective-C: `-[NSKeyValueSharedObservers snapshot]`
  public func snapshot() -> SharedObserversSnapshot {
    SharedObserversSnapshot(observableClass: observableClass, entries: entries.withLock { $0 })
  }
}
