// Method+ArgumentConversion.swift: a message's number arguments convert to the method's
// parameter types, as a C call converts them (C11 6.5.2.2p7: "as if by assignment").
//
// Docs: docs/runtime.md#arguments-convert-as-in-a-c-call. Tests:
// Tests/MiniRuntimeTests/ArgumentConversionTests.swift.
//
// Model: `[NSNumber numberWithChar:300]` compiles to a call whose `char` parameter receives 44;
// the compiler converts each argument to the prototype's type. Here the prototype is the type
// encoding of the method the lookup finds, so the conversion belongs to the method, not to its
// implementation (an IMP has no types, and one IMP may serve methods of several encodings):
//   - A method with an arithmetic parameter (`B`, `c` … `Q`, `f`, `d`, `D` on Intel) gets a *thunk*, an
//     implementation that converts those arguments with `Value.assigned(to:)` and runs the
//     method's implementation. The lookup fills the cache with the thunk, so a send (and a super
//     send) converts on the cache hit as well; the queries (`class_getMethodImplementation`,
//     `Object.runs(_:for:)`, the invariant checks) see through it to the method's implementation.
//   - A method whose parameters are objects, pointers, selectors or structs, and an
//     implementation that converts its own argument (a synthesized setter, which assigns it to an
//     ivar of the parameter's type), need no thunk: the send calls the implementation directly.
//   - An argument that already has the parameter's exact type passes untouched, without a copy.
// State: `Method.argumentConversion` and `Method.thunk`, written under `Runtime.lock` during the
// cache fill. A thunk is made once per method and implementation (a swizzle makes a new one on
// the next fill) and is retained by the method's owner like every implementation (the
// UnretainedImplementation invariant), so a cache can hold it unretained.

/// The parameters of a method whose arguments a call converts: the arithmetic ones.
///
/// Objective-C: none (what the compiler does with a prototype's parameter types).
struct ArgumentConversion: Sendable {
  struct Parameter: Sendable {
    /// The index among the message's arguments (0 is the first after `_cmd`).
    let index: Int
    let type: TypeEncoding
    let kind: ScalarKind
  }

  let parameters: [Parameter]

  /// The arithmetic parameters of `signature`.
  init(_ signature: MethodSignature) {
    var parameters: [Parameter] = []
    for (index, element) in signature.argumentElements.dropFirst(2).enumerated() {
      let type = element.type.unqualified
      if let kind = ScalarKind(arithmetic: type) { parameters.append(Parameter(index: index, type: type, kind: kind)) }
    }
    self.parameters = parameters
  }

  /// `arguments` with each arithmetic one converted to its parameter's type as C assignment
  /// converts it; the same `arguments` when each already has its type.
  ///
  /// - Throws: ``RuntimeError`` `typeMismatch` naming the method and the argument: a value that
  ///   is not a number (a string for an `int`), or a conversion C leaves undefined.
  func apply(_ arguments: Arguments, _ receiver: Object, _ selector: Selector) throws(RuntimeError) -> Arguments {
    var converted: [Value]?
    for parameter in parameters where parameter.index < arguments.count {
      let value = arguments[parameter.index]
      if value.isExactly(parameter.kind) { continue }
      let assigned: Value
      do {
        assigned = try value.assigned(to: parameter.type)
      } catch {
        let prefix = receiver is Class ? "+" : "-"
        let name = (receiver as? Class)?.name ?? receiver.isa.name
        throw RuntimeError(error.code, "\(prefix)[\(name) \(selector.name)]: argument \(parameter.index + 1): \(error.message)")
      }
      if converted == nil { converted = arguments.values }
      converted?[parameter.index] = assigned
    }
    return converted.map(Arguments.init) ?? arguments
  }
}

extension Method {
  /// What a send of this method calls: the implementation, or a thunk that first converts the
  /// message's number arguments to the method's parameter types.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func sendImplementation(_ state: inout Runtime.State) -> Implementation {
    let implementation = self.implementation
    if implementation.convertsOwnArguments { return implementation }
    let conversion = argumentConversion ?? ArgumentConversion(signature)
    argumentConversion = conversion
    guard !conversion.parameters.isEmpty else { return implementation }
    if let thunk, thunk.thunked === implementation { return thunk }
    let made = Implementation(thunking: implementation) { receiver, selector, arguments in
      try conversion.apply(arguments, receiver, selector)
    }
    owner.locked(&state).implementations.append(made)  // INVARIANT: UnretainedImplementation
    thunk = made
    return made
  }

  /// `arguments` converted to this method's parameter types as a call converts them.
  func convertedArguments(_ arguments: Arguments, _ receiver: Object) throws(RuntimeError) -> Arguments {
    try ArgumentConversion(signature).apply(arguments, receiver, selector)
  }
}

extension UnretainedImplementation {
  /// Whether this cached implementation runs `implementation`: it is that implementation, or
  /// the conversion thunk made for it.
  func runs(_ implementation: Implementation) -> Bool {
    refers(to: implementation) || withImplementation { $0.thunked === implementation }
  }
}

extension Value {
  /// Whether the value already has the exact type of the arithmetic `kind`.
  fileprivate func isExactly(_ kind: ScalarKind) -> Bool {
    switch (self, kind) {
    case (.bool, .bool), (.int8, .int8), (.int16, .int16), (.int32, .int32), (.int64, .int64),
      (.uint8, .uint8), (.uint16, .uint16), (.uint32, .uint32), (.uint64, .uint64), (.float, .float),
      (.double, .double):
      return true
    #if arch(x86_64) || arch(i386)
      case (.longDouble, .longDouble): return true
    #endif
    default:
      return false
    }
  }
}
