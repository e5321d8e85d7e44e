// Object+Class.swift: changing an object's class (isa-swizzling).
//
// Docs: docs/runtime.md#isa-swizzling. Tests: Tests/MiniRuntimeTests/ObjectTests.swift.
//
// The isa word is swapped atomically under `Runtime.lock` (which serialises it with class
// disposal and instance counting); concurrent senders see either the old or the new class.
// Objective-C lets you set any class at all; MiniKVO refuses a class whose instances have a
// different ivar layout, because the object's slots were sized and typed for its old class.

import Synchronization

extension Object {
  /// Changes the object's class and returns the previous one: the move KVO makes.
  ///
  /// ```swift
  /// let old = try person.setClass(student)   // student is a subclass adding no ivars
  /// person.isa.name                          // "Student"
  /// ```
  ///
  /// Ivar values and associated objects are untouched: they belong to the object, not its class.
  ///
  /// - Parameter cls: A registered class (not a metaclass) of the same runtime whose ivars are
  ///   a prefix of the ones the object was allocated with.
  /// - Returns: The previous class.
  /// - Throws: ``RuntimeError`` with code `incompatibleLayout`, `invalidClassState`,
  ///   `invalidArgument` (the object is a class) or `foreignRuntime`. Nothing changes when it throws.
  ///
  /// Objective-C: `object_setClass`
  @discardableResult
  public func setClass(_ cls: Class) throws(RuntimeError) -> Class {
    guard let runtime = owningRuntime else {
      throw RuntimeError(.invalidArgument, "object_setClass: cannot change the class of the class object \(description)")
    }
    guard cls.weakRuntime === runtime else {
      throw RuntimeError(.foreignRuntime, "object_setClass: class \(cls.name) belongs to another runtime")
    }
    guard !cls.isMetaclass else {
      throw RuntimeError(.invalidClassState, "object_setClass: \(cls.name) is a metaclass")
    }
    return try runtime.withState { state throws(RuntimeError) -> Class in
      let data = cls.locked(&state)
      guard data.state == .registered else {
        throw RuntimeError(.invalidClassState, "object_setClass: class '\(cls.name)' is not registered")
      }
      guard storage.layout.canHost(data.layout) else {
        throw RuntimeError(
          .incompatibleLayout,
          "object_setClass: \(cls.name)'s ivars do not match the ivars \(description) was allocated with")
      }
      let oldBits = isaWord.exchange(UnretainedClass(cls).bits, ordering: .acquiringAndReleasing)
      let old = UnretainedClass(bits: oldBits).cls
      old.instanceCount.subtract(1, ordering: .relaxed)
      cls.instanceCount.add(1, ordering: .relaxed)
      state.record(.isaChanged(object: "<\(old.name): \(address)>", from: old.name, to: cls.name))
      return old
    }
  }
}

extension Runtime {
  /// Sends `dealloc` to an object Swift is freeing, through its isa. Called from `Object.deinit`.
  ///
  /// An error thrown by a `dealloc` implementation cannot propagate out of a deinit; it becomes
  /// a `.diagnostic` event.
  func runDealloc(_ object: Object) {
    do {
      _ = try msgSend(object, "dealloc")  // call-out: user `dealloc` overrides, no lock held
    } catch {
      emit(.diagnostic(subsystem: "runtime", message: "-[\(object.isa.name) dealloc] threw: \(error)"))
    }
    emit(.objectDeallocated(object: object.description, class: object.isa.name))
  }
}

extension Object {
  /// Whether the object's class (its isa, not what `class` answers) is exactly `cls`: one
  /// atomic load and a pointer compare, with no reference counting, for hot paths that only
  /// need to know.
  ///
  /// ```swift
  /// person.hasIsa(personClass)          // true
  /// try person.addObserver(watcher, forKeyPath: "age")
  /// person.hasIsa(personClass)          // false: it is an NSKVONotifying_Person now
  /// ```
  ///
  /// Objective-C: `object_getClass(obj) == cls`
  @inlinable
  public final func hasIsa(_ cls: Class) -> Bool {
    isaWord.load(ordering: .acquiring) == UInt(bitPattern: Unmanaged.passUnretained(cls).toOpaque())
  }
}
