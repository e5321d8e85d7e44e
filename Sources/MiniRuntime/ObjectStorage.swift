// ObjectStorage.swift: the memory of one object's ivars, and the only code that interprets it.
//
// Docs: docs/runtime.md#objects-and-ivars, docs/decisions/0009-object-storage.md.
// Tests: Tests/MiniRuntimeTests/ObjectStorageTests.swift, IvarTests.swift.
//
// Model: one atomic word per ivar, in the order of the object's `InstanceLayout`. Scalar words
// hold the value's bits and are read and written with one atomic operation, no lock. Reference
// words hold 0 or a retained, tagged pointer (`RetainedReference`): they are read (load and
// retain) and written (exchange) under their `PropertyLocks` stripe, and the value a write
// replaces is released after unlocking, because that release may run a `dealloc` (objc's
// `objc_setProperty` does the same). Everything else (Object, Ivar, accessors, dumps) asks this
// type; nothing outside it knows how a value is kept. Lock order: Locks.swift.

import Synchronization

/// The ivar memory of one object, zeroed when made; released when the object goes.
///
/// Objective-C: none (the bytes after the isa of a `struct objc_object`).
struct ObjectStorage: ~Copyable {
  /// The layout the object was allocated with; fixed for its whole life.
  let layout: InstanceLayout

  /// One atomic word per ivar, or `nil` when the layout has no ivars.
  private let words: UnsafeMutablePointer<Atomic<UInt>>?

  /// Zeroed storage for `layout`.
  init(layout: InstanceLayout) {
    self.layout = layout
    if layout.slots.isEmpty {
      words = nil
    } else {
      let words = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: layout.slots.count)
      for index in layout.slots.indices { (words + index).initialize(to: Atomic(0)) }
      self.words = words
    }
  }

  deinit {
    guard let words else { return }
    for index in layout.slots.indices where layout.storages[index] == .reference {
      RetainedReference.release(words[index].load(ordering: .relaxed))
    }
    words.deinitialize(count: layout.slots.count)
    words.deallocate()
  }

  // MARK: - Checks

  /// Whether this storage has `ivar`'s memory, kept the way `ivar` expects it.
  @inline(__always)
  func hosts(_ ivar: Ivar) -> Bool {
    let index = ivar.offset
    return index < layout.storages.count && layout.storages[index] == ivar.storage
  }

  /// Whether this storage has an ivar of `ivar`'s type at `ivar`'s place (for `object_getIvar`).
  func hostsExactly(_ ivar: Ivar) -> Bool {
    ivar.offset < layout.slots.count && layout.slots[ivar.offset].type == ivar.type
  }

  // MARK: - Reading and writing (the caller checked `hosts`)

  /// Reads `ivar`.
  ///
  /// - Complexity: O(1): one atomic load for a scalar; the stripe lock for a reference.
  @inline(__always)
  func load(_ ivar: Ivar) -> Value {
    let word = words.unsafelyUnwrapped + ivar.offset
    if ivar.storage == .reference {
      let bits = LockStripes.property.withLock(for: UInt(bitPattern: word)) {
        RetainedReference.retain(word.pointee.load(ordering: .relaxed))
      }
      return RetainedReference.take(bits)
    }
    return ScalarBits.decode(word.pointee.load(ordering: .relaxed), ivar.storage)
  }

  /// Converts `value` to `ivar`'s type and writes it.
  ///
  /// - Throws: ``RuntimeError`` with code `typeMismatch`; nothing changes.
  /// - Complexity: O(1): one atomic store for a scalar; the stripe lock for a reference.
  @inline(__always)
  func store(_ value: Value, _ ivar: Ivar) throws(RuntimeError) {
    let word = words.unsafelyUnwrapped + ivar.offset
    if ivar.storage == .reference {
      let bits = RetainedReference.retained(try value.converted(to: ivar.type))
      let old = LockStripes.property.withLock(for: UInt(bitPattern: word)) {
        word.pointee.exchange(bits, ordering: .relaxed)
      }
      RetainedReference.release(old)  // after unlocking: this may run a dealloc
      return
    }
    if let bits = ScalarBits.exact(value, ivar.storage) {
      word.pointee.store(bits, ordering: .relaxed)
    } else {
      word.pointee.store(try ScalarBits.encode(value, ivar.type), ordering: .relaxed)
    }
  }

  /// Writes a setter's single argument when it already has exactly `ivar`'s scalar type: the
  /// synthesized setter's fast path (no conversion, no copy of the value).
  ///
  /// - Returns: `false` when the argument needs the general path (``store(_:_:)``).
  @inline(__always)
  func storeExactScalar(_ arguments: Arguments, _ ivar: Ivar) -> Bool {
    guard let bits = ScalarBits.exact(arguments, ivar.storage) else { return false }
    // INVARIANT: the caller checked `hosts(ivar)`, so the word exists and is a scalar word.
    words.unsafelyUnwrapped[ivar.offset].store(bits, ordering: .relaxed)
    return true
  }
}

/// The bits of scalar words.
enum ScalarBits {
  /// The bits of `value` when its case is exactly the word's (the common case, no conversion).
  @inline(__always)
  static func exact(_ value: Value, _ storage: InstanceLayout.Storage) -> UInt? {
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

  /// `exact` of a setter's single argument, read in place (no copy of the value).
  @inline(__always)
  static func exact(_ arguments: Arguments, _ storage: InstanceLayout.Storage) -> UInt? {
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

  /// The bits of `value` converted to `type` (the general path).
  static func encode(_ value: Value, _ type: TypeEncoding) throws(RuntimeError) -> UInt {
    switch try value.converted(to: type) {
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
    case .selector(let selector): return selector.bits
    case .pointer(let address): return address
    default: return 0  // .nil for a selector or pointer word
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
    case .selector: return bits == 0 ? .nil : .selector(Selector(bits: bits))
    case .pointer: return bits == 0 ? .nil : .pointer(bits)
    case .reference: return .nil  // reference words are decoded by RetainedReference
    }
  }
}
