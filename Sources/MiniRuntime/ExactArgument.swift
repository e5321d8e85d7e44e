// ExactArgument.swift: which arguments C assignment to a parameter's type leaves as they are.
//
// Docs: docs/runtime.md#properties. Tests: Tests/MiniRuntimeTests/ExactArgumentTests.swift.
//
// A setter that converts its own argument (`Value.assigned(to:)`, as the original setter's
// prototype would) can skip the conversion when the argument already has the parameter's type:
// an `.int64` given to a `long long`, an object given to an `id`. The rule for scalars is
// `ScalarBits.exact` (the one the synthesized setter's exact store uses), the type's scalar kind
// is `ValueLayout`'s (the one `Ivar.scalarKind` holds), and objects add their own cases. Made once
// per setter, so a set pays one switch and no walk of the indirect `TypeEncoding` (about 275
// instructions). Stateless.

/// The arguments C assignment to one parameter type leaves exactly as they are, worked out once
/// per type.
///
/// ```swift
/// let exact = ExactArgument(.longLong)
/// exact.keeps([.int64(42)])      // true: passed on unconverted
/// exact.keeps([.int32(42)])      // false: `assigned(to: .longLong)` converts it
/// ```
///
/// Objective-C: none (MiniKVO extension; C's assignment conversions, decided per type).
public struct ExactArgument: Sendable {
  private enum Rule: Sendable {
    /// A scalar of this kind: the values `ScalarBits.exact` accepts.
    case scalar(ScalarKind)
    /// An `id` or a block: an object, a string (an `NSString`) or nil.
    case objects
    /// Every value goes through `Value.assigned(to:)`.
    case none
  }

  private let rule: Rule

  /// The rule for a parameter of type `type` (qualifiers ignored).
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ type: TypeEncoding) {
    let type = type.unqualified
    switch type {
    case .object, .block:
      rule = .objects
    case .structure, .union, .array:
      rule = .none  // never scalars: no layout needed
    default:
      if case .scalar(let kind) = ValueLayout(type) {
        rule = .scalar(kind)
      } else {
        rule = .none
      }
    }
  }

  /// Whether the first argument of `arguments` is already what assigning it to the parameter
  /// would make of it (read in place, not copied).
  ///
  /// Objective-C: none (MiniKVO extension).
  @inline(__always)
  public func keeps(_ arguments: Arguments) -> Bool {
    switch rule {
    case .scalar(let kind):
      return ScalarBits.exact(arguments, kind) != nil
    case .objects:
      switch arguments.storage {
      case .one(.object), .one(.nil), .one(.string): return true
      default: return false
      }
    case .none:
      return false
    }
  }
}
