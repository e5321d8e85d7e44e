// RuntimeError.swift: the one error type MiniRuntime throws.
//
// Docs: docs/runtime.md#errors. Tests: Tests/MiniRuntimeTests/MisuseTests.swift.
//
// Every refused call throws one of these and leaves the runtime exactly as it was. Messages name
// the problem the way the Objective-C runtime would print it, so learners can match them.

/// An error thrown by the runtime: a refused call, bad input, or an unrecognized selector.
///
/// Each error carries a `code` to switch on and a `message` that reads like the Objective-C
/// runtime's console output:
///
/// ```swift
/// do { _ = try Runtime.msgSend(person, "fly") }
/// catch let error as RuntimeError {
///   error.code     // .unrecognizedSelector
///   error.message  // "-[Person fly]: unrecognized selector sent to instance 0x…"
/// }
/// ```
///
/// Guarantee: a call that throws a `RuntimeError` changed nothing
/// (pinned by `MisuseTests`).
///
/// Objective-C: none (objc4 logs with `_objc_inform` or raises `NSInvalidArgumentException`).
public struct RuntimeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, for programs that react to errors.
  ///
  /// Objective-C: none (MiniKVO extension).
  public enum Code: Hashable, Sendable {
    /// A selector name is empty or malformed.
    case invalidSelectorName
    /// A class name is empty or malformed.
    case invalidClassName
    /// A class with this name already exists in the runtime.
    case duplicateClassName
    /// A class is not in a state that allows the call (unregistered, registered or disposed).
    case invalidClassState
    /// A class cannot be disposed because instances or subclasses still exist.
    case classInUse
    /// A name (ivar, property, method) is empty or malformed.
    case invalidName
    /// An ivar or property with this name already exists.
    case duplicateName
    /// No ivar with this name exists.
    case unknownIvar
    /// A value does not fit the type encoding it is stored under.
    case typeMismatch
    /// A type encoding string could not be parsed or is not usable here.
    case invalidTypeEncoding
    /// A property attribute string could not be parsed.
    case invalidPropertyAttributes
    /// A message was sent that no class in the receiver's chain implements.
    case unrecognizedSelector
    /// A message was sent with a number of arguments its selector does not take.
    case wrongArgumentCount
    /// Two classes (or an object and a class) have instance layouts that cannot be swapped.
    case incompatibleLayout
    /// An object or class belongs to a different runtime, or its runtime no longer exists.
    case foreignRuntime
    /// A value was given where it cannot be used (for example copying an uncopyable value).
    case invalidArgument
    /// A weak reference to an object that is being deallocated was to be formed (objc4 aborts).
    case deallocatingObject
    /// An associated object was set on an instance of a class that forbids them (objc4 aborts).
    case associationsForbidden
    /// An implementation was called whose block `imp_removeBlock` removed (objc4: undefined
    /// behaviour, the trampoline is freed).
    case blockRemoved
    /// A collection was changed while a for-in loop enumerated it and no enumeration mutation
    /// handler is set (objc4 ends the process).
    case collectionMutated
  }

  /// What went wrong.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let code: Code

  /// A sentence naming the problem, in Objective-C runtime style.
  ///
  /// Objective-C: none (the text `_objc_inform` or an exception reason would carry).
  public let message: String

  /// Advice for the reader that Objective-C would not print, kept apart from `message` so the
  /// message stays the runtime's own text: for example, that `valueForKey:` is unrecognized
  /// because Foundation's key-value coding is not installed in this runtime yet. `nil` for most
  /// errors.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let hint: String?

  /// Creates an error.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ code: Code, _ message: String) {
    self.init(code, message, hint: nil)
  }

  /// Creates an error with a hint for the reader.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ code: Code, _ message: String, hint: String?) {
    self.code = code
    self.message = message
    self.hint = hint
  }

  /// The name of the exception Objective-C raises in this situation, if it raises one: an
  /// unrecognized selector (a mutating message sent to an immutable `NSArray`, say) raises
  /// `NSInvalidArgumentException`; most runtime functions return a failure instead.
  ///
  /// Objective-C: `-[NSException name]` of what `-doesNotRecognizeSelector:` raises
  public var exceptionName: String? {
    switch code {
    case .unrecognizedSelector, .invalidArgument, .wrongArgumentCount, .invalidSelectorName:
      return "NSInvalidArgumentException"
    default:
      return nil
    }
  }

  /// The message, then the hint (if any) on a line of its own.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { hint.map { "\(message)\nhint: \($0)" } ?? message }
}
