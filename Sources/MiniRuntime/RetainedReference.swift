// RetainedReference.swift: the bits of a reference word: a retained, tagged pointer.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/ObjectStorageTests.swift.
//
// One of the runtime's few handle types that use `Unmanaged` (the others: UnretainedClass.swift,
// UnretainedImplementation.swift). Its invariant, relied on by ObjectStorage:
//   INVARIANT: a non-zero reference word owns exactly one retain of what it points to: an
//   `Object` (tag 0), a `ValueBox` (tag 1) or a `WeakValue` (tag 2, a weak word's box).
//   `retained` makes such bits (+1), `take` consumes them, `release` drops them; `retain` adds
//   one for a reader, under the word's stripe lock.
// Swift objects are 16-byte aligned, so the low bits are free for the tag.

/// A value that is not a runtime object, kept in a reference word (bridged strings and
/// collections, numbers and structs in an `id`, C strings, Swift objects).
final class ValueBox: Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Tagged, retained pointers of reference words: 0 is nil, tag 0 an `Object`, tag 1 a `ValueBox`,
/// tag 2 a `WeakValue`.
enum RetainedReference {
  static let boxTag: UInt = 1
  static let weakTag: UInt = 2
  static let tagMask: UInt = 3

  /// The retained bits of a weak word's box.
  static func retained(_ box: WeakValue) -> UInt {
    UInt(bitPattern: Unmanaged.passRetained(box).toOpaque()) | weakTag
  }

  /// The address a memory picture shows for `bits`: the object's, the boxed value's, or the weak
  /// referent's (0 once it is gone).
  static func pictureAddress(_ bits: UInt) -> UInt {
    guard let pointer = UnsafeRawPointer(bitPattern: bits & ~tagMask) else { return 0 }
    guard bits & tagMask == weakTag else { return bits & ~tagMask }
    return Unmanaged<WeakValue>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.referentAddress }
  }

  /// The retained bits for `value` (already converted to the word's type).
  static func retained(_ value: Value) -> UInt {
    switch value {
    case .nil: return 0
    case .object(let object): return UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    case .class(let cls): return UInt(bitPattern: Unmanaged.passRetained(cls as Object).toOpaque())
    default: return UInt(bitPattern: Unmanaged.passRetained(ValueBox(value)).toOpaque()) | boxTag
    }
  }

  /// Adds a retain to the referent of `bits` (under the word's stripe lock) and returns the bits.
  static func retain(_ bits: UInt) -> UInt {
    guard let pointer = UnsafeRawPointer(bitPattern: bits & ~tagMask) else { return bits }
    switch bits & tagMask {
    case boxTag: _ = Unmanaged<ValueBox>.fromOpaque(pointer).retain()
    case weakTag: _ = Unmanaged<WeakValue>.fromOpaque(pointer).retain()
    default: _ = Unmanaged<Object>.fromOpaque(pointer).retain()
    }
    return bits
  }

  /// Consumes one retain of `bits` and returns the value (a class object as `.class`).
  static func take(_ bits: UInt) -> Value {
    guard let pointer = UnsafeRawPointer(bitPattern: bits & ~tagMask) else { return .nil }
    switch bits & tagMask {
    case boxTag: return Unmanaged<ValueBox>.fromOpaque(pointer).takeRetainedValue().value
    case weakTag: return Unmanaged<WeakValue>.fromOpaque(pointer).takeRetainedValue().loadedValue  // objc_loadWeak
    default: break
    }
    let object = Unmanaged<Object>.fromOpaque(pointer).takeRetainedValue()
    if let cls = object as? Class { return .class(cls) }
    return .object(object)
  }

  /// The value `bits` refer to, without consuming their retain (a class object as `.class`).
  static func peek(_ bits: UInt) -> Value {
    take(retain(bits))
  }

  /// Drops one retain of `bits`.
  static func release(_ bits: UInt) {
    guard let pointer = UnsafeRawPointer(bitPattern: bits & ~tagMask) else { return }
    switch bits & tagMask {
    case boxTag: Unmanaged<ValueBox>.fromOpaque(pointer).release()
    case weakTag: Unmanaged<WeakValue>.fromOpaque(pointer).release()
    default: Unmanaged<Object>.fromOpaque(pointer).release()
    }
  }
}
