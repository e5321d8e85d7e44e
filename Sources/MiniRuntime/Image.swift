// Image.swift: an image: the classes and categories a binary (an app, a framework) brings into
// a process, loaded into a runtime at once.
//
// Docs: docs/runtime.md#categories-and-load. Tests: Tests/MiniRuntimeTests/ImageTests.swift.
//
// Model: what dyld hands objc4's `map_images` / `load_images`: a class list and a category list.
// A class of an image is defined by a closure that receives the class under construction (the
// runtime's ordinary class-building calls add its ivars, methods and properties), standing for
// the class data the compiler emits. Loading is Runtime+Images.swift.

/// The classes and categories of one binary, loaded together by ``Runtime/loadImage(_:)``.
///
/// ```swift
/// var image = Image(named: "Zoo")
/// image.addClass("Animal", superclass: "NSObject") { cls in
///   try cls.addIvar("_legs", type: .int)
///   try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in .nil }   // +[Animal load]
/// }
/// image.addClass("Dog", superclass: "Animal") { _ in }
/// try runtime.loadImage(image)   // Animal, then Dog; +load called directly, superclasses first
/// ```
///
/// Objective-C: none (a Mach-O image with its `__objc_classlist` and `__objc_catlist`).
public struct Image: Sendable {
  /// A class of the image: its name, its superclass's name and its definition.
  ///
  /// Objective-C: none (a `class_ro_t` the compiler emits).
  public struct ClassDefinition: Sendable {
    /// The class's name.
    ///
    /// Objective-C: none (`class_ro_t.name`).
    public let name: String
    /// The superclass's name (a class of this image or already registered), or `nil` for a root
    /// class.
    ///
    /// Objective-C: none (`objc_class.superclass`).
    public let superclassName: String?
    /// Adds the class's ivars, methods, properties and protocols to the class under construction.
    /// The protocols and properties it adds become the class's compiled lists, in the order
    /// added, and its protocols are listed by its metaclass too, as clang emits them.
    ///
    /// Objective-C: none (the class's compiled method, ivar and property lists).
    public let define: @Sendable (Class) throws -> Void
  }

  /// The image's name (a path in objc4, such as `/usr/lib/libZoo.dylib`).
  ///
  /// Objective-C: none (the name `class_getImageName` answers).
  public let name: String

  /// The classes, in the order added (the order of `__objc_classlist`).
  ///
  /// Objective-C: none (`_getObjc2ClassList`).
  public private(set) var classes: [ClassDefinition] = []

  /// The categories, in the order added (the order of `__objc_catlist`).
  ///
  /// Objective-C: none (`_getObjc2CategoryList`).
  public private(set) var categories: [Category] = []

  /// An empty image.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(named name: String) { self.name = name }

  /// Adds a class whose superclass is `superclassName`; `define` runs when the image is loaded,
  /// after the superclass is registered and before this class is.
  ///
  /// Objective-C: none (a class in the image's class list).
  public mutating func addClass(
    _ name: String, superclass superclassName: String?, _ define: @escaping @Sendable (Class) throws -> Void
  ) {
    classes.append(ClassDefinition(name: name, superclassName: superclassName, define: define))
  }

  /// Adds a category; it is attached when the image is loaded, after the image's classes.
  ///
  /// Objective-C: none (a category in the image's category list).
  public mutating func addCategory(_ category: Category) {
    categories.append(category)
  }
}
