// Object+Ivars.swift: reading and writing instance variables.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/IvarTests.swift.
//
// The public face of the object's memory: finding an ivar by name and checking the object has
// it; how values are kept is ObjectStorage's business alone.

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

  /// Stores `value` in the ivar named `name`, converting it to the ivar's type as C assignment
  /// does (``Value/assigned(to:)``: `2.5` stores `2` in a `long long`, `300` stores `44` in a
  /// `char`).
  ///
  /// An object ivar that is not weak is strong, in a class made at run time too (objc4's
  /// `object_setInstanceVariableWithStrongDefault`; see ``setValue(_:for:)``).
  ///
  /// - Throws: As ``setValue(_:for:)``; the ivar is unchanged.
  ///
  /// Objective-C: `object_setInstanceVariable` / `object_setInstanceVariableWithStrongDefault`
  public func setValue(_ value: Value, forIvar name: String) throws(RuntimeError) {
    try setValue(value, for: ivarForAccess(named: name))
  }

  /// The value of `ivar`.
  ///
  /// `ivar` may be one the object was allocated with, or one of the class it now has (after
  /// `setClass`): then its bytes are read as that ivar's type, as objc4 reads them, as long as
  /// they are scalars where it expects scalars and object pointers where it expects those.
  /// NSObject's `isa` ivar reads as the object's class (``isa``, `object_getClass`).
  ///
  /// - Throws: ``RuntimeError`` with code `unknownIvar` (neither the object's allocation nor its
  ///   class has the ivar), `incompatibleLayout` (its bytes hold another kind of thing here) or
  ///   `typeMismatch` (a type no `Value` holds, such as a union).
  /// - Complexity: O(1) for a scalar or an object (its stripe lock), O(*n*) in a struct's members.
  ///
  /// Objective-C: `object_getIvar`
  public func value(for ivar: Ivar) throws(RuntimeError) -> Value {
    if ivar.isIsa { return .class(isa) }
    try checkAccess(ivar)
    return try storage.load(ivar)
  }

  /// Stores `value` in `ivar`, converting it to the ivar's type as C assignment does
  /// (``Value/assigned(to:)``).
  ///
  /// A strong ivar (every object ivar that is not weak) retains the new object and releases the
  /// old one, as `objc_storeStrong` does: `retainCount` counts the ivar, and a class with custom
  /// retain-release is sent `retain` and `release` (docs/runtime.md#stores-that-retain).
  /// A weak ivar holds an object without retaining it; storing an object that is being
  /// deallocated there throws objc4's "Cannot form weak reference" error. Storing a class in
  /// NSObject's `isa` ivar is ``setClass(_:)`` (`object_setClass`), with its checks.
  ///
  /// - Throws: ``RuntimeError`` with code `unknownIvar`, `incompatibleLayout`, `typeMismatch` or
  ///   `deallocatingObject`, or what ``setClass(_:)`` throws for the `isa` ivar; the ivar is
  ///   unchanged.
  /// - Complexity: O(1) for a scalar or an object (its stripe lock), O(*n*) in a struct's members.
  ///
  /// Objective-C: `object_setIvar`
  public func setValue(_ value: Value, for ivar: Ivar) throws(RuntimeError) {
    if ivar.isIsa { return try setIsa(value) }
    try checkAccess(ivar)
    try storage.store(value, ivar)
  }

  /// Throws unless `ivar`'s bytes can be used in this object: it was allocated with the ivar, or
  /// its class (or a superclass) declares it and the bytes are of the kinds the ivar expects.
  private func checkAccess(_ ivar: Ivar) throws(RuntimeError) {
    if storage.wasAllocated(with: ivar) { return }
    guard let runtime, runtime.withState({ state in isa.declares(ivar, &state) }) else {
      throw RuntimeError(.unknownIvar, "\(description) has no ivar '\(ivar.name)' of type '\(ivar.type)'")
    }
    guard storage.hosts(ivar) else {
      throw RuntimeError(
        .incompatibleLayout,
        "\(description) was allocated as a \(storage.allocatedSize)-byte object whose bytes at offset \(ivar.offset) are not a '\(ivar.type)' ('\(ivar.name)' of \(ivar.className))")
    }
  }

  /// A write of NSObject's `isa` ivar: objc4 stores the word, which with a plain class pointer
  /// makes the object an instance of that class; here that is `object_setClass`, so the
  /// bookkeeping (instance counts, the event) and the checks (a registered class of this
  /// runtime, not a metaclass, not a class object's isa) are the same. Nil is refused: an object
  /// without an isa cannot receive a message.
  private func setIsa(_ value: Value) throws(RuntimeError) {
    guard let cls = value.classValue else {
      throw RuntimeError(.typeMismatch, "cannot use \(value.kindDescription) as the isa of \(description): only a class can be an isa")
    }
    try setClass(cls)
  }

  private func ivarForAccess(named name: String) throws(RuntimeError) -> Ivar {
    guard let ivar = isa.ivar(named: name) else {
      throw RuntimeError(.unknownIvar, "\(isa.name) has no ivar named '\(name)'")
    }
    return ivar
  }
}
