// Runtime+ARCEntryPoints.swift: the calls ARC compiles around a strong store and a returned
// object (objc4's objc_storeStrong and the objc_…ReturnValue family), built on the retain-release
// entry points of Runtime+RetainRelease.swift.
//
// Docs: docs/runtime.md#manual-retain-and-release. Tests:
// Tests/MiniRuntimeTests/ObjC4APICensusTests.swift.
//
// objc4 lets a callee's `objc_autoreleaseReturnValue` and its caller's
// `objc_retainAutoreleasedReturnValue` skip the pool when the caller's next instruction shows it
// will take the object (reading the return address). Swift cannot see its caller's code, so
// these take the path objc4 takes when the handshake does not happen (a caller not compiled with
// ARC): the object goes through the pool and is retained. The counts once the pool pops are the
// same either way. Stateless: the counts live in ManualRetainRelease.swift.

extension Runtime {
  /// Stores `object` in `location` as a strong variable holds it: retains `object`, stores it,
  /// then releases what `location` held. Storing the value already held does nothing.
  ///
  /// ```swift
  /// var holder: Object? = first                // holding first's +1
  /// try Runtime.storeStrong(&holder, second)   // second retained, then first released
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` for an over-released object, or
  ///   what an override threw. If the retain throws, `location` is unchanged.
  ///
  /// Objective-C: `objc_storeStrong`
  public static func storeStrong(_ location: inout Object?, _ object: Object?) throws {
    let previous = location
    guard previous !== object else { return }
    try retain(object)
    location = object
    try release(previous)
  }

  /// Hands a +1 `object` back from a method at +0: autoreleases it and returns it.
  ///
  /// - Throws: As ``autorelease(_:)``.
  ///
  /// Objective-C: `objc_autoreleaseReturnValue`
  @discardableResult
  public static func autoreleaseReturnValue(_ object: Object?) throws -> Object? {
    try autorelease(object)
  }

  /// Hands a +0 `object` (an ivar's, say) back from a method so that it outlives the pool's
  /// owner: retains and autoreleases it, and returns it.
  ///
  /// - Throws: As ``retainAutorelease(_:)``.
  ///
  /// Objective-C: `objc_retainAutoreleaseReturnValue`
  @discardableResult
  public static func retainAutoreleaseReturnValue(_ object: Object?) throws -> Object? {
    try retainAutorelease(object)
  }

  /// Takes ownership of an object a method returned at +0: retains it and returns it.
  ///
  /// - Throws: As ``retain(_:)``.
  ///
  /// Objective-C: `objc_retainAutoreleasedReturnValue`
  @discardableResult
  public static func retainAutoreleasedReturnValue(_ object: Object?) throws -> Object? {
    try retain(object)
  }

  /// Takes ownership of an object a method returned at +0, as
  /// ``retainAutoreleasedReturnValue(_:)`` does (the newer compilers' spelling).
  ///
  /// - Throws: As ``retain(_:)``.
  ///
  /// Objective-C: `objc_claimAutoreleasedReturnValue`
  @discardableResult
  public static func claimAutoreleasedReturnValue(_ object: Object?) throws -> Object? {
    try retainAutoreleasedReturnValue(object)
  }

  /// Uses an object a method returned at +0 without keeping it: returns it, with nothing
  /// retained or released (the pool keeps it until it pops).
  ///
  /// Objective-C: `objc_unsafeClaimAutoreleasedReturnValue`
  @discardableResult
  public static func unsafeClaimAutoreleasedReturnValue(_ object: Object?) -> Object? {
    object
  }
}
