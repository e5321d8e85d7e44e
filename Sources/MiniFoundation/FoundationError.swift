// FoundationError.swift: the errors Foundation's classes throw.
//
// Docs: docs/foundation.md#errors. Tests: Tests/MiniFoundationTests/NSArrayTests.swift.
//
// Foundation raises exceptions for these (an index beyond bounds, nil inserted into a
// collection, a primitive method of an abstract class); MiniFoundation throws, with the reason
// text and the name of the exception Foundation would raise.

/// An error from one of Foundation's classes, with Foundation's wording.
///
/// ```swift
/// do { try runtime.msgSend(array, "objectAtIndex:", 5) }
/// catch let error as FoundationError {
///   error.exceptionName  // "NSRangeException"
///   error.message        // "*** -[__NSArrayI objectAtIndex:]: index 5 beyond bounds [0 .. 1]"
/// }
/// ```
///
/// Guarantee: a message that throws changed nothing.
///
/// Objective-C: the `NSException`s Foundation's collections raise.
public struct FoundationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  ///
  /// Objective-C: none (the exception's name tells it apart).
  public enum Code: Hashable, Sendable {
    /// An index or range outside the collection (`NSRangeException`).
    case indexOutOfBounds
    /// A nil object or key, or an argument of the wrong kind (`NSInvalidArgumentException`).
    case invalidArgument
    /// A primitive method of an abstract class that the subclass did not define
    /// (`NSInvalidArgumentException`).
    case abstractMethod
    /// A value that is not an object (a `char *`, a C array) where an object is needed.
    case notAnObject
    /// A decimal result too large for a mantissa (up to 2^128 - 1) and an exponent up to 127
    /// (`NSDecimalNumberOverflowException`).
    case decimalOverflow
    /// A non-zero decimal result too small for an exponent down to -128
    /// (`NSDecimalNumberUnderflowException`).
    case decimalUnderflow
    /// A decimal divided by zero (`NSDecimalNumberDivideByZeroException`).
    case decimalDivideByZero
    /// A decimal result that lost digits, under a behaviour that raises on exactness
    /// (`NSDecimalNumberExactnessException`).
    case decimalExactness
    /// A mutable collection changed while a block enumerated it (`NSGenericException`).
    case collectionMutated
  }

  /// What went wrong.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let code: Code

  /// The reason, worded as Foundation words it.
  ///
  /// Objective-C: `-[NSException reason]`
  public let message: String

  /// Creates an error.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The name of the exception Foundation raises in this situation.
  ///
  /// Objective-C: `-[NSException name]`
  public var exceptionName: String {
    switch code {
    case .indexOutOfBounds: return "NSRangeException"
    case .invalidArgument, .abstractMethod, .notAnObject: return "NSInvalidArgumentException"
    case .decimalOverflow: return "NSDecimalNumberOverflowException"
    case .decimalUnderflow: return "NSDecimalNumberUnderflowException"
    case .decimalDivideByZero: return "NSDecimalNumberDivideByZeroException"
    case .decimalExactness: return "NSDecimalNumberExactnessException"
    case .collectionMutated: return "NSGenericException"
    }
  }

  /// The message.
  ///
  /// Objective-C: `-[NSException description]`
  public var description: String { message }
}
