// Class+MethodsBulk.swift: class_addMethodsBulk and class_replaceMethodsBulk, many methods in one
// step.
//
// Docs: docs/runtime.md#adding-methods-in-bulk. Tests: Tests/MiniRuntimeTests/MethodsBulkTests.swift.
//
// As objc4's `addMethods`: every entry is checked first (a bad one refuses the whole call and
// nothing changes); then, in one `Runtime.lock` section, each selector the class itself already
// has is reported as failed (add) or gets the new implementation (replace), and the others go into
// one new method list attached in front of the class's own, in input order. The caches are
// invalidated once, after every change, for all the selectors that changed (the precise rule of
// Class+Methods.swift). As in objc4, the check looks at the class's methods before the call, so a
// selector given twice is added twice and the first of the two wins, as in a method list.

extension Class {
  /// One method of a bulk add or replace: selector, implementation and type encoding.
  ///
  /// Objective-C: none (one index of `class_addMethodsBulk`'s parallel `names`, `imps` and
  /// `types` arrays).
  public typealias MethodEntry = (selector: Selector, implementation: Implementation, types: String)

  /// Adds several methods at once; those the class itself already has are not added.
  ///
  /// ```swift
  /// let failed = try person.addMethods([
  ///   ("greet", greetImp, "@16@0:8"),   // new: added
  ///   ("age", ageImp, "q16@0:8"),       // Person already has -age: failed
  /// ])
  /// failed   // ["age"]
  /// ```
  ///
  /// - Parameter methods: The methods, each with a selector, an implementation and a method
  ///   type encoding (as ``addMethod(_:types:implementation:)`` takes them).
  /// - Returns: The selectors that were not added because the class itself already had them, in
  ///   input order (empty when all were added).
  /// - Throws: ``RuntimeError`` with code `invalidSelectorName`, `invalidTypeEncoding` or
  ///   `invalidClassState` (disposed) for any entry; then nothing is added.
  /// - Complexity: O(*n* + *s*) for *n* methods and *s* subclasses whose caches are flushed.
  ///
  /// Objective-C: `class_addMethodsBulk`
  @discardableResult
  public func addMethods(_ methods: [MethodEntry]) throws(RuntimeError) -> [Selector] {
    try changeMethods(methods.map { ($0.selector, $0.implementation, .string($0.types)) }, replacing: false, "class_addMethodsBulk")
  }

  /// ``addMethods(_:)`` with each method's encoding given as a signature already built (KVO's
  /// notifying subclass copies the signatures of the methods it overrides), so none is printed
  /// and parsed again.
  ///
  /// Objective-C: none (`class_addMethodsBulk` with parsed type encodings).
  @discardableResult
  package func addMethods(
    signed methods: [(selector: Selector, implementation: Implementation, signature: MethodSignature)]
  ) throws(RuntimeError) -> [Selector] {
    let function = "class_addMethodsBulk"
    var checked: [(Selector, MethodSignature, Implementation)] = []  // checked in place: no copy of the list
    checked.reserveCapacity(methods.count)
    for (selector, implementation, signature) in methods {
      let (_, selector, signature) = try prepareMethodChange(selector, types: .signature(signature), function)
      checked.append((selector, signature, implementation))
    }
    return try applyMethodChanges(checked, replacing: false, function)
  }

  /// Replaces the implementations of the class's own methods and adds the others, several at
  /// once. Never fails for a selector (as `class_replaceMethodsBulk`, which reports nothing).
  ///
  /// - Parameter methods: As ``addMethods(_:)``; `types` is used only for methods added.
  /// - Throws: As ``addMethods(_:)``; then nothing changes.
  /// - Complexity: O(*n* + *s*), as ``addMethods(_:)``.
  ///
  /// Objective-C: `class_replaceMethodsBulk`
  public func replaceMethods(_ methods: [MethodEntry]) throws(RuntimeError) {
    _ = try changeMethods(methods.map { ($0.selector, $0.implementation, .string($0.types)) }, replacing: true, "class_replaceMethodsBulk")
  }

  /// The shared body: validate all (each entry's check also refuses a class whose runtime is
  /// gone), then change all under one lock, then invalidate once.
  private func changeMethods(
    _ entries: [(Selector, Implementation, MethodTypes)], replacing: Bool, _ function: String
  ) throws(RuntimeError) -> [Selector] {
    var checked: [(Selector, MethodSignature, Implementation)] = []
    checked.reserveCapacity(entries.count)
    for (selector, implementation, types) in entries {
      let (_, selector, signature) = try prepareMethodChange(selector, types: types, function)
      checked.append((selector, signature, implementation))
    }
    return try applyMethodChanges(checked, replacing: replacing, function)
  }

  /// The change itself, once every entry was checked: all under one lock, then one invalidation.
  private func applyMethodChanges(
    _ checked: [(Selector, MethodSignature, Implementation)], replacing: Bool, _ function: String
  ) throws(RuntimeError) -> [Selector] {
    guard let runtime = linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "\(function): the runtime of \(name) no longer exists")
    }
    return try runtime.withState { state throws(RuntimeError) -> [Selector] in
      let data = try lockedForMethodChange(&state, function)
      let before = data.methods
      var failed: [Selector] = []
      var added: [Method] = []
      var changed: [Selector] = []
      added.reserveCapacity(checked.count)
      changed.reserveCapacity(checked.count)
      data.implementations.reserveCapacity(data.implementations.count + checked.count)
      for (selector, signature, implementation) in checked {
        if let existing = before[selector] {
          guard replacing else {
            failed.append(selector)
            continue
          }
          data.implementations.append(implementation)
          _ = existing.storeImplementation(implementation, &state)
          state.record(.methodReplaced(class: name, selector: selector, isClassMethod: isMetaclass))
        } else {
          added.append(Method(selector: selector, signature: signature, implementation: implementation, owner: self))
          data.implementations.append(implementation)
          state.record(
            .methodAdded(class: name, selector: selector, types: signature.description, isClassMethod: isMetaclass))
        }
        if !changed.contains(selector) { changed.append(selector) }
      }
      listAddedMethods(added, data, &state)  // one new list
      data.methods.reserveCapacity(data.methods.count + added.count)
      for method in added.reversed() { data.methods[method.selector] = method }  // the first wins
      if !changed.isEmpty { runtime.methodsChanged(in: self, selectors: changed, &state) }
      return failed
    }
  }
}
