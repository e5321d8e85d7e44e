// Implementation.swift: the code a method runs (an IMP).
//
// Docs: docs/runtime.md#methods. Tests: Tests/MiniRuntimeTests/MethodTests.swift.
//
// Model: an immutable box around a Swift closure. Method caches hold unretained pointers to
// these boxes, so every class retains every implementation any of its methods ever had (see
// Class.swift); that is what keeps a cached pointer valid while another thread swizzles.
//
// A *variadic* implementation (`variadic: true`, a C function declared with `...`, such as
// `+[NSString stringWithFormat:]`) takes arguments after its selector's colons; every other one
// takes exactly one per colon (Runtime+MessageSend.swift checks).
//
// Two kinds, as objc4 has two: a *function* (`init(function:_:)`, what the runtime and the layers
// above use for their own methods, objc4's compiled IMPs) runs its closure directly; a *block*
// (`init(name:_:)` or `init(name:block:)`, `imp_implementationWithBlock`) keeps the closure (and
// the block object, if it was made from one) in a `BlockState` and runs it
// through a small wrapper that first reads the state's atomic "removed" flag, so that after
// `imp_removeBlock` no call can reach the closure (Implementation+Block.swift). The flag is
// written once, with a compare-and-swap; the closure itself stays retained, because a caller
// may have loaded the implementation just before the removal. Functions pay nothing for this:
// the runtime's synthesized accessors, which the send benchmarks time, are functions.

/// The closure type of an implementation: receiver, `_cmd`, the message's arguments.
///
/// Objective-C: `IMP` (`id (*)(id self, SEL _cmd, ...)`).
public typealias ImplementationBody =
  @Sendable (_ receiver: Object, _ selector: Selector, _ arguments: Arguments) throws -> Value

/// The code behind a method: what `msgSend` finally calls.
///
/// Implementations compare by identity, like IMP function pointers:
///
/// ```swift
/// let imp = Implementation(name: "-[Person greet]") { receiver, _cmd, _ in "hello" }
/// try person.addMethod("greet", types: "@@:", implementation: imp)
/// try person.instanceMethod(for: "greet")?.implementation === imp   // true
/// ```
///
/// Objective-C: `IMP`
public final class Implementation: Sendable, CustomStringConvertible {
  /// The code a call runs: a function's closure, or for a block the wrapper that refuses to
  /// run once the block was removed (see ``block``).
  ///
  /// Objective-C: none (the function an `IMP` points to).
  public let body: ImplementationBody

  /// A label for introspection and traces, such as `-[Person setAge:]`.
  ///
  /// Objective-C: none (the symbol name of the function).
  public let name: String

  /// The block of an implementation made from one; `nil` for a function.
  let blockState: BlockState?

  /// For a conversion thunk (Method+ArgumentConversion.swift), the implementation it runs after
  /// converting the message's arguments; `nil` for every other implementation.
  let thunked: Implementation?

  /// Whether the implementation takes arguments after its selector's fixed ones, as a C
  /// function declared with `...` does: a send, `method_invoke` and `performSelector:` may pass
  /// it more arguments than its selector has colons (never fewer). `false` for most
  /// implementations, which take exactly one argument per colon.
  ///
  /// ```swift
  /// let sum = Implementation(function: "+[Calc sum:]", variadic: true) { _, _, arguments in
  ///   .int(arguments.values.compactMap(\.intValue).reduce(0, +))
  /// }
  /// try calc.isa.addMethod("sum:", types: "q24@0:8q16", implementation: sum)
  /// try runtime.msgSend(calc, "sum:", arguments: [1, 2, 3])   // 6
  /// try runtime.msgSend(calc, "sum:")   // throws wrongArgumentCount: the fixed argument is missing
  /// ```
  ///
  /// Objective-C: none (the `...` of a method's declaration, `id (*)(id, SEL, ...)`; the type
  /// encoding does not record it)
  public let isVariadic: Bool

  /// Whether the implementation converts its own arguments as a C call would (a synthesized
  /// setter assigns its argument to an ivar of the parameter's type), so a send needs no thunk.
  let convertsOwnArguments: Bool

  /// For a synthesized accessor of a whole-word scalar ivar, what it does as data, so that a
  /// cached send can do it without calling `body` (SynthesizedAccessors.swift); `.none` for
  /// every other implementation.
  let direct: DirectAccess

  /// Wraps a closure as an implementation made from a block: ``block`` answers the closure,
  /// and ``removeBlock()`` can take it away again.
  ///
  /// - Parameters:
  ///   - name: A label for dumps and traces.
  ///   - variadic: Whether the block takes arguments after the selector's (``isVariadic``).
  ///   - block: The code; it receives the receiver, `_cmd` and the arguments.
  ///
  /// Objective-C: `imp_implementationWithBlock`
  public convenience init(name: String = "<block>", variadic: Bool = false, _ block: @escaping ImplementationBody) {
    self.init(name: name, variadic: variadic, blockState: BlockState(block))
  }

  /// An implementation made from a block (a closure or a block object, Implementation+Block.swift):
  /// its body runs the state's closure unless the block was removed.
  init(name: String, variadic: Bool, blockState state: BlockState) {
    self.name = name
    isVariadic = variadic
    blockState = state
    thunked = nil
    convertsOwnArguments = false
    direct = .none
    body = { receiver, selector, arguments in
      guard !state.isRemoved else { throw BlockState.removedError(receiver, selector) }
      return try state.block(receiver, selector, arguments)
    }
  }

  /// Wraps a closure as an implementation that stands for a compiled function, not a block:
  /// ``block`` answers `nil` and ``removeBlock()`` answers `false`. The runtime's own methods
  /// (NSObject's, synthesized accessors, `_objc_msgForward`) and those of the layers above
  /// (KVO's notifying setters, Foundation's classes) are made this way.
  ///
  /// ```swift
  /// let imp = Implementation(function: "-[Person greet]") { _, _, _ in "hello" }
  /// imp.block == nil   // true
  /// ```
  ///
  /// - Parameters:
  ///   - name: A label for dumps and traces (the function's symbol).
  ///   - variadic: Whether the function is declared with `...` and takes arguments after the
  ///     selector's (``isVariadic``), as `+[NSString stringWithFormat:]` does.
  ///   - body: The code; it receives the receiver, `_cmd` and the arguments.
  ///
  /// Objective-C: an `IMP` pointing to a compiled function
  public init(function name: String, variadic: Bool = false, _ body: @escaping ImplementationBody) {
    self.name = name
    self.body = body
    isVariadic = variadic
    blockState = nil
    thunked = nil
    convertsOwnArguments = false
    direct = .none
  }

  /// Wraps a closure as a function, like ``init(function:variadic:_:)``; with `convertsOwnArguments`, one
  /// that converts its number arguments itself as a C call would (a synthesized setter assigns
  /// its argument to an ivar of the parameter's type; KVO's notifying setter assigns it to the
  /// setter's parameter type), so a send calls it directly instead of through the thunk that
  /// converts arguments (Method+ArgumentConversion.swift). Its caller promises the conversion:
  /// a body that does not convert receives the values as sent.
  ///
  /// Objective-C: an `IMP` pointing to a compiled function whose prototype the caller's
  /// compiler applied (MiniKVO extension: the flag has no objc4 counterpart)
  public convenience init(function name: String, convertsOwnArguments: Bool, _ body: @escaping ImplementationBody) {
    self.init(function: name, convertsOwnArguments: convertsOwnArguments, direct: .none, body)
  }

  /// A synthesized accessor: a function whose `direct` access a cached send may do instead of
  /// calling `body`, which must begin by doing the same (SynthesizedAccessors.swift).
  init(function name: String, convertsOwnArguments: Bool = false, direct: DirectAccess, _ body: @escaping ImplementationBody) {
    self.name = name
    self.body = body
    isVariadic = false
    blockState = nil
    thunked = nil
    self.convertsOwnArguments = convertsOwnArguments
    self.direct = direct
  }

  /// A thunk that converts a message's arguments with `convert`, then runs `implementation`
  /// (Method+ArgumentConversion.swift). It has `implementation`'s name.
  init(thunking implementation: Implementation, _ convert: @escaping @Sendable (Object, Selector, Arguments) throws -> Arguments) {
    name = implementation.name
    body = { receiver, selector, arguments in
      try implementation.body(receiver, selector, try convert(receiver, selector, arguments))
    }
    blockState = nil
    thunked = implementation
    isVariadic = implementation.isVariadic  // the conversion leaves the arguments after the fixed ones as sent
    convertsOwnArguments = true
    direct = .none
  }

  /// The implementation a method holds: `self`, or for a conversion thunk the one it runs.
  var unthunked: Implementation { thunked ?? self }

  /// Calls the implementation directly, as calling an `IMP` through a function pointer does.
  ///
  /// Objective-C: calling an `IMP`
  @inlinable
  public func callAsFunction(_ receiver: Object, _ selector: Selector, _ arguments: Arguments) throws -> Value {
    try body(receiver, selector, arguments)
  }

  /// The label.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { name }
}

/// The arguments of one message, after the receiver and `_cmd`.
///
/// Up to four arguments are stored inline, so common sends (setters, KVC, KVO's
/// `observeValueForKeyPath:ofObject:change:context:`) allocate nothing.
/// Reading past the end gives `.nil`, never a trap; `msgSend` has already checked that the count
/// matches the selector's colons (or, for a variadic implementation, is at least that).
///
/// ```swift
/// let arguments: Arguments = [7, "Ann"]
/// arguments.count   // 2
/// arguments[1]      // "Ann"
/// arguments[5]      // nil
/// ```
///
/// Objective-C: none (the `va_list` after `self` and `_cmd`).
public struct Arguments: Sendable, ExpressibleByArrayLiteral, CustomStringConvertible {
  @usableFromInline enum Storage: Sendable {
    case none
    case one(Value)
    case two(Value, Value)
    case three(Value, Value, Value)
    case four(Value, Value, Value, Value)
    case many([Value])
  }

  @usableFromInline let storage: Storage

  /// No arguments.
  ///
  /// Objective-C: none (MiniKVO extension).
  @inlinable public init() { storage = .none }

  /// One argument.
  ///
  /// Objective-C: none (MiniKVO extension).
  @inlinable public init(_ first: Value) { storage = .one(first) }

  /// Two arguments.
  ///
  /// Objective-C: none (MiniKVO extension).
  @inlinable public init(_ first: Value, _ second: Value) { storage = .two(first, second) }

  /// Four arguments.
  ///
  /// Objective-C: none (MiniKVO extension).
  @inlinable public init(_ first: Value, _ second: Value, _ third: Value, _ fourth: Value) {
    storage = .four(first, second, third, fourth)
  }

  /// Any number of arguments.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ values: [Value]) {
    switch values.count {
    case 0: storage = .none
    case 1: storage = .one(values[0])
    case 2: storage = .two(values[0], values[1])
    case 3: storage = .three(values[0], values[1], values[2])
    case 4: storage = .four(values[0], values[1], values[2], values[3])
    default: storage = .many(values)
    }
  }

  /// Arguments from an array literal.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(arrayLiteral elements: Value...) { self.init(elements) }

  /// How many arguments there are.
  ///
  /// Objective-C: none (MiniKVO extension).
  @inlinable public var count: Int {
    switch storage {
    case .none: return 0
    case .one: return 1
    case .two: return 2
    case .three: return 3
    case .four: return 4
    case .many(let values): return values.count
    }
  }

  /// The argument at `index`, or `.nil` past the end.
  ///
  /// Objective-C: none (`va_arg`).
  @inlinable public subscript(index: Int) -> Value {
    // Each pattern binds the one value it returns: binding a whole tuple would copy every
    // argument (a retain per object) to read one.
    switch storage {
    case .one(let value) where index == 0: return value
    case .two(let value, _) where index == 0: return value
    case .two(_, let value) where index == 1: return value
    case .three(let value, _, _) where index == 0: return value
    case .three(_, let value, _) where index == 1: return value
    case .three(_, _, let value) where index == 2: return value
    case .four(let value, _, _, _) where index == 0: return value
    case .four(_, let value, _, _) where index == 1: return value
    case .four(_, _, let value, _) where index == 2: return value
    case .four(_, _, _, let value) where index == 3: return value
    case .many(let values) where values.indices.contains(index): return values[index]
    default: return .nil
    }
  }

  /// All arguments as an array.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var values: [Value] { (0..<count).map { self[$0] } }

  /// The arguments, comma-separated.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { values.map(\.description).joined(separator: ", ") }
}
