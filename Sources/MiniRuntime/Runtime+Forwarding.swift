// Runtime+Forwarding.swift: what happens to a message nothing implements, after resolution.
//
// Docs: docs/runtime.md#message-send. Tests: Tests/MiniRuntimeTests/ForwardingTests.swift.
//
// Docs: docs/runtime.md#forwarding-and-invocations.
//
// The forwarding implementation (`_objc_msgForward`, cached as the negative entry) does what
// CoreFoundation's `___forwarding___` does after objc4 hands it the message:
//   1. `-forwardingTargetForSelector:`: a target other than the receiver gets the message instead
//      (all of it: a variadic message's extra arguments too, as objc4 passes its frame on).
//   2. `-methodSignatureForSelector:`: with a signature (an `NSMethodSignature`), the message is
//      captured in an `NSInvocation` (target: the original receiver; number arguments converted
//      to the signature's types, as the caller's call converted them) and `-forwardInvocation:` is
//      sent; the message's result is the invocation's return value, whatever the handler did.
//      NSObject's `-forwardInvocation:` sends `-doesNotRecognizeSelector:`; a class that does not
//      respond to `-forwardInvocation:` (a root class of the user's) has the message dropped with
//      a warning, answering zero. Apple's NSInvocation does not support variadic methods: a
//      message with more arguments than its signature has is refused here with
//      `invalidArgument` (Foundation would drop the extra ones).
//   3. With no signature, `-doesNotRecognizeSelector:`, whose NSObject implementation throws
//      objc4's "unrecognized selector" error (NSInvalidArgumentException).
// Every step is a real send, with no lock held. `respondsToSelector:` is not fooled: it asks the
// lookup (and the resolver), never this path. A handler installed with `setForwardHandler`
// (objc_setForwardHandler, Runtime+ForwardHandler.swift) replaces these steps.

extension Runtime {
  /// Forwards an unimplemented message. Called by ``Implementation/forwarding``.
  func forward(_ receiver: Object, _ selector: Selector, _ arguments: Arguments) throws -> Value {
    let cls = receiver.isa
    if query("forwardingTargetForSelector:", in: cls) != nil {
      let target = try msgSend(receiver, "forwardingTargetForSelector:", .selector(selector))
      if let object = target.objectValue, object !== receiver {
        return try msgSend(object, selector, arguments: arguments)
      }
    }
    if query("methodSignatureForSelector:", in: cls) != nil {
      let answer = try msgSend(receiver, "methodSignatureForSelector:", .selector(selector))
      if let signatureObject = answer.objectValue, let signature = MethodSignature(signatureObject) {
        guard query("forwardInvocation:", in: cls) != nil else {
          return dropMessage(to: receiver, signature)
        }
        guard signature.numberOfArguments == arguments.count + 2 else {
          // More arguments than the selector's colons: a variadic message, whose extra arguments
          // an NSInvocation cannot hold (Foundation's would drop them silently).
          let variadic =
            arguments.count > selector.argumentCount
            ? "; an NSInvocation holds only the arguments of its signature, not a variadic message's extra ones" : ""
          throw RuntimeError(
            .invalidArgument,
            "\(receiver is Class ? "+" : "-")[\(cls.instanceClass?.name ?? cls.name) \(selector.name)]: the method signature \(signature) has \(signature.numberOfArguments - 2) argument(s), the message \(arguments.count)\(variadic)")
        }
        // The invocation holds the arguments as the signature's types, as the caller's frame
        // would: number arguments convert as in a call (Method+ArgumentConversion.swift).
        let converted = try ArgumentConversion(signature).apply(arguments, receiver, selector)
        let invocation = try makeInvocation(signatureObject, target: receiver, selector: selector, arguments: converted.values)
        _ = try msgSend(receiver, "forwardInvocation:", .object(invocation.object))
        return invocation.returnValue
      }
    }
    if query("doesNotRecognizeSelector:", in: cls) != nil {
      _ = try msgSend(receiver, "doesNotRecognizeSelector:", .selector(selector))
    }
    throw Runtime.unrecognizedSelector(receiver, selector)
  }

  /// A message with a signature that nothing can take as an invocation: CoreFoundation's
  /// `___forwarding___` warns that the receiver's class "does not implement forwardInvocation:"
  /// and the message answers zero, without `-doesNotRecognizeSelector:`. Only a root class other
  /// than NSObject (whose `-forwardInvocation:` every subclass inherits) gets here.
  private func dropMessage(to receiver: Object, _ signature: MethodSignature) -> Value {
    let cls = receiver.isa
    emit(
      .diagnostic(
        subsystem: "runtime",
        message: "*** NSForwarding: warning: object \(receiver.address) of class '\(cls.instanceClass?.name ?? cls.name)' "
          + "does not implement forwardInvocation: -- dropping message"))
    return Value.zero(of: signature.returnType)
  }

  /// `-[Person fly]: unrecognized selector sent to instance 0x…` (or `+[…] … sent to class …`).
  ///
  /// Objective-C: the reason of the exception `-doesNotRecognizeSelector:` raises.
  /// A key-value coding or observing selector gets a ``RuntimeError/hint`` naming
  /// `installKeyValueObserving()`: a runtime has Foundation's category only once it is installed.
  public static func unrecognizedSelector(_ receiver: Object, _ selector: Selector) -> RuntimeError {
    let hint =
      MethodSignature.isKeyValueCodingOrObserving(selector)
      ? "\(selector.name) is declared by Foundation's key-value coding and observing category of NSObject, "
        + "which this runtime does not have yet: call runtime.installKeyValueObserving() (module KVO) "
        + "before sending it with msgSend; any call of the KVO module's API installs it too"
      : nil
    if let cls = receiver as? Class {
      return RuntimeError(
        .unrecognizedSelector,
        "+[\(cls.name) \(selector.name)]: unrecognized selector sent to class \(receiver.address)", hint: hint)
    }
    return RuntimeError(
      .unrecognizedSelector,
      "-[\(receiver.isa.name) \(selector.name)]: unrecognized selector sent to instance \(receiver.address)",
      hint: hint)
  }
}

extension Implementation {
  /// The implementation cached for selectors nothing implements: it forwards the message.
  ///
  /// Objective-C: `_objc_msgForward`
  public static let forwarding = Implementation(function: "_objc_msgForward", forwardingBody)

  /// The forwarding implementation for a method that returns a structure in memory, which
  /// `class_getMethodImplementation_stret` answers for a selector nothing implements. It forwards
  /// exactly as ``forwarding`` does: a MiniRuntime call returns every value the same way, so the
  /// two differ only in name and identity, as the two entry points of objc4 on x86_64 do.
  ///
  /// Objective-C: `_objc_msgForward_stret`
  public static let forwardingStret = Implementation(function: "_objc_msgForward_stret", forwardingBody)

  /// Whether this is ``forwarding`` or ``forwardingStret``.
  var isForwarding: Bool { self === Implementation.forwarding || self === Implementation.forwardingStret }

  private static let forwardingBody: ImplementationBody = { receiver, selector, arguments in
    guard let runtime = receiver.runtime else {
      throw RuntimeError(.foreignRuntime, "cannot forward '\(selector.name)': the runtime no longer exists")
    }
    if let handler = runtime.forwardHandler.current {
      return try handler(receiver, selector, arguments)  // call-out: objc_setForwardHandler's, no lock held
    }
    return try runtime.forward(receiver, selector, arguments)
  }
}
