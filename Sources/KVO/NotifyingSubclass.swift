// NotifyingSubclass.swift: NSKVONotifying_<Class>, made at runtime.
//
// Docs: docs/kvo.md#the-isa-swizzle. Tests: Tests/KVOTests/AppleKVOExperimentsTests.swift.
//
// The first observation of an instance of `Person` allocates and registers
// `NSKVONotifying_Person`, a subclass of `Person` adding no ivars, with three methods: `class`
// (answers `Person`, so the object keeps claiming its old class), `dealloc` (calls
// super, then cleans up the observations left) and `_isKVOA` (answers YES), listed in that
// order, with the setters in front of them (`setAge:, class, dealloc, _isKVOA`, as Apple's). Setters are added lazily, one key
// at a time, as keys are first observed (NotifyingSetters.swift). The class is made once per
// class, reused by every instance, and stays registered after the last observer leaves, as in
// Apple's runtime. All of it goes through MiniRuntime's public class-pair and method API, so the
// runtime's event stream shows every step.
//
// Locking: `KVORuntime.state` guards the registry; class creation and method addition take
// `Runtime.lock` inside it (the documented order), and the events they raise are held back
// (`Runtime.deferringEvents`) until `state` is unlocked. `+automaticallyNotifiesObserversForKey:`
// is user code: it is asked before the lock is taken.

import MiniRuntime

enum NotifyingSubclass {
  /// The observed class of `original`, with its notifying subclass made if needed and
  /// notifying setters for `keys`.
  static func prepare(_ original: Class, keys: [String], _ kvo: KVORuntime) throws -> ObservedClass {
    // Fast path, every plan after a class's first: the subclass exists and hooks every key.
    let ready = kvo.state.withLock { state -> ObservedClass? in
      guard let entry = state.observedClasses[ObjectIdentifier(original)],
        keys.allSatisfy(entry.hookedKeys.contains)
      else { return nil }
      return entry
    }
    if let ready { return ready }
    guard let runtime = kvo.runtime else {
      throw KeyValueError(.invalidArgument, "the runtime of \(original.name) no longer exists")
    }
    let known = kvo.state.withLock { $0.observedClasses[ObjectIdentifier(original)]?.hookedKeys } ?? []
    var plans: [(key: String, hooks: [NotifyingSetters.Hook], diagnostics: [String])] = []
    for key in Set(keys).subtracting(known).sorted() {
      // call-out: the class's `+automaticallyNotifiesObserversForKey:`, no lock held
      let automatic = try Runtime.msgSend(original, "automaticallyNotifiesObserversForKey:", .string(key)).boolValue ?? true
      let (hooks, diagnostics) = automatic ? NotifyingSetters.hooks(for: key, in: original) : ([], [])
      plans.append((key, hooks, diagnostics))
    }
    // Class creation and method addition raise events: deliver them after the lock is dropped.
    return try runtime.deferringEvents { () throws -> ObservedClass in try kvo.state.withLock { state throws -> ObservedClass in
      let entry: ObservedClass
      if let existing = state.observedClasses[ObjectIdentifier(original)] {
        entry = existing
      } else {
        entry = ObservedClass(original: original, notifying: try makeClass(for: original, runtime))
        state.observedClasses[ObjectIdentifier(original)] = entry
        state.observedClasses[ObjectIdentifier(entry.notifying)] = entry
      }
      for plan in plans where !entry.hookedKeys.contains(plan.key) {
        for hook in plan.hooks {
          try entry.notifying.addMethod(hook.selector, types: hook.types, implementation: hook.implementation)
        }
        // Held back with the other events until the lock is dropped (as Foundation logs them).
        for message in plan.diagnostics { runtime.emit(.diagnostic(subsystem: "KVO", message: message)) }
        entry.hookedKeys.insert(plan.key)
      }
      return entry
    } }
  }

  /// Allocates and registers `NSKVONotifying_<Original>` with `class`, `dealloc` and `_isKVOA`.
  private static func makeClass(for original: Class, _ runtime: Runtime) throws -> Class {
    let cls = try runtime.allocateClassPair(superclass: original, name: "NSKVONotifying_" + original.name)
    // Added newest-first (Class+Methods.swift), so the list reads `class, dealloc, _isKVOA`, and
    // with setters added later in front: `setAge:, class, dealloc, _isKVOA`, as Apple's does.
    try cls.addMethod("_isKVOA", types: "B16@0:8", implementation: Implementation(function: "NSKVOIsAutonotifying") { _, _, _ in
      true
    })
    try cls.addMethod("dealloc", types: "v16@0:8", implementation: Implementation(function: "NSKVODeallocate") {
      receiver, _, _ in
      // The class's own dealloc first (it may remove observations, of itself too), then
      // whatever is still registered is cleaned up, with Foundation's diagnostic.
      defer { Observation.objectDeallocating(receiver) }
      return try Runtime.msgSendSuper(receiver, superclass: original, "dealloc")
    })
    try cls.addMethod("class", types: "#16@0:8", implementation: Implementation(function: "NSKVOClass") { _, _, _ in
      .class(original)
    })
    try runtime.registerClassPair(cls)
    return cls
  }
}
