// Class+Methods.swift: adding, replacing, finding and listing methods.
//
// Docs: docs/runtime.md#methods. Tests: Tests/MiniRuntimeTests/MethodTests.swift,
// MethodCacheTests.swift.
//
// Invalidation rule, as precise as objc4's: a change to the method of selector S in class C
// (add, replace, exchange, set implementation) removes S's entries from the caches of C and of
// every subclass that inherits S from C, under `Runtime.lock`; a subclass that overrides S (and
// everything below it) and every other selector keep their entries. A superclass change empties
// the caches of C and everything below it. Because the root metaclass's superclass is the root
// class, a change to NSObject's instance methods also reaches every metaclass. Each change also
// makes the class retain the new implementation, which keeps cached pointers valid forever.
// Events: the change is recorded before the flushes it causes, so observers read cause, then effect.
// Order: an added method goes in front of the method list (objc4's `attachLists` puts a newly
// attached one-method list first), so `class_copyMethodList` lists the newest method first.

extension Class {
  /// Adds a method, unless the class itself already has one with that selector.
  ///
  /// ```swift
  /// try person.addMethod("greet", types: "@@:") { receiver, _cmd, _ in "hello" }   // true
  /// try person.addMethod("greet", types: "@@:") { _, _, _ in "again" }            // false
  /// ```
  ///
  /// An inherited method of the same name is overridden, not refused.
  ///
  /// - Parameters:
  ///   - selector: The method's name.
  ///   - types: The method type encoding (`v@:q`, or `v24@0:8q16` with offsets). As in objc4, it
  ///     is not checked against the selector, and `""` adds a method whose types are not stated
  ///     (``MethodSignature/numberOfArguments`` 0, no argument converted).
  ///   - implementation: The code to run.
  /// - Returns: `false` if the class already had a method named `selector` (nothing changes).
  /// - Throws: ``RuntimeError`` with code `invalidSelectorName` (only the null selector and a
  ///   name holding a NUL: any other name is taken, as objc4 takes it), `invalidTypeEncoding`
  ///   (a string that does not parse as a type encoding) or `invalidClassState`.
  /// - Complexity: O(*s*) in the number of subclasses whose caches are flushed.
  ///
  /// Objective-C: `class_addMethod`
  @discardableResult
  public func addMethod(_ selector: Selector, types: String, implementation: Implementation) throws(RuntimeError) -> Bool {
    try addMethod(selector, encoding: .string(types), implementation: implementation)
  }

  /// `class_addMethod` with the encoding given as a string, a signature, or inferred.
  func addMethod(_ selector: Selector, encoding types: MethodTypes, implementation: Implementation) throws(RuntimeError) -> Bool {
    let (runtime, selector, signature) = try prepareMethodChange(selector, types: types, "class_addMethod")
    return try runtime.withState { state throws(RuntimeError) -> Bool in
      let data = try lockedForMethodChange(&state, "class_addMethod")
      guard data.methods[selector] == nil else { return false }
      let method = Method(selector: selector, signature: signature, implementation: implementation, owner: self)
      data.methods[selector] = method
      listAddedMethods(CollectionOfOne(method), data, &state)
      data.implementations.append(implementation)
      state.record(
        .methodAdded(class: name, selector: selector, types: signature.description, isClassMethod: isMetaclass))
      runtime.methodsChanged(in: self, selectors: [selector], &state)
      return true
    }
  }

  /// Adds a method whose implementation is the closure `body` (named `-[Class selector]`).
  ///
  /// Objective-C: `class_addMethod` with `imp_implementationWithBlock`
  @discardableResult
  public func addMethod(_ selector: Selector, types: String, _ body: @escaping ImplementationBody) throws(RuntimeError) -> Bool {
    try addMethod(selector, types: types, implementation: Implementation(name: label(for: selector), body))
  }

  /// Replaces the implementation of the class's own method `selector`, or adds the method if
  /// the class itself has none (`types` is used only then).
  ///
  /// - Returns: The previous implementation, or `nil` if the method was added.
  /// - Throws: As ``addMethod(_:types:implementation:)``.
  ///
  /// Objective-C: `class_replaceMethod`
  @discardableResult
  public func replaceMethod(
    _ selector: Selector, types: String, implementation: Implementation
  ) throws(RuntimeError) -> Implementation? {
    try replaceMethod(selector, encoding: .string(types), implementation: implementation)
  }

  /// `class_replaceMethod` with the encoding given as a string, a signature, or inferred.
  func replaceMethod(
    _ selector: Selector, encoding types: MethodTypes, implementation: Implementation
  ) throws(RuntimeError) -> Implementation? {
    let (runtime, selector, signature) = try prepareMethodChange(selector, types: types, "class_replaceMethod")
    return try runtime.withState { state throws(RuntimeError) -> Implementation? in
      let data = try lockedForMethodChange(&state, "class_replaceMethod")
      data.implementations.append(implementation)
      if let method = data.methods[selector] {
        let old = method.storeImplementation(implementation, &state)
        state.record(.methodReplaced(class: name, selector: selector, isClassMethod: isMetaclass))
        runtime.methodsChanged(in: self, selectors: [selector], &state)
        return old
      }
      let method = Method(selector: selector, signature: signature, implementation: implementation, owner: self)
      data.methods[selector] = method
      listAddedMethods(CollectionOfOne(method), data, &state)
      state.record(
        .methodAdded(class: name, selector: selector, types: signature.description, isClassMethod: isMetaclass))
      runtime.methodsChanged(in: self, selectors: [selector], &state)
      return nil
    }
  }

  /// The class's own methods, newest first, as objc4 lists them: each `addMethod` (and
  /// `replaceMethod` that adds) and each category puts its methods in front of those already
  /// there. So a category's methods come before the class methods added before it (the most
  /// recently attached category first), and `synthesizeProperty("age", …)` lists `setAge:`
  /// before `age`. Inherited methods are not listed. A selector may appear twice: a category's
  /// method and the original it hides. A compiled class (an image's) starts with the methods its
  /// definition added in the order added, as clang emits its `@implementation`.
  ///
  /// ```swift
  /// try person.addMethod("first", types: "v@:") { _, _, _ in .nil }
  /// try person.addMethod("second", types: "v@:") { _, _, _ in .nil }
  /// person.methodList.map(\.selector)   // [second, first]
  /// ```
  ///
  /// - Complexity: O(*m*) in the number of methods (a copy of the list).
  ///
  /// Objective-C: `class_copyMethodList`
  public var methodList: [Method] { withMetadata { $0.methodOrder } }

  /// Changes the superclass (the deprecated `class_setSuperclass`), flushing every cache below.
  ///
  /// As in objc4, the class's superclass becomes `newSuperclass` and its metaclass's superclass
  /// becomes `newSuperclass`'s isa, and the class keeps its instance layout: instances keep their
  /// memory, and the new superclass's ivars read those bytes as their own types (an access that
  /// would read a scalar from an object pointer, or reach past an object's memory, throws
  /// `incompatibleLayout`). `newSuperclass` may be a metaclass, as in objc4: the class's instances
  /// then inherit that metaclass's methods (the other class's class methods) and its metaclass
  /// inherits the root metaclass (decision 0034). A superclass still under construction is taken
  /// too, as objc4 takes it; it cannot be disposed while the class is its subclass.
  ///
  /// ```swift
  /// try cat.setSuperclass(dog.isa)         // the old superclass, NSObject
  /// try runtime.msgSend(tom, "bark")       // +[Dog bark], run as an instance method
  /// ```
  ///
  /// Refused where objc4's result is undefined: a cycle (every lookup would loop), a metaclass
  /// receiver (objc4 would make the root metaclass its own ancestor), a root class, NSObject or
  /// another (objc4 dereferences its nil superclass), and a metaclass superclass while neither the class nor
  /// that metaclass's class is initialized (objc4's `+initialize` would then treat the metaclass
  /// as a class and leave the class initializing for ever).
  ///
  /// - Returns: The previous superclass.
  /// - Throws: ``RuntimeError`` with code `invalidClassState` or `foreignRuntime`.
  ///
  /// Objective-C: `class_setSuperclass`
  @discardableResult
  public func setSuperclass(_ newSuperclass: Class) throws(RuntimeError) -> Class? {
    guard let runtime = linkedRuntime, newSuperclass.linkedRuntime === runtime else {
      throw RuntimeError(.foreignRuntime, "class_setSuperclass: \(newSuperclass.name) and \(name) are in different runtimes")
    }
    guard !isMetaclass else {
      throw RuntimeError(
        .invalidClassState,
        "class_setSuperclass: \(Class.label(self)) is a metaclass: objc4 would set the root metaclass's superclass to \(Class.label(newSuperclass.ownMetaclass)), a cycle through the root metaclass")
    }
    return try runtime.withState { state throws(RuntimeError) -> Class? in
      let data = locked(&state)
      guard let old = data.superclass else {  // objc4's removeSubclass(oldSuper, cls) reads through it
        throw RuntimeError(.invalidClassState, "class_setSuperclass: \(name) is a root class (objc4 would dereference its nil superclass)")
      }
      // objc4 checks only that both are known (checkIsKnownClass): a pair under construction
      // is, a disposed class is not.
      guard newSuperclass.locked(&state).state != .disposed, data.state != .disposed else {
        throw RuntimeError(.invalidClassState, "class_setSuperclass: a disposed class is not a class the runtime knows")
      }
      if newSuperclass.isMetaclass, !isInitialized(&state), !newSuperclass.isInitialized(&state) {
        throw RuntimeError(
          .invalidClassState,
          "class_setSuperclass: neither \(name) nor the class of \(Class.label(newSuperclass)) is initialized: objc4's +initialize of \(name) would initialize the metaclass as a class and leave \(name) initializing for ever")
      }
      var ancestor: Class? = newSuperclass
      while let each = ancestor {
        guard each !== self else {
          throw RuntimeError(.invalidClassState, "class_setSuperclass: \(newSuperclass.name) is a subclass of \(name)")
        }
        ancestor = each.locked(&state).superclass
      }
      old.locked(&state).subclasses.removeAll { $0 === self }
      old.ownMetaclass.locked(&state).subclasses.removeAll { $0 === ownMetaclass }
      data.superclass = newSuperclass
      ownMetaclass.locked(&state).superclass = newSuperclass.ownMetaclass
      newSuperclass.locked(&state).subclasses.append(self)
      newSuperclass.ownMetaclass.locked(&state).subclasses.append(ownMetaclass)
      state.record(.superclassChanged(class: name, from: old.name, to: newSuperclass.name))
      runtime.methodsChanged(in: self, &state)
      runtime.methodsChanged(in: ownMetaclass, &state)
      return old
    }
  }

  // MARK: - Helpers

  /// `-[Person greet]` / `+[Person create]`.
  func label(for selector: Selector) -> String {
    "\(isMetaclass ? "+" : "-")[\(name) \(selector.name)]"
  }

  func prepareMethodChange(
    _ selector: Selector, types: MethodTypes, _ function: String
  ) throws(RuntimeError) -> (Runtime, Selector, MethodSignature) {
    guard let runtime = linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "\(function): the runtime of \(name) no longer exists")
    }
    let selector = try selector.nameable(function)
    let signature = try signature(for: selector, types, function)
    return (runtime, selector, signature)
  }

  /// Whether `data` (this class's) is a compiled class's, or its metaclass's, being defined: an
  /// image's class (or one the runtime makes for itself) before registration. What is added then
  /// declares the compiled lists, which keep the declared order (clang's), where an addition at
  /// run time goes in front.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func isCompiledDefinition(_ data: ClassMetadata, _ state: inout Runtime.State) -> Bool {
    guard data.state == .constructing else { return false }
    guard isMetaclass else { return data.imageName != nil }
    return data.instanceClass.map { $0.locked(&state).imageName != nil } ?? false
  }

  /// Lists `added`, methods new to this class, in its method list: after those already there
  /// while a compiled class is being defined (its compiled list keeps the declared order), else
  /// in front, as one list (objc4's attachLists: newest first).
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func listAddedMethods(_ added: some Collection<Method>, _ data: ClassMetadata, _ state: inout Runtime.State) {
    if data.methodOrder.isEmpty {
      data.methodOrder = Array(added)  // the class's first list (a class being built): either way
    } else if isCompiledDefinition(data, &state) {
      data.methodOrder.append(contentsOf: added)  // a compiled list: the order declared
    } else {
      data.methodOrder.insert(contentsOf: added, at: 0)  // newest first, as objc4's attachLists
    }
  }

  /// The metadata, unless the class was disposed (then its methods may no longer change).
  @discardableResult
  func lockedForMethodChange(_ state: inout Runtime.State, _ function: String) throws(RuntimeError) -> ClassMetadata {
    let data = locked(&state)
    guard data.state != .disposed else {
      throw RuntimeError(.invalidClassState, "\(function): class '\(name)' was disposed")
    }
    return data
  }
}

extension Runtime {
  /// Applies the invalidation rule after any change to the methods of `cls` (a superclass
  /// change): empties the caches of `cls` and of everything below it.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func methodsChanged(in cls: Class, _ state: inout State) {
    state.methodGeneration &+= 1
    inheritCustomRetainRelease(in: cls, &state)
    flushCaches(of: cls, &state)
  }

  /// Applies the invalidation rule after the methods named `selectors` changed in `cls`:
  /// removes their entries from `cls` and from every subclass that inherits them from `cls`.
  /// A subclass that defines a selector itself answers it from its own method, so its cache and
  /// its subclasses' are left alone for that selector.
  ///
  /// - Returns: The number of cache entries removed.
  /// - Complexity: O(*s*) in the number of classes below `cls`, plus one probe per visited cache.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  @discardableResult
  func methodsChanged(in cls: Class, selectors: [Selector], _ state: inout State) -> Int {
    state.methodGeneration &+= 1
    adjustCustomRetainRelease(in: cls, selectors: selectors, &state)
    var removedInAll = 0
    for selector in selectors {
      // `cls` first, then its subclasses depth first; the worklist is only allocated when there
      // are subclasses (a class being built has none).
      var each = cls
      var pending: [Class] = []
      while true {
        let data = each.locked(&state)
        if each === cls || data.methods[selector] == nil {  // an override keeps its entries
          let removed = each.cache.remove(selector, &state)
          if removed > 0 {
            removedInAll += removed
            state.record(.cacheEntriesFlushed(class: each.name, isMetaclass: each.isMetaclass, selector: selector, count: removed))
          }
          if !data.subclasses.isEmpty { pending += data.subclasses }
        }
        guard let next = pending.popLast() else { break }
        each = next
      }
    }
    return removedInAll
  }
}

extension Method {
  /// Sets the method's implementation, returning the old one; flushes every cache that could
  /// hold the old one.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidClassState` if the method's class was
  ///   disposed, or `foreignRuntime` if its runtime is gone. Nothing changes when it throws.
  ///
  /// Objective-C: `method_setImplementation`
  @discardableResult
  public func setImplementation(_ implementation: Implementation) throws(RuntimeError) -> Implementation {
    guard let runtime = owner.linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "method_setImplementation: the runtime of \(owner.name) no longer exists")
    }
    return try runtime.withState { state throws(RuntimeError) -> Implementation in
      try owner.lockedForMethodChange(&state, "method_setImplementation")
      owner.locked(&state).implementations.append(implementation)
      let old = storeImplementation(implementation, &state)
      state.record(.methodReplaced(class: owner.name, selector: selector, isClassMethod: owner.isMetaclass))
      runtime.methodsChanged(in: owner, selectors: [selector], &state)
      return old
    }
  }

  /// Swaps the implementations of two methods (the classic swizzle), flushing every cache that
  /// could hold either.
  ///
  /// ```swift
  /// let original = try person.instanceMethod(for: "greet")!
  /// let swizzled = try person.instanceMethod(for: "xxx_greet")!
  /// try original.exchangeImplementation(with: swizzled)
  /// try Runtime.msgSend(ann, "greet")   // now runs xxx_greet's code, even if greet was cached
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidClassState` if either method's class was
  ///   disposed, or `foreignRuntime` if the methods belong to different runtimes.
  ///
  /// Objective-C: `method_exchangeImplementations`
  public func exchangeImplementation(with other: Method) throws(RuntimeError) {
    guard let runtime = owner.linkedRuntime, other.owner.linkedRuntime === runtime else {
      throw RuntimeError(.foreignRuntime, "method_exchangeImplementations: the methods belong to different runtimes")
    }
    try runtime.withState { state throws(RuntimeError) in
      try owner.lockedForMethodChange(&state, "method_exchangeImplementations")
      try other.owner.lockedForMethodChange(&state, "method_exchangeImplementations")
      let mine = implementation
      let theirs = other.implementation
      owner.locked(&state).implementations.append(theirs)
      other.owner.locked(&state).implementations.append(mine)
      _ = storeImplementation(theirs, &state)
      _ = other.storeImplementation(mine, &state)
      state.record(
        .implementationsExchanged(first: owner.label(for: selector), second: other.owner.label(for: other.selector)))
      runtime.methodsChanged(in: owner, selectors: [selector], &state)
      runtime.methodsChanged(in: other.owner, selectors: [other.selector], &state)
    }
  }
}
