// Runtime+DuplicateClass.swift: objc_duplicateClass, a registered copy of a class that shares
// its original's metaclass.
//
// Docs: docs/runtime.md#duplicating-a-class. Tests: Tests/MiniRuntimeTests/DuplicateClassTests.swift.
//
// Model (objc4's `objc_duplicateClass`): the copy gets the original's superclass, ivars (the same
// `Ivar` values, so the same layout), properties, protocols and version, and a copy of its method
// list: new `Method` values pointing at the same implementations, in the same order, so a later
// change to one class's methods (add, replace, a category) does not reach the other. The copy
// has no metaclass of its own: its isa is the original's metaclass, so its class methods, and its
// `+initialize` state (kept in the metaclass, Class+Initialize.swift), are the original's. Only
// the copy goes in its superclass's subclass list; the metaclass is already in the metaclass's.
//
// Locking: everything is read and written in one `Runtime.lock` section, so the copy sees one
// state of the original. Disposal (Runtime+ClassPairs.swift) knows about the shared metaclass:
// disposing a copy leaves the metaclass alone, and an original is not disposed while a copy
// still uses its metaclass.

extension Runtime {
  /// Makes a registered class named `name` that copies `original`: same superclass, ivars,
  /// properties, protocols and methods, and the same metaclass (so the same class methods).
  ///
  /// ```swift
  /// let twin = try runtime.duplicateClass(person, name: "Twin")
  /// twin.isa === person.isa             // true: the metaclass is shared
  /// let ann = try Runtime.msgSend(twin, "new").objectValue!
  /// try Runtime.msgSend(ann, "setAge:", 7)  // Person's setter, copied
  /// try twin.addMethod("wave", types: "v@:") { _, _, _ in .nil }   // Person has no -wave
  /// ```
  ///
  /// The copy is registered at once (``lookUpClass(named:)`` finds it, unless a registered class
  /// has the name already: that one keeps it and the clash is logged, as
  /// ``registerClassPair(_:)`` does) and can make instances.
  /// Its method list is its own from then on: a method added to or replaced in one class does
  /// not change the other. A class method added to either is added to the shared metaclass, so
  /// both answer it, as in objc4.
  ///
  /// - Parameters:
  ///   - original: A registered class (not a metaclass) of this runtime; a copy may be copied.
  ///   - name: Any name (objc4 takes any C string; only a NUL is refused), a taken one included.
  ///   - extraBytes: Indexed-ivar bytes of the new class object itself (see
  ///     ``Object/withIndexedIvars(_:)``), 0 to ``Class/maximumInstanceSize``.
  /// - Throws: ``RuntimeError`` with code `invalidClassName`, `invalidClassState` (the original is a metaclass, not registered yet or disposed),
  ///   `invalidArgument` (`extraBytes` out of range) or `foreignRuntime`. Nothing changes when
  ///   it throws.
  /// - Complexity: O(*m* + *i* + *p*) in the original's methods, ivars and properties.
  ///
  /// Objective-C: `objc_duplicateClass`
  public func duplicateClass(_ original: Class, name: String, extraBytes: Int = 0) throws(RuntimeError) -> Class {
    if let problem = Ivar.cStringProblem(withName: name) {  // objc4 checks no name (decision 0027)
      throw RuntimeError(.invalidClassName, "objc_duplicateClass: invalid class name '\(name)': \(problem)")
    }
    try checkOwnClass(original, "objc_duplicateClass")
    guard (0...Class.maximumInstanceSize).contains(extraBytes) else {
      throw RuntimeError(
        .invalidArgument, "objc_duplicateClass: \(extraBytes) extra bytes is out of range (0 to \(Class.maximumInstanceSize))")
    }
    return try withState { state throws(RuntimeError) -> Class in
      let source = original.locked(&state)
      guard source.state == .registered else {
        throw RuntimeError(
          .invalidClassState,
          "objc_duplicateClass: class '\(original.name)' is \(source.state == .disposed ? "disposed" : "not registered yet")")
      }
      let duplicate = Class(name: name, isMetaclass: false, isa: original.ownMetaclass, events: events, extraBytes: extraBytes)
      duplicate.attach(to: self)
      duplicate.flags.store(original.flags.load(ordering: .relaxed), ordering: .relaxed)
      let data = duplicate.locked(&state)
      data.superclass = source.superclass
      data.methodOrder = source.methodOrder.map {
        Method(selector: $0.selector, signature: $0.signature, implementation: $0.implementation, owner: duplicate)
      }
      for method in data.methodOrder where data.methods[method.selector] == nil {
        data.methods[method.selector] = method  // the first of a selector wins, as in the original
      }
      data.implementations = data.methodOrder.map(\.implementation)
      data.ivars = source.ivars
      data.properties = source.properties
      data.protocols = source.protocols
      data.layout = source.layout
      data.unalignedSize = source.unalignedSize
      data.instanceStart = source.instanceStart
      data.weakIvarLayout = source.weakIvarLayout
      data.strongIvarLayout = source.strongIvarLayout
      data.version = source.version
      data.state = .registered
      source.superclass?.locked(&state).subclasses.append(duplicate)  // not the shared metaclass
      state.addNamedClass(duplicate)  // objc4 checks no name: a clash is logged, the first kept
      state.listed.append(duplicate)
      state.methodGeneration &+= 1
      state.record(.classDuplicated(name: name, original: original.name))
      return duplicate
    }
  }

  /// The classes other than `cls` whose isa is `cls`'s metaclass (its duplicates, or the
  /// original and the other duplicates of a duplicate).
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func classesSharingMetaclass(with cls: Class, _ state: inout State) -> [Class] {
    state.listed.filter { $0 !== cls && $0.ownMetaclass === cls.ownMetaclass }
  }

  /// Whether `cls` was made by ``duplicateClass(_:name:extraBytes:)``: its metaclass describes
  /// another class. Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func isDuplicate(_ cls: Class, _ state: inout State) -> Bool {
    !cls.isMetaclass && cls.ownMetaclass.locked(&state).instanceClass !== cls
  }
}
