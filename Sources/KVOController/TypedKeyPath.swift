// TypedKeyPath.swift: a key path with the type of its value, checked against a class.
//
// Docs: docs/kvocontroller.md#checked-key-paths. Tests: Tests/KVOControllerTests/TypedKeyPathTests.swift.
//
// FBKVOController's `FBKVOKeyPath(self.radius)` and `FBKVOClassKeyPath(Circle, radius)` make a
// misspelt key a compile error. MiniKVO's classes are made at run time, so the earliest a key
// can be checked is when a class is at hand: when the key path is declared against one
// (`TypedKeyPath(_:of:)`), and again when it is observed (against the observed object's class).
// Each step of the path must answer for its key (KVC's search, `Class.valueType(forKey:)`), an
// object-valued step leads to the class its type names, and the last step's type must hold the
// declared Swift type. A step whose type names no known class ends the check there.

import KVO
import MiniRuntime

/// A key path whose value has a known Swift type: FBKVOController's `FBKVOClassKeyPath`.
///
/// ```swift
/// let age = try TypedKeyPath<Int64>("age", of: person)     // checked now
/// try TypedKeyPath<String>("age", of: person)              // throws: age is a long long
/// try controller.observe(ann, age, options: [.initial, .new, .old]) { _, _, change in
///   change.isInitial, change.old, change.new                // Bool, Int64?, Int64?
/// }
/// ```
///
/// Objective-C: `FBKVOKeyPath` / `FBKVOClassKeyPath` (macros)
public struct TypedKeyPath<ValueType: ObservableValue>: Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The key path, as KVO spells it.
  ///
  /// Objective-C: the `NSString` the macros produce.
  public let keyPath: String

  /// A key path to be checked when it is observed.
  ///
  /// Objective-C: `FBKVOKeyPath`
  public init(_ keyPath: String) { self.keyPath = keyPath }

  /// A key path written as a literal: `let age: TypedKeyPath<Int64> = "age"`.
  ///
  /// Objective-C: `FBKVOKeyPath`
  public init(stringLiteral keyPath: String) { self.keyPath = keyPath }

  /// A key path checked now against `cls`.
  ///
  /// - Throws: As ``check(against:)``.
  ///
  /// Objective-C: `FBKVOClassKeyPath`
  public init(_ keyPath: String, of cls: Class) throws {
    self.keyPath = keyPath
    try check(against: cls)
  }

  /// Checks that instances of `cls` answer for every step of the key path, and that the value
  /// at its end can be a `ValueType`.
  ///
  /// - Throws: `KeyValueError` with code `invalidKeyPath` for a malformed path,
  ///   `unsupportedKeyPath` for a collection operator, `undefinedKey` for a step that nothing
  ///   answers, `invalidValue` for a value of another type.
  ///
  /// Objective-C: none (MiniKVO extension; the macros' compile-time check).
  public func check(against cls: Class) throws {
    let path = try KeyValuePath(keyPath)
    var current: Class? = cls
    for (index, component) in path.components.enumerated() {
      guard case .key(let key) = component else {
        throw KeyValueError(.unsupportedKeyPath, "\(keyPath): collection operators cannot be observed")
      }
      guard let stepClass = current else { return }  // an `id` step: nothing more can be known
      let type = try stepClass.valueType(forKey: key)
      guard index == path.components.count - 1 else {
        current = Self.objectClass(of: type, in: stepClass)
        continue
      }
      if let type, !ValueType.accepts(type) {
        throw KeyValueError(
          .invalidValue,
          "\(key) of \(stepClass.name) is \(type.cDeclaration) (\(type)), which cannot hold a \(ValueType.self)")
      }
    }
  }

  /// The class an object-typed step leads to, if its encoding names a known class.
  private static func objectClass(of type: TypeEncoding?, in cls: Class) -> Class? {
    guard case .object(let name?)? = type?.unqualified else { return nil }
    return cls.runtime?.lookUpClass(named: name)
  }

  /// The key path.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { keyPath }
}

/// A change delivered for a ``TypedKeyPath``: typed old and new values, and whether it is the
/// Initial notification.
///
/// Objective-C: none (MiniKVO extension; FB's block gets an `NSDictionary`).
public struct ObservedChange<ValueType: ObservableValue>: Sendable {
  /// The observed key path.
  ///
  /// Objective-C: `change[FBKVONotificationKeyPathKey]`
  public let keyPath: String
  /// Whether this is the notification `.initial` asked for, sent while observing began, rather
  /// than one for a change.
  ///
  /// Objective-C: none (MiniKVO extension; Foundation's Initial notification is told apart only
  /// by its missing old value).
  public let isInitial: Bool
  /// Foundation's change, unchanged.
  ///
  /// Objective-C: the `NSDictionary *change`
  public let change: Change

  /// The kind of change.
  ///
  /// Objective-C: `change[NSKeyValueChangeKindKey]`
  public var kind: ChangeKind { change.kind }
  /// Whether this notification comes before the change (option `prior`).
  ///
  /// Objective-C: `change[NSKeyValueChangeNotificationIsPriorKey]`
  public var isPrior: Bool { change.isPrior }
  /// The old value, if asked for and not nil.
  ///
  /// Objective-C: `change[NSKeyValueChangeOldKey]`
  public var old: ValueType? { change.old.flatMap(ValueType.observed(from:)) }
  /// The new value, if asked for and not nil.
  ///
  /// Objective-C: `change[NSKeyValueChangeNewKey]`
  public var new: ValueType? { change.new.flatMap(ValueType.observed(from:)) }
}
