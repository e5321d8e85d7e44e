// Runtime+EnumerationMutation.swift: what a for-in loop does when its collection changes under it
// (objc4's objc_enumerationMutation and objc_setEnumerationMutationHandler).
//
// Docs: docs/runtime.md#enumeration-mutation. Tests: Tests/MiniRuntimeTests/ObjC4BehaviourRound5Tests.swift.
//
// Model: code enumerating a collection calls `enumerationMutation(_:)` when it sees the
// collection's mutation count change. With a handler installed the handler decides (it may
// throw, as Objective-C's raise); with none, objc4 ends the process, and MiniRuntime throws
// `collectionMutated` instead. The handler is one per runtime, read with one atomic load while
// none was ever set (InstalledHook.swift); it is called with no lock held.

/// What ``Runtime/enumerationMutation(_:)`` calls: it receives the collection that changed, and
/// may throw to stop the enumeration or return to let it go on.
///
/// Objective-C: the `void (*)(id)` of `objc_setEnumerationMutationHandler`
public typealias EnumerationMutationHandler = @Sendable (_ collection: Object) throws(RuntimeError) -> Void

extension Runtime {
  /// Reports that `collection` was mutated while a for-in loop enumerated it: calls the handler
  /// set with ``setEnumerationMutationHandler(_:)``, or throws if there is none.
  ///
  /// ```swift
  /// try runtime.enumerationMutation(list)   // throws collectionMutated: no handler
  /// runtime.setEnumerationMutationHandler { _ in }
  /// try runtime.enumerationMutation(list)   // the handler returns: the loop goes on
  /// ```
  ///
  /// - Parameter collection: The collection whose mutation count changed.
  /// - Throws: ``RuntimeError`` with code `collectionMutated` when no handler is set (objc4
  ///   ends the process), or what the handler throws.
  ///
  /// Objective-C: `objc_enumerationMutation`
  public func enumerationMutation(_ collection: Object) throws(RuntimeError) {
    guard let handler = enumerationMutationHandler.current ?? nil else {
      throw RuntimeError(
        .collectionMutated,
        "objc_enumerationMutation: \(collection.description) was mutated during a for-in enumeration, "
          + "and no enumeration mutation handler is set")
    }
    try handler(collection)  // call-out: the user's handler, no lock held
  }

  /// Sets the handler ``enumerationMutation(_:)`` calls, replacing any earlier one; `nil`
  /// removes it, so a mutation throws again.
  ///
  /// ```swift
  /// runtime.setEnumerationMutationHandler { list in
  ///   throw RuntimeError(.invalidArgument, "*** Collection \(list) was mutated while being enumerated.")
  /// }
  /// ```
  ///
  /// - Parameter handler: The new handler, or `nil`.
  ///
  /// Objective-C: `objc_setEnumerationMutationHandler`
  public func setEnumerationMutationHandler(_ handler: EnumerationMutationHandler?) {
    _ = enumerationMutationHandler.install(handler)
  }
}
