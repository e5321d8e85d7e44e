// Runtime+BuiltinClasses.swift: the classes a runtime makes for itself, the first time it needs
// them: `Protocol` (the class of protocol objects), `NSMethodSignature` and `NSInvocation` (the
// objects of the forwarding path).
//
// Docs: docs/decisions/0008-runtime-classes-made-on-first-use.md.
// Tests: Tests/MiniRuntimeTests/ProtocolTests.swift.
//
// Model: in a process these classes exist from launch (objc4 defines `Protocol`, Foundation the
// other two). A fresh `Runtime` holds NSObject and `Protocol` (made in `init` with the `NSObject`
// protocol, as objc4 has both); Foundation's two appear, allocated and registered through the
// class-pair calls (so the event stream shows them; as compiled classes, so their ivar layouts
// are clang's, Class+IvarLayout.swift), when the first signature or
// invocation of the runtime is made, so that a learner's class list holds only what they used.
// Locking: made under `Runtime.monitor`, so two threads never make the same class twice; the
// events of the making are held back (`deferringEvents`) until the monitor is released, so no
// event observer runs under it. `State.builtinClasses` (under `Runtime.lock`) remembers them;
// `disposeClassPair` refuses them.

extension Runtime {
  /// The built-in class `name`, a subclass of `superclass` (NSObject by default), made (its
  /// methods installed by `install`) and registered on first use.
  ///
  /// - Throws: ``RuntimeError`` with code `duplicateClassName` if a class of this name that the
  ///   runtime did not make already exists (`function` names the call in the message).
  func builtinClass(
    named name: String, superclass: Class? = nil, _ function: String, install: (Class) throws(RuntimeError) -> Void
  ) throws(RuntimeError) -> Class {
    if let existing = withState({ $0.builtinClasses[name] }) { return existing }
    return try deferringEvents { () throws(RuntimeError) -> Class in
      try monitor.withLock { () throws(RuntimeError) -> Class in
        if let existing = withState({ $0.builtinClasses[name] }) { return existing }
        let cls: Class
        do throws(RuntimeError) {
          cls = try allocateClassPair(
            superclass: superclass ?? rootClass, name: name, refusingATakenName: true, compiled: true)
        } catch {
          guard error.code == .duplicateClassName else { throw error }
          throw RuntimeError(
            .duplicateClassName,
            "\(function): the runtime needs its class '\(name)', but a class of that name already exists")
        }
        do throws(RuntimeError) {
          try install(cls)
          try registerClassPair(cls)
        } catch {
          try? disposeClassPair(cls)
          throw error
        }
        withState { state in state.builtinClasses[name] = cls }
        return cls
      }
    }
  }

  /// Whether `cls` is one of the classes the runtime made for itself.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func isBuiltin(_ cls: Class, _ state: inout State) -> Bool {
    state.builtinClasses[cls.name] === cls
  }
}
