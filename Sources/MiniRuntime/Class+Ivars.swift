// Class+Ivars.swift: declaring and finding instance variables.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/IvarTests.swift,
// ClassPairTests.swift.

extension Class {
  /// Adds an ivar to a class that is still under construction.
  ///
  /// ```swift
  /// let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
  /// try person.addIvar("_age", type: .longLong)
  /// try runtime.registerClassPair(person)
  /// try person.addIvar("_name", type: .object(className: "NSString"))
  /// // throws invalidClassState: "class_addIvar: cannot add ivar '_name' to Person: the class is
  /// // already registered and its instances have a fixed layout"
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidClassState` (registered, disposed, metaclass),
  ///   `invalidName`, `duplicateName` (also for an inherited ivar of that name) or
  ///   `invalidTypeEncoding` (a type no value can be stored in, such as a union or bit field).
  ///
  /// Objective-C: `class_addIvar`
  public func addIvar(_ name: String, type: TypeEncoding) throws(RuntimeError) {
    guard let runtime = weakRuntime else {
      throw RuntimeError(.foreignRuntime, "class_addIvar: the runtime of \(self.name) no longer exists")
    }
    guard !isMetaclass else {
      throw RuntimeError(.invalidClassState, "class_addIvar: cannot add ivar '\(name)' to a metaclass")
    }
    if let problem = Ivar.problem(withName: name) {
      throw RuntimeError(.invalidName, "class_addIvar: invalid ivar name '\(name)': \(problem)")
    }
    guard let storage = InstanceLayout.Storage(for: type) else {
      throw RuntimeError(
        .invalidTypeEncoding, "class_addIvar: ivar '\(name)' has type '\(type)', which MiniKVO cannot store")
    }
    try runtime.withState { state throws(RuntimeError) in
      let data = locked(&state)
      guard data.state == .constructing else {
        throw RuntimeError(
          .invalidClassState,
          "class_addIvar: cannot add ivar '\(name)' to \(self.name): the class is already \(data.state == .registered ? "registered and its instances have a fixed layout" : "disposed")")
      }
      guard findIvar(named: name, &state) == nil else {
        throw RuntimeError(.duplicateName, "class_addIvar: \(self.name) already has an ivar named '\(name)'")
      }
      let offset = data.layout.slots.count + data.ivars.count
      data.ivars.append(Ivar(name: name, type: type, offset: offset, className: self.name, storage: storage))
      state.record(.ivarAdded(class: self.name, name: name, type: type.description))
    }
  }

  /// Adds an ivar whose type is given as an encoding string (`"q"`, `"@\"NSString\""`).
  ///
  /// Objective-C: `class_addIvar`
  public func addIvar(_ name: String, type: String) throws(RuntimeError) {
    try addIvar(name, type: try TypeEncoding(type))
  }

  /// The ivar named `name`, searching superclasses.
  ///
  /// Objective-C: `class_getInstanceVariable`
  public func ivar(named name: String) -> Ivar? {
    guard let runtime = weakRuntime else { return nil }
    return runtime.withState { state in findIvar(named: name, &state) }
  }

  /// The class's own ivars in declaration order.
  ///
  /// Objective-C: `class_copyIvarList`
  public var ivarList: [Ivar] { withMetadata { $0.ivars } }

  /// The number of ivar slots an instance has, inherited ones included.
  ///
  /// MiniKVO counts slots, where Objective-C counts bytes.
  ///
  /// Objective-C: `class_getInstanceSize`
  public var instanceSize: Int { withMetadata { $0.layout.slots.count + ($0.state == .constructing ? $0.ivars.count : 0) } }

  /// Finds an ivar in this class or a superclass. Locking: caller holds `Runtime.lock`.
  func findIvar(named name: String, _ state: inout Runtime.State) -> Ivar? {
    var each: Class? = self
    while let cls = each {
      let data = cls.locked(&state)
      if let ivar = data.ivars.first(where: { $0.name == name }) { return ivar }
      each = data.superclass
    }
    return nil
  }
}
