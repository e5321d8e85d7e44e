// WeakReference.swift: a zeroing weak reference to a runtime object.
//
// Docs: docs/runtime.md#weak-references. Tests: Tests/MiniRuntimeTests/WeakReferenceTests.swift.
//
// Model: an immutable box around a Swift `weak let`, so loads are thread-safe and read `nil`
// from the moment the object starts deallocating, as `objc_loadWeak` does, or once
// `objc_destructInstance` cleared the object's weak references (Object+WeakClearing.swift).

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
  private weak let stored: Target?
  /// The object's weak clearings when the reference was made (Object+WeakClearing.swift); nil
  /// for a reference outside the weak table.
  private let clearings: UInt?

  /// The object, or `nil` once it has been freed or has started deallocating (a runtime object
  /// a `release` deallocated reads nil too, though its shell lives on: decision 0017).
  ///
  /// Objective-C: `objc_loadWeak`
  public var object: Target? {
    guard let object = stored else { return nil }
    if let runtimeObject = object as? Object, !runtimeObject.isWeaklyReadable(since: clearings) { return nil }
    return object
  }

  /// Creates a weak reference to `object`.
  ///
  /// Objective-C: `objc_initWeak`
  public init(_ object: Target?) {
    stored = object
    clearings = (object as? Object)?.currentWeakClearings ?? 0
  }

  /// A reference to `object` outside the weak table: it reads nil once the object is freed or
  /// deallocating, but `objc_destructInstance` does not clear it (the pointer
  /// `+[NSValue valueWithNonretainedObject:]` keeps).
  package init(outsideWeakTable object: Target?) {
    stored = object
    clearings = nil
  }
}
