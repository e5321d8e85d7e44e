// Notifier+SetMutation.swift: will/did of a set mutation, as messages and from Swift.
//
// Docs: docs/kvo.md#set-mutations. Tests: Tests/KVOTests/SetMutationTests.swift.
//
// `willChangeValueForKey:withSetMutation:usingObjects:` begins a change of the key on the
// thread's stack like any will (Notifier.swift), with the mutation attached to the entry of the
// key itself: that entry reports the mutation's kind and its set-valued old/new
// (SetMutation.swift); the entries of key paths that depend on the key report a setting, as for
// any to-many change. `didChangeValueForKey:withSetMutation:usingObjects:` ends it like
// `didChangeValueForKey:`. Automatic set changes (the notifying set mutators, the set proxy)
// bracket their edit with the pair, as messages when the class overrides either (or sends are
// traced), else directly; a failing edit closes the change without telling anyone.

import MiniRuntime

extension Notifier {
  /// Begins a set mutation of `key` on `object`.
  static func willChange(_ object: Object, key: String, mutation: SetMutation) throws {
    let id = KeyID(key)
    try ThreadChanges.perThread.withCurrent { thread in
      try holdingObject(object, thread: thread) {
        try willChange(
          object, id: id, kind: mutation.kind.changeKind, indexes: nil, snapshot: nil, thread: thread, setMutation: mutation)
      }
    }
  }

  /// Runs `body` between the will and the did of a set mutation of `key` (see the file comment).
  static func bracket<Result>(
    _ object: Object, key: String, mutation: SetMutation, _ body: () throws -> Result
  ) throws -> Result {
    let id = KeyID(key)
    return try ThreadChanges.perThread.withCurrent { thread in
      let mark = thread.lastSerial
      do {
        if KeyValueCategory.sendsSetMutationWillAndDid(object) {
          let arguments: Arguments = [.string(key), .uint64(UInt64(mutation.kind.rawValue)), .set(mutation.objects)]
          try Runtime.msgSend(object, SetMutationCategory.willSelector, arguments: arguments)  // call-out: the override
          let result = try body()
          try Runtime.msgSend(object, SetMutationCategory.didSelector, arguments: arguments)  // call-out: the override
          return result
        }
        try willChange(
          object, id: id, kind: mutation.kind.changeKind, indexes: nil, snapshot: nil, thread: thread, setMutation: mutation)
        let result = try body()
        try didChange(object, id: id, thread: thread)
        return result
      } catch {
        closeSilently(object, id: id, after: mark, thread: thread)
        throw error
      }
    }
  }
}

extension KeyValueCategory {
  /// Whether a set mutation of `object` must send its will/did as messages: the class
  /// overrides either, or sends are traced.
  static func sendsSetMutationWillAndDid(_ object: Object) -> Bool {
    object.tracesMessageSends
      || isOverridden(SetMutationCategory.willSelector, own: SetMutationCategory.will, by: object)
      || isOverridden(SetMutationCategory.didSelector, own: SetMutationCategory.did, by: object)
  }
}

/// NSObject's set-mutation notification methods (category NSKeyValueObserverNotification).
enum SetMutationCategory {
  static let willSelector: Selector = "willChangeValueForKey:withSetMutation:usingObjects:"
  static let didSelector: Selector = "didChangeValueForKey:withSetMutation:usingObjects:"

  static let will = KeyValueCategory.method("NSKeyValueObserverNotification", "willChangeValueForKey:withSetMutation:usingObjects:") {
    receiver, _, arguments in
    let mutation = SetMutation(kind: try SetMutation.kind(arguments[1]), objects: try SetMutation.objects(arguments[2]))
    try Notifier.willChange(receiver, key: try KeyValueCategory.key(arguments[0], receiver), mutation: mutation)
    return .nil
  }

  static let did = KeyValueCategory.method("NSKeyValueObserverNotification", "didChangeValueForKey:withSetMutation:usingObjects:") {
    receiver, _, arguments in
    try Notifier.didChange(receiver, key: try KeyValueCategory.key(arguments[0], receiver))
    return .nil
  }

  /// The methods, for NSObject's category list.
  static let methods: [(Selector, String, Implementation)] = [
    (willSelector, "v40@0:8@16Q24@32", will),
    (didSelector, "v40@0:8@16Q24@32", did),
  ]
}

extension Object {
  /// Announces that `key`, an unordered to-many relationship, is about to change by the set
  /// operation `mutation` with `objects` (pair it with
  /// ``didChangeValue(forKey:withSetMutation:using:)``).
  ///
  /// ```swift
  /// try person.willChangeValue(forKey: "tags", withSetMutation: .union, using: ["a"])
  /// // … add "a" to the tags …
  /// try person.didChangeValue(forKey: "tags", withSetMutation: .union, using: ["a"])
  /// // observers get kind .insertion, new = the objects that were not there yet
  /// ```
  ///
  /// - Throws: ``KeyValueError`` for a malformed key, or what reading the set for old/new throws.
  ///
  /// Objective-C: `-[NSObject willChangeValueForKey:withSetMutation:usingObjects:]`
  public func willChangeValue(forKey key: String, withSetMutation mutation: SetMutationKind, using objects: Set<Value>) throws {
    try sendCategoryMessage(
      SetMutationCategory.willSelector, [.string(key), .uint64(UInt64(mutation.rawValue)), .set(objects)])
  }

  /// Ends a set mutation announced with ``willChangeValue(forKey:withSetMutation:using:)``
  /// and notifies its observers.
  ///
  /// - Throws: What an observer threw, after every observer was told.
  ///
  /// Objective-C: `-[NSObject didChangeValueForKey:withSetMutation:usingObjects:]`
  public func didChangeValue(forKey key: String, withSetMutation mutation: SetMutationKind, using objects: Set<Value>) throws {
    try sendCategoryMessage(
      SetMutationCategory.didSelector, [.string(key), .uint64(UInt64(mutation.rawValue)), .set(objects)])
  }
}
