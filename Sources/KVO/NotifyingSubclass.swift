// NotifyingSubclass.swift: NSKVONotifying_<Class>, made at runtime.
//
// Docs: docs/kvo.md#the-isa-swizzle. Tests: Tests/KVOTests/AppleKVOExperimentsTests.swift.
//
// The first observation of an instance of `Person` allocates and registers
// `NSKVONotifying_Person`, a subclass of `Person` adding no ivars, with three methods: `class`
// (answers `Person`, so the object keeps claiming its old class), `dealloc` (calls
// super, then cleans up the observations left) and `_isKVOA` (answers YES), listed in that
// order, with the setters in front of them (`setAge:, class, dealloc, _isKVOA`, as Apple's).
// Setters are added lazily, as keys are first observed (NotifyingSetters.swift): those of the
// first observation go into the class's one method list before it is registered (as objc4
// builds a class: allocate, attach one list, register; one cache flush, not one per method),
// those of each later key as one more list in front (`addMethods`), except a selector an earlier
// key hooked, whose override the later key's replaces: the setter announces the key enabled last
// on the class, as Foundation's selector-to-key map does (`install`). The class is made once per
// class, reused by every instance, and stays registered after the last observer leaves, as in
// Apple's runtime. All of it goes through MiniRuntime's public class-pair and method API, so the
// runtime's event stream shows every step.
//
// Locking: `KVORuntime.state` guards the registry; class creation and method addition take
// `Runtime.lock` inside it (the documented order), and the events they raise are held back
// (`Runtime.deferringEvents`) until `state` is unlocked. `+automaticallyNotifiesObserversForKey:`
// is user code: it is asked before the lock is taken.
//
// A class object (`[Person addObserver:…]`) is observed the same way one level up: its
// original class is its metaclass, asked `+automaticallyNotifiesObserversForKey:`, and its
// notifying class is `NSKVONotifying_Person`'s metaclass (the pair instances use, made if
// needed), which gets the class-method setters (`+setCount:`). Observing the class object
// switches its isa to that metaclass (docs/kvo.md#observing-a-class-object).

import MiniRuntime

enum NotifyingSubclass {
  /// The observed class of `original`, with its notifying subclass made if needed and
  /// notifying setters for `keys`. `firstKeyID` is the id of `keys[0]`, interned by the plan,
  /// which keeps it too (an intern hashes the name under the selector table's lock).
  static func prepare(_ original: Class, keys: [String], firstKeyID: KeyID, _ kvo: KVORuntime) throws -> ObservedClass {
    // Fast path, every plan after a class's first: the subclass exists and hooks every key.
    let (ready, known) = kvo.state.withLock { state -> (ObservedClass?, Set<String>) in
      guard let entry = state.observedClasses[ObjectIdentifier(original)] else { return (nil, []) }
      return keys.allSatisfy(entry.hookedKeys.contains) ? (entry, []) : (nil, entry.hookedKeys)
    }
    if let ready { return ready }
    guard let runtime = kvo.runtime else {
      throw KeyValueError(.invalidArgument, "the runtime of \(original.name) no longer exists")
    }
    var plans: [(key: String, hooks: [NotifyingSetters.Hook], diagnostics: [String])] = []
    // One key (every plain observation): no set to build and sort.
    let unhooked = keys.count == 1 ? keys.filter { !known.contains($0) } : Set(keys).subtracting(known).sorted()
    for key in unhooked {
      // call-out: the class's `+automaticallyNotifiesObserversForKey:`, no lock held
      let automatic = try KeyValueCategory.automaticallyNotifiesObservers(original, forKey: key)
      // call-out: the class's resolver, for each accessor it lacks (AccessorLookup.swift)
      let id = key == keys[0] ? firstKeyID : KeyID(key)
      let (hooks, diagnostics) = automatic ? try NotifyingSetters.hooks(for: key, id: id, in: original) : ([], [])
      plans.append((key, hooks, diagnostics))
    }
    // Enabled in Foundation's order: the keys the observed one depends on, then the key itself
    // (its setter's selector then announces it, if a dependency shares the selector).
    if let observed = keys.first, let index = plans.firstIndex(where: { $0.key == observed }) {
      plans.append(plans.remove(at: index))
    }
    // Class creation and method addition raise events: deliver them after the lock is dropped.
    return try runtime.deferringEvents { () throws -> ObservedClass in try kvo.state.withLock { state throws -> ObservedClass in
      let existing = state.observedClasses[ObjectIdentifier(original)]
      let added = plans.filter { existing?.hookedKeys.contains($0.key) != true }
      let hooks = methodEntries(added.flatMap(\.hooks))
      let entry: ObservedClass
      if let existing {
        entry = existing
        try install(hooks, in: entry.notifying)
      } else if original.isMetaclass {
        entry = try observedMetaclass(original, hooks: hooks, &state, runtime)
      } else {
        entry = ObservedClass(original: original, notifying: try makeClass(for: original, hooks: hooks, runtime))
        state.observedClasses[ObjectIdentifier(original)] = entry
        state.observedClasses[ObjectIdentifier(entry.notifying)] = entry
      }
      for plan in added {
        // Held back with the other events until the lock is dropped (as Foundation logs them).
        for message in plan.diagnostics { runtime.emit(.diagnostic(subsystem: "KVO", message: message)) }
        entry.hookedKeys.insert(plan.key)
      }
      return entry
    } }
  }

  /// The `ObservedClass` of the class objects whose metaclass is `metaclass` (observing
  /// `Person` itself): `NSKVONotifying_Person`'s metaclass, with the class-method setters
  /// `hooks`. The pair is the one instances of `Person` use, made here (with no setters yet) if
  /// none was observed before, and recorded for them too.
  /// Locking: caller holds `KVORuntime.state` (enforced by `inout`).
  private static func observedMetaclass(
    _ metaclass: Class, hooks: [MethodEntry], _ state: inout KVORuntime.State, _ runtime: Runtime
  ) throws -> ObservedClass {
    guard let cls = metaclass.instanceClass else {
      throw KeyValueError(.invalidArgument, "the metaclass \(metaclass.name) describes no class")
    }
    let instances: ObservedClass
    if let existing = state.observedClasses[ObjectIdentifier(cls)] {
      instances = existing
    } else {
      instances = ObservedClass(original: cls, notifying: try makeClass(for: cls, hooks: [], runtime))
      state.observedClasses[ObjectIdentifier(cls)] = instances
      state.observedClasses[ObjectIdentifier(instances.notifying)] = instances
    }
    let notifying = instances.notifying.metaclass
    try install(hooks, in: notifying)
    let entry = ObservedClass(original: metaclass, notifying: notifying)
    state.observedClasses[ObjectIdentifier(metaclass)] = entry
    state.observedClasses[ObjectIdentifier(notifying)] = entry
    return entry
  }

  /// A method of the notifying subclass, with the signature of the method it overrides.
  private typealias MethodEntry = (selector: Selector, implementation: Implementation, signature: MethodSignature)

  /// `hooks` as one method list to attach in front of the class's own: each selector once (the
  /// last hook of a selector wins: its key was enabled last) and newest first, so the list reads
  /// as if they had been added one by one in the order given.
  ///
  /// - Complexity: O(*h*²) in the hooks (a few: a setter and the to-many mutators of some keys).
  private static func methodEntries(_ hooks: [NotifyingSetters.Hook]) -> [MethodEntry] {
    var entries: [MethodEntry] = []
    entries.reserveCapacity(hooks.count + 3)
    for hook in hooks.reversed() where !entries.contains(where: { $0.selector == hook.selector }) {
      entries.append((hook.selector, hook.implementation, hook.signature))
    }
    return entries
  }

  /// Adds the hooks of keys enabled after the class was made: the new selectors as one list in
  /// front (one flush), and, for a selector an earlier key already hooked (`age` and `age\0x`
  /// both hook `-setAge:`; `active` and `isActive` both `-setIsActive:`), the new key's
  /// override in place of the old one. Foundation's notifying setter finds its key in a map
  /// from selector to key that `_NSKVONotifyingSetMethodImplementation` sets for each key
  /// enabled, so the key enabled last is the one the selector announces; here the key is in the
  /// override, so the override is replaced. Locking: caller holds `KVORuntime.state`.
  private static func install(_ entries: [MethodEntry], in notifying: Class) throws {
    guard !entries.isEmpty else { return }
    let hooked = Set(notifying.methodList.map(\.selector))
    let added = entries.filter { !hooked.contains($0.selector) }
    if !added.isEmpty { try notifying.addMethods(signed: added) }  // one list, one flush
    for entry in entries where hooked.contains(entry.selector) {
      try notifying.replaceMethod(entry.selector, implementation: entry.implementation)
    }
  }

  /// Allocates `NSKVONotifying_<Original>` and registers it with its whole method list in one
  /// step, as objc4 builds a class before `objc_registerClassPair`: the setters `hooks`, then
  /// `class`, `dealloc` and `_isKVOA` (listed in that order: `setAge:, class, dealloc, _isKVOA`,
  /// as Apple's). One method list and one cache flush, not one per method.
  private static func makeClass(for original: Class, hooks: consuming [MethodEntry], _ runtime: Runtime) throws -> Class {
    let cls = try runtime.allocateClassPair(superclass: original, name: "NSKVONotifying_" + original.name)
    let classMethod = Implementation(function: "NSKVOClass") { _, _, _ in .class(original) }
    let dealloc = Implementation(function: "NSKVODeallocate") { receiver, _, _ in
      // The class's own dealloc first (it may remove observations, of itself too), then
      // whatever is still registered is cleaned up, with Foundation's diagnostic.
      defer { Observation.objectDeallocating(receiver) }
      return try Runtime.msgSendSuper(receiver, superclass: original, "dealloc")
    }
    var methods = hooks  // `methodEntries` left room for these three
    methods.append(("class", classMethod, Self.classSignature))
    methods.append(("dealloc", dealloc, Self.deallocSignature))
    methods.append(("_isKVOA", isKVOA, Self.isKVOASignature))
    try cls.addMethods(signed: methods)
    try runtime.registerClassPair(cls)
    return cls
  }

  /// `_isKVOA`'s implementation, shared by every notifying subclass (it captures nothing).
  static let isKVOA = Implementation(function: "NSKVOIsAutonotifying") { _, _, _ in true }

  /// Foundation's original class for an isa (`_NSKVONotifyingOriginalClassForIsa`): the class a
  /// notifying subclass was made for (its superclass), or `nil` if `cls` is not one of KVO's
  /// notifying classes (it answers `_isKVOA` with another implementation, or not at all).
  /// A method lookup (may take `Runtime.lock`).
  static func originalClass(ofNotifying cls: Class) -> Class? {
    guard cls.methodImplementationWithoutResolver(for: "_isKVOA") === isKVOA else { return nil }
    return cls.superclass
  }
  /// The encodings of `class` (`#16@0:8`), `dealloc` (`v16@0:8`) and `_isKVOA` (`B16@0:8`),
  /// built once per process.
  private static let classSignature = MethodSignature.compiled(returning: .class)
  private static let deallocSignature = MethodSignature.compiled()
  private static let isKVOASignature = MethodSignature.compiled(returning: .bool)
}
