// NilReceivers.swift: the runtime functions whose answer for a nil class or object is not nil.
//
// Docs: docs/runtime.md#nil-arguments. Tests: Tests/MiniRuntimeTests/ObjC4BehaviourRound5Tests.swift.
//
// objc4's C functions take `Nil` and `nil` like any pointer; most then answer nil, 0 or NO, which
// a Swift optional chain (`cls?.superclass`) already gives. Two answer a string instead:
// `class_getName(Nil)` and `object_getClassName(nil)` both answer "nil". A member cannot be
// called on no object, so these are static functions taking an optional.

extension Class {
  /// The class's name, or `"nil"` for no class, as objc4 answers for `Nil`.
  ///
  /// ```swift
  /// Class.name(of: person)  // "Person"
  /// Class.name(of: nil)     // "nil"
  /// ```
  ///
  /// - Parameter cls: A class, or `nil`.
  /// - Returns: ``name``, or `"nil"`.
  ///
  /// Objective-C: `class_getName`
  public static func name(of cls: Class?) -> String { cls?.name ?? "nil" }
}

extension Object {
  /// The name of the object's real class, or `"nil"` for no object, as objc4 answers for `nil`.
  ///
  /// ```swift
  /// Object.className(of: ann)  // "Person"
  /// Object.className(of: nil)  // "nil"
  /// ```
  ///
  /// - Parameter object: An object, or `nil`.
  /// - Returns: ``className``, or `"nil"`.
  ///
  /// Objective-C: `object_getClassName`
  public static func className(of object: Object?) -> String { object?.className ?? "nil" }
}
