// RetainedReference.swift: the bits of a reference word: a retained, tagged pointer.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/ObjectStorageTests.swift.
//
// One of the runtime's few handle types that use `Unmanaged` (the others: UnretainedClass.swift,
// UnretainedImplementation.swift). Its invariant, relied on by ObjectStorage:
//   INVARIANT: a non-zero reference word owns exactly one retain of what it points to: an
//   `Object` (tag 0) or a `ValueBox` (tag 1). `retained` makes such bits (+1), `take` consumes
//   them, `release` drops them; `retain` adds one for a reader, under the word's stripe lock.
// Objects and boxes are at least 8-byte aligned, so bit 0 is free for the tag.

/// A value that is not a runtime object, kept in a reference word (strings, collections, structs
/// of the slot era, Swift objects).
final class ValueBox: Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Tagged, retained pointers of reference words: 0 is nil, tag 0 an `Object`, tag 1 a `ValueBox`.
enum RetainedReference {
  static let boxTag: UInt = 1

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
    guard let pointer = UnsafeRawPointer(bitPattern: bits & ~boxTag) else { return bits }
    if bits & boxTag != 0 {
      _ = Unmanaged<ValueBox>.fromOpaque(pointer).retain()
    } else {
      _ = Unmanaged<Object>.fromOpaque(pointer).retain()
    }
    return bits
  }

  /// Consumes one retain of `bits` and returns the value (a class object as `.class`).
  static func take(_ bits: UInt) -> Value {
    guard let pointer = UnsafeRawPointer(bitPattern: bits & ~boxTag) else { return .nil }
    if bits & boxTag != 0 {
      return Unmanaged<ValueBox>.fromOpaque(pointer).takeRetainedValue().value
    }
    let object = Unmanaged<Object>.fromOpaque(pointer).takeRetainedValue()
    if let cls = object as? Class { return .class(cls) }
    return .object(object)
  }

  /// Drops one retain of `bits`.
  static func release(_ bits: UInt) {
    guard let pointer = UnsafeRawPointer(bitPattern: bits & ~boxTag) else { return }
    if bits & boxTag != 0 {
      Unmanaged<ValueBox>.fromOpaque(pointer).release()
    } else {
      Unmanaged<Object>.fromOpaque(pointer).release()
    }
  }
}
