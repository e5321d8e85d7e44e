// Notifier+Messages.swift: will/did as real messages when a class overrides them.
//
// Docs: docs/kvo.md#notifying-setters. Tests: Tests/KVOTests/ManualNotificationTests.swift,
// FoundationKVOBehaviourRound2Tests.swift.
//
// Foundation brackets every automatic change (a notifying setter, a direct ivar set by
// setValue:forKey:, an edit through mutableArrayValueForKey:) with willChangeValueForKey: and
// didChangeValueForKey:, or their to-many forms, so a class that overrides them sees every
// change. MiniKVO sends them as messages only when the object's class overrides one of the
// pair (or sends are traced, so a trace shows the real sequence); otherwise it runs NSObject's
// implementation directly, which is the same code one send cheaper.
// Invariant: a change begun by the will is always ended: if the change itself throws, the did
// is run silently (no notification), so no half-open change is left on the thread.

import MiniRuntime

extension Notifier {
  /// Whether will/did of this kind must go out as messages for `object`: its class overrides
  /// the pair (`willChangeValueForKey:`/`didChangeValueForKey:`, or for indexed changes
  /// `willChange:valuesAtIndexes:forKey:`/`didChange:valuesAtIndexes:forKey:`), or sends are
  /// traced.
  ///
  /// - Complexity: O(1): two method-cache reads, no reference counting.
  static func sendsWillAndDid(_ object: Object, indexed: Bool) -> Bool {
    if object.tracesMessageSends { return true }
    if indexed {
      return !object.runs(KeyValueCategory.willChangeValuesAtIndexes, for: Selectors.willChangeValuesAtIndexes)
        || !object.runs(KeyValueCategory.didChangeValuesAtIndexes, for: Selectors.didChangeValuesAtIndexes)
    }
    return !object.runs(KeyValueCategory.willChangeValueForKey, for: Selectors.willChangeValueForKey)
      || !object.runs(KeyValueCategory.didChangeValueForKey, for: Selectors.didChangeValueForKey)
  }

  /// Runs `body` between a will-change and a did-change of `key`, as messages when the class
  /// overrides them (see ``sendsWillAndDid(_:indexed:)``), else directly through ``around``.
  /// `indexes` makes it a to-many change of `kind`.
  static func bracket<Result>(
    _ object: Object, key: String, id: KeyID, kind: ChangeKind = .setting, indexes: Indexes? = nil,
    snapshot: ObservationSnapshot? = nil, _ body: () throws -> Result
  ) throws -> Result {
    guard sendsWillAndDid(object, indexed: indexes != nil) else {
      return try around(object, id: id, kind: kind, indexes: indexes, snapshot: snapshot, body)
    }
    return try bracketWithMessages(object, key: key, id: id, kind: kind, indexes: indexes, body)
  }

  /// The message form of ``bracket``: sends the will, runs `body`, sends the did; a failing
  /// `body` ends the change silently instead of the did.
  static func bracketWithMessages<Result>(
    _ object: Object, key: String, id: KeyID, kind: ChangeKind, indexes: Indexes?, _ body: () throws -> Result
  ) throws -> Result {
    let will: Selector
    let did: Selector
    let arguments: Arguments
    if let indexes {
      (will, did) = (Selectors.willChangeValuesAtIndexes, Selectors.didChangeValuesAtIndexes)
      arguments = [.uint64(UInt64(kind.rawValue)), .swiftObject(IndexesBox(indexes)), .string(key)]
    } else {
      (will, did) = (Selectors.willChangeValueForKey, Selectors.didChangeValueForKey)
      arguments = [.string(key)]
    }
    try Runtime.msgSend(object, will, arguments: arguments)  // call-out: the class's override
    let result: Result
    do {
      result = try body()
    } catch {
      didChange(object, id: id, notify: false)
      throw error
    }
    try Runtime.msgSend(object, did, arguments: arguments)  // call-out: the class's override
    return result
  }
}
