// Class+Properties.swift: declared properties and `@synthesize`.
//
// Docs: docs/runtime.md#properties. Tests: Tests/MiniRuntimeTests/PropertyTests.swift.
//
// `synthesizeProperty` does what the compiler does for `@property` + `@synthesize`: an ivar
// `_name`, the property with its attribute string, and a getter and setter backed by the ivar.
// The accessors check that the receiver really has that ivar slot (an implementation moved to
// another class by swizzling throws instead of touching the wrong memory).

/// Options of a synthesized property, mirroring `@property (...)` attributes.
///
/// Objective-C: the attributes in `@property (nonatomic, copy) NSString *name;`
public struct PropertyOptions: OptionSet, Sendable, Hashable {
  /// The raw bits.
  ///
  /// Objective-C: none (Swift `OptionSet`).
  public let rawValue: UInt8

  /// Creates options from raw bits.
  ///
  /// Objective-C: none (Swift `OptionSet`).
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// `readonly`: no setter is synthesized.
  ///
  /// Objective-C: `readonly` (attribute `R`)
  public static let readonly = PropertyOptions(rawValue: 1 << 0)
  /// `copy`: the setter sends `copy` to objects (values are copies already).
  ///
  /// Objective-C: `copy` (attribute `C`)
  public static let copy = PropertyOptions(rawValue: 1 << 1)
  /// `strong` / `retain`.
  ///
  /// Objective-C: `strong` / `retain` (attribute `&`)
  public static let retain = PropertyOptions(rawValue: 1 << 2)
  /// `nonatomic`: the accessors take no lock of their own. Without it, a struct property's
  /// accessors copy the struct under a `StructLocks` stripe, as objc4's `objc_copyStruct`, so a
  /// getter never sees half of a setter's value, and an object getter retains and autoreleases
  /// what it reads, as objc4's `objc_getProperty`; word-sized ivars are atomic anyway. It is
  /// recorded in the attribute string.
  ///
  /// Objective-C: `nonatomic` (attribute `N`)
  public static let nonatomic = PropertyOptions(rawValue: 1 << 3)
  /// `weak`: the ivar is `__weak`: it does not keep its object alive and reads `nil` once the
  /// object is deallocated.
  ///
  /// Objective-C: `weak` (attribute `W`)
  public static let weak = PropertyOptions(rawValue: 1 << 4)
}

extension Class {
  /// Declares a property.
  ///
  /// ```swift
  /// try person.addProperty("name", attributes: "T@\"NSString\",C,N,V_name")
  /// person.property(named: "name")?.attributes.isCopy   // true
  /// ```
  ///
  /// Properties can be added after registration (they add no storage).
  ///
  /// - Returns: `false` if the class or a superclass already declares a property of that name
  ///   (nothing changes): objc4 checks with `class_getProperty`, which walks the superclasses.
  /// - Throws: ``RuntimeError`` with code `invalidName` or `invalidPropertyAttributes`.
  ///
  /// Objective-C: `class_addProperty`
  @discardableResult
  public func addProperty(_ name: String, attributes: String) throws(RuntimeError) -> Bool {
    try addProperty(name, attributes: try PropertyAttributes(attributes))
  }

  /// Declares a property from parsed attributes.
  ///
  /// Objective-C: `class_addProperty`
  @discardableResult
  public func addProperty(_ name: String, attributes: PropertyAttributes) throws(RuntimeError) -> Bool {
    try declareProperty(name, attributes: attributes, replacing: false, "class_addProperty")
  }

  /// Replaces the attributes of the property `name` where it is declared, in this class or, as
  /// objc4 finds it with `class_getProperty`, in a superclass (whose property then changes for
  /// every subclass); declares it in this class if no class in the chain has it.
  ///
  /// ```swift
  /// try person.replaceProperty("name", attributes: "T@\"NSString\",&,N,V_name")
  /// person.property(named: "name")?.attributes.isCopy   // false now
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidName` or `invalidPropertyAttributes`
  ///   (nothing changes).
  ///
  /// Objective-C: `class_replaceProperty`
  public func replaceProperty(_ name: String, attributes: String) throws(RuntimeError) {
    _ = try declareProperty(name, attributes: try PropertyAttributes(attributes), replacing: true, "class_replaceProperty")
  }

  /// `class_addProperty` and `class_replaceProperty`: adds the property, or, when the class
  /// already declares one of that name, replaces it (`replacing`) or leaves it (returns `false`).
  private func declareProperty(
    _ name: String, attributes: PropertyAttributes, replacing: Bool, _ function: String
  ) throws(RuntimeError) -> Bool {
    guard let runtime = linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "\(function): the runtime of \(self.name) no longer exists")
    }
    if let problem = Ivar.cStringProblem(withName: name) {
      throw RuntimeError(.invalidName, "\(function): invalid property name '\(name)': \(problem)")
    }
    return try runtime.withState { state throws(RuntimeError) -> Bool in
      guard locked(&state).state != .disposed else {
        throw RuntimeError(.invalidClassState, "\(function): class '\(self.name)' was disposed")
      }
      let property = Property(name: name, attributes: attributes)
      // objc4 looks the name up with class_getProperty, which walks the superclasses: a
      // superclass's property counts as already there, and a replacement changes it where it is.
      var each: Class? = self
      while let cls = each {
        let data = cls.locked(&state)
        if let index = data.properties.firstIndex(where: { $0.name == name }) {
          guard replacing else { return false }
          data.properties[index] = property
          state.record(.propertyAdded(class: cls.name, name: name, attributes: attributes.description))
          return true
        }
        each = data.superclass
      }
      // A new property goes in front, as class_addProperty attaches a one-entry list (attachLists).
      locked(&state).properties.insert(property, at: 0)
      state.record(.propertyAdded(class: self.name, name: name, attributes: attributes.description))
      return true
    }
  }

  /// The property named `name`, searching superclasses.
  ///
  /// Objective-C: `class_getProperty`
  public func property(named name: String) -> Property? {
    var each: Class? = self
    while let cls = each {
      if let found = cls.propertyList.first(where: { $0.name == name }) { return found }
      each = cls.superclass
    }
    return nil
  }

  /// The class's own properties, newest first: `class_addProperty` (and so
  /// ``synthesizeProperty(_:type:options:)``) and each category put theirs in front, as objc4
  /// attaches lists. A compiled class's (an image's, or NSObject's) own list comes after them in
  /// declared order, ending with its protocols' properties it does not declare itself.
  ///
  /// Objective-C: `class_copyPropertyList`
  public var propertyList: [Property] { withMetadata { $0.properties } }

  /// Adds the ivar `_name`, the property `name` and its accessors `name` / `setName:`, as
  /// `@property` with `@synthesize` would. The class must be under construction.
  ///
  /// ```swift
  /// try person.synthesizeProperty("age", type: .longLong)
  /// try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
  /// // ivars _age, _name; properties "Tq,V_age" and "T@\"NSString\",C,N,V_name";
  /// // methods (newest first) setName:, name, setAge:, age
  /// ```
  ///
  /// Accessors the class already defines are kept, as `@synthesize` keeps hand-written ones.
  ///
  /// - Throws: As ``addIvar(_:type:)-(_,TypeEncoding)`` and ``addProperty(_:attributes:)-(_,String)``.
  ///
  /// Objective-C: `@property` + `@synthesize`
  public func synthesizeProperty(_ name: String, type: TypeEncoding, options: PropertyOptions = []) throws(RuntimeError) {
    let ivarName = "_" + name
    var attributes: [PropertyAttributes.Attribute] = [.type(type)]
    if options.contains(.readonly) { attributes.append(.readonly) }
    if options.contains(.copy) { attributes.append(.copy) }
    if options.contains(.retain) { attributes.append(.retain) }
    if options.contains(.nonatomic) { attributes.append(.nonatomic) }
    if options.contains(.weak) { attributes.append(.weak) }
    attributes.append(.ivar(ivarName))
    let parsed = try PropertyAttributes(attributes)
    if let problem = Ivar.problem(withName: name) {
      throw RuntimeError(.invalidName, "synthesizeProperty: invalid property name '\(name)': \(problem)")
    }
    if type.unqualified.isBitField {
      throw RuntimeError(
        .invalidTypeEncoding, "synthesizeProperty: '\(name)' has type '\(type)': a property cannot be a bit field, as in C")
    }
    if let opaque = ValueLayout(type).opaquePart {
      throw RuntimeError(
        .invalidTypeEncoding,
        "synthesizeProperty: '\(name)' has type '\(type)': no Value holds a \(opaque.cDeclaration) ('\(opaque)'), so its accessors could not read or write it")
    }
    try addIvar(ivarName, type: type, size: type.size, log2Alignment: Self.log2(type.alignment), isWeak: options.contains(.weak))
    try addProperty(name, attributes: parsed)
    guard let ivar = ivarList.last, ivar.name == ivarName else { return }
    let property = Property(name: name, attributes: parsed)
    try addMethod(
      property.getter, types: MethodSignature(returning: type.forMethodSignature, arguments: []).withFrameOffsets().description,
      implementation: Self.synthesizedGetter(for: ivar, atomic: !options.contains(.nonatomic), label: label(for: property.getter)))
    if let setter = property.setter {
      try addMethod(
        setter, types: MethodSignature(returning: .void, arguments: [type.forMethodSignature]).withFrameOffsets().description,
        implementation: Self.synthesizedSetter(
          for: ivar, copies: options.contains(.copy), atomic: !options.contains(.nonatomic), label: label(for: setter)))
    }
  }
}
