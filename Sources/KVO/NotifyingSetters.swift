// NotifyingSetters.swift: the overrides a notifying subclass installs per observed key.
//
// Docs: docs/kvo.md#notifying-setters. Tests: Tests/KVOTests/AppleKVOExperimentsTests.swift,
// ToManyTests.swift, ManualNotificationTests.swift.
//
// For an observed key, the setter KVC would use (`set<Key>:`, else `_set<Key>:`) is overridden
// by a notifying setter chosen by the setter's argument type encoding, named after Foundation's
// family (`_NSSetLongLongValueAndNotify` for `q`, `_NSSetObjectValueAndNotify` for `@`,
// `_NSSetPointValueAndNotify` for `{CGPoint=dd}`, …). The flavour converts the argument to the
// setter's type first, so a wrong value throws before anyone is told of a change. Then:
// will-change, the original setter (a super send to the original class), did-change. An object
// nobody observes for that key goes straight to the original setter.
//
// Indexed to-many mutators (`insertObject:in<Key>AtIndex:`, `removeObjectFrom<Key>AtIndex:`,
// `replaceObjectIn<Key>AtIndex:withObject:`) get overrides that report insertion, removal or
// replacement with the index.
//
// Foundation's setters send `willChangeValueForKey:` / `didChangeValueForKey:` as messages.
// These do too when a class overrides either method, or when message sends are being traced
// (so a trace shows the real sequence); otherwise they call the same code directly, which
// behaves identically and saves two sends.

import MiniRuntime

enum NotifyingSetters {
  /// A method to add to the notifying subclass.
  struct Hook {
    let selector: Selector
    let types: String
    let implementation: Implementation
  }

  /// The overrides needed to notify changes of `key` on instances of `original`.
  static func hooks(for key: String, in original: Class) -> [Hook] {
    let capitalized = KeyValueCoding.capitalized(key)
    var hooks: [Hook] = []
    for name in ["set\(capitalized):", "_set\(capitalized):"] {
      let selector = Selector(interning: name)
      guard selector.isValid, let method = original.instanceMethod(for: selector),
        let type = method.signature.messageArgumentTypes.first
      else { continue }
      hooks.append(
        Hook(
          selector: selector, types: method.typeEncoding,
          implementation: setter(key: key, type: type, original: original)))
      break
    }
    let mutators: [(String, ChangeKind, Int)] = [
      ("insertObject:in\(capitalized)AtIndex:", .insertion, 1),
      ("removeObjectFrom\(capitalized)AtIndex:", .removal, 0),
      ("replaceObjectIn\(capitalized)AtIndex:withObject:", .replacement, 0),
    ]
    for (name, kind, indexArgument) in mutators {
      let selector = Selector(interning: name)
      guard selector.isValid, let method = original.instanceMethod(for: selector) else { continue }
      hooks.append(
        Hook(
          selector: selector, types: method.typeEncoding,
          implementation: mutator(key: key, kind: kind, indexArgument: indexArgument, original: original)))
    }
    return hooks
  }

  /// What a notifying setter or mutator needs, captured as one object (the cheapest closure
  /// context), including the category's will/did implementations, read once here rather than
  /// through their lazily initialized statics on every set.
  final class Context: Sendable {
    let key: String
    let id: KeyID
    let original: Class
    let willChange = KeyValueCategory.willChangeValueForKey
    let didChange = KeyValueCategory.didChangeValueForKey
    let willChangeSelector = Selectors.willChangeValueForKey
    let didChangeSelector = Selectors.didChangeValueForKey

    init(key: String, original: Class) {
      self.key = key
      id = KeyTable.shared.id(key)
      self.original = original
    }

    /// Whether will/did must be sent as messages: a class overrides either, or sends are traced
    /// (so a trace shows the real sequence). Otherwise the same code runs directly.
    @inline(__always)
    func notifiesThroughMessages(_ object: Object) -> Bool {
      object.tracesMessageSends || !object.runs(willChange, for: willChangeSelector)
        || !object.runs(didChange, for: didChangeSelector)
    }
  }

  /// The notifying setter for `key`, whose argument has type `type`.
  static func setter(key: String, type: TypeEncoding, original: Class) -> Implementation {
    let context = Context(key: key, original: original)
    let type = type.unqualified
    return Implementation(name: flavour(of: type)) { receiver, selector, arguments in
      let value: Value
      do {
        value = try arguments[0].converted(to: type)
      } catch let error as RuntimeError {
        throw RuntimeError(error.code, "-[\(receiver.isa.name) \(selector.name)]: \(error.message)")
      }
      guard let snapshot = receiver.observationSnapshot, snapshot.trigger(context.id) != nil else {
        return try Runtime.msgSendSuper(receiver, superclass: context.original, selector, value)
      }
      return try notifying(receiver, context, kind: .setting, indexes: nil, snapshot: snapshot) {
        try Runtime.msgSendSuper(receiver, superclass: context.original, selector, value)
      }
    }
  }

  /// The notifying override of an indexed to-many mutator.
  static func mutator(key: String, kind: ChangeKind, indexArgument: Int, original: Class) -> Implementation {
    let context = Context(key: key, original: original)
    let name: String
    switch kind {
    case .insertion: name = "_NSKVOInsertObjectAtIndexAndNotify"
    case .removal: name = "_NSKVORemoveObjectAtIndexAndNotify"
    default: name = "_NSKVOReplaceObjectAtIndexAndNotify"
    }
    return Implementation(name: name) { receiver, selector, arguments in
      guard let snapshot = receiver.observationSnapshot, snapshot.trigger(context.id) != nil,
        let index = arguments[indexArgument].intValue, index >= 0
      else {
        return try Runtime.msgSendSuper(receiver, superclass: context.original, selector, arguments: arguments)
      }
      return try notifying(receiver, context, kind: kind, indexes: Indexes(integer: index), snapshot: snapshot) {
        try Runtime.msgSendSuper(receiver, superclass: context.original, selector, arguments: arguments)
      }
    }
  }

  /// will-change, `body`, did-change: as messages when a class overrides them or sends are
  /// traced, else directly (Notifier+Messages.swift).
  private static func notifying(
    _ object: Object, _ context: Context, kind: ChangeKind, indexes: Indexes?, snapshot: ObservationSnapshot,
    _ body: () throws -> Value
  ) throws -> Value {
    // A setting checks the pair captured in its context (no lazy-global reads on the hot path).
    let viaMessages =
      indexes == nil
      ? context.notifiesThroughMessages(object)
      : Notifier.sendsWillAndDid(object, indexed: true)
    guard viaMessages else {
      return try Notifier.around(object, id: context.id, kind: kind, indexes: indexes, snapshot: snapshot, body)
    }
    return try Notifier.bracketWithMessages(object, key: context.key, id: context.id, kind: kind, indexes: indexes, body)
  }

  /// Foundation's name for the notifying setter of an argument of type `type`.
  static func flavour(of type: TypeEncoding) -> String {
    let kind: String
    switch type.unqualified {
    case .bool: kind = "Bool"
    case .char: kind = "Char"
    case .unsignedChar: kind = "UnsignedChar"
    case .short: kind = "Short"
    case .unsignedShort: kind = "UnsignedShort"
    case .int: kind = "Int"
    case .unsignedInt: kind = "UnsignedInt"
    case .long: kind = "Long"
    case .unsignedLong: kind = "UnsignedLong"
    case .longLong: kind = "LongLong"
    case .unsignedLongLong: kind = "UnsignedLongLong"
    case .float: kind = "Float"
    case .double: kind = "Double"
    case .object, .class, .block: kind = "Object"
    case .structure(let name, _):
      switch name {
      case "CGPoint", "NSPoint", "_NSPoint": kind = "Point"
      case "CGSize", "NSSize", "_NSSize": kind = "Size"
      case "CGRect", "NSRect", "_NSRect": kind = "Rect"
      case "_NSRange", "NSRange": kind = "Range"
      default: kind = ""
      }
    default: kind = ""
    }
    return "_NSSet\(kind)ValueAndNotify"
  }
}
