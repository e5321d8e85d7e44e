// Notifier+Messages.swift: bracketing an automatic change with will/did, directly or as messages.
//
// Docs: docs/kvo.md#notifying-setters. Tests: Tests/KVOTests/ManualNotificationTests.swift,
// FaultInjectionTests.swift.
//
// Foundation brackets every automatic change (a notifying setter, a direct ivar set by
// setValue:forKey:, an edit through a mutable collection proxy) with willChangeValueForKey: and
// didChangeValueForKey:, or their to-many forms, so a class that overrides them sees every
// change. MiniKVO sends them as messages when the object's class overrides one of the pair or
// when sends are traced (KeyValueCategory+Overrides.swift decides, in one place); otherwise it
// runs NSObject's implementation directly, which is the same code one send cheaper. Both routes
// behave the same, so tracing never changes what a program does.
//
// Invariant: a bracket leaves no change of its own open. It remembers the thread's last serial
// before the will; if the will, the change itself or the did throws (a class's override, a
// setter, a getter), every change of that key on that object begun since then and still open is
// closed without telling anyone, and the error is thrown.

import MiniRuntime

extension Notifier {
  /// Runs `body` between a will-change and a did-change of `key`, as messages when the class
  /// overrides them or sends are traced, else directly. `indexes` makes it a to-many change of
  /// `kind`.
  ///
  /// - Parameter viaMessages: Whether will/did go out as messages; by default
  ///   ``KeyValueCategory/sendsWillAndDid(_:indexed:)`` decides.
  static func bracket<Result>(
    _ object: Object, key: String, id: KeyID, kind: ChangeKind = .setting, indexes: ChangeIndexes? = nil,
    snapshot: ObservationSnapshot? = nil, viaMessages: Bool? = nil, _ body: () throws -> Result
  ) throws -> Result {
    try ThreadChanges.perThread.withCurrent { thread in
      let mark = thread.lastSerial
      do {
        if viaMessages ?? KeyValueCategory.sendsWillAndDid(object, indexed: indexes != nil) {
          return try bracketWithMessages(object, key: key, kind: kind, indexes: indexes?.indexes, body)
        }
        try willChange(object, id: id, kind: kind, indexes: indexes, snapshot: snapshot, thread: thread)
        let result = try body()
        try didChange(object, id: id, thread: thread)
        return result
      } catch {
        closeSilently(object, id: id, after: mark, thread: thread)
        throw error
      }
    }
  }

  /// The message form of ``bracket``: sends the will, runs `body`, sends the did.
  private static func bracketWithMessages<Result>(
    _ object: Object, key: String, kind: ChangeKind, indexes: Indexes?, _ body: () throws -> Result
  ) throws -> Result {
    let will: Selector
    let did: Selector
    let arguments: Arguments
    if let indexes {
      (will, did) = (Selectors.willChangeValuesAtIndexes, Selectors.didChangeValuesAtIndexes)
      let keyArgument = try keyArgument(key, of: object)
      arguments = [.uint64(UInt64(kind.rawValue)), ChangeIndexes(indexes, of: object).entry, keyArgument]
    } else {
      (will, did) = (Selectors.willChangeValueForKey, Selectors.didChangeValueForKey)
      arguments = [try keyArgument(key, of: object)]
    }
    try Runtime.msgSend(object, will, arguments: arguments)  // call-out: the class's override
    let result = try body()
    try Runtime.msgSend(object, did, arguments: arguments)  // call-out: the class's override
    return result
  }

  /// The key argument of a will or did message: the string, or a lone surrogate's key object.
  /// Out of line: the message route is inlined into every notifying setter, and this call's
  /// runtime load, inlined with it, cost the setter's common route about 5 instructions (K1).
  @inline(never)
  private static func keyArgument(_ key: String, of object: Object) throws -> Value {
    try LoneSurrogateKey.argument(key, in: object.runtime)
  }
}
