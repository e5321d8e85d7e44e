// Object+SharedObservers.swift: `-[NSObject setSharedObservers:]`, the Swift API and the
// category method.
//
// Docs: docs/kvo.md#shared-observers. Tests: Tests/KVOTests/SharedObserversTests.swift.

import MiniRuntime

extension Object {
  /// Attaches `snapshot`'s shared observers to this object, replacing the ones it had; nil
  /// removes them.
  ///
  /// ```swift
  /// try ann.setSharedObservers(shared.snapshot())   // ann is observed by every shared observer
  /// try ann.setSharedObservers(nil)                 // and no longer
  /// ```
  ///
  /// Shared observers are told as `addObserver` observers are, stay registered for the object's
  /// life and need no removal: `removeObserver` does not find them, and an object deallocated
  /// with them attached ends them without a warning. A class that overrides
  /// `setSharedObservers:` is sent the message.
  ///
  /// - Throws: ``KeyValueError`` with code `invalidArgument` (NSInvalidArgumentException) if the
  ///   snapshot was made for another class than the object's (a subclass too); nothing changes
  ///   then. An error from an initial notification, after which the object keeps the shared
  ///   observers it had.
  ///
  /// Objective-C: `-[NSObject setSharedObservers:]`
  public func setSharedObservers(_ snapshot: SharedObserversSnapshot?) throws {
    try sendCategoryMessage(SharedObserversCategory.selector, Arguments(snapshot.map { .swiftObject($0) } ?? .nil))
  }
}

/// NSObject's `setSharedObservers:` as a runtime method (KeyValueCategory.swift installs it).
enum SharedObserversCategory {
  static let selector: Selector = "setSharedObservers:"

  static let methods: [(Selector, String, Implementation)] = [
    (selector, "v24@0:8@16", setSharedObservers)
  ]

  static let setSharedObservers = KeyValueCategory.method("NSKeyValueSharedObserverRegistration", "setSharedObservers:") {
    receiver, _, arguments in
    let snapshot = arguments[0].swiftObject(as: SharedObserversSnapshot.self)
    guard snapshot != nil || arguments[0].isNil else {
      throw KeyValueError(.invalidArgument, "setSharedObservers: needs an NSKeyValueSharedObserversSnapshot, got \(arguments[0])")
    }
    try SharedObserversSnapshot.attach(snapshot, to: receiver)
    return .nil
  }
}
