// KeyValueError.swift: the errors key-value coding and observing throw.
//
// Docs: docs/kvo.md#errors. Tests: Tests/KVOTests/KeyValueCodingTests.swift,
// RegistrationTests.swift.
//
// Foundation raises exceptions for these; MiniKVO throws, with the same reason text and the name
// of the exception Foundation would raise, so a learner can match one to the other.

import MiniRuntime

/// An error from key-value coding or observing, with Foundation's wording.
///
/// ```swift
/// do { _ = try person.value(forKey: "shoeSize") }
/// catch let error as KeyValueError {
///   error.code           // .undefinedKey
///   error.exceptionName  // "NSUnknownKeyException" (the constant NSUndefinedKeyException)
///   error.message        // "[<Person 0x…> valueForUndefinedKey:]: this class is not key value
///                        //  coding-compliant for the key shoeSize."
/// }
/// ```
///
/// Guarantee: a call that throws changed nothing (pinned by `MisuseCatalogueTests`).
///
/// Objective-C: the `NSException`s Foundation's KVC and KVO raise.
public struct KeyValueError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  ///
  /// Objective-C: none (the exception's name tells it apart).
  public enum Code: Hashable, Sendable {
    /// No accessor, no ivar: `valueForUndefinedKey:` / `setValue:forUndefinedKey:`.
    case undefinedKey
    /// `nil` for a scalar: `setNilValueForKey:`.
    case nilValueForScalar
    /// A key or key path that is empty or malformed.
    case invalidKeyPath
    /// A key path that cannot be observed (a collection operator, or a to-many step).
    case unsupportedKeyPath
    /// Removing an observation that is not registered.
    case observerNotRegistered
    /// A notification reached an observer whose class does not handle it.
    case unhandledNotification
    /// A value that does not fit where it is stored or used.
    case invalidValue
    /// An argument that is missing or of the wrong kind (a nil observer, an object that is gone).
    case invalidArgument
    /// An index outside a to-many property's bounds (`mutableArrayValueForKey:` edits).
    case indexOutOfBounds
    /// A mutable collection proxy found nil where the collection should be (it never invents
    /// one).
    case collectionIsNil
  }

  /// What went wrong.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let code: Code

  /// The reason, worded as Foundation words it.
  ///
  /// Objective-C: `-[NSException reason]`
  public let message: String

  /// What Foundation puts in the exception's `userInfo`: for an undefined key (`code`
  /// `.undefinedKey`, from NSObject's `valueForUndefinedKey:` or `setValue:forUndefinedKey:`),
  /// `NSTargetObjectUserInfoKey` (the object) and `NSUnknownUserInfoKey` (the key); empty
  /// otherwise, as Foundation's other KVC and KVO exceptions carry none.
  ///
  /// Objective-C: `-[NSException userInfo]`
  public let userInfo: [String: Value]

  /// Creates an error.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ code: Code, _ message: String, userInfo: [String: Value] = [:]) {
    self.code = code
    self.message = message
    self.userInfo = userInfo
  }

  /// The name of the exception Foundation raises in this situation.
  ///
  /// Objective-C: `-[NSException name]`
  public var exceptionName: String {
    switch code {
    case .undefinedKey: return "NSUnknownKeyException"  // the value of the constant NSUndefinedKeyException
    case .observerNotRegistered, .indexOutOfBounds: return "NSRangeException"
    case .unhandledNotification, .collectionIsNil: return "NSInternalInconsistencyException"
    case .nilValueForScalar, .invalidKeyPath, .unsupportedKeyPath, .invalidValue, .invalidArgument:
      return "NSInvalidArgumentException"
    }
  }

  /// The message.
  ///
  /// Objective-C: `-[NSException description]`
  public var description: String { message }

  /// The error of a multi-index edit whose objects and indexes differ in number, as
  /// `NSMutableArray`'s and `NSMutableOrderedSet`'s `insertObjects:atIndexes:` and
  /// `replaceObjectsAtIndexes:withObjects:` raise it; `message` names the message received
  /// (`-[NSKeyValueMutableArray insertObjects:atIndexes:]`).
  static func countMismatch(objects: Int, indexes: Int, in message: String) -> KeyValueError {
    KeyValueError(.invalidArgument, "*** \(message): count of array (\(objects)) differs from count of index set (\(indexes))")
  }

  /// `<Person 0x…>`: how Foundation's KVC and KVO texts name an object, `<%@ %p>` with its
  /// `class`, so an observed object is named by its original class (`Person`), not by its isa
  /// (`NSKVONotifying_Person`). Read from the object's observation table, without sending
  /// `class` (a message could throw while an error is being built).
  static func label(_ object: Object) -> String {
    "<\(object.ownObservationSnapshot?.table.originalClass.name ?? object.isa.name) \(object.address)>"
  }
}
