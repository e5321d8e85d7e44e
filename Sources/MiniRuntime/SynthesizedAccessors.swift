// SynthesizedAccessors.swift: the getter and setter `@synthesize` makes for a property.
//
// Docs: docs/runtime.md#properties. Tests: Tests/MiniRuntimeTests/PropertyTests.swift,
// ObjectStorageTests.swift, ObjC4BehaviourRound19AccessorTests.swift.
//
// The accessors read and write the receiver's memory at the ivar's offset, as compiled
// accessors do, after checking that the receiver really has those bytes, of the right kinds (an
// accessor moved to another class by swizzling throws instead of touching the wrong memory).
// What is atomic is objc4's choice (decision 0009): an atomic struct property's accessors copy
// the struct under a `StructLocks` stripe chosen by the ivar's address; everything else is the
// storage's own single-word atomicity. No user code runs under the stripe (a replaced object
// is released after it, by the storage). An atomic object getter retains and autoreleases what
// it read, as `objc_getProperty` does: the retain under the read's stripe unless the class has
// custom retain-release, whose `retain` is sent after it, the object held by the runtime from
// the read to that send (decision 0041).
//
// The typed fast path: an accessor of an ivar that is one whole scalar word also describes what
// it does as data (`DirectAccess`: getter or setter, the word, the scalar kind). A cached send
// finds that description in the implementation and does the load or store itself, with no
// closure call, when the receiver has the word and (for a setter) the argument is exactly of the
// ivar's kind; in every other case it calls the accessor, whose closure begins with the same
// check. Both routes run the same code, so the fast path changes no behaviour. Only scalar
// setters have it: an object setter retains and releases (objc_storeStrong, StrongReference.swift)
// in the storage, so a scalar store pays nothing for that. An object getter has it too, when
// its ivar is one whole reference word: the word's kind checked, then the storage's own read of
// a reference word (its value retained under the word's `PropertyLocks` stripe), exactly what
// the general `load` does for it, without walking the ivar's layout.

extension Class {
  // The accessors capture the ivar alone (one reference: the cheapest closure context); how it
  // is stored is the receiver's storage's business, and error text is built only when needed.

  static func synthesizedGetter(for ivar: Ivar, atomic: Bool, label: String) -> Implementation {
    if atomic && ivar.holdsObjectPointer { return atomicObjectGetter(for: ivar, label: label) }
    guard atomic && ivar.isAggregate else {
      let direct = DirectAccess(.getter, of: ivar)
      return Implementation(function: label, direct: direct) { receiver, _, arguments in
        // Fast path: a whole-word scalar is one check and one load; a whole reference word one
        // check and a retaining read under its stripe.
        if let value = direct.perform(on: receiver, arguments) { return value }
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

  /// The getter of an atomic object (or block) property, as objc4's `objc_getProperty(self,
  /// _cmd, offset, YES)`: the value read is retained and autoreleased, so a setter on another
  /// thread releasing it cannot free what this getter returned before the caller's pool pops
  /// (atomicProperty.m). It has no typed fast path: the send calls it. A weak ivar's read is
  /// already `objc_loadWeak`'s autoreleased +1 (a weak property's getter never calls
  /// `objc_getProperty`), so it adds nothing there. As objc4 retains under the property's
  /// spinlock, the retain of an object whose class has no custom retain-release is taken under
  /// the word's stripe, with the read, so a setter on another thread cannot release the last
  /// reference in between; a `retain` override is user code and is sent after the stripe, the
  /// object kept meanwhile by the runtime's own hold, taken under the stripe (decision 0041).
  private static func atomicObjectGetter(for ivar: Ivar, label: String) -> Implementation {
    Implementation(function: label) { receiver, _, _ in
      try receiver.checkAccessor(ivar)
      guard !ivar.isWeak else { return try receiver.storage.load(ivar) }
      let (value, retained, held) = receiver.storage.loadRetainingObject(ivar)
      guard case .object(let object) = value else { return value }
      if !retained {
        // The hold taken under the stripe keeps the object from another thread's setter until
        // the override's retain (objc4 sends it under the spinlock that setter waits for).
        defer { if held { object.endHold() } }  // may be its release to zero if `retain` added nothing
        try Runtime.retain(object)  // call-out: a `retain` override, no lock held
      }
      try Runtime.autorelease(object)  // call-out: an `autorelease` override, no lock held
      return value
    }
  }

  static func synthesizedSetter(for ivar: Ivar, copies: Bool, atomic: Bool, label: String) -> Implementation {
    let locksStruct = atomic && ivar.isAggregate
    guard copies || locksStruct else {
      // It converts its own argument (assigned to an ivar of the parameter's type): no thunk.
      let direct = DirectAccess(.setter, of: ivar)
      return Implementation(function: label, convertsOwnArguments: true, direct: direct) { receiver, selector, arguments in
        // Fast path: a whole-word scalar of exactly the ivar's type is one check and one store.
        if direct.perform(on: receiver, arguments) != nil { return .nil }
        try receiver.checkAccessor(ivar)
        if receiver.storage.storeExactScalar(arguments, ivar) { return .nil }
        try storeArgument(arguments[0], of: receiver, in: ivar, selector)
        return .nil
      }
    }
    return Implementation(function: label) { receiver, selector, arguments in
      try receiver.checkAccessor(ivar)
      var value = arguments[0]
      var retaining = true
      if copies, let object = value.objectValue {
        value = try Runtime.msgSend(object, "copy")  // call-out: the object's `copy`, no lock held
        // The copy is +1 (a new object, or an immutable one's `[self retain]`), which the ivar
        // keeps as objc_setProperty's copy does: no second retain.
        retaining = false
      }
      do {
        if locksStruct {
          try LockStripes.structure.withLock(for: receiver.address(of: ivar)) { () throws(RuntimeError) in
            try storeArgument(value, of: receiver, in: ivar, selector, retaining: retaining)
          }
        } else {
          try storeArgument(value, of: receiver, in: ivar, selector, retaining: retaining)
        }
      } catch {
        if !retaining { StrongReference.release(value) }  // the copy nothing kept: its +1 given back
        throw error
      }
      return .nil
    }
  }

  /// Stores a setter's argument, naming the setter in a conversion error. A strong ivar retains
  /// it (unless `retaining` is `false`: the setter owns it already) and releases the old value
  /// (ObjectStorage, StrongReference.swift).
  private static func storeArgument(
    _ value: Value, of receiver: Object, in ivar: Ivar, _ selector: Selector, retaining: Bool = true
  ) throws(RuntimeError) {
    do {
      try receiver.storage.store(value, ivar, retaining: retaining)
    } catch {
      throw RuntimeError(error.code, "-[\(ivar.className) \(selector.name)]: \(error.message)")
    }
  }
}

/// What a synthesized accessor of a whole-word scalar ivar does, as data, so that a cached send
/// can do it without calling the accessor's closure (see the file comment).
///
/// Objective-C: none (objc4 has no such path: a compiled accessor is already a direct load or
/// store).
struct DirectAccess: Sendable {
  enum Role: UInt8, Sendable {
    /// Not a synthesized whole-word accessor: the send calls the closure.
    case none
    case getter
    case setter
    /// The getter of an object ivar that is one whole reference word (`kind` unused).
    case referenceGetter
  }

  let role: Role
  /// The ivar's storage word.
  let word: Int
  let kind: ScalarKind

  /// What every other implementation has.
  static let none = DirectAccess(role: .none, word: -1, kind: .int64)

  private init(role: Role, word: Int, kind: ScalarKind) {
    self.role = role
    self.word = word
    self.kind = kind
  }

  /// The `role` accessor of `ivar`: a getter of one whole reference word is a `referenceGetter`;
  /// `none` if the ivar is not one whole scalar word (or, for a getter, reference word).
  init(_ role: Role, of ivar: Ivar) {
    if role == .getter && ivar.wholeReferenceWord >= 0 {
      self.init(role: .referenceGetter, word: ivar.wholeReferenceWord, kind: .int64)
      return
    }
    guard let kind = ivar.scalarKind, ivar.wholeScalarWord >= 0 else {
      self = .none
      return
    }
    self.init(role: role, word: ivar.wholeScalarWord, kind: kind)
  }

  /// Does the access on `receiver` if its storage has the word (a setter: if its one argument
  /// is exactly of the ivar's kind): the value read, or `.nil` for a store; `nil` when the
  /// accessor's general path must decide. The send calls it only when `role` is not `none`; the
  /// accessors' closures call it always, and `none` answers `nil` (its word, -1, is in no storage).
  @inline(__always)
  func perform(on receiver: Object, _ arguments: Arguments) -> Value? {
    if role == .setter { return receiver.storage.storeExactWholeWord(arguments, word, kind) ? .nil : nil }
    if role == .referenceGetter { return receiver.storage.loadWholeReferenceWord(word) }
    return receiver.storage.loadWholeScalarWord(word, kind)
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
  /// Whether the ivar holds an object or block pointer (what objc4's `objc_getProperty` reads).
  var holdsObjectPointer: Bool {
    switch type.unqualified {
    case .object, .block: return true
    default: return false
    }
  }

  /// Whether the ivar is a struct, union or C array (what objc4 copies with `objc_copyStruct`).
  var isAggregate: Bool {
    switch layout {
    case .structure, .union, .array: return true
    case .scalar, .reference, .bitField, .opaque: return false
    }
  }
}
