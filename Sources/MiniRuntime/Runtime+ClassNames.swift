// Runtime+ClassNames.swift: finding a class or metaclass by name (objc4's objc_getClass family).
//
// Docs: docs/runtime.md#classes-and-metaclasses. Tests: Tests/MiniRuntimeTests/ClassNameTests.swift.
//
// objc4 has three spellings beside `objc_lookUpClass`: `objc_getClass` (which would also ask an
// installed class handler, `objc_setHook_getClass`, for a class it does not know),
// `objc_getMetaClass` and `objc_getRequiredClass` (which ends the process when the class is
// missing). MiniKVO has no class handlers, so the first answers as `lookUpClass(named:)` does;
// the last throws, since Swift has no abort a caller could test. All read `classesByName` under
// `Runtime.lock` and see registered classes only.

extension Runtime {
  /// The registered class named `name`, or `nil`.
  ///
  /// ```swift
  /// runtime.class(named: "Person")?.name   // "Person"
  /// runtime.class(named: "Nobody")         // nil
  /// ```
  ///
  /// objc4's `objc_getClass` differs from `objc_lookUpClass` only by asking the class handler
  /// hook for a missing class; MiniKVO has no such hook, so the two answer alike.
  ///
  /// - Complexity: O(1).
  ///
  /// Objective-C: `objc_getClass`
  public func `class`(named name: String) -> Class? {
    lookUpClass(named: name)
  }

  /// The metaclass of the registered class named `name`, or `nil` (objc4 also logs that the
  /// class is not linked into the application).
  ///
  /// ```swift
  /// runtime.metaclass(named: "Person")?.isMetaclass   // true
  /// ```
  ///
  /// - Complexity: O(1).
  ///
  /// Objective-C: `objc_getMetaClass`
  public func metaclass(named name: String) -> Class? {
    lookUpClass(named: name)?.isa
  }

  /// The registered class named `name`; its absence is an error, where objc4 ends the process.
  ///
  /// ```swift
  /// try runtime.requiredClass(named: "Person").name   // "Person"
  /// try runtime.requiredClass(named: "Nobody")        // throws "link error: class 'Nobody' not found."
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` and objc4's message, naming the class.
  /// - Complexity: O(1).
  ///
  /// Objective-C: `objc_getRequiredClass`
  public func requiredClass(named name: String) throws(RuntimeError) -> Class {
    guard let cls = lookUpClass(named: name) else {
      throw RuntimeError(.invalidArgument, "link error: class '\(name)' not found.")
    }
    return cls
  }
}
