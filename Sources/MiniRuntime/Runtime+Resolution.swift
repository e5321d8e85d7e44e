// Runtime+Resolution.swift: dynamic method resolution, +resolveInstanceMethod: and
// +resolveClassMethod:, run once by a lookup that finds nothing.
//
// Docs: docs/runtime.md#message-send. Tests: Tests/MiniRuntimeTests/ForwardingTests.swift.
//
// As objc4's `resolveMethod_locked`: for an instance method, `+resolveInstanceMethod:` is sent to
// the class; for a class method, `+resolveClassMethod:` to the class, then, if that added
// nothing, `+resolveInstanceMethod:` to the metaclass (a class method can come from NSObject's
// instance methods, which the root metaclass inherits). The resolver is a real send (so it
// initializes the class it goes to) and runs with no lock held. A resolver that needs the same
// selector resolved again for the same class on the same thread is not asked twice (objc4 would
// recurse until the stack overflows); `State.resolving` remembers who is resolving what.

extension Runtime {
  /// Gives the class a chance to add a method for `selector`.
  func resolve(_ selector: Selector, in cls: Class, receiver: Object?) throws {
    guard cls.isMetaclass else {
      try callResolver("resolveInstanceMethod:", on: cls, for: selector, in: cls)
      return
    }
    let nonMeta = withState { state in nonMetaClass(cls, receiver: receiver, &state) }
    try callResolver("resolveClassMethod:", on: nonMeta, for: selector, in: cls)
    if query(selector, in: cls) == nil {
      try callResolver("resolveInstanceMethod:", on: cls, for: selector, in: cls)
    }
  }

  /// Sends `resolver` to `target` with `selector`, if `target` has one and is not already
  /// resolving `selector` for `cls` on this thread.
  private func callResolver(_ resolver: Selector, on target: Class, for selector: Selector, in cls: Class) throws {
    guard query(resolver, in: target.isa) != nil else { return }
    let key = ResolutionKey(thread: ThreadIdentity.current, cls: ObjectIdentifier(cls), selector: selector)
    let isFirst = withState { state -> Bool in
      guard !state.resolving.contains(key) else { return false }
      state.resolving.append(key)
      return true
    }
    guard isFirst else { return }
    defer {
      withState { state in
        if let entry = state.resolving.lastIndex(of: key) { state.resolving.remove(at: entry) }
      }
    }
    _ = try msgSend(target, resolver, .selector(selector))  // call-out: user resolver, no lock held
  }
}

/// A resolver in progress: which thread resolves which selector for which class.
struct ResolutionKey: Equatable {
  let thread: UInt
  let cls: ObjectIdentifier
  let selector: Selector
}
