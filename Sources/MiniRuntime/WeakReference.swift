// WeakReference.swift: a zeroing weak reference to a runtime object.
//
// Docs: docs/runtime.md#weak-references. Tests: Tests/MiniRuntimeTests/WeakReferenceTests.swift.
//
// Model: an immutable box around a Swift `weak let`, so loads are thread-safe and read `nil`
// from the moment the object starts deallocating, as `objc_loadWeak` does.

/// A weak reference that reads `nil` once its object is gone.
///
/// ```swift
/// var object: Object? = try Runtime.msgSend(cls, "new").objectValue
/// let reference = WeakReference(object!)
/// reference.object != nil   // true
/// object = nil
/// reference.object          // nil
/// ```
///
/// To "store" a different object, make a new reference: the box is immutable, which is what
/// makes concurrent loads safe.
///
/// Objective-C: `__weak id` (`objc_initWeak`, `objc_loadWeak`, `objc_destroyWeak`)
public final class WeakReference<Target: AnyObject & Sendable>: Sendable {
  /// The object, or `nil` once it has been freed (or started deallocating).
  ///
  /// Objective-C: `objc_loadWeak`
  public weak let object: Target?

  /// Creates a weak reference to `object`.
  ///
  /// Objective-C: `objc_initWeak`
  public init(_ object: Target?) { self.object = object }
}
