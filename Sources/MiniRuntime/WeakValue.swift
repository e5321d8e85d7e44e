// WeakValue.swift: a value held as `__weak id` holds it, shared by weak ivars, weak variables
// and `OBJC_ASSOCIATION_ASSIGN` associations (those outside the weak table).
//
// Docs: docs/runtime.md#weak-references. Tests: Tests/MiniRuntimeTests/WeakReferenceTests.swift,
// WeakVariableTests.swift.
//
// Model: an immutable box. An object (or class, or Swift object) is held by a Swift `weak let`,
// which reads `nil` from the moment the object starts deallocating, as `objc_loadWeak` does;
// reading also answers `nil` for an object `object_dispose` destroyed (objc4 clears its weak
// references then), and, for a box in the weak table (not an assign association's, which only
// deallocation makes read nil), for one `objc_destructInstance` cleared the weak references of
// since the box was made (Object+WeakClearing.swift). A value that is not an object is held as it is. Immutable, so any thread
// may read it without a lock, and a weak word or variable can share one box with another.

/// A value held weakly if it is an object.
final class WeakValue: Sendable {
  private weak let object: Object?
  private weak let swiftObject: (any AnyObject & Sendable)?
  /// A value that is not an object, held as it is (nil for objects).
  private let plain: Value?
  private let isClass: Bool
  /// The object's weak clearings when this box was made: once `objc_destructInstance` clears
  /// them again, the box reads nil (Object+WeakClearing.swift). Nil for a box outside the weak
  /// table (an assign association), which only the object's deallocation makes read nil.
  private let clearings: UInt?

  /// Holds `value` weakly, refusing an object that is being deallocated, as `objc_storeWeak`
  /// does (objc4 aborts there; here it throws).
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject`, with objc4's message.
  /// An object whose class is not yet initialized initializes it first (objc4's `storeWeak`
  /// sends `+initialize` before registering the reference, a class object's own included);
  /// what `+initialize` throws is thrown.
  convenience init(_ value: Value) throws(RuntimeError) {
    if let object = value.objectValue, let refusal = try WeakValue.refusal(toHold: object) { throw refusal }
    self.init(unchecked: value)
  }

  /// Holds `object` weakly, or answers nil for an object that is being deallocated or whose
  /// class refuses weak references, as `objc_storeWeakOrNil` does.
  ///
  /// - Throws: What `+initialize` throws (sent first, as ``init(_:)`` does).
  static func orNil(_ object: Object) throws(RuntimeError) -> WeakValue? {
    guard try refusal(toHold: object) == nil else { return nil }
    return WeakValue(unchecked: .object(object))
  }

  /// objc4's "Cannot form weak reference" error if `object` cannot be held weakly (it is being
  /// deallocated, or `allowsWeakReference` answers NO), or nil. An object whose isa is not yet
  /// initialized initializes it first (objc4's `storeWeak` calls `class_initialize(isa, object)`):
  /// an instance its class, a class object itself (its isa is its metaclass), a metaclass object
  /// the root class; what `+initialize` throws is thrown.
  private static func refusal(toHold object: Object) throws(RuntimeError) -> RuntimeError? {
    if !object.isa.isInitialized, let runtime = object.runtime {
      let cls = runtime.withState { state in runtime.nonMetaClass(object.isa, receiver: object, &state) }
      try runtime.initializeForStore(cls, "objc_storeWeak")  // call-out: user +initialize, no lock held
    }
    if object.isDeallocating || !object.allowsWeakReference() { return cannotFormWeakReference(to: object) }
    return nil
  }

  /// Holds `value` weakly without checking (a copy of a weak value read from a live object; with
  /// `inWeakTable` false, an assign association, which objc4 keeps as a plain pointer that
  /// `objc_destructInstance` does not clear).
  init(unchecked value: Value, inWeakTable: Bool = true) {
    switch value {
    case .object(let object):
      self.object = object
      swiftObject = nil
      plain = nil
      isClass = object is Class
      clearings = inWeakTable ? object.currentWeakClearings : nil
    case .class(let cls):
      object = cls
      swiftObject = nil
      plain = nil
      isClass = true
      clearings = inWeakTable ? cls.currentWeakClearings : nil
    case .swiftObject(let reference):
      object = nil
      swiftObject = reference
      plain = nil
      isClass = false
      clearings = 0
    default:
      object = nil
      swiftObject = nil
      plain = value
      isClass = false
      clearings = 0
    }
  }

  /// The value: `.nil` once a weakly held object is deallocating, gone or disposed.
  var value: Value {
    if let plain { return plain }
    if let swiftObject { return .swiftObject(swiftObject) }
    guard let object, object.isWeaklyReadable(since: clearings) else { return .nil }
    if isClass, let cls = object as? Class { return .class(cls) }
    return .object(object)
  }

  /// The value as a weak load (`objc_loadWeak`) answers it: ``value``, with an object retained
  /// and autoreleased (an object whose class has custom retain-release is asked
  /// `retainWeakReference` for that retain; a NO reads nil). Weak variables and weak ivars read
  /// through this; an assign association reads ``value``.
  var loadedValue: Value {
    guard case .object(let object) = value else { return value }
    return object.loadedWeakly().map(Value.object) ?? .nil
  }

  /// The address of the weakly held object, or 0 (for memory pictures).
  var referentAddress: UInt {
    if let object, object.isWeaklyReadable(since: clearings) { return UInt(bitPattern: ObjectIdentifier(object)) }
    if let swiftObject { return UInt(bitPattern: ObjectIdentifier(swiftObject)) }
    return 0
  }

  /// objc4's message for a weak reference to an object that is being deallocated.
  static func cannotFormWeakReference(to object: Object) -> RuntimeError {
    RuntimeError(
      .deallocatingObject,
      "Cannot form weak reference to instance (\(object.address)) of class \(object.isa.name). It is possible that this object was over-released, or is in the process of deallocation.")
  }
}
