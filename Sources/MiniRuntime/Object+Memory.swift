// Object+Memory.swift: objc4's functions on an object's memory: indexed ivars, object_copy,
// object_dispose, objc_destructInstance.
//
// Docs: docs/runtime.md#memory-layout. Tests: Tests/MiniRuntimeTests/ObjectMemoryTests.swift.
//
// The memory itself belongs to ObjectStorage; these functions ask it. `copy` runs under
// `Runtime.lock` (the isa it copies cannot be disposed meanwhile); `dispose` takes the object's
// own lock to empty its associations, and releases everything after unlocking (a release may
// run a `dealloc`). Swift frees the object itself when its last reference goes.

import Synchronization

extension Object {
  /// Lends `body` the object's indexed ivars: the `extraBytes` bytes after the instance that
  /// `createInstance(extraBytes:)` asked for, zeroed at first.
  ///
  /// ```swift
  /// let buffer = try cls.createInstance(extraBytes: 4)
  /// buffer.withIndexedIvars { bytes in bytes[0] = 42 }
  /// buffer.withIndexedIvars { $0[0] }   // 42
  /// ```
  ///
  /// The bytes start at offset `cls.instanceSize` of the object, as in objc4. They are plain
  /// memory: two threads writing them at once race, as in C.
  ///
  /// - Important: Do not let the buffer escape `body`: it belongs to the object.
  ///
  /// Objective-C: `object_getIndexedIvars`
  public func withIndexedIvars<Result, Failure: Error>(
    _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withExtendedLifetime(self) { () throws(Failure) -> Result in try storage.withIndexedIvars(body) }
  }

  /// A new object of the same class with a copy of this one's memory: scalar ivars and indexed
  /// ivars copied byte for byte, object ivars retained again (a weak ivar stays weak). Sends no
  /// message (`init` and `copyWithZone:` are not involved) and copies no associated objects and
  /// no observation info.
  ///
  /// ```swift
  /// let twin = try ann.copy()
  /// try twin.value(ofIvar: "_age")   // ann's age
  /// ```
  ///
  /// - Parameter extraBytes: Indexed-ivar bytes of the copy (the first `min` of both are copied).
  /// - Throws: ``RuntimeError`` with code `invalidArgument` for a class object or an
  ///   `extraBytes` out of range, `foreignRuntime` if the runtime is gone.
  ///
  /// Objective-C: `object_copy`
  public func copy(extraBytes: Int = 0) throws(RuntimeError) -> Object {
    guard let runtime = owningRuntime else {
      throw RuntimeError(.invalidArgument, "object_copy: \(description) is a class object")
    }
    guard (0...Class.maximumInstanceSize).contains(extraBytes) else {
      throw RuntimeError(.invalidArgument, "object_copy: \(extraBytes) extra bytes is out of range (0 to \(Class.maximumInstanceSize))")
    }
    return runtime.withState { _ in
      // INVARIANT: UnretainedClass (the isa cannot be disposed while this object has it).
      Object(copying: self, as: isa, runtime: runtime, extraBytes: extraBytes)
    }
  }

  /// Destroys the object without sending `dealloc`: its ivars are released and zeroed, its
  /// associated objects and observation info removed, and weak references to it read `nil`.
  ///
  /// objc4 then frees the memory, and any later use is undefined. Swift frees the object when its
  /// last reference goes (still without `dealloc`); until then it keeps its class (it still
  /// counts as an instance of it) and answers messages with zeroed ivars.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` for a class object or an object
  ///   already disposed (objc4 would free it twice).
  ///
  /// Objective-C: `object_dispose`
  public func dispose() throws(RuntimeError) {
    guard let runtime = owningRuntime else {
      throw RuntimeError(.invalidArgument, "object_dispose: \(description) is a class object")
    }
    guard lifeWord.bitwiseOr(2, ordering: .acquiringAndReleasing).oldValue & 2 == 0 else {
      throw RuntimeError(.invalidArgument, "object_dispose: \(description) was already disposed")
    }
    storage.clear()  // releases the ivars' objects after unlocking their stripes
    destructIvarsAndAssociations()
    releaseAssociationsAndObservationInfo()
    runtime.emit(.objectDisposed(object: description, class: isa.name))
  }

  /// Destroys the object in place without freeing it or sending `dealloc`: its object ivars are
  /// released and set to nil (scalar ivars keep their values), its associated objects are removed
  /// and released (those with ``AssociationPolicy/systemObject`` last), and every weak reference
  /// to it made so far reads nil.
  ///
  /// ```swift
  /// let reference = WeakReference(ann)
  /// try ann.destructInstance() === ann   // true
  /// reference.object                    // nil
  /// ann.associationKeys                 // []
  /// WeakReference(ann).object === ann   // true: a reference made afterwards reads it
  /// ```
  ///
  /// The object is still allocated afterwards: it keeps its class and retain count, answers
  /// messages, can take new associations and weak references, and is sent `dealloc` when its last
  /// ownership goes, as any other. objc4's callers (a custom allocator, `object_dispose`) free the
  /// memory next; here Swift frees it when its last reference goes. A root class's own `dealloc`
  /// may call it before it lets the object go, as objc4's callers do before `free`.
  ///
  /// Only `__weak` references are cleared: an assign association and a nonretained `NSValue`
  /// still answer the object, which is still allocated.
  ///
  /// - Returns: The object itself.
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` for an object that was freed
  ///   (disposed, or its `dealloc` has returned: objc4 would read freed memory).
  ///
  /// Objective-C: `objc_destructInstance`
  @discardableResult
  public func destructInstance() throws(RuntimeError) -> Object {
    guard !isFreedForObjectiveC else {
      throw RuntimeError(.deallocatingObject, "objc_destructInstance: \(description) was freed")
    }
    destructIvarsAndAssociations()
    if !isDeallocating { clearWeakReferences() }  // a deallocating object's read nil already
    return self
  }

  /// objc4's `objc_destructInstance`, as `NSObject`'s `-dealloc` runs it: first the ivars'
  /// `.cxx_destruct` (each object ivar set to nil, its object released: the subclass's ivars
  /// before the superclass's, each class's last-declared first), then the associated objects are
  /// removed and released (outside the object's lock: a release may run a `dealloc`). Both go
  /// *inside* the `[super dealloc]` chain, before a subclass's code after it (KVO's check for
  /// observers left registered) runs. Weak references already read nil (the deallocating bit
  /// was set before `dealloc` was sent).
  func destructIvarsAndAssociations() {
    storage.releaseReferences()
    let associated = withLock { () -> [Association] in
      if lifeWord.load(ordering: .relaxed) & (1 | 2) != 0 {  // deallocating or disposed: not a stray [obj dealloc]
        lifeWord.bitwiseOr(Self.associationsRemovedBit, ordering: .relaxed)  // under the lock: a later set sees it
      }
      defer { associations = [] }
      return associations.sortedForRemovalAtDeallocation()
    }
    withExtendedLifetime(associated) {}  // released here, outside the lock
  }

  /// The `lifeWord` bit `destructInstance` sets: objc4's `_object_remove_assocations(obj,
  /// /*deallocating*/ true)` has taken the owner's entry out of the associations table.
  static let associationsRemovedBit: UInt64 = 16

  /// Removes and releases the associated objects and the observation info, after `dealloc`
  /// (outside the object's lock: a release may run another object's `dealloc`).
  ///
  /// Associations set after `destructIvarsAndAssociations` removed the others (by a `dealloc` those releases
  /// ran) are not released: objc4 reads its table no more for an object it frees, so they stay
  /// under the freed address for good, leaked. The runtime keeps them (``Runtime/strand(_:)``).
  func releaseAssociationsAndObservationInfo() {
    let (associated, info, removed) = withLock { () -> ([Association], (any AnyObject & Sendable)?, Bool) in
      defer {
        associations = []
        observationInfoStorage = nil
      }
      let removed = lifeWord.load(ordering: .relaxed) & Self.associationsRemovedBit != 0
      return (associations.sortedForRemovalAtDeallocation(), observationInfoStorage, removed)
    }
    releaseObservationInfo(info)
    if removed, !associated.isEmpty, let runtime = owningRuntime {
      runtime.strand(associated)
      withExtendedLifetime(info) {}
      return
    }
    withExtendedLifetime((associated, info)) {}  // released here, outside the lock
  }
}

extension [Association] {
  /// The associations in the order the removal at deallocation releases them: those without the
  /// ``AssociationPolicy/systemObject`` flag first, then those with it (objc4 keeps these for a
  /// second loop), each group in the order of the keys.
  func sortedForRemovalAtDeallocation() -> [Association] {
    guard contains(where: \.policy.isSystemObject) else { return self }
    return filter { !$0.policy.isSystemObject } + filter(\.policy.isSystemObject)
  }
}

extension Runtime {
  /// Keeps `associations` for as long as the runtime lives (objc4: for the life of the process),
  /// never releasing them: associations set on an object after `objc_destructInstance` removed
  /// its others, which objc4 leaks. Locking: takes `Runtime.lock`; releases nothing.
  func strand(_ associations: [Association]) {
    withState { state in state.strandedAssociations.append(contentsOf: associations) }
  }
}
