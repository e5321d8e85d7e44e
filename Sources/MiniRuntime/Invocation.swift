// Invocation.swift: NSMethodSignature and NSInvocation, the objects of the forwarding path: a
// message captured as an object (target, selector, typed arguments, a return value), which a
// `-forwardInvocation:` handler can read, change, and send on.
//
// Docs: docs/runtime.md#forwarding-and-invocations. Tests: Tests/MiniRuntimeTests/InvocationTests.swift,
// ForwardingTests.swift.
//
// Model: Foundation's classes, as runtime classes the runtime makes on first use
// (Runtime+BuiltinClasses.swift, decision 0008). Their objects carry their contents as bridged
// storage (BridgedStorage.swift), as a CF object keeps its contents after its header: an
// `NSMethodSignature` object a parsed `MethodSignature` (immutable), an `NSInvocation` object an
// `InvocationStorage` (mutable: its own `Locked` state, a leaf lock; no user code runs under it).
// Swift reads them through `MethodSignature(_:)` and the `Invocation` handle.
// Index convention, as `-[NSInvocation getArgument:atIndex:]`: 0 is the target, 1 the selector,
// 2… the message's arguments, and -1 the return value.

/// A message as an object: an `NSInvocation` of the runtime, seen from Swift.
///
/// ```swift
/// let invocation = try #require(Invocation(arguments[0].objectValue))   // in -forwardInvocation:
/// invocation.selector                    // fly:
/// try invocation.argument(at: 2)         // the first argument of the message
/// try invocation.invoke(target: other)   // send it on; the return value is kept
/// ```
///
/// As Apple's, it does not support variadic methods: it holds exactly the arguments its
/// signature describes, so a variadic message with extra arguments cannot be forwarded through
/// one, and ``invoke()`` passes a variadic method its fixed arguments only.
///
/// Objective-C: `NSInvocation`
public struct Invocation: Sendable {
  /// The `NSInvocation` object.
  ///
  /// Objective-C: none (the `NSInvocation *` itself).
  public let object: Object

  let storage: InvocationStorage

  /// The handle of an `NSInvocation` object; `nil` for any other object (or nil).
  ///
  /// Objective-C: none (a cast to `NSInvocation *`).
  public init?(_ object: Object?) {
    guard let object, let storage = object.bridgedStorage as? InvocationStorage else { return nil }
    self.object = object
    self.storage = storage
  }

  /// The receiver the message is for (the original receiver, for a forwarded message).
  ///
  /// Objective-C: `-[NSInvocation target]`, `-setTarget:`
  public var target: Object? {
    get { storage.state.withLock { $0.target } }
    nonmutating set { storage.state.withLock { $0.target = newValue } }
  }

  /// The message's selector.
  ///
  /// Objective-C: `-[NSInvocation selector]`, `-setSelector:`
  public var selector: Selector {
    get { storage.state.withLock { $0.selector } }
    nonmutating set { storage.state.withLock { $0.selector = newValue } }
  }

  /// The signature the arguments and the return value follow.
  ///
  /// Objective-C: `-[NSInvocation methodSignature]` (read through `MethodSignature(_:)`)
  public var methodSignature: MethodSignature { storage.signature }

  /// The `NSMethodSignature` object the invocation was made with.
  ///
  /// Objective-C: `-[NSInvocation methodSignature]`
  public var methodSignatureObject: Object { storage.signatureObject }

  /// The return value: the zero of the return type until `invoke` or a handler sets it.
  ///
  /// Objective-C: `-[NSInvocation getReturnValue:]`, `-setReturnValue:`
  public var returnValue: Value {
    get { storage.state.withLock { $0.returnValue } }
    nonmutating set { storage.state.withLock { $0.returnValue = newValue } }
  }

  /// The argument at `index`: 0 the target, 1 the selector, 2… the message's arguments, -1 the
  /// return value.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` (Foundation's
  ///   NSInvalidArgumentException) for an index out of bounds.
  ///
  /// Objective-C: `-[NSInvocation getArgument:atIndex:]`
  public func argument(at index: Int) throws(RuntimeError) -> Value {
    try checkIndex(index, "getArgument:atIndex:")
    return storage.state.withLock { state in
      switch index {
      case -1: return state.returnValue
      case 0: return state.target.map(Value.object) ?? .nil
      case 1: return .selector(state.selector)
      default: return state.arguments[index - 2]
      }
    }
  }

  /// Sets the argument at `index` (same numbering as ``argument(at:)``), converted to the
  /// signature's type at that index.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` for an index out of bounds or a
  ///   target or selector of the wrong kind, `typeMismatch` for a value the type cannot hold.
  ///
  /// Objective-C: `-[NSInvocation setArgument:atIndex:]`
  public func setArgument(_ value: Value, at index: Int) throws(RuntimeError) {
    try checkIndex(index, "setArgument:atIndex:")
    switch index {
    case -1:
      returnValue = value
    case 0:
      guard value.objectValue != nil || value == .nil else {
        throw RuntimeError(.invalidArgument, "-[NSInvocation setArgument:atIndex:]: the target must be an object, not \(value)")
      }
      target = value.objectValue
    case 1:
      guard let selector = value.selectorValue else {
        throw RuntimeError(.invalidArgument, "-[NSInvocation setArgument:atIndex:]: index 1 is the selector, not \(value)")
      }
      self.selector = selector
    default:
      let converted = try InvocationStorage.converted(value, to: storage.signature.argumentTypes[index])
      storage.state.withLock { $0.arguments[index - 2] = converted }
    }
  }

  /// Sends the message to ``target`` with the current arguments and keeps the result as
  /// ``returnValue`` (the zero of the return type when the target is nil).
  ///
  /// - Throws: What the send throws.
  ///
  /// Objective-C: `-[NSInvocation invoke]`
  public func invoke() throws {
    let (target, selector, arguments) = storage.state.withLock { ($0.target, $0.selector, $0.arguments) }
    let returnType = storage.signature.returnType
    guard let target else {
      returnValue = Value.zero(of: returnType.unqualified)
      return
    }
    let result = try Runtime.msgSend(target, selector, arguments: Arguments(arguments))  // call-out, no lock held
    returnValue = try Runtime.typed(result, as: returnType, selector: selector)
  }

  /// Sets ``target`` to `target`, then ``invoke()``.
  ///
  /// - Throws: What the send throws.
  ///
  /// Objective-C: `-[NSInvocation invokeWithTarget:]`
  public func invoke(target: Object?) throws {
    self.target = target
    try invoke()
  }

  private func checkIndex(_ index: Int, _ method: String) throws(RuntimeError) {
    let last = storage.signature.numberOfArguments - 1
    guard index >= -1 && index <= last else {
      throw RuntimeError(.invalidArgument, "-[NSInvocation \(method)]: index (\(index)) out of bounds [-1, \(last)]")
    }
  }
}

/// The contents of an `NSInvocation` object. Locking: `state` is a leaf lock.
final class InvocationStorage: BridgedStorage, @unchecked Sendable {
  struct State {
    var target: Object?
    var selector: Selector
    var arguments: [Value]
    var returnValue: Value
  }

  let signature: MethodSignature
  /// The `NSMethodSignature` object `-methodSignature` answers (always the same one).
  let signatureObject: Object
  let state: Locked<State>

  init(signature: MethodSignature, signatureObject: Object, target: Object?, selector: Selector, arguments: [Value]) {
    self.signature = signature
    self.signatureObject = signatureObject
    state = Locked(
      State(target: target, selector: selector, arguments: arguments, returnValue: Value.zero(of: signature.returnType.unqualified)))
  }

  var bridgedValue: Value? { nil }

  var description: String {
    let (selector, arguments) = state.withLock { ($0.selector, $0.arguments) }
    return "<NSInvocation \(selector.name)(\(arguments.map(\.description).joined(separator: ", ")))>"
  }

  /// `value` as an argument of `type` holds it: converted, or left as it is for types no `Value`
  /// conversion covers.
  static func converted(_ value: Value, to type: TypeEncoding) throws(RuntimeError) -> Value {
    switch type.unqualified {
    case .union where !Union.holds(type): return value
    case .void, .bitField, .unknown: return value
    case .longDouble where !Value.holdsLongDouble: return value
    default: return try value.converted(to: type)
    }
  }
}

/// The contents of an `NSMethodSignature` object.
final class MethodSignatureStorage: BridgedStorage, @unchecked Sendable {
  let signature: MethodSignature
  init(_ signature: MethodSignature) { self.signature = signature }
  var bridgedValue: Value? { nil }
  var description: String { "<NSMethodSignature \(signature)>" }
}

extension MethodSignature {
  /// The signature an `NSMethodSignature` object holds; `nil` for any other object (or nil).
  ///
  /// Objective-C: none (reading an `NSMethodSignature *`: `-numberOfArguments`,
  /// `-getArgumentTypeAtIndex:`, `-methodReturnType`).
  public init?(_ object: Object?) {
    guard let storage = object?.bridgedStorage as? MethodSignatureStorage else { return nil }
    self = storage.signature
  }
}

extension Runtime {
  /// An `NSMethodSignature` object for `types` (offsets are computed if the string has none).
  ///
  /// ```swift
  /// let signature = try runtime.methodSignature(objCTypes: "v@:q")
  /// MethodSignature(signature)?.description   // "v24@0:8q16"
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidTypeEncoding`.
  ///
  /// Objective-C: `+[NSMethodSignature signatureWithObjCTypes:]`
  public func methodSignature(objCTypes types: String) throws(RuntimeError) -> Object {
    try methodSignatureObject(try MethodSignature.parsed(types))
  }

  /// An `NSInvocation` object for a message of `signature`, with no target, the null selector,
  /// and every argument and the return value the zero of its type.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` if `signature` is not an
  ///   `NSMethodSignature` object.
  ///
  /// Objective-C: `+[NSInvocation invocationWithMethodSignature:]`
  public func invocation(methodSignature signature: Object) throws(RuntimeError) -> Invocation {
    guard let parsed = MethodSignature(signature) else {
      throw RuntimeError(.invalidArgument, "+[NSInvocation invocationWithMethodSignature:]: \(signature) is not an NSMethodSignature")
    }
    let zeros = parsed.argumentTypes.dropFirst(2).map { Value.zero(of: $0.unqualified) }
    return try makeInvocation(signature, target: nil, selector: .null, arguments: Array(zeros))
  }

  /// An `NSMethodSignature` object holding `signature` (with frame offsets).
  func methodSignatureObject(_ signature: MethodSignature) throws(RuntimeError) -> Object {
    guard !signature.isUnstated else {
      // Foundation's `signatureWithObjCTypes:` refuses an empty type string (NSInvalidArgumentException).
      throw RuntimeError(.invalidTypeEncoding, "+[NSMethodSignature signatureWithObjCTypes:]: the type string is empty")
    }
    let withOffsets = signature.argumentElements.contains { $0.offset == nil } ? signature.withFrameOffsets() : signature
    _ = try invocationClass()  // the two classes of forwarding come together
    return try methodSignatureClass().createInstance(bridgedStorage: MethodSignatureStorage(withOffsets))
  }

  /// An `NSInvocation` object for a message; `signatureObject` is an `NSMethodSignature` object.
  func makeInvocation(_ signatureObject: Object, target: Object?, selector: Selector, arguments: [Value]) throws(RuntimeError) -> Invocation {
    guard let signature = MethodSignature(signatureObject) else {
      throw RuntimeError(.invalidArgument, "NSInvocation: \(signatureObject) is not an NSMethodSignature")
    }
    let storage = InvocationStorage(
      signature: signature, signatureObject: signatureObject, target: target, selector: selector, arguments: arguments)
    let object = try invocationClass().createInstance(bridgedStorage: storage)
    return Invocation(object: object, storage: storage)
  }
}

extension Invocation {
  init(object: Object, storage: InvocationStorage) {
    self.object = object
    self.storage = storage
  }
}
