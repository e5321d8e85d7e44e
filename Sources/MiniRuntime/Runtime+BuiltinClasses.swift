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
// Images (decision 0055, Image+SystemPaths.swift): each class answers the image it lives in on
// macOS. The first class of CoreFoundation puts that image in `State.imageNames` right after
// libobjc (its place in load order) and announces it, under `Runtime.lock`; the load-image
// functions it owes are called after the monitor is released (user code, never under it).

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
    let imagePath = Image.runtimeImagePath(ofBuiltinClass: name)
    let (made, owed) = try deferringEvents { () throws(RuntimeError) -> (Class, [LoadImageFunction]) in
      try monitor.withLock { () throws(RuntimeError) -> (Class, [LoadImageFunction]) in
        if let existing = withState({ $0.builtinClasses[name] }) { return (existing, []) }
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
          withState { state in cls.locked(&state).imageName = imagePath }
          try install(cls)
          try registerClassPair(cls)
        } catch {
          try? removeClassPair(cls, "builtinClass")
          throw error
        }
        let owed = withState { state -> [LoadImageFunction] in
          state.builtinClasses[name] = cls
          guard imagePath == Image.coreFoundationPath, !state.imageNames.contains(imagePath) else { return [] }
          state.listImage(imagePath)  // after libobjc, before Foundation and program images
          return state.announceImage(imagePath)
        }
        return (cls, owed)
      }
    }
    if !owed.isEmpty {  // call-out: load-image functions, no lock held (after an enclosing deferral)
      Runtime.callingOutAfterDeferral { for function in owed { function(imagePath) } }
    }
    return made
  }

  /// Whether `cls` is one of the classes the runtime made for itself.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func isBuiltin(_ cls: Class, _ state: inout State) -> Bool {
    state.builtinClasses[cls.name] === cls
  }
}
