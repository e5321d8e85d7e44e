// Category.swift: a category: a named bundle of instance methods, class methods, properties
// and protocols for an existing class, attached when its image is loaded.
//
// Docs: docs/runtime.md#categories-and-load. Tests: Tests/MiniRuntimeTests/CategoryTests.swift.
//
// Model: objc4's `category_t`, data the compiler emits and the image loader attaches
// (Class+Categories.swift). A `Category` is a value built before loading; every entry is checked
// when added (selector, encoding, duplicates), so attaching cannot fail half-way.

/// A category on a class: `@interface Person (Flying) … @end`.
///
/// ```swift
/// var flying = try Category(named: "Flying", on: "Person")
/// try flying.addInstanceMethod("fly", types: "@16@0:8") { _, _, _ in "flying" }
/// try flying.addClassMethod("load", types: "v16@0:8") { _, _, _ in .nil }
/// var image = Image(named: "Zoo")
/// image.addCategory(flying)
/// try runtime.loadImage(image)   // attaches it, then calls +[Person(Flying) load]
/// ```
///
/// Objective-C: `Category` / `category_t`
public struct Category: Sendable {
  /// One method of a category.
  ///
  /// Objective-C: none (objc4's `method_t` in a category's method list).
  public struct MethodEntry: Sendable {
    /// The method's name.
    ///
    /// Objective-C: none (`method_t.name`).
    public let selector: Selector
    /// The parsed type encoding.
    ///
    /// Objective-C: none (`method_t.types`).
    public let signature: MethodSignature
    /// The code, labelled `-[Person(Flying) fly]`.
    ///
    /// Objective-C: none (`method_t.imp`).
    public let implementation: Implementation
  }

  /// The category's name (`Flying` in `Person (Flying)`).
  ///
  /// Objective-C: none (`category_t.name`).
  public let name: String

  /// The name of the class the category extends.
  ///
  /// Objective-C: none (`category_t.cls`).
  public let className: String

  /// The instance methods, in the order added.
  ///
  /// Objective-C: none (`category_t.instanceMethods`).
  public private(set) var instanceMethods: [MethodEntry] = []

  /// The class methods, in the order added.
  ///
  /// Objective-C: none (`category_t.classMethods`).
  public private(set) var classMethods: [MethodEntry] = []

  /// The instance properties, in the order added.
  ///
  /// Objective-C: none (`category_t.instanceProperties`).
  public private(set) var instanceProperties: [Property] = []

  /// The class properties (`@property (class)`), in the order added.
  ///
  /// Objective-C: none (`category_t._classProperties`).
  public private(set) var classProperties: [Property] = []

  /// The protocols the category adopts for its class.
  ///
  /// Objective-C: none (`category_t.protocols`).
  public private(set) var protocols: [Protocol] = []

  /// An empty category `name` on the class named `className`.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidName` if either holds a NUL (any other text is
  ///   taken, as objc4 takes it).
  ///
  /// Objective-C: none (`@interface ClassName (Name)`).
  public init(named name: String, on className: String) throws(RuntimeError) {
    if let problem = Ivar.cStringProblem(withName: name) {
      throw RuntimeError(.invalidName, "category: invalid category name '\(name)': \(problem)")
    }
    if let problem = Ivar.cStringProblem(withName: className) {
      throw RuntimeError(.invalidName, "category \(name): invalid class name '\(className)': \(problem)")
    }
    self.name = name
    self.className = className
  }

  /// `Person(Flying)`.
  ///
  /// Objective-C: none (how objc4 names a category in messages and symbols).
  public var label: String { "\(className)(\(name))" }

  /// Adds an instance method.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidSelectorName` (the null selector, a NUL in the
  ///   name), `invalidTypeEncoding` (also when
  ///   the encoding does not match the selector's arity) or `duplicateName` (the category already
  ///   has an instance method of that name).
  ///
  /// Objective-C: none (a method in `@implementation Person (Flying)`).
  public mutating func addInstanceMethod(_ selector: Selector, types: String, _ body: @escaping ImplementationBody) throws(RuntimeError) {
    instanceMethods.append(try entry(selector, types: types, isClassMethod: false, body, in: instanceMethods))
  }

  /// Adds a class method (a `+load` here is called when the image is loaded).
  ///
  /// - Throws: As ``addInstanceMethod(_:types:_:)``.
  ///
  /// Objective-C: none (a `+` method in `@implementation Person (Flying)`).
  public mutating func addClassMethod(_ selector: Selector, types: String, _ body: @escaping ImplementationBody) throws(RuntimeError) {
    classMethods.append(try entry(selector, types: types, isClassMethod: true, body, in: classMethods))
  }

  /// Adds a property declaration (of instances, or with `isClassProperty` of the class).
  ///
  /// - Throws: ``RuntimeError`` with code `invalidName`, `invalidPropertyAttributes` or
  ///   `duplicateName`.
  ///
  /// Objective-C: none (`@property` in `@interface Person (Flying)`).
  public mutating func addProperty(_ name: String, attributes: String, isClassProperty: Bool = false) throws(RuntimeError) {
    if let problem = Ivar.cStringProblem(withName: name) {
      throw RuntimeError(.invalidName, "category \(label): invalid property name '\(name)': \(problem)")
    }
    let property = Property(name: name, attributes: try PropertyAttributes(attributes))
    let existing = isClassProperty ? classProperties : instanceProperties
    guard !existing.contains(where: { $0.name == name }) else {
      throw RuntimeError(.duplicateName, "category \(label) already declares property '\(name)'")
    }
    if isClassProperty { classProperties.append(property) } else { instanceProperties.append(property) }
  }

  /// Makes the class adopt `proto` when the category is attached.
  ///
  /// Objective-C: none (`@interface Person (Flying) <Flyer>`).
  public mutating func addProtocol(_ proto: Protocol) {
    if !protocols.contains(where: { $0 === proto }) { protocols.append(proto) }
  }

  private func entry(
    _ selector: Selector, types: String, isClassMethod: Bool, _ body: @escaping ImplementationBody, in list: [MethodEntry]
  ) throws(RuntimeError) -> MethodEntry {
    let selector = try selector.nameable("category \(label)")
    let signature = try MethodSignature.ofMethod(types)
    guard !list.contains(where: { $0.selector == selector }) else {
      throw RuntimeError(
        .duplicateName, "category \(label) already has \(isClassMethod ? "class" : "instance") method '\(selector.name)'")
    }
    let implementation = Implementation(function: "\(isClassMethod ? "+" : "-")[\(label) \(selector.name)]", body)
    return MethodEntry(selector: selector, signature: signature, implementation: implementation)
  }
}
