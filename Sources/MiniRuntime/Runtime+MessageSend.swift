// Runtime+MessageSend.swift: msgSend, msgSendSuper, method resolution and forwarding.
//
// Docs: docs/runtime.md#message-send. Tests: Tests/MiniRuntimeTests/MessageSendTests.swift,
// MethodCacheTests.swift, ForwardingTests.swift.
//
// The send path, as in objc4:
//   1. nil receiver → `.nil` (the zero value), nothing else happens.
//   2. Cache hit (the hot path, no lock): receiver → isa (one atomic load, no reference
//      counting) → the class's cache → implementation → call.
//   3. Cache miss (`implementation(for:in:)`): under `Runtime.lock`, walk the method lists up the
//      superclass chain and fill the cache in the same locked section (so a concurrent swizzle
//      cannot leave a stale entry); if nothing is found, send `+resolveInstanceMethod:` (or
//      `+resolveClassMethod:`) once, outside the lock, and look again; if still nothing, cache the
//      forwarding implementation for the selector (a negative entry: the resolver is not asked
//      again until the cache is flushed).
//   4. Forwarding: `-forwardingTargetForSelector:`, then `-doesNotRecognizeSelector:`, whose
//      default throws the familiar "unrecognized selector sent to instance" error.
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
    try MessageDispatch.send(receiver, selector, Arguments(), argumentCount: 0, startingAt: nil)
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
    try MessageDispatch.send(receiver, selector, Arguments(argument), argumentCount: 1, startingAt: nil)
  }

  /// Sends a message with two arguments.
  ///
  /// - Complexity: O(1) on a cache hit.
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public static func msgSend(_ receiver: Object?, _ selector: Selector, _ first: consuming Value, _ second: consuming Value) throws -> Value {
    try MessageDispatch.send(receiver, selector, Arguments(first, second), argumentCount: 2, startingAt: nil)
  }

  /// Sends a message with any number of arguments.
  ///
  /// ```swift
  /// try Runtime.msgSend(object, "setX:y:z:", arguments: [1, 2, 3])
  /// ```
  ///
  /// - Complexity: O(1) on a cache hit.
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public static func msgSend(_ receiver: Object?, _ selector: Selector, arguments: Arguments) throws -> Value {
    try MessageDispatch.send(receiver, selector, arguments, argumentCount: arguments.count, startingAt: nil)
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
    try MessageDispatch.send(receiver, selector, Arguments(), argumentCount: 0, startingAt: nil)
  }

  /// Sends a message with one argument (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public func msgSend(_ receiver: Object?, _ selector: Selector, _ argument: consuming Value) throws -> Value {
    try MessageDispatch.send(receiver, selector, Arguments(argument), argumentCount: 1, startingAt: nil)
  }

  /// Sends a message with two arguments (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public func msgSend(_ receiver: Object?, _ selector: Selector, _ first: consuming Value, _ second: consuming Value) throws -> Value {
    try MessageDispatch.send(receiver, selector, Arguments(first, second), argumentCount: 2, startingAt: nil)
  }

  /// Sends a message with any number of arguments (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSend`
  @discardableResult @inlinable
  public func msgSend(_ receiver: Object?, _ selector: Selector, arguments: Arguments) throws -> Value {
    try MessageDispatch.send(receiver, selector, arguments, argumentCount: arguments.count, startingAt: nil)
  }
}

/// The send path behind every public `msgSend` and `msgSendSuper` (which are inlined into their
/// callers, so a send costs one call into this module). An enum, so calling its static methods
/// needs no metatype at run time.
@usableFromInline
enum MessageDispatch {
  @usableFromInline
  static func send(
    _ receiver: Object?, _ selector: Selector, _ arguments: Arguments, argumentCount: Int,
    startingAt superclass: Class?
  ) throws -> Value {
    // Not `guard let`: binding a new name copies the reference (a retain and a release per
    // send); reading it in place keeps the caller's +0 reference.
    guard receiver != nil else { return .nil }
    return try send(receiver.unsafelyUnwrapped, selector, arguments, argumentCount: argumentCount, startingAt: superclass)
  }

  @inline(__always)
  private static func send(
    _ receiver: Object, _ selector: Selector, _ arguments: Arguments, argumentCount: Int,
    startingAt superclass: Class?
  ) throws -> Value {
    guard _fastPath(selector.argumentCount == argumentCount) else {
      throw argumentCountError(receiver, selector, given: argumentCount)
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
      return try cached.unsafelyUnwrapped.withImplementation { try $0.body(receiver, selector, arguments) }
    }
    return try sendUncached(receiver, isaBits, selector, arguments, startingAt: superclass)
  }

  /// The send path after a cache miss, or while sends are traced. Kept out of line so the hot
  /// path stays small.
  @inline(never)
  private static func sendUncached(
    _ receiver: Object, _ isaBits: UInt, _ selector: Selector, _ arguments: Arguments, startingAt superclass: Class?
  ) throws -> Value {
    let cls =
      superclass
      ?? UnretainedClass(bits: isaBits).cls
    let implementation = try cls.cache.lookUp(selector)?.implementation ?? Runtime.implementation(for: selector, in: cls)
    if cls.events.tracesSends {
      cls.events.emit(
        .messageSent(
          receiver: receiver.description, selector: selector, implementation: implementation.name,
          isSuper: superclass != nil))
    }
    return try implementation.body(receiver, selector, arguments)
  }

  /// The error for a send whose argument count does not match its selector (or whose selector
  /// is malformed, the real problem then). Out of line: never on the hot path.
  @inline(never)
  private static func argumentCountError(_ receiver: Object, _ selector: Selector, given: Int) -> RuntimeError {
    if let problem = Selector.problem(with: selector.name), !selector.isValid {
      return RuntimeError(.invalidSelectorName, "invalid selector name '\(selector.name)': \(problem)")
    }
    return Runtime.wrongArgumentCount(receiver, selector, given: given)
  }
}

extension Runtime {

  /// The implementation `msgSend` runs for `selector` on instances of `cls`: a cached or found
  /// method, one added by the resolver, or the forwarding implementation.
  ///
  /// - Throws: `invalidSelectorName`, `foreignRuntime`, or an error thrown by the resolver.
  ///
  /// Objective-C: `lookUpImpOrForward`
  static func implementation(for selector: Selector, in cls: Class) throws -> Implementation {
    let selector = try selector.validated()
    guard let runtime = cls.weakRuntime else {
      throw RuntimeError(.foreignRuntime, "cannot send '\(selector.name)': the runtime of \(cls.name) no longer exists")
    }
    if let found = runtime.lookUpAndFill(selector, in: cls) { return found }
    _ = try runtime.resolve(selector, in: cls)
    // Look again and cache the negative entry in one locked section: a method another thread
    // added after the lookups above must win. Filling `.forwarding` in a separate section let
    // an `addMethod` slip in between and leave a stale negative entry behind (fill vs flush,
    // negative side; pinned by ConcurrencyTests.missRacingAddMethodLeavesNoStaleNegativeEntry).
    return runtime.lookUpAndFill(selector, in: cls, cachingMiss: true) ?? .forwarding
  }

  /// Looks `selector` up from `cls` (cache, then method lists) and caches what it finds.
  /// `nil` when no class in the chain implements it; may return `.forwarding` from the cache.
  /// With `cachingMiss`, a miss caches and returns `.forwarding` (the negative entry) instead.
  func lookUpAndFill(_ selector: Selector, in cls: Class, cachingMiss: Bool = false) -> Implementation? {
    withState { state -> Implementation? in
      if let hit = cls.cache.lookUp(selector) { return hit.implementation }
      guard let method = findMethod(selector, in: cls, &state) else {
        guard cachingMiss else { return nil }
        if !state.cachesDisabled { cls.cache.fill(selector, with: .forwarding, &state) }
        return .forwarding
      }
      let implementation = method.implementation
      if !state.cachesDisabled { cls.cache.fill(selector, with: implementation, &state) }
      return implementation
    }
  }

  /// The method `selector` names for instances of `cls`: the reference lookup, with no cache.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  ///
  /// - Complexity: O(*d*) in the depth of the superclass chain.
  func findMethod(_ selector: Selector, in cls: Class, _ state: inout State) -> Method? {
    var each: Class? = cls
    while let current = each {
      let data = current.locked(&state)
      if let method = data.methods[selector] { return method }
      each = data.superclass
    }
    return nil
  }

  // MARK: - Resolution

  /// Gives the class a chance to add a method for `selector`; `true` if a resolver ran.
  ///
  /// A resolver that, while resolving a selector, needs the same selector resolved again on the
  /// same thread is not asked twice (Objective-C would recurse until the stack overflows).
  private func resolve(_ selector: Selector, in cls: Class) throws -> Bool {
    guard let instanceClass = cls.instanceClass else { return false }
    if cls.isMetaclass {
      let ranClassResolver = try callResolver("resolveClassMethod:", on: instanceClass, for: selector, in: cls)
      if lookUpAndFill(selector, in: cls) != nil { return ranClassResolver }
      return try callResolver("resolveInstanceMethod:", on: cls, for: selector, in: cls) || ranClassResolver
    }
    return try callResolver("resolveInstanceMethod:", on: cls, for: selector, in: cls)
  }

  private func callResolver(_ resolver: Selector, on target: Class, for selector: Selector, in cls: Class) throws -> Bool {
    guard implementsWithoutResolving(resolver, in: target.isa) else { return false }
    let key = ResolutionKey(thread: ThreadIdentity.current, cls: ObjectIdentifier(cls), selector: selector)
    let isFirst = withState { state in state.resolving.insert(key).inserted }
    guard isFirst else { return false }
    defer { _ = withState { state in state.resolving.remove(key) } }
    _ = try msgSend(target, resolver, .selector(selector))  // call-out: user resolver, no lock held
    return true
  }

  /// Whether a real method (not forwarding) exists for `selector` from `cls`, without
  /// consulting the resolver.
  func implementsWithoutResolving(_ selector: Selector, in cls: Class) -> Bool {
    guard let found = lookUpAndFill(selector, in: cls) else { return false }
    return found !== Implementation.forwarding
  }

  /// Whether instances of `cls` respond to `selector` (the resolver may add it).
  ///
  /// Objective-C: `class_respondsToSelector`
  func responds(_ cls: Class, to selector: Selector) -> Bool {
    guard let found = try? Runtime.implementation(for: selector, in: cls) else { return false }
    return found !== Implementation.forwarding
  }

  // MARK: - Forwarding

  /// Forwards an unimplemented message: `forwardingTargetForSelector:`, then
  /// `doesNotRecognizeSelector:`. Called by ``Implementation/forwarding``.
  func forward(_ receiver: Object, _ selector: Selector, _ arguments: Arguments) throws -> Value {
    let cls = receiver.isa
    if implementsWithoutResolving("forwardingTargetForSelector:", in: cls) {
      let target = try msgSend(receiver, "forwardingTargetForSelector:", .selector(selector))
      if let object = target.objectValue, object !== receiver {
        return try msgSend(object, selector, arguments: arguments)
      }
    }
    if implementsWithoutResolving("doesNotRecognizeSelector:", in: cls) {
      _ = try msgSend(receiver, "doesNotRecognizeSelector:", .selector(selector))
    }
    throw Runtime.unrecognizedSelector(receiver, selector)
  }

  /// `-[Person fly]: unrecognized selector sent to instance 0x…` (or `+[…] … sent to class …`).
  ///
  /// Objective-C: the reason of the exception `-doesNotRecognizeSelector:` raises.
  public static func unrecognizedSelector(_ receiver: Object, _ selector: Selector) -> RuntimeError {
    if let cls = receiver as? Class {
      return RuntimeError(
        .unrecognizedSelector,
        "+[\(cls.name) \(selector.name)]: unrecognized selector sent to class \(receiver.address)")
    }
    return RuntimeError(
      .unrecognizedSelector,
      "-[\(receiver.isa.name) \(selector.name)]: unrecognized selector sent to instance \(receiver.address)")
  }

  static func wrongArgumentCount(_ receiver: Object, _ selector: Selector, given: Int) -> RuntimeError {
    let prefix = receiver is Class ? "+" : "-"
    let name = (receiver as? Class)?.name ?? receiver.isa.name
    return RuntimeError(
      .wrongArgumentCount,
      "\(prefix)[\(name) \(selector.name)]: sent with \(given) argument(s), but the selector takes \(selector.argumentCount)")
  }
}

/// A resolver in progress: which thread resolves which selector for which class.
struct ResolutionKey: Hashable {
  let thread: UInt
  let cls: ObjectIdentifier
  let selector: Selector
}

extension Implementation {
  /// The implementation cached for selectors nothing implements: it forwards the message.
  ///
  /// Objective-C: `_objc_msgForward`
  public static let forwarding = Implementation(name: "_objc_msgForward") { receiver, selector, arguments in
    guard let runtime = receiver.runtime else {
      throw RuntimeError(.foreignRuntime, "cannot forward '\(selector.name)': the runtime no longer exists")
    }
    return try runtime.forward(receiver, selector, arguments)
  }
}
