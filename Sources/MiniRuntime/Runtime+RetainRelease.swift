// Runtime+RetainRelease.swift: objc4's retain-release entry points (objc_retain, objc_release,
// objc_autorelease, objc_retainAutorelease), the calls ARC compiles and objc4's tests make.
//
// Docs: docs/runtime.md#manual-retain-and-release. Tests:
// Tests/MiniRuntimeTests/ObjC4BehaviourRound6Tests.swift.
//
// objc4 runs NSObject's own code directly for a class without custom retain-release and sends
// the message to one that overrides it (customrr.m); so do these, reading the class's bit
// (Class+CustomRetainRelease.swift). A class object answers itself and is not counted. That
// dispatch step (objc4's objc_object::retain, release and autorelease) is written once, below,
// and the stores and weak loads take it too (StrongReference.swift, ManualRetainRelease.swift).
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
    try object?.objcRetain()
  }

  /// Releases `object` (`[object release]`); nil is ignored.
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` for an over-released object, or
  ///   what an override threw.
  ///
  /// Objective-C: `objc_release`
  public static func release(_ object: Object?) throws {
    try object?.objcRelease()
  }

  /// Autoreleases `object` (`[object autorelease]`) and returns it; nil stays nil.
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` for an over-released object, or
  ///   what an override threw.
  ///
  /// Objective-C: `objc_autorelease`
  @discardableResult
  public static func autorelease(_ object: Object?) throws -> Object? {
    try object?.objcAutorelease()
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

extension Object {
  /// objc4's `objc_object::retain()`: the class's `retain` for a class with custom
  /// retain-release, NSObject's code run directly (no message) otherwise. A class object is not
  /// counted. Answers what `retain` answered.
  func objcRetain() throws -> Object? {
    guard isa.hasCustomRetainRelease else {
      return owningRuntime == nil ? self : try rootRetain()
    }
    return try Runtime.msgSend(self, "retain").objectValue  // call-out: the class's `retain`
  }

  /// objc4's `objc_object::release()`, dispatched as ``objcRetain()`` is.
  func objcRelease() throws {
    guard isa.hasCustomRetainRelease else {
      if owningRuntime != nil { try rootRelease() }
      return
    }
    _ = try Runtime.msgSend(self, "release")  // call-out: the class's `release`
  }

  /// objc4's `objc_object::autorelease()`, dispatched as ``objcRetain()`` is: NSObject's code
  /// (the innermost pool takes the object) for a class without custom retain-release.
  func objcAutorelease() throws -> Object? {
    guard isa.hasCustomRetainRelease else {
      return owningRuntime == nil ? self : try rootAutorelease()
    }
    return try Runtime.msgSend(self, "autorelease").objectValue  // call-out: the class's `autorelease`
  }
}
