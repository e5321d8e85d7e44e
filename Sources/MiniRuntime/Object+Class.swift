// Object+Class.swift: changing an object's class (isa-swizzling).
//
// Docs: docs/runtime.md#isa-swizzling. Tests: Tests/MiniRuntimeTests/ObjectTests.swift.
//
// The isa word is swapped atomically under `Runtime.lock` (which serialises it with class
// disposal and instance counting); concurrent senders see either the old or the new class.
// As in objc4, any registered class will do, whatever its ivars: the object keeps the memory it
// was allocated with, and the new class's ivars read those bytes as their own types. Each
// access checks that the bytes exist and are of the kind it expects (ObjectStorage.swift), so a
// scalar is never read from, or written over, an object pointer: the one refusal Swift forces.

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
  /// The new class may have other ivars: its accessors then read the object's bytes as their
  /// types, as in objc4 (an `int` read as a `float`); an access that would read a scalar from an
  /// object pointer, or write one over it, or reach past the object's memory throws
  /// `incompatibleLayout` instead of corrupting memory.
  ///
  /// - Parameter cls: A registered class (not a metaclass) of the same runtime.
  /// - Returns: The previous class.
  /// - Throws: ``RuntimeError`` with code `invalidClassState`, `invalidArgument` (the object is a
  ///   class) or `foreignRuntime`. Nothing changes when it throws.
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
