// AssociatedObjects.swift: values attached to an object under a key.
//
// Docs: docs/runtime.md#associated-objects. Tests: Tests/MiniRuntimeTests/AssociatedObjectTests.swift.
//
// Model: a short list of (key, stored value) pairs on the object, guarded by the object's own
// lock (objc4 keeps one global hash map behind one lock; per-object storage avoids that global
// point of contention). Replaced and removed values are released after unlocking, because a
// release may run a `dealloc`. The object's deinit releases what is left, after `dealloc` (but
// what was set after `objc_destructInstance` removed the others is leaked to the runtime, as
// objc4 leaks it: Object+Memory.swift);
// `objc_disposeClassPair` releases a class's and its metaclass's. A class can forbid them on its
// instances (a flag subclasses inherit), and a runtime can install a hook in front of every set
// (objc4's `objc_setHook_setAssociatedObject`), read with one atomic load when none is installed.
// The getter of an atomic policy retains what it read under the object's lock, as objc4 retains
// under its associations lock (the count is a compare-and-swap of the value's own word, no lock),
// so a set on another thread releases the old value only after that retain; the autorelease
// follows after unlocking.

import Synchronization

/// A key for associated objects, compared by identity (like the address of a `static char`).
///
/// ```swift
/// let nameTagKey = AssociationKey("nameTag")
/// try object.setAssociatedObject("Ann", forKey: nameTagKey, policy: .retainNonatomic)
/// object.associatedObject(forKey: nameTagKey)   // "Ann"
/// ```
///
/// Objective-C: the `const void *key` of `objc_setAssociatedObject`
public final class AssociationKey: Sendable, CustomStringConvertible {
  /// A label for dumps.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let name: String

  /// Creates a key; every key is distinct from every other, whatever its name.
  ///
  /// Objective-C: none (declaring `static char key;`).
  public init(_ name: String) { self.name = name }

  /// The label.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { name }
}

/// One associated value as stored.
struct Association {
  enum Storage {
    case strong(Value)
    /// `assign`: objects held weakly (WeakValue.swift), other values as they are.
    case weak(WeakValue)
    /// A retained or copied instance: released (a `release` message to a class with custom
    /// retain-release) when the association lets it go (CustomRetainedValue, ManualRetainRelease.swift).
    case custom(CustomRetainedValue)
  }

  let key: AssociationKey
  let policy: AssociationPolicy
  let storage: Storage

  var value: Value {
    switch storage {
    case .strong(let value): return value
    case .weak(let box): return box.value
    case .custom(let held): return held.value
    }
  }
}

/// A hook called for every `setAssociatedObject`: it receives the call's arguments and is
/// expected to call the hook it replaced (at first, the runtime's own setter).
///
/// Objective-C: `objc_hook_setAssociatedObject`
public typealias SetAssociatedObjectHook =
  @Sendable (_ object: Object, _ key: AssociationKey, _ value: Value, _ policy: AssociationPolicy) throws -> Void

extension Object {
  /// Associates `value` with this object under `key`, or removes the association for `.nil`.
  ///
  /// ```swift
  /// try object.setAssociatedObject(.object(tag), forKey: key, policy: .retain)  // keeps tag alive
  /// try object.setAssociatedObject(.object(tag), forKey: key, policy: .assign)  // does not
  /// try object.setAssociatedObject(nil, forKey: key, policy: .retain)           // removes it
  /// ```
  ///
  /// With a copy policy, values (strings, numbers, structs, arrays) are stored as the copies
  /// they already are, and an object is sent `copy`; the previous value is released after the
  /// new one is in place.
  ///
  /// The call goes through the runtime's hook if one is installed
  /// (``Runtime/setAssociatedObjectHook(_:)``), which calls on to the real setter.
  ///
  /// - Throws: ``RuntimeError`` with code `associationsForbidden` (with objc4's message) if the
  ///   object's class forbids associated objects, `invalidArgument` if a copy policy is given a
  ///   Swift object, or whatever the object's `copy` or a hook throws (for example an
  ///   unrecognized selector). Nothing changes when it throws.
  ///
  /// Objective-C: `objc_setAssociatedObject`
  public func setAssociatedObject(_ value: Value, forKey key: AssociationKey, policy: AssociationPolicy) throws {
    if let hook = runtime?.associationHook.current {
      try hook(self, key, value, policy)  // call-out: the user's hook, no lock held
      return
    }
    try setAssociatedObjectUnhooked(value, forKey: key, policy: policy)
  }

  /// `objc_setAssociatedObject` itself, below the hooks (objc4's `_base_objc_setAssociatedObject`).
  func setAssociatedObjectUnhooked(_ value: Value, forKey key: AssociationKey, policy: AssociationPolicy) throws {
    if isa.flags.load(ordering: .relaxed) & Class.forbidsAssociationsFlag != 0 {
      throw RuntimeError(
        .associationsForbidden,
        "objc_setAssociatedObject called on instance (\(address)) of class \(isa.name) which does not allow associated objects")
    }
    let storage: Association.Storage?
    switch (value, policy.holding) {
    case (.nil, _):
      storage = nil
    case (.object, .asIs), (.class, .asIs), (.swiftObject, .asIs):
      storage = .weak(WeakValue(unchecked: value, inWeakTable: false))  // assign forms no weak reference in objc4
    case (.object, .copied), (.class, .copied):
      let copy = try Runtime.msgSend(value.objectValue, "copy")  // call-out: user `copy`
      // Every copy is +1 already (a new object, or an immutable one's `[self retain]`): the
      // association keeps it, as objc4's acquireValue does, with no second retain.
      storage = try CustomRetainedValue(holding: copy, sendingRetain: false).map(Association.Storage.custom) ?? .strong(copy)
    case (.object, .retained):
      // objc_retain: a class with custom retain-release is sent `retain` (call-out); any other
      // instance is counted directly.
      storage = try CustomRetainedValue(holding: value, sendingRetain: true).map(Association.Storage.custom) ?? .strong(value)
    case (.swiftObject, .copied):
      throw RuntimeError(
        .invalidArgument, "cannot associate \(value) with a copy policy: a Swift object has no `copy`")
    default:
      storage = .strong(value)
    }
    let replaced = withLock { () -> Association? in
      let index = associations.firstIndex { $0.key === key }
      let old = index.map { associations[$0] }
      switch (index, storage) {
      case (let index?, let storage?): associations[index] = Association(key: key, policy: policy, storage: storage)
      case (let index?, nil): associations.remove(at: index)
      case (nil, let storage?): associations.append(Association(key: key, policy: policy, storage: storage))
      case (nil, nil): break
      }
      return old
    }
    withExtendedLifetime(replaced) {}  // released here, outside the lock
  }

  /// The value associated with this object under `key`, or `.nil`.
  ///
  /// For the atomic policies, ``AssociationPolicy/retain`` and ``AssociationPolicy/copy``, an
  /// object is retained and autoreleased, as objc4's getter does for a policy with
  /// `OBJC_ASSOCIATION_GETTER_RETAIN | OBJC_ASSOCIATION_GETTER_AUTORELEASE`: it lives until the
  /// innermost pool pops even if another thread replaces the association meanwhile. The retain
  /// is taken under the object's association lock (the one a set replaces the value under)
  /// unless the value's class has custom retain-release, whose `retain` is sent after it. The
  /// nonatomic policies and `assign` return the value as it is. A policy number with only one of
  /// the two getter bits does only that half: 0x100 alone returns a +1 the caller owns, 0x200
  /// alone autoreleases without a retain, as objc4 tests each bit.
  ///
  /// - Complexity: O(*n*) in the number of associations of this object (usually one or two).
  ///
  /// Objective-C: `objc_getAssociatedObject`
  public func associatedObject(forKey key: AssociationKey) -> Value {
    var retained = false
    let found = withLock { () -> Association? in
      guard let association = associations.first(where: { $0.key === key }) else { return nil }
      if association.policy.getterRetains, case .object(let object) = association.value, object.owningRuntime != nil,
        !object.isa.hasCustomRetainRelease, !object.isFreedForObjectiveC
      {
        _ = object.tryRetain()  // objc_retain's count, under the lock; a deallocating object is not revived
        retained = true
      }
      return association
    }
    guard let found else { return .nil }
    let value = found.value
    let retains = found.policy.getterRetains
    guard retains || found.policy.getterAutoreleases, case .object(let object) = value, object.owningRuntime != nil
    else { return value }
    if retains {
      do {
        if !retained { try Runtime.retain(object) }  // call-out: a `retain` override, no lock held
      } catch {
        return value  // the retain refused (an override threw, or a freed object): no +1 to hand to the pool
      }
    }
    guard found.policy.getterAutoreleases else { return value }  // 0x100 alone: the caller owns the +1
    do {
      try Runtime.autorelease(object)  // call-out: an `autorelease` override, no lock held
    } catch {
      if retains { try? Runtime.release(object) }  // the pool refused it: give the +1 back rather than leak it
    }
    return value
  }

  /// Removes every association of this object but those set with the
  /// ``AssociationPolicy/systemObject`` flag, which stay.
  ///
  /// The removed values are released after the lock, in the order of ``associationKeys``.
  ///
  /// Objective-C: `objc_removeAssociatedObjects`
  public func removeAssociatedObjects() {
    let removed = withLock { () -> [Association] in
      let kept = associations.filter(\.policy.isSystemObject)
      defer { associations = kept }
      return kept.isEmpty ? associations : associations.filter { !$0.policy.isSystemObject }
    }
    withExtendedLifetime(removed) {}  // released here, outside the lock
  }

  /// The keys that currently have associations, in the order they were first set.
  ///
  /// Objective-C: none (MiniKVO extension, for introspection).
  public var associationKeys: [AssociationKey] {
    withLock { associations.map(\.key) }
  }
}

extension Runtime {
  /// Installs `hook` in front of every `setAssociatedObject` of this runtime and returns the
  /// hook it replaces (at first, the runtime's own setter), which `hook` should call.
  ///
  /// ```swift
  /// chain.previous = runtime.setAssociatedObjectHook { object, key, value, policy in
  ///   chain.log.append(key.name)
  ///   try chain.previous?(object, key, value, policy)   // the previous hook sets it
  /// }
  /// ```
  ///
  /// The hook runs with no lock held; it may call the runtime.
  ///
  /// Objective-C: `objc_setHook_setAssociatedObject`
  @discardableResult
  public func setAssociatedObjectHook(_ hook: @escaping SetAssociatedObjectHook) -> SetAssociatedObjectHook {
    associationHook.install(hook) ?? { object, key, value, policy in
      try object.setAssociatedObjectUnhooked(value, forKey: key, policy: policy)
    }
  }
}

extension Class {
  /// Bit of `flags`: instances refuse associated objects.
  static let forbidsAssociationsFlag: UInt8 = 1

  /// Whether instances of the class refuse associated objects (set with
  /// ``forbidAssociatedObjects()``, or inherited from a superclass that did).
  ///
  /// Objective-C: none (objc4's `forbidsAssociatedObjects()`, the `RW_FORBIDS_ASSOCIATED_OBJECTS` flag).
  public var forbidsAssociatedObjects: Bool { flags.load(ordering: .relaxed) & Self.forbidsAssociationsFlag != 0 }

  /// Makes instances of the class, and of subclasses made after this call, refuse associated
  /// objects: `setAssociatedObject` on one throws objc4's message "objc_setAssociatedObject
  /// called on instance (0x…) of class Person which does not allow associated objects" (objc4
  /// aborts). The class object itself still accepts them.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidClassState` unless the class (not a metaclass)
  ///   is under construction: the flag is part of the class's definition, like objc4's
  ///   `RO_FORBIDS_ASSOCIATED_OBJECTS`.
  ///
  /// Objective-C: none (objc4's `RO_FORBIDS_ASSOCIATED_OBJECTS` class flag, which subclasses inherit).
  public func forbidAssociatedObjects() throws(RuntimeError) {
    guard let runtime = linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "the runtime of \(name) no longer exists")
    }
    try runtime.withState { state throws(RuntimeError) in
      guard !isMetaclass, locked(&state).state == .constructing else {
        throw RuntimeError(.invalidClassState, "\(name) is not a class under construction: its flags are fixed")
      }
      flags.bitwiseOr(Self.forbidsAssociationsFlag, ordering: .relaxed)
    }
  }
}
