// KeyValueCoding+Validation.swift: validateValue:forKey:error: and validateValue:forKeyPath:error:.
//
// Docs: docs/kvo.md#validation, docs/decisions/0013-pointer-arguments.md. Tests:
// Tests/KVOTests/ValidationTests.swift.
//
// Foundation's search: `validateValue:forKey:error:` sends `validate<Key>:error:` (the key
// capitalised as for setters) if the object responds to it and answers its BOOL; otherwise the
// value is valid. The validator may leave the value alone, write a replacement through the `id *`
// (which is what the caller gets back), or answer NO with an `NSError` written through the
// `NSError **`. Both pointers are `VariablePointer`s (MiniRuntime), passed as `.swiftObject`.
// `validateValue:forKeyPath:error:` recurses as Foundation's does: the first key's value
// (`valueForKey:`) is sent the rest of the path, so the last key is validated by the object the
// path leads to, and a nil on the way answers NO, as messaging nil does. Nothing here is on the
// `valueForKey:` / `setValue:forKey:` path: setting never validates, in Foundation or here.

import MiniFoundation
import MiniRuntime

/// A value that a validator refused: `validate<Key>:error:` answered NO.
///
/// ```swift
/// var name: Value = ""
/// do { try person.validateValue(&name, forKey: "name") }
/// catch let refusal as ValidationError {
///   refusal.error   // what the validator wrote through its NSError ** (.nil if nothing)
/// }
/// ```
///
/// Objective-C: the `NSError` that `validateValue:forKey:error:` returns by reference with NO
/// (the Swift overlay throws it)
public struct ValidationError: Error, Sendable, CustomStringConvertible {
  /// The key or key path that was validated.
  ///
  /// Objective-C: none (the `inKey` argument).
  public let key: String

  /// What the validator wrote through its `NSError **`: usually an error object, `.nil` if it
  /// answered NO without one.
  ///
  /// Objective-C: `*outError`
  public let error: Value

  /// Creates a refusal.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(key: String, error: Value) {
    self.key = key
    self.error = error
  }

  /// The refusal, naming the key and the validator's error.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String {
    error.isNil ? "the value for the key \(key) is not valid (no error given)" : "the value for the key \(key) is not valid: \(error)"
  }
}

extension Object {
  /// Validates `value` for `key`: sends `validate<Key>:error:` if the object responds to it,
  /// and leaves in `value` what the validator left there (a replacement, if it made one).
  ///
  /// ```swift
  /// var name: Value = "  Ann "
  /// try person.validateValue(&name, forKey: "name")   // -validateName:error: trims it
  /// name                                              // "Ann"
  /// try person.validateValue(&name, forKey: "age")    // no -validateAge:error:: valid
  /// ```
  ///
  /// Sends `validateValue:forKey:error:`, so a class that overrides it is heard. Validation is
  /// never implied by `setValue(_:forKey:)`; call it before setting, as in Foundation.
  ///
  /// - Throws: ``ValidationError`` when the validator answers NO (its `error` is what the
  ///   validator wrote through `NSError **`), or what the validator throws.
  ///
  /// Objective-C: `-[NSObject validateValue:forKey:error:]`
  public func validateValue(_ value: inout Value, forKey key: String) throws {
    try validate(&value, key, ValidationCategory.validateValueForKey)
  }

  /// Validates `value` for the last key of `keyPath`, on the object the rest of the path leads
  /// to (each key's value is sent the rest, as Foundation recurses).
  ///
  /// ```swift
  /// var name: Value = "  Bob "
  /// try ann.validateValue(&name, forKeyPath: "friend.name")   // the friend's -validateName:error:
  /// ```
  ///
  /// - Throws: ``ValidationError`` when the validator answers NO, or when an object on the way
  ///   is nil (a message to nil answers NO, with no error); what `valueForKey:` throws for a
  ///   key on the way.
  ///
  /// Objective-C: `-[NSObject validateValue:forKeyPath:error:]`
  public func validateValue(_ value: inout Value, forKeyPath keyPath: String) throws {
    try validate(&value, keyPath, ValidationCategory.validateValueForKeyPath)
  }

  private func validate(_ value: inout Value, _ key: String, _ selector: Selector) throws {
    let io = VariablePointer(value)
    let error = VariablePointer()
    let valid = try sendCategoryMessage(selector, [.swiftObject(io), .string(key), .swiftObject(error)])
    value = io.pointee
    guard valid.boolValue == true else { throw ValidationError(key: key, error: error.pointee) }
  }
}

/// NSObject's validation methods, installed with the rest of the KVC category.
enum ValidationCategory {
  static let validateValueForKey: Selector = "validateValue:forKey:error:"
  static let validateValueForKeyPath: Selector = "validateValue:forKeyPath:error:"

  /// `validate<Key>:error:` for `key`, built as text whatever the key (decision 0027), up to a
  /// NUL (a C string's end, as Foundation builds it).
  static func validator(for key: String) -> Selector {
    Selector(interning: "validate\(KeyValueCoding.capitalized(KeyValueCoding.nameStem(key))):error:")
  }

  static let methods: [(Selector, String, Implementation)] = [
    (
      validateValueForKey, "B40@0:8^@16@24^@32",
      KeyValueCategory.method("NSKeyValueCoding", "validateValue:forKey:error:") { receiver, _, arguments in
        let key = try KeyValueCategory.key(arguments[1], receiver)
        let validator = validator(for: key)
        guard receiver.isa.instancesRespond(to: validator) else { return true }
        // call-out: the class's validator reads and writes through the two pointers
        return .bool(try Runtime.msgSend(receiver, validator, arguments[0], arguments[2]).boolValue ?? false)
      }
    ),
    (
      validateValueForKeyPath, "B40@0:8^@16@24^@32",
      KeyValueCategory.method("NSKeyValueCoding", "validateValue:forKeyPath:error:") { receiver, _, arguments in
        let keyPath = try KeyValueCategory.key(arguments[1], receiver)
        guard let (first, rest) = KeyValuePath.splitAtFirstDot(keyPath) else {
          return try Runtime.msgSend(receiver, validateValueForKey, arguments: [arguments[0], arguments[1], arguments[2]])
        }
        let next = try KeyValueCoding.value(of: .object(receiver), forKey: first, in: receiver.runtime)  // call-out: accessors
        guard let runtime = receiver.runtime, !next.isNil, let object = try? runtime.object(bridging: next) else {
          return false  // [nil validateValue:…] answers NO; so does a value that is no object
        }
        return try Runtime.msgSend(object, validateValueForKeyPath, arguments: [arguments[0], .string(rest), arguments[2]])
      }
    ),
  ]
}
