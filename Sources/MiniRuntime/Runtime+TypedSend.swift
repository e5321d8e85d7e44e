// Runtime+TypedSend.swift: sends whose caller states the return type, so that a message to nil
// returns the zero of that type, as objc_msgSend does.
//
// Docs: docs/runtime.md#messages-to-nil. Tests: Tests/MiniRuntimeTests/NilMessagingTests.swift.
//
// In Objective-C the compiler knows each send's return type and objc_msgSend to nil zeroes the
// return registers, so `[nil age]` is 0, `[nil isHidden]` NO, `[nil frame]` a zeroed struct.
// A `Value` carries its own type, but a nil receiver has no class to find a method's type in, so
// the untyped `msgSend` can only answer `.nil`. These forms take the type from the caller.

extension Runtime {
  /// Sends a message and returns its result as `type`: for a nil receiver, the zero of `type`.
  ///
  /// ```swift
  /// try Runtime.msgSend(nil, "age", returning: .longLong)        // .int64(0)
  /// try Runtime.msgSend(nil, "isHidden", returning: .bool)       // .bool(false)
  /// try Runtime.msgSend(nil, "frame", returning: rectEncoding)   // {CGRect: …zeroes…}
  /// try Runtime.msgSend(ann, "age", returning: .int)             // .int32(42): converted
  /// try Runtime.msgSend(nil, "age")                              // .nil: no type to zero
  /// ```
  ///
  /// For a real receiver the method runs as with ``msgSend(_:_:)-type.method``; its result is converted to
  /// `type` (a number to another width, as C's cast of `objc_msgSend` reads it), and `.void`
  /// discards it. A message to nil runs nothing: no arity check, no arguments evaluated twice.
  ///
  /// - Parameters:
  ///   - receiver: The object to send the message to, or `nil`.
  ///   - selector: The message.
  ///   - arguments: The message's arguments (after the receiver and `_cmd`).
  ///   - type: The return type the caller expects (the method's, as `@encode` writes it).
  /// - Returns: The result as `type`; ``Value/zero(of:)`` for a nil receiver.
  /// - Throws: What the send throws, or ``RuntimeError`` with code `typeMismatch` if the result
  ///   cannot be read as `type`.
  /// - Complexity: As ``msgSend(_:_:)-type.method``, plus the conversion.
  ///
  /// Objective-C: `objc_msgSend` cast to a function type, `((long long (*)(id, SEL))objc_msgSend)(nil, sel)`
  @discardableResult
  public static func msgSend(
    _ receiver: Object?, _ selector: Selector, _ arguments: Value..., returning type: TypeEncoding
  ) throws -> Value {
    guard let receiver else { return Value.zero(of: type.unqualified) }
    let result = try msgSend(receiver, selector, arguments: Arguments(arguments))
    return try typed(result, as: type, selector: selector)
  }

  /// A send with a stated return type (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSend` cast to a function type
  @discardableResult
  public func msgSend(
    _ receiver: Object?, _ selector: Selector, _ arguments: Value..., returning type: TypeEncoding
  ) throws -> Value {
    guard let receiver else { return Value.zero(of: type.unqualified) }
    let result = try Runtime.msgSend(receiver, selector, arguments: Arguments(arguments))
    return try Runtime.typed(result, as: type, selector: selector)
  }

  /// `result` read as `type`: discarded for `void`, converted otherwise (left as it is for types
  /// no `Value` represents).
  static func typed(_ result: Value, as type: TypeEncoding, selector: Selector) throws(RuntimeError) -> Value {
    switch type.unqualified {
    case .void: return .nil
    case .union where !Union.holds(type): return result
    case .bitField, .unknown: return result
    case .longDouble where !Value.holdsLongDouble: return result
    default:
      do throws(RuntimeError) {
        return try result.converted(to: type)
      } catch {
        throw RuntimeError(.typeMismatch, "'\(selector.name)' returned \(result), which cannot be read as '\(type)': \(error.message)")
      }
    }
  }
}
