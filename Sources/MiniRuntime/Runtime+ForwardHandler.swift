// Runtime+ForwardHandler.swift: the handler `_objc_msgForward` hands a message to (objc4's
// objc_setForwardHandler).
//
// Docs: docs/runtime.md#forwarding-and-invocations. Tests:
// Tests/MiniRuntimeTests/ObjC4APICensusTests.swift.
//
// In objc4, `_objc_msgForward` only calls the forward handler; CoreFoundation installs the one
// that takes Foundation's steps (`forwardingTargetForSelector:`, `methodSignatureForSelector:`,
// `forwardInvocation:`, `doesNotRecognizeSelector:`). Here those steps are the runtime's own
// (Runtime+Forwarding.swift) and stand for CoreFoundation's handler; a handler installed with
// `setForwardHandler` replaces them for every later forwarded message, as objc4's does. objc4
// takes a second handler for `_objc_msgForward_stret`; a MiniRuntime call returns a structure as
// any other value, so one handler serves both.
//
// Locking: the handler slot is an `InstalledHook` (one atomic load while none was ever set); the
// handler runs with no lock held.

extension Runtime {
  /// Installs `handler` as the code every forwarded message runs (a message nothing implements,
  /// after resolution, or a method whose implementation is ``Implementation/forwarding``): its
  /// answer is the message's answer, and Foundation's forwarding steps are no longer taken.
  ///
  /// ```swift
  /// runtime.setForwardHandler { receiver, selector, arguments in .string("handled") }
  /// try runtime.msgSend(ann, "fly")   // "handled"
  /// ```
  ///
  /// `respondsToSelector:` is not changed: it asks the lookup, never the handler.
  ///
  /// Objective-C: `objc_setForwardHandler`
  public func setForwardHandler(_ handler: @escaping ForwardHandler) {
    _ = forwardHandler.install(handler)
  }
}

/// The code ``Implementation/forwarding`` runs for a message once a handler was installed with
/// ``Runtime/setForwardHandler(_:)``.
///
/// Objective-C: none (the `fwd` function pointer given to `objc_setForwardHandler`).
public typealias ForwardHandler =
  @Sendable (_ receiver: Object, _ selector: Selector, _ arguments: Arguments) throws -> Value
