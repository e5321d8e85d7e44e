// Method+Invoke.swift: calling a method without a message, and its description.
//
// Docs: docs/runtime.md#methods. Tests: Tests/MiniRuntimeTests/MethodInvokeTests.swift.
//
// Model: objc4's method_invoke jumps straight to the method's current IMP with the receiver and
// the method's own selector as `_cmd`: no isa, no cache, no lookup, no forwarding, no +initialize.
// So it runs the method even for a receiver whose class would find another one (a subclass's
// override, a swizzle on another class), which is what makes it useful for calling an
// implementation you hold. objc4 trusts the caller with the arguments; here their count is
// checked against the selector (a variadic implementation takes more), and number arguments
// convert to the method's parameter types, as a send does (Method+ArgumentConversion.swift).

extension Method {
  /// The method's name and type encoding.
  ///
  /// Objective-C: `method_getDescription`
  public var methodDescription: MethodDescription {
    MethodDescription(selector: selector, types: typeEncoding)
  }

  /// Runs the method's current implementation on `receiver` with `arguments`, without sending a
  /// message: the receiver's class is not consulted, so a subclass's override does not run.
  /// A nil receiver runs nothing and answers `.nil`, as a message to nil does.
  ///
  /// Number arguments convert to the method's parameter types as a C call converts them
  /// (`300` reaches a `char` parameter as `44`), as for a send.
  ///
  /// A variadic implementation (``Implementation/isVariadic``) takes arguments after the
  /// selector's, as for a send.
  ///
  /// - Throws: ``RuntimeError`` `wrongArgumentCount` if `arguments` does not match the selector
  ///   (fewer, or more for an implementation that is not variadic),
  ///   `typeMismatch` for an argument its parameter cannot take; whatever the implementation
  ///   throws.
  ///
  /// Objective-C: `method_invoke`
  public func invoke(_ receiver: Object?, _ arguments: Arguments = []) throws -> Value {
    guard let receiver else { return .nil }
    let count = arguments.count
    guard count == selector.argumentCount || (count > selector.argumentCount && implementation.isVariadic) else {
      throw Runtime.wrongArgumentCount(receiver, selector, given: arguments.count)
    }
    return try implementation(receiver, selector, try convertedArguments(arguments, receiver))
  }
}
