// Class+MethodEncodings.swift: adding and replacing methods without writing the type string.
//
// Docs: docs/runtime.md#methods-without-a-type-string. Tests:
// Tests/MiniRuntimeTests/MethodEncodingTests.swift.
//
// Model: `class_addMethod` and `class_replaceMethod` need the method's encoding. Here it comes
// from one of three places (`MethodTypes`): a string, as in Objective-C; a `MethodSignature`
// (typically `MethodSignature.compiled(returning:arguments:)`); or nowhere, and then it is
// inferred: the encoding of the method the class already answers to for that selector (its own
// or an inherited one: an override keeps the overridden method's types, as its declaration
// would), else the well-known table (MethodSignature+WellKnown.swift), else an error that says
// what to pass. Inference reads the method lists without running user code.

/// Where `addMethod`/`replaceMethod` take the method's encoding from.
enum MethodTypes {
  /// A type string, parsed (and cached, `MethodSignature.parsed`).
  case string(String)
  /// A signature already built.
  case signature(MethodSignature)
  /// Inherited or well-known, else an error.
  case inferred
}

extension Class {
  /// Adds a method whose encoding is built from types: see ``MethodSignature/compiled(returning:arguments:)``.
  ///
  /// ```swift
  /// try person.addMethod("isAdult", types: .compiled(returning: .bool)) { receiver, _, _ in true }
  /// person.instanceMethod(for: "isAdult")?.typeEncoding   // "B16@0:8"
  /// ```
  ///
  /// - Returns: `false` if the class already had a method named `selector` (nothing changes).
  /// - Throws: As ``addMethod(_:types:implementation:)``.
  ///
  /// Objective-C: `class_addMethod` with `imp_implementationWithBlock`
  @discardableResult
  public func addMethod(
    _ selector: Selector, types: MethodSignature, _ body: @escaping ImplementationBody
  ) throws(RuntimeError) -> Bool {
    try addMethod(selector, encoding: .signature(types), implementation: Implementation(name: label(for: selector), body))
  }

  /// Adds a method without a type string: the encoding is that of the method the class already
  /// answers to for `selector` (inherited), else the selector's well-known encoding
  /// (``MethodSignature/wellKnown(_:)``).
  ///
  /// ```swift
  /// try watcher.addMethod("observeValueForKeyPath:ofObject:change:context:") { receiver, _, arguments in
  ///   .nil   // added as "v48@0:8@16@24@32^v40"
  /// }
  /// try person.addMethod("greet") { _, _, _ in "hi" }   // throws: no encoding known for 'greet'
  /// ```
  ///
  /// - Returns: `false` if the class already had a method named `selector` (nothing changes).
  /// - Throws: ``RuntimeError`` with code `invalidTypeEncoding` when no encoding is known (the
  ///   message says to pass `types:`), or as ``addMethod(_:types:implementation:)``.
  ///
  /// Objective-C: `class_addMethod` with `imp_implementationWithBlock` (the types an override's
  /// declaration would compile to).
  @discardableResult
  public func addMethod(_ selector: Selector, _ body: @escaping ImplementationBody) throws(RuntimeError) -> Bool {
    try addMethod(selector, encoding: .inferred, implementation: Implementation(name: label(for: selector), body))
  }

  /// Adds a method running `implementation`, with the encoding inferred as for
  /// ``addMethod(_:_:)``.
  ///
  /// - Returns: `false` if the class already had a method named `selector` (nothing changes).
  /// - Throws: As ``addMethod(_:_:)``.
  ///
  /// Objective-C: `class_addMethod`
  @discardableResult
  public func addMethod(_ selector: Selector, implementation: Implementation) throws(RuntimeError) -> Bool {
    try addMethod(selector, encoding: .inferred, implementation: implementation)
  }

  /// Replaces the class's own method `selector` with the closure `body`, or adds it with
  /// encoding `types` if the class itself has none.
  ///
  /// ```swift
  /// try person.replaceMethod("description", types: "@16@0:8") { receiver, _, _ in "a person" }
  /// ```
  ///
  /// - Returns: The previous implementation, or `nil` if the method was added.
  /// - Throws: As ``addMethod(_:types:implementation:)``.
  ///
  /// Objective-C: `class_replaceMethod` with `imp_implementationWithBlock`
  @discardableResult
  public func replaceMethod(
    _ selector: Selector, types: String, _ body: @escaping ImplementationBody
  ) throws(RuntimeError) -> Implementation? {
    try replaceMethod(selector, encoding: .string(types), implementation: Implementation(name: label(for: selector), body))
  }

  /// Replaces the class's own method `selector` with the closure `body`, or adds it with the
  /// encoding built from types (``MethodSignature/compiled(returning:arguments:)``).
  ///
  /// - Returns: The previous implementation, or `nil` if the method was added.
  /// - Throws: As ``addMethod(_:types:implementation:)``.
  ///
  /// Objective-C: `class_replaceMethod` with `imp_implementationWithBlock`
  @discardableResult
  public func replaceMethod(
    _ selector: Selector, types: MethodSignature, _ body: @escaping ImplementationBody
  ) throws(RuntimeError) -> Implementation? {
    try replaceMethod(selector, encoding: .signature(types), implementation: Implementation(name: label(for: selector), body))
  }

  /// Replaces the class's own method `selector` with the closure `body`, or adds it; the
  /// encoding is inferred as for ``addMethod(_:_:)`` (the class's own method's, an inherited
  /// one's, or the well-known one).
  ///
  /// ```swift
  /// try person.replaceMethod("description") { receiver, _, _ in "a person" }  // "@16@0:8"
  /// ```
  ///
  /// - Returns: The previous implementation, or `nil` if the method was added.
  /// - Throws: As ``addMethod(_:_:)``.
  ///
  /// Objective-C: `class_replaceMethod` with `imp_implementationWithBlock`
  @discardableResult
  public func replaceMethod(_ selector: Selector, _ body: @escaping ImplementationBody) throws(RuntimeError) -> Implementation? {
    try replaceMethod(selector, encoding: .inferred, implementation: Implementation(name: label(for: selector), body))
  }

  /// Replaces the class's own method `selector` with `implementation`, or adds it; the encoding
  /// is inferred as for ``addMethod(_:_:)``.
  ///
  /// - Returns: The previous implementation, or `nil` if the method was added.
  /// - Throws: As ``addMethod(_:_:)``.
  ///
  /// Objective-C: `class_replaceMethod`
  @discardableResult
  public func replaceMethod(_ selector: Selector, implementation: Implementation) throws(RuntimeError) -> Implementation? {
    try replaceMethod(selector, encoding: .inferred, implementation: implementation)
  }

  /// The signature `types` stands for (a string as `class_addMethod` takes it: ``MethodSignature/ofMethod(_:)``).
  func signature(for selector: Selector, _ types: MethodTypes, _ function: String) throws(RuntimeError) -> MethodSignature {
    switch types {
    case .string(let string): return try MethodSignature.ofMethod(string)
    case .signature(let signature): return signature
    case .inferred:
      if let existing = instanceMethodWithoutResolver(for: selector) { return existing.signature }
      if let known = MethodSignature.wellKnown(selector) { return known }
      let example = MethodSignature.compiled(
        returning: .void, arguments: Array(repeating: .id, count: selector.argumentCount))
      throw RuntimeError(
        .invalidTypeEncoding,
        "\(function): no type encoding known for '\(selector.name)' on \(name): it is not a well-known selector "
          + "and \(name) inherits no method of that name; pass types: with a string such as \"\(example)\" "
          + "or a MethodSignature.compiled(returning:arguments:)")
    }
  }
}
