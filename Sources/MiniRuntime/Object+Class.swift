// Object+Class.swift: changing an object's class (isa-swizzling).
//
// Docs: docs/runtime.md#isa-swizzling. Tests: Tests/MiniRuntimeTests/ObjectTests.swift,
// ClassObjectIsaTests.swift.
//
// The isa word is swapped atomically under `Runtime.lock` (which serialises it with class
// disposal and instance counting); concurrent senders see either the old or the new class.
// As in objc4, any registered class will do, whatever its ivars: the object keeps the memory it
// was allocated with, and the new class's ivars read those bytes as their own types. Each
// access checks that the bytes exist and are of the kind it expects (ObjectStorage.swift), so a
// scalar is never read from, or written over, an object pointer: the one refusal Swift forces.
//
// A class object's isa is its metaclass, and only a metaclass inheriting from that one (its
// own, the one made with it) may replace it: what KVO does to observe a class object (a
// notifying metaclass, `NSKVONotifying_Person`'s), and back. Its class methods and everything
// its subclasses inherit stay where they were: the metaclass graph, `+initialize` state,
// categories and disposal all use the class's own metaclass (`Class.ownMetaclass`), never the
// isa. A send reads the isa word on every call and the new metaclass has its own cache, so the
// next class-method send goes through the new isa; nothing needs flushing. A class whose
// metaclass is another class object's isa cannot be disposed (Runtime+ClassPairs.swift).

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
  /// A class object takes only a metaclass that inherits from its own metaclass, or its own
  /// metaclass back: KVO's move when it observes a class object (`[Person setCount:9]` then goes
  /// through `NSKVONotifying_Person`'s metaclass). Its class methods stay in its own metaclass
  /// (``Class/metaclass``), where its subclasses inherit them.
  ///
  /// ```swift
  /// try person.setClass(notifying.metaclass)   // NSKVONotifying_Person's metaclass
  /// person.isa === notifying.metaclass          // true: object_getClass(Person)
  /// try person.setClass(person.metaclass)       // back to its own
  /// ```
  ///
  /// - Parameter cls: For an instance, a registered class (not a metaclass) of the same runtime;
  ///   for a class object, a registered metaclass that is its own metaclass or inherits from it.
  /// For an instance, a class not yet initialized is sent `+initialize` first (superclasses
  /// first), as objc4's `object_setClass` does; if it throws, the class stays as it was.
  ///
  /// - Returns: The previous class (for a class object, the previous metaclass).
  /// - Throws: ``RuntimeError`` with code `invalidClassState` (an unregistered class, a metaclass
  ///   for an instance, a class or an unrelated metaclass for a class object),
  ///   `invalidArgument` (the object is a metaclass or a protocol) or `foreignRuntime`, or what
  ///   `+initialize` threw (another error than a ``RuntimeError`` becomes one with code
  ///   `invalidArgument` naming it). Nothing changes when it throws.
  ///
  /// Objective-C: `object_setClass`
  @discardableResult
  public func setClass(_ cls: Class) throws(RuntimeError) -> Class {
    if let classObject = self as? Class { return try classObject.setIsa(cls) }
    guard let runtime = owningRuntime else {
      throw RuntimeError(.invalidArgument, "object_setClass: cannot change the class of \(description)")
    }
    guard cls.linkedRuntime === runtime else {
      throw RuntimeError(.foreignRuntime, "object_setClass: class \(cls.name) belongs to another runtime")
    }
    guard !cls.isMetaclass else {
      throw RuntimeError(.invalidClassState, "object_setClass: \(cls.name) is a metaclass")
    }
    // objc4 sends +initialize to a class not yet initialized before the isa changes, so no
    // object (weakly referenced or not) ever has an uninitialized isa. Unregistered: refused below.
    if !cls.isInitialized, runtime.withState({ state in cls.locked(&state).state == .registered }) {
      try runtime.initializeForStore(cls, "object_setClass")  // call-out: user +initialize, no lock held
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

extension Class {
  /// `object_setClass` on a class object: its isa becomes `metaclass`, which must be registered
  /// and be its own metaclass or inherit from it (see the file comment).
  fileprivate func setIsa(_ metaclass: Class) throws(RuntimeError) -> Class {
    guard !isMetaclass else {
      throw RuntimeError(
        .invalidArgument, "object_setClass: cannot change the isa of the metaclass \(name): a metaclass's isa is its root metaclass")
    }
    guard let runtime = linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "object_setClass: the runtime of the class object \(name) no longer exists")
    }
    guard metaclass.linkedRuntime === runtime else {
      throw RuntimeError(.foreignRuntime, "object_setClass: metaclass \(metaclass.name) belongs to another runtime")
    }
    guard metaclass.isMetaclass else {
      throw RuntimeError(
        .invalidClassState, "object_setClass: the isa of the class object \(name) must be a metaclass, and \(metaclass.name) is a class")
    }
    let own = ownMetaclass
    return try runtime.withState { state throws(RuntimeError) -> Class in
      guard locked(&state).state == .registered, metaclass.locked(&state).state == .registered else {
        throw RuntimeError(
          .invalidClassState, "object_setClass: class '\(name)' and metaclass '\(metaclass.name)' must both be registered")
      }
      guard metaclass.superclassChainLocked(&state).contains(where: { $0 === own }) else {
        throw RuntimeError(
          .invalidClassState,
          "object_setClass: the isa of the class object \(name) must be its metaclass or inherit from it, and the metaclass \(metaclass.name) does not")
      }
      let oldBits = isaWord.exchange(UnretainedClass(metaclass).bits, ordering: .acquiringAndReleasing)
      let old = UnretainedClass(bits: oldBits).cls
      state.record(.isaChanged(object: name, from: old.name, to: metaclass.name))
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
