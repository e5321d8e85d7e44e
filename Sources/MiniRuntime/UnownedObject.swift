// UnownedObject.swift: a reference that keeps an object's memory but not its life, and hands
// out a strong reference only while the object lives (KVO's observers, decision 0018).
//
// Docs: docs/decisions/0018-observers-without-weak.md. Tests:
// Tests/MiniRuntimeTests/UnownedObjectTests.swift, and the KVO layer's observer-lifetime race
// suite in Tests/KVOTests.
//
// Model: the holder takes an *unowned* count on the object (`swift_unownedRetain`) when it is
// made and gives it back (`swift_unownedRelease`) when it is destroyed. An unowned count keeps
// the object's memory block allocated (not its ivars, not its life), and it lives inline in the
// reference-count word: unlike a Swift `weak` reference, it gives the object no side table, so
// the object's own retains and releases stay on the fast path. A load is `swift_tryRetain`,
// which succeeds only while the strong count is above zero and the deinit has not begun, then
// the object's deallocating state (a `release` to zero deallocates an object whose Swift strong
// count may still be above zero: decision 0017), so a load answers nil exactly when a weak load
// through `Object.unlessDeallocating` would.
//
// Why it is safe, thread by thread. Thread A drops the object's last strong reference: its
// deinit runs and its contents are destroyed, but its memory stays, because every holder has an
// unowned count. Thread B loads through a holder it can reach (so the holder, and its count,
// outlive the load): `swift_tryRetain` reads the reference-count word of memory that is still
// allocated, and either wins before A's last release (then A's release is not the last one; the
// object lives until B lets go, an ordinary retain race) or sees the deiniting state and fails.
// No load retains freed memory: the memory is freed only when the last unowned count goes,
// which is when the last holder is destroyed. `lifeWord` is read only after a successful
// try-retain, while B owns the object.
//
// The three entry points are the Swift runtime's own (the ones `unowned(safe)` references
// compile to), with no public Swift spelling: `unowned(safe)` emits the unowned retain and
// release, but loading from it traps instead of failing, so the load goes through the pointer.
// Swift reserves their names (an `@_silgen_name` of one is warned against), so they are
// declared in C, as the runtime declares them (the CSwiftRuntime target).
// Stateless besides the pointer, which is immutable: any thread may load.

import CSwiftRuntime

/// An object held by an unowned count: its memory is kept, not its life. ``load()`` answers
/// the object while it lives and nil once it is deallocating or freed, as a weak load does,
/// without giving the object the side table a Swift `weak` reference gives it.
///
/// Objective-C: none (objc4's `rootTryRetain`, the step `objc_loadWeakRetained` takes).
package struct UnownedObject: ~Copyable, @unchecked Sendable {
  /// The object's address, holding one unowned count; nil for no object.
  @usableFromInline let pointer: UnsafeMutableRawPointer?

  /// Holds `object`.
  @inlinable
  package init(_ object: borrowing Object) {
    pointer = swift_unownedRetain(Unmanaged.passUnretained(object).toOpaque())
  }

  /// Holds nothing: ``load()`` answers nil.
  @inlinable
  package init() { pointer = nil }

  /// The object, strongly, while it lives: nil once its deinit has begun or a `release` to zero
  /// deallocated it (decision 0017), and for no object.
  @inlinable
  package func load() -> Object? {
    guard let pointer, swift_tryRetain(pointer) != nil else { return nil }
    let object = Unmanaged<Object>.fromOpaque(pointer).takeRetainedValue()  // the try-retain's +1
    return Object.unlessDeallocating(object)
  }

  /// The object's address, whether or not it lives (its memory is kept): for identity checks.
  package var address: UInt { UInt(bitPattern: pointer) }

  deinit {
    if let pointer { swift_unownedRelease(pointer) }
  }
}
