// UnownedReference.swift: a back-reference to a runtime (or any Swift object) that keeps its
// memory but not its life, and gives its referent no weak-reference side table.
//
// Docs: docs/decisions/0018-observers-without-weak.md. Tests:
// Tests/MiniRuntimeTests/UnownedReferenceTests.swift.
//
// Model: the mechanism of UnownedObject.swift (which explains why it is safe), for any native
// Swift class: an unowned count taken when the reference is set and given back when it is
// destroyed, and a load that is `swift_tryRetain`. A class's link to its runtime is one: with
// Swift `weak`, the runtime had a side table, so every retain and release of it, and every
// `object.runtime`, took the slow path (about 7% of K6's instructions). UnownedObject adds
// Object's deallocating state on top; this one needs none (a runtime has no `release` to zero).
//
// The pointer is an atomic word so that a class can be made before its runtime can be named
// (the root classes are made inside `Runtime.init`) and linked once, before anyone else sees it.
// Stateful: the word is written at most once, before the holder is published; loads take no lock.

import CSwiftRuntime
import Synchronization

/// A reference by an unowned count: ``load()`` answers the referent while it lives and nil once
/// its deinit has begun, as a weak load does, without giving it a side table.
///
/// Objective-C: none (objc4's classes hold their runtime state in the process; this is how a
/// MiniKVO class holds its `Runtime`).
package struct UnownedReference<Target: AnyObject>: ~Copyable, @unchecked Sendable {
  /// The referent's address, holding one unowned count; 0 before it is set.
  private let word: Atomic<UInt>

  /// Refers to nothing until ``set(_:)``.
  package init() { word = Atomic(0) }

  /// Refers to `target`.
  package init(_ target: Target) { word = Atomic(Self.retainUnowned(target)) }

  /// Refers to `target`, once: call it before any other thread can reach the holder. A second
  /// call changes nothing (the first referent stays).
  package func set(_ target: Target) {
    let bits = Self.retainUnowned(target)
    if !word.compareExchange(expected: 0, desired: bits, ordering: .releasing).exchanged {
      swift_unownedRelease(UnsafeMutableRawPointer(bitPattern: bits))
    }
  }

  /// The referent, strongly, while it lives; nil once its deinit has begun, and before `set`.
  @inline(__always)
  package func load() -> Target? {
    guard let pointer = UnsafeMutableRawPointer(bitPattern: word.load(ordering: .acquiring)),
      swift_tryRetain(pointer) != nil
    else { return nil }
    return Unmanaged<Target>.fromOpaque(pointer).takeRetainedValue()  // the try-retain's +1
  }

  /// Whether the reference refers to `target` (alive or not): an identity check, no load.
  package func refers(to target: Target) -> Bool {
    word.load(ordering: .acquiring) == UInt(bitPattern: Unmanaged.passUnretained(target).toOpaque())
  }

  private static func retainUnowned(_ target: Target) -> UInt {
    UInt(bitPattern: swift_unownedRetain(Unmanaged.passUnretained(target).toOpaque()))
  }

  deinit {
    if let pointer = UnsafeMutableRawPointer(bitPattern: word.load(ordering: .acquiring)) {
      swift_unownedRelease(pointer)
    }
  }
}
