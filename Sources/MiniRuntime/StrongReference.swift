// StrongReference.swift: the retain a store takes on the value it keeps and the release it gives
// the value it lets go (objc4's objc_retain and objc_release, as objc_storeStrong calls them).
//
// Docs: docs/runtime.md#stores-that-retain, docs/decisions/0017-manual-retain-release.md.
// Tests: Tests/MiniRuntimeTests/StrongStoreTests.swift.
//
// Model: a strong ivar word, a collection's element and a retained association keep their
// object twice over: Swift's count keeps the memory (the reference the store holds), and an
// *extra retain* (ManualRetainRelease.swift) is what Objective-C sees, so `retainCount` counts
// the store and a class that overrides `retain` or `release` is sent them. An instance of a class
// with custom retain-release (Class+CustomRetainRelease.swift) is sent the messages; any other
// takes objc4's fast path, NSObject's code run directly with no message: the dispatch is
// `objc_retain`'s own (Object.objcRetain, Runtime+RetainRelease.swift), so class objects are not
// counted either. What a store adds: it wraps a `retain` override's error, and a release of an
// object Objective-C already freed (over-released by its user) is skipped: objc4 would read freed
// memory.
//
// Stateless. Callers send the messages with no lock held (the storage retains before taking a
// word's stripe and releases after it, as objc_storeStrong does).

enum StrongReference {
  /// `objc_retain(value)` for a store: the value's object, if it is an instance, gets one more
  /// retain (a `retain` message to a class with custom retain-release).
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` for an object Objective-C freed
  ///   (objc4 would crash), or what a `retain` override threw (as a ``RuntimeError``).
  @inline(__always)
  static func retain(_ value: Value) throws(RuntimeError) {
    guard case .object(let object) = value else { return }
    try retain(object)
  }

  /// `objc_retain(object)` for a store.
  static func retain(_ object: Object) throws(RuntimeError) {
    do {
      _ = try object.objcRetain()  // call-out: a `retain` override, no lock held
    } catch {
      throw Self.overrideError(error, object, "retain")
    }
  }

  /// `objc_release(value)` for a store letting the value go. A `release` override's error is
  /// dropped (the store has happened), as for an association's value.
  @inline(__always)
  static func release(_ value: Value) {
    guard case .object(let object) = value else { return }
    release(object)
  }

  /// `objc_release(object)` for a store letting it go.
  static func release(_ object: Object) {
    guard !object.isFreedForObjectiveC else { return }
    try? object.objcRelease()  // call-out: a `release` override, no lock held
  }

  /// Gives up the bits a reference word of `kind` held (after unlocking its stripe): a strong
  /// word's object is released for Objective-C, then the word's Swift retain is dropped.
  static func letGo(_ bits: UInt, _ kind: WordKind) {
    if kind == .strong, bits & RetainedReference.tagMask == 0, bits != 0 {
      release(RetainedReference.peek(bits))
    }
    RetainedReference.release(bits)
  }

  /// The error a store throws when a retain override threw `error`.
  private static func overrideError(_ error: any Error, _ object: Object, _ name: String) -> RuntimeError {
    if let error = error as? RuntimeError { return error }
    return RuntimeError(.invalidArgument, "-[\(object.isa.name) \(name)] threw \(error) while a store retained it")
  }
}

extension Runtime {
  /// Retains `object` as a store does (`objc_retain`): an instance of a class with custom
  /// retain-release is sent `retain`; any other is counted directly, with no message, as objc4's
  /// fast path does. A class object is not counted. Foundation's collections retain their
  /// elements with it.
  ///
  /// ```swift
  /// try Runtime.retainForStore(ann)    // ann.retainCount is 2
  /// Runtime.releaseForStore(ann)       // back to 1
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` for an object Objective-C freed,
  ///   or what a `retain` override threw.
  ///
  /// Objective-C: `objc_retain` (the fast path of `hasCustomRR`)
  public static func retainForStore(_ value: Value) throws(RuntimeError) {
    try StrongReference.retain(value)
  }

  /// Releases `object` as a store letting it go does (`objc_release`): a `release` message to
  /// an instance of a class with custom retain-release, the count given back directly
  /// otherwise; an object Objective-C already freed is left alone, and a `release` override's
  /// error is dropped.
  ///
  /// Objective-C: `objc_release` (the fast path of `hasCustomRR`)
  public static func releaseForStore(_ value: Value) {
    StrongReference.release(value)
  }
}
