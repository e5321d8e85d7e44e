// Runtime+ClassPairs.swift: making, registering, disposing and finding classes.
//
// Docs: docs/runtime.md#class-pairs. Tests: Tests/MiniRuntimeTests/ClassPairTests.swift.
//
// A class pair (a class and its metaclass) is allocated, filled with ivars, properties and
// methods, then registered; from then on its ivar layout is fixed. It can make instances from its
// allocation, as objc4's can; while one lives, no ivar is added.
// Disposal is refused while instances or subclasses exist. All of it runs under `Runtime.lock`.

extension Runtime {
  /// Creates a new class and its metaclass, ready for ivars and methods.
  ///
  /// ```swift
  /// let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
  /// try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
  /// // throws: duplicateClassName "objc_allocateClassPair: class 'Person' already exists"
  /// ```
  ///
  /// - Parameters:
  ///   - superclass: A registered class of this runtime, or `nil` for a new root class.
  ///   - name: Any name no registered class of this runtime has (a pair under construction
  ///     reserves none, as in objc4: see ``registerClassPair(_:)`` for two of one name), as objc4
  ///     takes any C string (`""` and `Per son` included); only a NUL, which no C string holds, is
  ///     refused.
  /// - Throws: ``RuntimeError`` with code `invalidClassName`, `duplicateClassName`,
  ///   `invalidClassState` (the superclass is unregistered, disposed or a metaclass) or
  ///   `foreignRuntime`.
  ///
  /// Objective-C: `objc_allocateClassPair`
  public func allocateClassPair(superclass: Class?, name: String) throws(RuntimeError) -> Class {
    try allocateClassPair(superclass: superclass, name: name, refusingATakenName: true)
  }

  /// ``allocateClassPair(superclass:name:)``, or, with `refusingATakenName` false, the pair of
  /// a class an image brings (objc4's `readClass`, which checks no name: registration then keeps
  /// the first class by name and logs the clash). A `compiled` class (an image's, or one the
  /// runtime defines for itself) answers clang's ivar layouts; any other objc4's empty ones.
  func allocateClassPair(
    superclass: Class?, name: String, refusingATakenName: Bool, compiled: Bool = false
  ) throws(RuntimeError) -> Class {
    if let problem = Ivar.cStringProblem(withName: name) {  // objc4 checks no name (decision 0027)
      throw RuntimeError(.invalidClassName, "objc_allocateClassPair: invalid class name '\(name)': \(problem)")
    }
    if let superclass {
      guard superclass.linkedRuntime === self else {
        throw RuntimeError(.foreignRuntime, "objc_allocateClassPair: superclass \(superclass.name) belongs to another runtime")
      }
      guard !superclass.isMetaclass else {
        throw RuntimeError(.invalidClassState, "objc_allocateClassPair: superclass \(superclass.name) is a metaclass")
      }
    }
    return try withState { state throws(RuntimeError) -> Class in
      guard !refusingATakenName || state.classesByName[name] == nil else {
        throw RuntimeError(.duplicateClassName, "objc_allocateClassPair: class '\(name)' already exists")
      }
      if let superclass, superclass.locked(&state).state != .registered {
        throw RuntimeError(
          .invalidClassState,
          "objc_allocateClassPair: superclass \(superclass.name) is \(superclass.locked(&state).state == .disposed ? "disposed" : "not registered yet")")
      }
      let metaclass = Class(name: name, isMetaclass: true, isa: superclass?.ownMetaclass.ownMetaclass, events: events)
      let cls = Class(name: name, isMetaclass: false, isa: metaclass, events: events)
      metaclass.attach(to: self)
      cls.attach(to: self)
      let meta = metaclass.locked(&state)
      meta.superclass = superclass?.ownMetaclass ?? cls
      meta.instanceClass = cls
      meta.layout = .empty
      meta.unalignedSize = ObjectStorage.classObjectSize
      meta.instanceStart = ObjectStorage.classObjectSize
      let data = cls.locked(&state)
      data.superclass = superclass
      if !compiled {  // objc_initializeClassPair_internal: both point at an empty string (the metaclass's stay NULL)
        data.strongIvarLayout = .stored([])
        data.weakIvarLayout = .stored([])
      }
      if let superclass {
        let superData = superclass.locked(&state)
        data.layout = superData.layout
        data.unalignedSize = superData.unalignedSize
        data.instanceStart = superData.unalignedSize
        if superclass.flags.load(ordering: .relaxed) & Class.forbidsAssociationsFlag != 0 {
          cls.flags.bitwiseOr(Class.forbidsAssociationsFlag, ordering: .relaxed)  // inherited, as objc4's
        }
        if superclass.hasCustomRetainRelease { cls.flags.bitwiseOr(Class.customRetainReleaseFlag, ordering: .relaxed) }
        if superclass.ownMetaclass.hasCustomRetainRelease {
          metaclass.flags.bitwiseOr(Class.customRetainReleaseFlag, ordering: .relaxed)
        }
        superclass.locked(&state).subclasses.append(cls)
        superclass.ownMetaclass.locked(&state).subclasses.append(metaclass)
      } else {
        data.subclasses.append(metaclass)
      }
      state.listed.append(cls)  // objc4's addClassTableEntry: listed from now on, found by name once registered
      state.methodGeneration &+= 1
      state.record(.classAllocated(name: name, superclass: superclass?.name))
      return cls
    }
  }

  /// Registers a class allocated with ``allocateClassPair(superclass:name:)``: its ivar layout
  /// becomes final, it can make instances, and ``lookUpClass(named:)`` finds it.
  ///
  /// If a registered class has the name already, the name keeps finding that one, as objc4's
  /// named-class table keeps it: `cls` is registered all the same (it makes instances and is
  /// listed), and a `diagnostic` event carries objc4's log line, `Class Draft is implemented in
  /// both ?? (0x…) and ?? (0x…). One of the two will be used. Which one is undefined.`
  ///
  /// Registering a class again is ignored, as objc4 ignores it: nothing changes and a
  /// `diagnostic` event carries objc4's log line, `objc_registerClassPair: class 'Person' was
  /// already registered!`.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidClassState` (disposed, or a metaclass) or
  ///   `foreignRuntime`.
  ///
  /// Objective-C: `objc_registerClassPair`
  public func registerClassPair(_ cls: Class) throws(RuntimeError) {
    try checkOwnClass(cls, "objc_registerClassPair")
    try withState { state throws(RuntimeError) in
      let data = cls.locked(&state)
      if data.state == .registered {  // objc4 logs and returns
        return state.record(
          .diagnostic(subsystem: "runtime", message: "objc_registerClassPair: class '\(cls.name)' was already registered!"))
      }
      guard data.state == .constructing else {
        throw RuntimeError(.invalidClassState, "objc_registerClassPair: class '\(cls.name)' was already disposed")
      }
      data.layout = cls.completedLayout(data, &state)
      data.state = .registered
      cls.ownMetaclass.locked(&state).state = .registered
      state.addNamedClass(cls)
      state.record(.classRegistered(name: cls.name))
    }
  }

  /// Removes a class and its metaclass from the runtime, and releases the associated objects of
  /// both (after the runtime's lock is released: a release may run a `dealloc`).
  ///
  /// Refused while the class has live instances or subclasses (including a KVO subclass), or
  /// while a class made by ``duplicateClass(_:name:extraBytes:)`` shares its metaclass, where
  /// Objective-C would leave dangling pointers behind. Disposing such a duplicate leaves the
  /// shared metaclass to its original.
  ///
  /// - Throws: ``RuntimeError`` with code `classInUse`, `invalidClassState` (a metaclass, a class
  ///   `objc_allocateClassPair` did not make: the root class, another class the runtime made for
  ///   itself, an image's class or a copy of one; or already disposed) or `foreignRuntime`.
  ///   Nothing changes when it throws.
  ///
  /// Objective-C: `objc_disposeClassPair`
  public func disposeClassPair(_ cls: Class) throws(RuntimeError) {
    guard cls.linkedRuntime === self else {
      throw RuntimeError(.foreignRuntime, "objc_disposeClassPair: class \(cls.name) belongs to another runtime")
    }
    // objc4 asks first whether objc_allocateClassPair made the class and its isa (for a
    // metaclass the root metaclass, so NSObject's hierarchy answers this line), then whether it
    // is a metaclass; it logs either line and returns.
    guard madeByAllocateClassPair(cls) else {
      throw RuntimeError(
        .invalidClassState, "objc_disposeClassPair: class '\(cls.name)' was not allocated with objc_allocateClassPair!")
    }
    guard !cls.isMetaclass else {
      throw RuntimeError(.invalidClassState, "objc_disposeClassPair: class '\(cls.name)' is a metaclass, not a class!")
    }
    try removeClassPair(cls, "objc_disposeClassPair")
  }

  /// Removes `cls` and its metaclass as ``disposeClassPair(_:)`` does once objc4's two checks
  /// passed, whoever made the class: the rollback of a class an image or the runtime itself was
  /// making (Runtime+Images.swift, Runtime+BuiltinClasses.swift), which objc_disposeClassPair
  /// refuses. Releases the pair's associated objects after the lock is released.
  ///
  /// - Throws: What ``checkDisposal(of:_:leaving:_:)`` refuses; nothing changes then.
  func removeClassPair(_ cls: Class, _ caller: String) throws(RuntimeError) {
    let ownsMetaclass = try withState { state throws(RuntimeError) -> Bool in
      let ownsMetaclass = try checkDisposal(of: cls, caller, &state)
      removePair(cls, ownsMetaclass: ownsMetaclass, &state)
      return ownsMetaclass
    }
    cls.removeAssociatedObjects()  // call-out: releases may run deallocs, no lock held
    if ownsMetaclass { cls.ownMetaclass.removeAssociatedObjects() }
  }

  /// Whether `objc_allocateClassPair` made both `cls` and its isa (objc4's RW_CONSTRUCTED or
  /// RW_CONSTRUCTING on both): not NSObject, a class the runtime defines for itself, nor an
  /// image's class (all compiled: they have an image, a class made at run time has none), nor a
  /// metaclass of one; a class made by `objc_duplicateClass` answers as its original, whose flags
  /// objc4 copies into it and whose metaclass is its isa; and for a metaclass, the root class
  /// must be made at run time too (its isa is the root metaclass).
  private func madeByAllocateClassPair(_ cls: Class) -> Bool {
    let instanceSide = cls.instanceClass ?? cls
    let original = instanceSide.ownMetaclass.instanceClass ?? instanceSide
    var root = instanceSide
    while let next = root.superclass { root = next }
    return withState { state in
      func madeAtRunTime(_ cls: Class) -> Bool {
        cls !== rootClass && !isBuiltin(cls, &state) && cls.locked(&state).imageName == nil
      }
      guard madeAtRunTime(instanceSide), madeAtRunTime(original) else { return false }
      return !cls.isMetaclass || madeAtRunTime(root)
    }
  }

  /// Checks that `cls` may be removed with its metaclass (objc_disposeClassPair's refusals), a
  /// subclass `leaving` accepts not counting as a user (it goes too); answers whether the pair
  /// owns its metaclass (a duplicate shares its original's). Changes nothing.
  ///
  /// Locking: caller holds Runtime.lock (enforced by inout State).
  func checkDisposal(
    of cls: Class, _ caller: String, leaving: (Class) -> Bool = { _ in false }, _ state: inout State
  ) throws(RuntimeError) -> Bool {
    let data = cls.locked(&state)
    guard data.state != .disposed else {
      throw RuntimeError(.invalidClassState, "\(caller): class '\(cls.name)' was already disposed")
    }
    guard !isBuiltin(cls, &state) else {
      throw RuntimeError(.invalidClassState, "\(caller): the runtime's own class \(cls.name) cannot be disposed")
    }
    let instances = cls.instanceCount.load(ordering: .relaxed)
    guard instances == 0 else {
      throw RuntimeError(.classInUse, "\(caller): class '\(cls.name)' still has \(instances) live instance(s)")
    }
    // A root class's own metaclass inherits from it (the root metaclass pattern), so it is
    // listed among its subclasses; it goes with the pair and does not count as a user.
    let subclasses = data.subclasses.filter { $0 !== cls.ownMetaclass && !leaving($0) }
    // objc4's objc_disposeClassPair logs this line, naming rw->firstSubclass (the subclass added
    // last: addSubclass links each new one first), and frees the class all the same.
    if let newest = subclasses.last {
      throw RuntimeError(
        .classInUse, "\(caller): class '\(cls.name)' still has subclasses, including '\(newest.name)'!")
    }
    // A class made by objc_duplicateClass shares its original's metaclass
    // (Runtime+DuplicateClass.swift): disposing it leaves the metaclass, and an original goes
    // only when no copy uses its metaclass any more.
    let ownsMetaclass = !isDuplicate(cls, &state)
    if ownsMetaclass, let user = classesSharingMetaclass(with: cls, &state).first {
      throw RuntimeError(.classInUse, "\(caller): class '\(cls.name)' has a duplicate, \(user.name), that shares its metaclass")
    }
    // A class object whose isa was switched to this class's metaclass (KVO observing it:
    // Object+Class.swift) still sends its class methods through it.
    if ownsMetaclass,
      let user = state.listed.first(where: { $0.isa === cls.ownMetaclass && $0.ownMetaclass !== cls.ownMetaclass })
    {
      throw RuntimeError(
        .classInUse, "\(caller): the metaclass of '\(cls.name)' is the isa of the class object \(user.name)")
    }
    return ownsMetaclass
  }

  /// Removes `cls` (and its metaclass if it owns it) from the class table, its superclass's
  /// subclasses and the method caches, after ``checkDisposal(of:_:leaving:_:)`` accepted it.
  ///
  /// Locking: caller holds Runtime.lock (enforced by inout State).
  func removePair(_ cls: Class, ownsMetaclass: Bool, _ state: inout State) {
    let data = cls.locked(&state)
    if let superclass = data.superclass {
      superclass.locked(&state).subclasses.removeAll { $0 === cls }
      if ownsMetaclass { superclass.ownMetaclass.locked(&state).subclasses.removeAll { $0 === cls.ownMetaclass } }
    }
    if state.classesByName[cls.name] === cls { state.classesByName[cls.name] = nil }  // objc4's removeNamedClass
    state.listed.removeAll { $0 === cls }
    state.methodGeneration &+= 1
    if ownsMetaclass { cls.ownMetaclass.detach(&state) }
    cls.detach(&state)
    data.state = .disposed
    if ownsMetaclass { cls.ownMetaclass.locked(&state).state = .disposed }
    state.record(.classDisposed(name: cls.name))
  }

  /// The registered class named `name`, or `nil`: the class table alone, never the class hook
  /// (objc4's `getClassExceptSomeSwift`, what its loader and `objc_allocateClassPair` read).
  ///
  /// - Complexity: O(1).
  func registeredClass(named name: String) -> Class? {
    withState { state in
      guard let cls = state.classesByName[name], cls.locked(&state).state == .registered else { return nil }
      return cls
    }
  }

  /// Every class of the runtime, in the order they were made (`NSObject` first): registered
  /// classes, duplicates, and, as in objc4 818, a pair allocated and not registered yet (which
  /// ``lookUpClass(named:)`` does not find until it is registered). No metaclass; a disposed
  /// class is gone.
  ///
  /// Objective-C: `objc_copyClassList`
  public var classes: [Class] { withState { $0.listed } }

  /// The first `capacity` classes of ``classes`` and the number of them all, which is the whole
  /// count even when `capacity` is smaller: what `objc_getClassList(buffer, capacity)` writes and
  /// answers. A capacity of 0 (or less) is objc4's NULL buffer: only the count.
  ///
  /// ```swift
  /// let (first, count) = runtime.classList(capacity: 1)
  /// first          // [NSObject]
  /// count          // every class, e.g. 3 with Protocol and Person
  /// ```
  ///
  /// - Complexity: O(min(*capacity*, *n*)) for *n* classes.
  ///
  /// Objective-C: `objc_getClassList`
  public func classList(capacity: Int) -> (classes: [Class], count: Int) {
    withState { state in (Array(state.listed.prefix(Swift.max(0, capacity))), state.listed.count) }
  }

  /// Throws unless `cls` is a class (not a metaclass) of this runtime.
  func checkOwnClass(_ cls: Class, _ function: String) throws(RuntimeError) {
    guard cls.linkedRuntime === self else {
      throw RuntimeError(.foreignRuntime, "\(function): class \(cls.name) belongs to another runtime")
    }
    guard !cls.isMetaclass else {
      throw RuntimeError(.invalidClassState, "\(function): \(cls.name) is a metaclass; pass the class")
    }
  }
}

extension Runtime.State {
  /// objc4's `addNamedClass`: the registered `cls` becomes the class its name finds, unless a
  /// registered class has the name already; that one is kept and the clash is logged (a
  /// `diagnostic` event with objc4's line, `??` standing for the image a class made at run time
  /// does not have).
  mutating func addNamedClass(_ cls: Class) {
    // One hash for the usual case (a new name); a clash puts the first class back.
    guard let first = classesByName.updateValue(cls, forKey: cls.name), first !== cls else { return }
    classesByName[cls.name] = first
    let firstImage = first.locked(&self).imageName ?? "??"
    let image = cls.locked(&self).imageName ?? "??"
    record(
      .diagnostic(
        subsystem: "runtime",
        message: "Class \(cls.name) is implemented in both \(firstImage) (\(Object.address(of: first))) and \(image) (\(Object.address(of: cls))). One of the two will be used. Which one is undefined."))
  }
}

extension Class {
  /// Makes an instance with every byte zeroed, as `calloc` does (so every ivar reads as the zero
  /// of its type: `nil`, `0`, `NO`, a struct of zeroes), without sending `init`.
  ///
  /// ```swift
  /// let ann = try person.createInstance()
  /// let buffer = try person.createInstance(extraBytes: 16)   // 16 zeroed indexed-ivar bytes
  /// buffer.withIndexedIvars { $0.count }                     // 16
  /// ```
  ///
  /// - Parameter extraBytes: Bytes of indexed ivars after the instance (see
  ///   ``Object/withIndexedIvars(_:)``), 0 to ``maximumInstanceSize``.
  /// A class under construction makes instances too, as objc4's does, sized by the ivars added so
  /// far; while one lives, ``addIvar(_:type:)-(_,TypeEncoding)`` throws `classInUse`.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidClassState` if the class is a metaclass or is
  ///   disposed, `invalidArgument` for a negative or too large `extraBytes`, or
  ///   `foreignRuntime` if its runtime is gone.
  ///
  /// Objective-C: `class_createInstance`
  public func createInstance(extraBytes: Int = 0) throws(RuntimeError) -> Object {
    try createInstance(storage: nil, extraBytes: extraBytes)
  }

  /// `createInstance()`, attaching `storage` (a Foundation object's contents) to the instance.
  func createInstance(storage: (any BridgedStorage)?, extraBytes: Int = 0) throws(RuntimeError) -> Object {
    guard let runtime = linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "class_createInstance: the runtime of \(name) no longer exists")
    }
    guard !isMetaclass else {
      throw RuntimeError(.invalidClassState, "class_createInstance: \(name) is a metaclass")
    }
    guard (0...Self.maximumInstanceSize).contains(extraBytes) else {
      throw RuntimeError(.invalidArgument, "class_createInstance: \(extraBytes) extra bytes for \(name) is out of range (0 to \(Self.maximumInstanceSize))")
    }
    return try runtime.withState { state throws(RuntimeError) -> Object in
      let data = locked(&state)
      switch data.state {
      case .registered:
        return Object(instanceOf: self, layout: data.layout, runtime: runtime, storage: storage, extraBytes: extraBytes)
      case .constructing:  // objc4 sizes it from the ivars added so far
        return Object(instanceOf: self, layout: completedLayout(data, &state), runtime: runtime, storage: storage, extraBytes: extraBytes)
      case .disposed:
        throw RuntimeError(.invalidClassState, "class_createInstance: class '\(name)' is disposed")
      }
    }
  }

  /// The instance layout the class's ivars make so far, after marking weak the object ivars its
  /// weak ivar layout names: what registration fixes, and what an instance made before
  /// registration gets (the ivars cannot change while it lives: ``addIvar(_:type:)-(_,TypeEncoding)`` throws
  /// `classInUse`). A weak mark, once made, stays.
  func completedLayout(_ data: ClassMetadata, _ state: inout Runtime.State) -> InstanceLayout {
    if case .stored(let weakLayout?) = data.weakIvarLayout {
      let weakWords = Class.scannedWords(weakLayout, first: Class.firstOwnWord(data))
      for ivar in data.ivars where ivar.layout.isReferenceItself && weakWords.contains(ivar.words.lowerBound) {
        ivar.markWeak(&state)
      }
    }
    return (data.superclass?.locked(&state).layout ?? .empty).extended(with: data.ivars, unalignedSize: data.unalignedSize)
  }
}
