// NotifyingSetters.swift: the overrides a notifying subclass installs per observed key.
//
// Docs: docs/kvo.md#notifying-setters. Tests: Tests/KVOTests/AppleKVOExperimentsTests.swift,
// ToManyTests.swift, ManualNotificationTests.swift.
//
// For an observed key, the setter KVC would use (`set<Key>:`, else `_set<Key>:`, else
// `setIs<Key>:`) is overridden
// by a notifying setter chosen by the setter's argument type encoding, named after Foundation's
// family (`_NSSetLongLongValueAndNotify` for `q`, `_NSSetObjectValueAndNotify` for `@`,
// `_NSSetPointValueAndNotify` for `{CGPoint=dd}`, …), only when Foundation would override it:
// a void return and one argument of a type Foundation can box (a setter that returns a value or
// takes a `char *`, a pointer or a selector is left alone, with Foundation's log line as a
// diagnostic). The flavour converts the argument to the setter's type first, as C assignment
// does (`Value.assigned(to:)`, as the original setter would), so a wrong value throws before
// anyone is told of a change. Then: will-change, the original setter (a super send
// to the original class), did-change. An object nobody observes for that key goes straight to
// the original setter.
//
// Indexed to-many mutators, one index (`insertObject:in<Key>AtIndex:`, …) or several
// (`insert<Key>:atIndexes:`, `remove<Key>AtIndexes:`, `replace<Key>AtIndexes:with<Key>:`), get
// overrides that report insertion, removal or replacement with the indexes, after checking them
// against the array.
//
// Foundation's setters send `willChangeValueForKey:` / `didChangeValueForKey:` as messages.
// These do too when a class overrides either method, or when message sends are being traced
// (so a trace shows the real sequence); otherwise they call the same code directly, which
// behaves identically and saves two sends.

import MiniFoundation
import MiniRuntime

enum NotifyingSetters {
  /// A method to add to the notifying subclass.
  struct Hook {
    let selector: Selector
    /// The overridden method's signature (an override keeps its types).
    let signature: MethodSignature
    let implementation: Implementation
  }

  /// The overrides needed to notify changes of `key` on instances of `original`, and the
  /// diagnostics Foundation logs for a setter it leaves alone.
  /// The accessors are those of the key's part before a NUL (Foundation builds their names from
  /// the key's C string), while the overrides announce `key` itself, as Foundation's notifying
  /// info maps each hooked selector to the key it was hooked for.
  /// The class's resolver is asked for each accessor it lacks (user code: no lock is held).
  /// `id` is `key`'s id (`KeyID(key)`), which the overrides capture.
  static func hooks(for key: String, id: KeyID, in original: Class) throws -> (hooks: [Hook], diagnostics: [String]) {
    let names = AccessorNames.of(KeyValueCoding.nameStem(key))
    let methods = try names.overridableMethods(in: original)  // one lookup for the setters and mutators
    var hooks: [Hook] = []
    var diagnostics: [String] = []
    // The setter KVC would use: the first of set<Key>:, _set<Key>: and setIs<Key>: the class has. Foundation
    // overrides it only if it returns void and takes one argument of a type it can box.
    for (selector, method) in zip(names.setters, methods.setters) {
      guard let method else { continue }
      let signature = method.signature
      if signature.returnType.unqualified != .void {
        diagnostics.append(
          "KVO autonotifying only supports -set<Key>: methods that return void. Autonotifying will not be done for invocations of \(original.isMetaclass ? "+" : "-")[\(original.name) \(selector.name)].")
      } else if signature.numberOfArguments == 3, let type = signature.argumentType(at: 2), let flavour = flavour(of: type) {
        hooks.append(
          Hook(
            selector: selector, signature: method.signature,
            implementation: setter(key: key, id: id, type: type, named: flavour, original: original)))
      } else {
        diagnostics.append(
          "KVO autonotifying only supports -set<Key>: methods that take id, NSNumber-supported scalar types, and some NSValue-supported structure types. Autonotifying will not be done for invocations of \(original.isMetaclass ? "+" : "-")[\(original.name) \(selector.name)].")
      }
      break
    }
    for ((selector, method), (kind, shape, implementationName)) in zip(zip(names.indexedMutators, methods.indexedMutators), mutatorKinds) {
      guard let method else { continue }
      hooks.append(
        Hook(
          selector: selector, signature: method.signature,
          implementation: mutator(
            key: key, id: id, kind: kind, shape: shape, named: implementationName, original: original)))
    }
    hooks += NotifyingSetMutators.hooks(for: key, id: id, names: names, methods: methods.setMutators, in: original)
    return (hooks, diagnostics)
  }

  /// What each indexed mutator of `AccessorNames.indexedMutators` does, in that order.
  private static let mutatorKinds: [(ChangeKind, MutatorShape, String)] = [
    (.insertion, .oneIndex(argument: 1), "_NSKVOInsertObjectAtIndexAndNotify"),
    (.insertion, .indexes(argument: 1), "_NSKVOInsertObjectsAtIndexesAndNotify"),
    (.removal, .oneIndex(argument: 0), "_NSKVORemoveObjectAtIndexAndNotify"),
    (.removal, .indexes(argument: 0), "_NSKVORemoveObjectsAtIndexesAndNotify"),
    (.replacement, .oneIndex(argument: 0), "_NSKVOReplaceObjectAtIndexAndNotify"),
    (.replacement, .indexes(argument: 0), "_NSKVOReplaceObjectsAtIndexesAndNotify"),
  ]

  /// Where an indexed mutator's indexes are among its arguments.
  enum MutatorShape {
    /// One index, an integer argument (`insertObject:in<Key>AtIndex:`).
    case oneIndex(argument: Int)
    /// Several, an `NSIndexSet` argument (`insert<Key>:atIndexes:`).
    case indexes(argument: Int)
  }

  /// What a notifying setter or mutator needs, captured as one object (the cheapest closure
  /// context), including the category's will/did implementations, read once here rather than
  /// through their lazily initialized statics on every set.
  final class Context: Sendable {
    let key: String
    let id: KeyID
    let original: Class
    let will = (Selectors.willChangeValueForKey, KeyValueCategory.willChangeValueForKey)
    let did = (Selectors.didChangeValueForKey, KeyValueCategory.didChangeValueForKey)
    /// Whether this setter's objects send will/did as messages, cached per class and method
    /// generation.
    let willDid = WillDidDecision()

    init(key: String, id: KeyID, original: Class) {
      self.key = key
      self.id = id
      self.original = original
    }
  }

  /// The notifying setter for `key` (whose id is `id`), whose argument has type `type`.
  static func setter(
    key: String, id: KeyID, type: TypeEncoding, named name: String, original: Class
  ) -> Implementation {
    let context = Context(key: key, id: id, original: original)
    let type = type.unqualified
    let exact = ExactArgument(type)  // made once per setter: a set tests one case, not the type
    // It converts its own argument (as the original setter's prototype would): no thunk.
    return Implementation(function: name, convertsOwnArguments: true) { receiver, selector, arguments in
      // Already of the parameter's type: passed on as they are (borrowed, not copied).
      if exact.keeps(arguments) { return try set(receiver, selector, arguments, context) }
      let value: Value
      do {
        value = try arguments[0].assigned(to: type)
      } catch let error as RuntimeError {
        throw RuntimeError(error.code, "-[\(receiver.isa.name) \(selector.name)]: argument 1: \(error.message)")
      }
      return try set(receiver, selector, Arguments(value), context)
    }
  }

  /// The notifying setter's work once its argument has the parameter's type: the original
  /// setter alone if nobody observes the key, else bracketed by will and did.
  @inline(__always)
  private static func set(_ receiver: Object, _ selector: Selector, _ arguments: Arguments, _ context: Context) throws -> Value {
    guard let snapshot = try receiver.observationSnapshot, snapshot.trigger(context.id) != nil else {
      return try Runtime.msgSendSuper(receiver, superclass: context.original, selector, arguments: arguments)
    }
    return try notifying(receiver, context, kind: .setting, indexes: nil, snapshot: snapshot) {
      try Runtime.msgSendSuper(receiver, superclass: context.original, selector, arguments: arguments)
    }
  }

  /// The notifying override of an indexed to-many mutator: the will, the class's mutator, the
  /// did, as Foundation's, with no index check of its own (decision 0025): an index outside the
  /// array raises where Foundation's does, reading its old values in the will, or in the mutator.
  static func mutator(
    key: String, id: KeyID, kind: ChangeKind, shape: MutatorShape, named name: String, original: Class
  ) -> Implementation {
    let context = Context(key: key, id: id, original: original)
    return Implementation(function: name) { receiver, selector, arguments in
      guard let snapshot = try receiver.observationSnapshot, snapshot.trigger(context.id) != nil else {
        return try Runtime.msgSendSuper(receiver, superclass: context.original, selector, arguments: arguments)
      }
      let indexes: Indexes
      switch shape {
      case .oneIndex(let argument):
        guard let index = arguments[argument].intValue else {
          return try Runtime.msgSendSuper(receiver, superclass: context.original, selector, arguments: arguments)
        }
        indexes = Indexes(integer: index)
      case .indexes(let argument):
        indexes = try KeyValueCategory.indexes(arguments[argument])
      }
      return try notifying(receiver, context, kind: kind, indexes: indexes, snapshot: snapshot) {
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
    // A setting checks the pair captured in its context (no lazy-global reads on the hot path);
    // only a to-many change carries indexes (with the runtime of their NSIndexSet).
    let viaMessages: Bool
    let toMany: ChangeIndexes?
    if let indexes {
      viaMessages = KeyValueCategory.sendsWillAndDid(object, indexed: true)
      toMany = ChangeIndexes(indexes, of: object)
    } else {
      viaMessages = context.willDid.sendsWillAndDid(object, will: context.will, did: context.did)
      toMany = nil
    }
    return try Notifier.bracket(
      object, key: context.key, id: context.id, kind: kind, indexes: toMany, snapshot: snapshot,
      viaMessages: viaMessages, body)
  }

  /// Foundation's name for the notifying setter of an argument of type `type`, or `nil` for a
  /// type Foundation's KVO cannot box (a C string, a pointer, a selector, an array, a union…).
  static func flavour(of type: TypeEncoding) -> String? {
    // Whole literals for the scalars and objects: the names are the same for every class, so none
    // is built per setter.
    switch type.unqualified {
    case .bool: "_NSSetBoolValueAndNotify"
    case .char: "_NSSetCharValueAndNotify"
    case .unsignedChar: "_NSSetUnsignedCharValueAndNotify"
    case .short: "_NSSetShortValueAndNotify"
    case .unsignedShort: "_NSSetUnsignedShortValueAndNotify"
    case .int: "_NSSetIntValueAndNotify"
    case .unsignedInt: "_NSSetUnsignedIntValueAndNotify"
    case .long: "_NSSetLongValueAndNotify"
    case .unsignedLong: "_NSSetUnsignedLongValueAndNotify"
    case .longLong: "_NSSetLongLongValueAndNotify"
    case .unsignedLongLong: "_NSSetUnsignedLongLongValueAndNotify"
    case .float: "_NSSetFloatValueAndNotify"
    case .double: "_NSSetDoubleValueAndNotify"
    case .object, .class, .block: "_NSSetObjectValueAndNotify"
    case .structure:  // NSPoint and the like by Foundation's word for them; any other structure boxed in an NSValue
      FoundationStruct(type).map { "_NSSet\($0.flavourName)ValueAndNotify" } ?? "_NSSetValueAndNotify"
    default: nil
    }
  }
}
