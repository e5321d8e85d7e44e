// Runtime+RetainRelease.swift: objc4's retain-release entry points (objc_retain, objc_release,
// objc_autorelease, objc_retainAutorelease), the calls ARC compiles and objc4's tests make.
//
// Docs: docs/runtime.md#manual-retain-and-release. Tests:
// Tests/MiniRuntimeTests/ObjC4BehaviourRound6Tests.swift.
//
// objc4 runs NSObject's own code directly for a class without custom retain-release and sends
// the message to one that overrides it (customrr.m); so do these, reading the class's bit
// (Class+CustomRetainRelease.swift). A class object answers itself and is not counted.
// Stateless: the counts live in ManualRetainRelease.swift, the pools in AutoreleasePool.swift.

extension Runtime {
  /// Retains `object` (`[object retain]`) and returns it; nil stays nil.
  ///
  /// ```swift
  /// try Runtime.retain(ann)      // ann.retainCount is 2
  /// try Runtime.release(ann)     // back to 1
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` for an over-released object, or
  ///   what an override threw.
  ///
  /// Objective-C: `objc_retain`
  @discardableResult
  public static func retain(_ object: Object?) throws -> Object? {
    guard let object else { return nil }
    guard object.isa.hasCustomRetainRelease else {
      return object.owningRuntime == nil ? object : try object.rootRetain()
    }
    return try msgSend(object, "retain").objectValue
  }

  /// Releases `object` (`[object release]`); nil is ignored.
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` for an over-released object, or
  ///   what an override threw.
  ///
  /// Objective-C: `objc_release`
  public static func release(_ object: Object?) throws {
    guard let object else { return }
    guard object.isa.hasCustomRetainRelease else {
      if object.owningRuntime != nil { try object.rootRelease() }
      return
    }
    _ = try msgSend(object, "release")
  }

  /// Autoreleases `object` (`[object autorelease]`) and returns it; nil stays nil.
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` for an over-released object, or
  ///   what an override threw.
  ///
  /// Objective-C: `objc_autorelease`
  @discardableResult
  public static func autorelease(_ object: Object?) throws -> Object? {
    guard let object else { return nil }
    return try msgSend(object, "autorelease").objectValue
  }

  /// Retains and autoreleases `object` (`[[object retain] autorelease]`), so it lives until the
  /// innermost pool pops; nil stays nil.
  ///
  /// - Throws: As ``retain(_:)`` and ``autorelease(_:)``.
  ///
  /// Objective-C: `objc_retainAutorelease`
  @discardableResult
  public static func retainAutorelease(_ object: Object?) throws -> Object? {
    try autorelease(try retain(object))
  }
}
