// Object+Ivars.swift: reading and writing instance variables.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/IvarTests.swift.
//
// Scalar slots (numbers, Bool, selectors, pointers) hold the value's bits and are read and
// written with one atomic operation, no lock: like a word-sized atomic property in objc.
// Reference slots hold a retained, tagged pointer: an `Object` (tag 0) or a `ValueBox` (tag 1)
// for strings, structs and collections. They are read and written under the object's spin
// lock, and the value a write replaces is released after the lock is dropped, because that
// release may run a `dealloc` (objc's `objc_setProperty` does the same).

import Synchronization

extension Object {
  /// The value of the ivar named `name` (searched in the object's class and its superclasses).
  ///
  /// ```swift
  /// try person.value(ofIvar: "_age")     // 42
  /// try person.value(ofIvar: "_nope")    // throws unknownIvar
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `unknownIvar`.
  ///
  /// Objective-C: `object_getInstanceVariable`
  public func value(ofIvar name: String) throws(RuntimeError) -> Value {
    try value(for: ivarForAccess(named: name))
  }

  /// Stores `value` in the ivar named `name`, converting it to the ivar's type.
  ///
  /// - Throws: ``RuntimeError`` with code `unknownIvar` or `typeMismatch`; the ivar is unchanged.
  ///
  /// Objective-C: `object_setInstanceVariable`
  public func setValue(_ value: Value, forIvar name: String) throws(RuntimeError) {
    try setValue(value, for: ivarForAccess(named: name))
  }

  /// The value of `ivar`.
  ///
  /// - Throws: ``RuntimeError`` with code `unknownIvar` if this object has no such ivar.
  /// - Complexity: O(1); a reference slot takes the object's spin lock.
  ///
  /// Objective-C: `object_getIvar`
  public func value(for ivar: Ivar) throws(RuntimeError) -> Value {
    try checkSlot(ivar.offset, type: ivar.type, name: ivar.name)
    return loadSlot(ivar.offset)
  }

  /// Stores `value` in `ivar`, converting it to the ivar's type.
  ///
  /// - Throws: ``RuntimeError`` with code `unknownIvar` or `typeMismatch`; the ivar is unchanged.
  /// - Complexity: O(1); a reference slot takes the object's spin lock.
  ///
  /// Objective-C: `object_setIvar`
  public func setValue(_ value: Value, for ivar: Ivar) throws(RuntimeError) {
    try checkSlot(ivar.offset, type: ivar.type, name: ivar.name)
    try storeSlot(ivar.offset, value)
  }

  private func ivarForAccess(named name: String) throws(RuntimeError) -> Ivar {
    guard let ivar = isa.ivar(named: name) else {
      throw RuntimeError(.unknownIvar, "\(isa.name) has no ivar named '\(name)'")
    }
    return ivar
  }

  /// Throws unless slot `index` exists in this object and holds `type`.
  func checkSlot(_ index: Int, type: TypeEncoding, name: String) throws(RuntimeError) {
    guard index < layout.slots.count, layout.slots[index].type == type else {
      throw RuntimeError(.unknownIvar, "\(description) has no ivar '\(name)' of type '\(type)'")
    }
  }

  // MARK: - Slots (index already checked)

  /// Reads slot `index`. The caller has checked that the slot exists.
  ///
  /// - Complexity: O(1): one atomic load for a scalar; the spin lock for a reference.
  @inline(__always)
  func loadSlot(_ index: Int) -> Value {
    let storage = layout.storages[index]
    let words = slots.unsafelyUnwrapped
    if storage == .reference {
      let bits = lock.withLock { ReferenceSlot.retain(words[index].load(ordering: .relaxed)) }
      return ReferenceSlot.take(bits)
    }
    return ScalarSlot.decode(words[index].load(ordering: .relaxed), storage)
  }

  /// Converts `value` to the slot's type and writes it. The caller has checked the slot exists.
  ///
  /// - Complexity: O(1): one atomic store for a scalar; the spin lock for a reference.
  @inline(__always)
  func storeSlot(_ index: Int, _ value: Value) throws(RuntimeError) {
    let storage = layout.storages[index]
    let words = slots.unsafelyUnwrapped
    if storage == .reference {
      let bits = ReferenceSlot.retained(try value.converted(to: layout.slots[index].type))
      let old = lock.withLock { words[index].exchange(bits, ordering: .relaxed) }
      ReferenceSlot.release(old)  // after unlocking: this may run a dealloc
      return
    }
    if let bits = ScalarSlot.exactBits(value, storage) {
      words[index].store(bits, ordering: .relaxed)
    } else {
      words[index].store(try ScalarSlot.encode(value, layout.slots[index]), ordering: .relaxed)
    }
  }
}

/// Bits of scalar slots.
enum ScalarSlot {
  /// The bits of `value` when its case is exactly the slot's (the common case, no conversion).
  @inline(__always)
  static func exactBits(_ value: Value, _ storage: InstanceLayout.Storage) -> UInt? {
    switch value {
    case .int64(let number) where storage == .int64: return UInt(bitPattern: Int(number))
    case .double(let number) where storage == .double: return UInt(number.bitPattern)
    case .bool(let flag) where storage == .bool: return flag ? 1 : 0
    case .int32(let number) where storage == .int32: return UInt(bitPattern: Int(number))
    case .uint64(let number) where storage == .uint64: return UInt(number)
    case .float(let number) where storage == .float: return UInt(number.bitPattern)
    default: return nil
    }
  }

  /// `exactBits` of a setter's single argument, read in place (no copy of the value).
  @inline(__always)
  static func exactBits(_ arguments: Arguments, _ storage: InstanceLayout.Storage) -> UInt? {
    switch arguments.storage {
    case .one(.int64(let number)) where storage == .int64: return UInt(bitPattern: Int(number))
    case .one(.double(let number)) where storage == .double: return UInt(number.bitPattern)
    case .one(.bool(let flag)) where storage == .bool: return flag ? 1 : 0
    case .one(.int32(let number)) where storage == .int32: return UInt(bitPattern: Int(number))
    case .one(.uint64(let number)) where storage == .uint64: return UInt(number)
    case .one(.float(let number)) where storage == .float: return UInt(number.bitPattern)
    default: return nil
    }
  }

  /// The bits of `value` converted to the slot's type (the general path).
  static func encode(_ value: Value, _ slot: InstanceLayout.Slot) throws(RuntimeError) -> UInt {
    let converted = try value.converted(to: slot.type)
    switch converted {
    case .bool(let value): return value ? 1 : 0
    case .int8(let value): return UInt(bitPattern: Int(value))
    case .int16(let value): return UInt(bitPattern: Int(value))
    case .int32(let value): return UInt(bitPattern: Int(value))
    case .int64(let value): return UInt(bitPattern: Int(value))
    case .uint8(let value): return UInt(value)
    case .uint16(let value): return UInt(value)
    case .uint32(let value): return UInt(value)
    case .uint64(let value): return UInt(value)
    case .float(let value): return UInt(value.bitPattern)
    case .double(let value): return UInt(value.bitPattern)
    case .selector(let selector):
      return selector.bits
    case .pointer(let address): return address
    default: return 0  // .nil for a selector or pointer slot
    }
  }

  static func decode(_ bits: UInt, _ storage: InstanceLayout.Storage) -> Value {
    switch storage {
    case .bool: return .bool(bits != 0)
    case .int8: return .int8(Int8(truncatingIfNeeded: bits))
    case .int16: return .int16(Int16(truncatingIfNeeded: bits))
    case .int32: return .int32(Int32(truncatingIfNeeded: bits))
    case .int64: return .int64(Int64(bitPattern: UInt64(bits)))
    case .uint8: return .uint8(UInt8(truncatingIfNeeded: bits))
    case .uint16: return .uint16(UInt16(truncatingIfNeeded: bits))
    case .uint32: return .uint32(UInt32(truncatingIfNeeded: bits))
    case .uint64: return .uint64(UInt64(bits))
    case .float: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
    case .double: return .double(Double(bitPattern: UInt64(bits)))
    case .selector:
      return bits == 0 ? .nil : .selector(Selector(bits: bits))
    case .pointer: return bits == 0 ? .nil : .pointer(bits)
    case .reference: return .nil  // reference slots are decoded by ReferenceSlot
    }
  }
}

/// A boxed value stored in a reference slot (anything that is not an `Object`).
final class ValueBox: Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// Tagged, retained pointers of reference slots: 0 is nil, tag 0 an `Object`, tag 1 a `ValueBox`.
enum ReferenceSlot {
  static let boxTag: UInt = 1

  /// The retained bits for `value` (already converted to the slot's type).
  static func retained(_ value: Value) -> UInt {
    switch value {
    case .nil: return 0
    case .object(let object): return UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    case .class(let cls): return UInt(bitPattern: Unmanaged.passRetained(cls as Object).toOpaque())
    default: return UInt(bitPattern: Unmanaged.passRetained(ValueBox(value)).toOpaque()) | boxTag
    }
  }

  /// Adds a retain to the referent of `bits` (under the object's lock) and returns the bits.
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
