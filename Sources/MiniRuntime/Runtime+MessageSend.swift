// Runtime+MessageSend.swift: objc_msgSend: the cached send path.
//
// Docs: docs/runtime.md#message-send. Tests: Tests/MiniRuntimeTests/MessageSendTests.swift,
// MethodCacheTests.swift.
//
// The send path, as in objc4:
//   1. nil receiver → `.nil` (Runtime+TypedSend.swift gives the zero of a stated type); nothing
//      else happens.
//   2. Cache hit (the hot path, no lock): receiver → isa (one atomic load, no reference
//      counting) → the class's cache → implementation → call. A hit implies the class is
//      initialized: no cache is filled before its +initialize is done (Class+Initialize.swift), so
//      the hit path never checks. A synthesized accessor of a whole-word scalar is not called
//      but done in place when it can be (the typed fast path: SynthesizedAccessors.swift).
//   3. Cache miss: the one lookup with behaviour flags (Runtime+Lookup.swift, objc4's
//      `lookUpImpOrForward`), with `.initialize` and `.resolver`: +initialize if needed, the
//      method lists, the resolver once (Runtime+Resolution.swift), then the forwarding
//      implementation (Runtime+Forwarding.swift).
// A send whose argument count differs from its selector's colons leaves the hot path at its first
// test: more arguments go to a variadic implementation (or forwarding), anything else throws
// `wrongArgumentCount` (sendOtherArgumentCount).
// Implementations are always called with no lock held.

extension Runtime {
  // MARK: - objc_msgSend

  /// Sends a message with no arguments.
  ///
  /// Like `objc_msgSend`, a send needs no runtime value: it dispatches through the receiver's
  /// isa (the instance method ``msgSend(_:_:)`` is the same send).
  ///
  /// ```swift
  /// let person = try Runtime.msgSend(personClass, "new")   // an object
  /// try Runtime.msgSend(person.objectValue, "age")         // 0
  /// try Runtime.msgSend(nil, "age")                        // .nil: a message to nil runs nothing
  /// try Runtime.msgSend(nil, "age", returning: .longLong)   // .int64(0): the zero of a stated type
  /// ```
  ///
  /// A message to nil returns `.nil` whatever the method would return: with no receiver there is
  /// no class to read the return type from. Objective-C returns the zero of the compiler-known
  /// return type; say the type with ``msgSend(_:_:_:returning:)-type.method`` to get that zero.
  ///
  /// - Throws: ``RuntimeError`` (`unrecognizedSelector`, `wrongArgumentCount`,
  ///   `invalidSelectorName`) or whatever the implementation throws.
  /// - Complexity: O(1) on a cache hit; a miss walks the superclass chain once and caches.
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public static func msgSend(_ receiver: Object?, _ selector: Selector) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(), argumentCount: 0)
  }

  /// Sends a message with one argument.
  ///
  /// ```swift
  /// try Runtime.msgSend(person, "setAge:", 42)
  /// ```
  ///
  /// - Complexity: O(1) on a cache hit.
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public static func msgSend(_ receiver: Object?, _ selector: Selector, _ argument: consuming Value) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(argument), argumentCount: 1)
  }

  /// Sends a message with two arguments.
  ///
  /// - Complexity: O(1) on a cache hit.
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public static func msgSend(_ receiver: Object?, _ selector: Selector, _ first: consuming Value, _ second: consuming Value) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(first, second), argumentCount: 2)
  }

  /// Sends a message with any number of arguments.
  ///
  /// ```swift
  /// try Runtime.msgSend(object, "setX:y:z:", arguments: [1, 2, 3])
  /// try Runtime.msgSend(nsString, "stringWithFormat:", arguments: ["%@ is %d", "Ann", 42])  // "Ann is 42"
  /// ```
  ///
  /// A method whose implementation is variadic (``Implementation/isVariadic``, a C `...`) takes
  /// arguments after its selector's colons, as `objc_msgSend` passes them; any other method takes
  /// exactly one per colon.
  ///
  /// - Throws: ``RuntimeError`` `wrongArgumentCount` for fewer arguments than colons, or more
  ///   for a method that is not variadic; what any send throws.
  /// - Complexity: O(1) on a cache hit.
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public static func msgSend(_ receiver: Object?, _ selector: Selector, arguments: Arguments) throws -> Value {
    try dispatchMessage(receiver, selector, arguments, argumentCount: arguments.count)
  }

  /// Sends a message with no arguments (the same send as the static ``msgSend(_:_:)``).
  ///
  /// ```swift
  /// let person = try Runtime.msgSend(personClass, "new")
  /// ```
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public func msgSend(_ receiver: Object?, _ selector: Selector) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(), argumentCount: 0)
  }

  /// Sends a message with one argument (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public func msgSend(_ receiver: Object?, _ selector: Selector, _ argument: consuming Value) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(argument), argumentCount: 1)
  }

  /// Sends a message with two arguments (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public func msgSend(_ receiver: Object?, _ selector: Selector, _ first: consuming Value, _ second: consuming Value) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(first, second), argumentCount: 2)
  }

  /// Sends a message with any number of arguments (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public func msgSend(_ receiver: Object?, _ selector: Selector, arguments: Arguments) throws -> Value {
    try dispatchMessage(receiver, selector, arguments, argumentCount: arguments.count)
  }
}

/// The send path behind every public `msgSend` and `msgSendSuper` (which are inlined into their
/// callers, so a send costs one call into this module). A free function, not a static method:
/// a static method's metatype parameter is dead, and the optimiser then emits a specialized copy
/// without it behind a thunk that callers in other modules still call (9 instructions a send).
/// A plain send and a super send are two functions, so that the plain one, every `msgSend`, neither
/// passes nor tests a superclass.
@usableFromInline
func dispatchMessage(_ receiver: Object?, _ selector: Selector, _ arguments: Arguments, argumentCount: Int) throws -> Value {
  // Not `guard let`: binding a new name copies the reference (a retain and a release per
  // send); reading it in place keeps the caller's +0 reference.
  guard receiver != nil else { return .nil }
  return try MessageDispatch.send(receiver.unsafelyUnwrapped, selector, arguments, argumentCount: argumentCount, startingAt: nil)
}

/// The send path of `msgSendSuper`: the method search starts at `superclass`.
@usableFromInline
func dispatchMessage(
  _ receiver: Object?, _ selector: Selector, _ arguments: Arguments, argumentCount: Int, startingAt superclass: Class
) throws -> Value {
  guard receiver != nil else { return .nil }
  return try MessageDispatch.send(receiver.unsafelyUnwrapped, selector, arguments, argumentCount: argumentCount, startingAt: superclass)
}

/// The steps of the send path (an enum: a namespace).
enum MessageDispatch {
  @inline(__always)
  static func send(
    _ receiver: Object, _ selector: Selector, _ arguments: Arguments, argumentCount: Int,
    startingAt superclass: Class?
  ) throws -> Value {
    guard _fastPath(selector.argumentCount == argumentCount) else {
      return try sendOtherArgumentCount(receiver, selector, arguments, given: argumentCount, startingAt: superclass)
    }
    let isaBits = receiver.isaWord.load(ordering: .acquiring)
    let cached: UnretainedImplementation?
    let traced: Bool
    if superclass != nil {  // not `if let`: that would retain the class (see above)
      cached = superclass.unsafelyUnwrapped.cache.lookUp(selector)
      traced = superclass.unsafelyUnwrapped.events.tracesSends
    } else {
      // The class is kept alive by the runtime's class table (it cannot be disposed while it
      // has instances), so it is read without reference counting.
      // INVARIANT: UnretainedClass.
      (cached, traced) = UnretainedClass(bits: isaBits).withClass { ($0.cache.lookUp(selector), $0.events.tracesSends) }
    }
    if _fastPath(cached != nil && !traced) {
      // Implementations are retained by their classes for as long as any cache can hold them.
      // INVARIANT: UnretainedImplementation.
      return try cached.unsafelyUnwrapped.withImplementation { implementation in
        // The typed fast path: a synthesized scalar accessor done here, without calling its
        // closure, when it can be (DirectAccess, SynthesizedAccessors.swift).
        if implementation.direct.role != .none, let result = implementation.direct.perform(on: receiver, arguments) {
          return result
        }
        return try implementation.body(receiver, selector, arguments)
      }
    }
    return try sendUncached(receiver, isaBits, selector, arguments, startingAt: superclass)
  }

  /// The send path after a cache miss, or while sends are traced. Kept out of line so the hot
  /// path stays small.
  @inline(never)
  private static func sendUncached(
    _ receiver: Object, _ isaBits: UInt, _ selector: Selector, _ arguments: Arguments, startingAt superclass: Class?
  ) throws -> Value {
    let implementation = try lookUpTraced(receiver, isaBits, selector, startingAt: superclass)
    return try implementation.body(receiver, selector, arguments)
  }

  /// What a send of `selector` to `receiver` runs (from the cache, else the lookup, which may
  /// run +initialize and the resolver), with the `messageSent` event when sends are traced.
  private static func lookUpTraced(
    _ receiver: Object, _ isaBits: UInt, _ selector: Selector, startingAt superclass: Class?
  ) throws -> Implementation {
    let cls =
      superclass
      ?? UnretainedClass(bits: isaBits).cls
    let implementation =
      try cls.cache.lookUp(selector)?.implementation
      ?? Runtime.implementation(for: selector, in: cls, receiver: receiver)
    if cls.events.tracesSends {
      cls.events.emit(
        .messageSent(
          receiver: receiver.description, selector: selector, implementation: implementation.name,
          isSuper: superclass != nil))
    }
    return implementation
  }

  /// A send with more or fewer arguments than its selector has colons. Out of line: never on the
  /// hot path, which only compares the two counts.
  ///
  /// More arguments reach a variadic implementation (`+[NSString stringWithFormat:]`, whose C
  /// declaration ends in `...`) as sent: the lookup runs as for any send, and what it finds
  /// decides. The forwarding implementation forwards them all (a forwarding target gets the
  /// whole message, as objc4's frame passes it on; an `NSInvocation` cannot hold the extra ones:
  /// Runtime+Forwarding.swift). Anything else, and fewer arguments than colons, is the
  /// `wrongArgumentCount` error, where C would read registers nobody set.
  @inline(never)
  private static func sendOtherArgumentCount(
    _ receiver: Object, _ selector: Selector, _ arguments: Arguments, given: Int, startingAt superclass: Class?
  ) throws -> Value {
    // A malformed selector nothing implements is forwarded whatever its arguments (objc4 reads
    // none of them); one a class added takes as many as its colons, as any other.
    let isMalformed = !selector.isValid && !selector.isNull
    guard isMalformed || (selector.isValid && given > selector.argumentCount) else {
      throw argumentCountError(receiver, selector, given: given)
    }
    let isaBits = receiver.isaWord.load(ordering: .acquiring)
    let implementation = try lookUpTraced(receiver, isaBits, selector, startingAt: superclass)
    guard implementation.isVariadic || implementation.isForwarding else {
      throw argumentCountError(receiver, selector, given: given)
    }
    return try implementation.body(receiver, selector, arguments)
  }

  /// The error for a send whose argument count does not match its selector (or whose selector
  /// is null, the real problem then).
  @inline(never)
  private static func argumentCountError(_ receiver: Object, _ selector: Selector, given: Int) -> RuntimeError {
    if selector.isNull { return RuntimeError(.invalidSelectorName, "invalid selector: the selector is null") }
    return Runtime.wrongArgumentCount(receiver, selector, given: given)
  }
}

extension Runtime {
  static func wrongArgumentCount(_ receiver: Object, _ selector: Selector, given: Int) -> RuntimeError {
    let prefix = receiver is Class ? "+" : "-"
    let name = (receiver as? Class)?.name ?? receiver.isa.name
    return RuntimeError(
      .wrongArgumentCount,
      "\(prefix)[\(name) \(selector.name)]: sent with \(given) argument(s), but the selector takes \(selector.argumentCount)")
  }
}
