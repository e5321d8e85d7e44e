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
  /// - Complexity: O(1); a reference takes its stripe lock.
  ///
  /// Objective-C: `object_getIvar`
  public func value(for ivar: Ivar) throws(RuntimeError) -> Value {
    try checkHosts(ivar)
    return storage.load(ivar)
  }

  /// Stores `value` in `ivar`, converting it to the ivar's type.
  ///
  /// - Throws: ``RuntimeError`` with code `unknownIvar` or `typeMismatch`; the ivar is unchanged.
  /// - Complexity: O(1); a reference takes its stripe lock.
  ///
  /// Objective-C: `object_setIvar`
  public func setValue(_ value: Value, for ivar: Ivar) throws(RuntimeError) {
    try checkHosts(ivar)
    try storage.store(value, ivar)
  }

  /// Throws unless this object has `ivar`, of `ivar`'s type, at `ivar`'s place.
  private func checkHosts(_ ivar: Ivar) throws(RuntimeError) {
    guard storage.hostsExactly(ivar) else {
      throw RuntimeError(.unknownIvar, "\(description) has no ivar '\(ivar.name)' of type '\(ivar.type)'")
    }
  }

  private func ivarForAccess(named name: String) throws(RuntimeError) -> Ivar {
    guard let ivar = isa.ivar(named: name) else {
      throw RuntimeError(.unknownIvar, "\(isa.name) has no ivar named '\(name)'")
    }
    return ivar
  }
}
