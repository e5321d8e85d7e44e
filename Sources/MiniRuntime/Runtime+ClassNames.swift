// Runtime+ClassNames.swift: finding a class or metaclass by name (objc4's objc_getClass family),
// and the hook that may supply a class nobody registered yet (objc_setHook_getClass).
//
// Docs: docs/runtime.md#classes-and-metaclasses. Tests: Tests/MiniRuntimeTests/ClassNameTests.swift,
// ObjC4BehaviourRound19Tests.swift.
//
// objc4 has four spellings: `objc_lookUpClass`, `objc_getClass`, `objc_getMetaClass` and
// `objc_getRequiredClass` (which ends the process when the class is missing; here it throws, since
// Swift has no abort a caller could test). All four go through one lookup (objc4's
// `look_up_class`, whose flags that once told them apart are unused since the hook arrived): for
// a name no registered class has, it asks the installed class hook, which may make the class on
// the spot (lazy class creation). Foundation's `NSClassFromString` is `objc_lookUpClass`, so it
// asks the hook too. Only the runtime's own readers of the table (the image loader,
// `objc_allocateClassPair`'s name check) skip the hook. The hooks form a chain: each new hook
// receives the one it replaces and calls it for names it does not handle; the first hook
// answers nil.
//
// Locking: the table is read under `Runtime.lock`; the hook runs with no lock held (it usually
// allocates and registers a class). A hook that asks for the name it is being asked for (directly
// or through another hook, e.g. by allocating a class of that name) gets nil without the hook
// being called again: objc4 keeps the names each thread is asking for in thread-local data, and
// so does this file (a per-thread guard).

extension Runtime {
  /// The registered class named `name`, or `nil`.
  ///
  /// ```swift
  /// runtime.lookUpClass(named: "Person")?.name   // "Person"
  /// runtime.lookUpClass(named: "Nobody")         // nil
  /// ```
  ///
  /// For a name no registered class has, it asks the class hook (``setGetClassHook(_:)``), which
  /// may make the class, as ``class(named:)`` does: objc4's two functions share one lookup.
  /// Foundation's `NSClassFromString` is this call.
  ///
  /// - Complexity: O(1), plus the hook for a missing class.
  ///
  /// Objective-C: `objc_lookUpClass`
  public func lookUpClass(named name: String) -> Class? {
    registeredClass(named: name) ?? classFromHook(named: name)
  }

  /// The registered class named `name`, or `nil`; the same lookup as ``lookUpClass(named:)``.
  ///
  /// ```swift
  /// runtime.class(named: "Person")?.name   // "Person"
  /// runtime.class(named: "Nobody")         // nil
  /// ```
  ///
  /// For a name no registered class has, it asks the class hook (``setGetClassHook(_:)``), which
  /// may make the class.
  ///
  /// - Complexity: O(1), plus the hook for a missing class.
  ///
  /// Objective-C: `objc_getClass`
  public func `class`(named name: String) -> Class? {
    lookUpClass(named: name)
  }

  /// The metaclass of the registered class named `name`, or `nil`, after a `diagnostic` event
  /// with objc4's line that the class is not linked into the application. A missing class is asked
  /// of the class hook, as ``class(named:)`` does.
  ///
  /// ```swift
  /// runtime.metaclass(named: "Person")?.isMetaclass   // true
  /// ```
  ///
  /// As objc4's, it answers the class object's isa: while KVO observes the class object, that is
  /// the notifying metaclass `NSKVONotifying_Person` (``Class/metaclass`` answers the class's own).
  ///
  /// - Complexity: O(1).
  ///
  /// Objective-C: `objc_getMetaClass`
  public func metaclass(named name: String) -> Class? {
    guard let cls = self.class(named: name) else {
      withState { $0.record(.diagnostic(subsystem: "runtime", message: "class `\(name)' not linked into application")) }
      return nil
    }
    return cls.isa
  }

  /// The registered class named `name`; its absence is an error, where objc4 ends the process. A
  /// missing class is asked of the class hook first, as ``class(named:)`` does.
  ///
  /// ```swift
  /// try runtime.requiredClass(named: "Person").name   // "Person"
  /// try runtime.requiredClass(named: "Nobody")        // throws "link error: class 'Nobody' not found."
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` and objc4's message, naming the class.
  /// - Complexity: O(1).
  ///
  /// Objective-C: `objc_getRequiredClass`
  public func requiredClass(named name: String) throws(RuntimeError) -> Class {
    guard let cls = self.class(named: name) else {
      throw RuntimeError(.invalidArgument, "link error: class '\(name)' not found.")
    }
    return cls
  }

  /// Installs `hook` as the first hook ``lookUpClass(named:)`` and ``class(named:)`` ask for a
  /// name no registered class has, and returns the hook it replaces (at first, one that answers
  /// nil), which `hook` should call for names it does not handle.
  ///
  /// ```swift
  /// chain.previous = runtime.setGetClassHook { runtime, name in
  ///   guard name.hasPrefix("Lazy") else { return chain.previous?(runtime, name) }
  ///   let cls = try? runtime.allocateClassPair(superclass: runtime.rootClass, name: name)
  ///   if let cls { try? runtime.registerClassPair(cls) }
  ///   return cls
  /// }
  /// runtime.class(named: "LazyThing")   // made by the hook
  /// ```
  ///
  /// The hook runs with no lock held, so it may make and register classes. Its answer counts only
  /// if it is a registered class of this runtime (objc4 trusts the hook; here any other answer
  /// reads as nil). Asked again for the same name from inside itself, on the same thread, the
  /// lookup answers nil without calling it, as objc4's does.
  ///
  /// Objective-C: `objc_setHook_getClass`
  @discardableResult
  public func setGetClassHook(_ hook: @escaping GetClassHook) -> GetClassHook {
    classHook.install(hook) ?? { _, _ in nil }
  }

  /// The hook's answer for a missing class, when a hook is installed and not already asked for
  /// `name` on this thread.
  private func classFromHook(named name: String) -> Class? {
    guard let hook = classHook.current else { return nil }
    let asking = GetClassHookGuard.namesBeingAsked.current
    let token = GetClassHookGuard.Asked(runtime: ObjectIdentifier(self), name: name)
    guard asking.names.insert(token).inserted else { return nil }  // re-entered for this name
    defer { asking.names.remove(token) }
    guard let cls = hook(self, name) else { return nil }  // call-out: the user's hook, no lock held
    guard cls.linkedRuntime === self, !cls.isMetaclass, cls.isRegistered else { return nil }
    return cls
  }
}

/// A hook ``Runtime/class(named:)`` asks for a class nobody registered: it answers the class
/// (usually made on the spot) or calls the hook it replaced.
///
/// Objective-C: `objc_hook_getClass`
public typealias GetClassHook = @Sendable (_ runtime: Runtime, _ name: String) -> Class?

/// The per-thread re-entry guard of the class hook.
enum GetClassHookGuard {
  /// The names each thread is asking the hook for (the re-entry guard).
  static let namesBeingAsked = ThreadLocal { NamesBeingAsked() }

  /// A name being asked of one runtime's hook.
  struct Asked: Hashable {
    let runtime: ObjectIdentifier
    let name: String
  }

  /// One thread's names being asked of the hook; only that thread touches it.
  final class NamesBeingAsked {
    var names: Set<Asked> = []
  }
}
