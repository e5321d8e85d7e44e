// SynthesizedAccessors.swift: the getter and setter `@synthesize` makes for a property.
//
// Docs: docs/runtime.md#properties. Tests: Tests/MiniRuntimeTests/PropertyTests.swift,
// ObjectStorageTests.swift.
//
// The accessors read and write the receiver's memory at the ivar's offset, as compiled
// accessors do, after checking that the receiver really has those bytes, of the right kinds (an
// accessor moved to another class by swizzling throws instead of touching the wrong memory).
// What is atomic is objc4's choice (decision 0009): an atomic struct property's accessors copy
// the struct under a `StructLocks` stripe chosen by the ivar's address; everything else is the
// storage's own single-word atomicity. No user code runs under the stripe (a replaced object
// is released after it, by the storage).

extension Class {
  // The accessors capture the ivar alone (one reference: the cheapest closure context); how it
  // is stored is the receiver's storage's business, and error text is built only when needed.

  static func synthesizedGetter(for ivar: Ivar, atomic: Bool, label: String) -> Implementation {
    guard atomic && ivar.isAggregate else {
      return Implementation(function: label) { receiver, _, _ in
        // Fast path: a whole-word scalar is one check and one load.
        if let value = receiver.storage.loadWholeScalarWord(ivar) { return value }
        try receiver.checkAccessor(ivar)
        return try receiver.storage.load(ivar)
      }
    }
    return Implementation(function: label) { receiver, _, _ in
      try receiver.checkAccessor(ivar)
      return try LockStripes.structure.withLock(for: receiver.address(of: ivar)) { () throws(RuntimeError) in
        try receiver.storage.load(ivar)
      }
    }
  }

  static func synthesizedSetter(for ivar: Ivar, copies: Bool, atomic: Bool, label: String) -> Implementation {
    let locksStruct = atomic && ivar.isAggregate
    guard copies || locksStruct else {
      // It converts its own argument (assigned to an ivar of the parameter's type): no thunk.
      return Implementation(function: label, convertsOwnArguments: true) { receiver, selector, arguments in
        // Fast path: a whole-word scalar of exactly the ivar's type is one check and one store.
        if receiver.storage.storeExactWholeWord(arguments, ivar) { return .nil }
        try receiver.checkAccessor(ivar)
        if receiver.storage.storeExactScalar(arguments, ivar) { return .nil }
        try storeArgument(arguments[0], of: receiver, in: ivar, selector)
        return .nil
      }
    }
    return Implementation(function: label) { receiver, selector, arguments in
      try receiver.checkAccessor(ivar)
      var value = arguments[0]
      if copies, let object = value.objectValue {
        value = try Runtime.msgSend(object, "copy")  // call-out: the object's `copy`, no lock held
      }
      if locksStruct {
        try LockStripes.structure.withLock(for: receiver.address(of: ivar)) { () throws(RuntimeError) in
          try storeArgument(value, of: receiver, in: ivar, selector)
        }
      } else {
        try storeArgument(value, of: receiver, in: ivar, selector)
      }
      return .nil
    }
  }

  /// Stores a setter's argument, naming the setter in a conversion error.
  private static func storeArgument(
    _ value: Value, of receiver: Object, in ivar: Ivar, _ selector: Selector
  ) throws(RuntimeError) {
    do {
      try receiver.storage.store(value, ivar)
    } catch {
      throw RuntimeError(error.code, "-[\(ivar.className) \(selector.name)]: \(error.message)")
    }
  }
}

extension Object {
  /// Throws unless this object has `ivar`'s bytes, of the kinds `ivar` expects (an accessor
  /// moved to another class by swizzling throws instead of touching the wrong memory).
  @inline(__always)
  func checkAccessor(_ ivar: Ivar) throws(RuntimeError) {
    guard storage.hosts(ivar) else {
      throw RuntimeError(
        .incompatibleLayout,
        "\(description) has no ivar '\(ivar.name)' (an accessor of \(ivar.className) was sent to it)")
    }
  }

  /// The address of `ivar` in this object, which picks the ivar's lock stripe (as objc4 does).
  func address(of ivar: Ivar) -> UInt { UInt(bitPattern: ObjectIdentifier(self)) &+ UInt(ivar.offset) }
}

extension Ivar {
  /// Whether the ivar is a struct, union or C array (what objc4 copies with `objc_copyStruct`).
  var isAggregate: Bool {
    switch layout {
    case .structure, .union, .array: return true
    case .scalar, .reference, .bitField, .opaque: return false
    }
  }
}
