// Runtime+Forwarding.swift: what happens to a message nothing implements, after resolution.
//
// Docs: docs/runtime.md#message-send. Tests: Tests/MiniRuntimeTests/ForwardingTests.swift.
//
// The forwarding implementation (`_objc_msgForward`, cached as the negative entry) runs
// `-forwardingTargetForSelector:`; a target other than the receiver gets the message instead.
// Otherwise `-doesNotRecognizeSelector:`, whose NSObject implementation throws objc4's
// "unrecognized selector" error. Every step is a real send, with no lock held.

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
    if query("doesNotRecognizeSelector:", in: cls) != nil {
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
