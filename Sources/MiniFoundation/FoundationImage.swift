// FoundationImage.swift: Foundation's classes as one image, loaded the way dyld loads a linked
// framework.
//
// Docs: docs/foundation.md#the-classes, docs/decisions/0055-system-images.md.
// Tests: Tests/MiniFoundationTests/FoundationImageTests.swift.
//
// Model: on Apple, Foundation's classes are compiled into Foundation's binary, so
// `class_getImageName` answers Foundation's path, `objc_copyClassNamesForImage` lists them, and
// their ivar layouts are clang's (NULL for a class without ivars). Here they are the classes of an
// `Image` named ``Image/foundationPath``, loaded with `Runtime.loadImage` when Foundation is first
// used. Each definition adds the class's methods (and NSProxy its protocol) and hands the class
// back through `made`, so FoundationClasses.swift keeps its own handles, never a name lookup.
// Locking: `load()` runs under the runtime's creation lock (FoundationClasses.of) inside
// `deferringEvents`: the runtime holds back the image's load-image functions until the lock is
// released (decision 0055), and the image brings no `+load`. `made` is a `Locked` dictionary
// only because definitions are `@Sendable`; they run one after another on this thread.

/// The definition of Foundation's image in one runtime.
struct FoundationImage {
  private let runtime: Runtime
  private let made = Locked<[String: Class]>([:])
  private var image = Image(named: Image.foundationPath)

  init(_ runtime: Runtime) {
    self.runtime = runtime
    let root = runtime.rootClass
    add("NSArray", "NSObject", NSArrayMethods.all.adding(CollectionConveniences.array))
    add(
      "NSMutableArray", "NSArray",
      NSMutableArrayMethods.all.adding(CollectionConveniences.mutableArray, classSide: CollectionConveniences.mutableArrayClass))
    add("__NSArrayI", "NSArray")
    add("__NSArrayM", "NSMutableArray")
    add(
      "NSDictionary", "NSObject",
      NSDictionaryMethods.all.adding(CollectionConveniences.dictionary, classSide: CollectionConveniences.dictionaryClass))
    add(
      "NSMutableDictionary", "NSDictionary",
      NSMutableDictionaryMethods.all.adding(CollectionConveniences.mutableDictionary, classSide: CollectionConveniences.mutableDictionaryClass))
    add("__NSDictionaryI", "NSDictionary")
    add("__NSDictionaryM", "NSMutableDictionary")
    add("NSSet", "NSObject", NSSetMethods.all.adding(CollectionConveniences.set))
    add(
      "NSMutableSet", "NSSet",
      NSMutableSetMethods.all.adding(CollectionConveniences.mutableSet, classSide: CollectionConveniences.mutableSetClass))
    add("__NSSetI", "NSSet")
    add("__NSSetM", "NSMutableSet")
    add("NSCountedSet", "NSMutableSet", NSCountedSetMethods.all)  // concrete: no cluster
    add(
      "NSOrderedSet", "NSObject",
      NSOrderedSetMethods.all.adding(CollectionConveniences.orderedSet, classSide: CollectionConveniences.orderedSetClass)
        .adding(NSOrderedSetInitializers.instance, classSide: NSOrderedSetInitializers.classSide))
    add(
      "NSMutableOrderedSet", "NSOrderedSet",
      NSMutableOrderedSetMethods.all.adding(CollectionConveniences.mutableOrderedSet, classSide: CollectionConveniences.mutableOrderedSetClass))
    add("__NSOrderedSetI", "NSOrderedSet")
    add("__NSOrderedSetM", "NSMutableOrderedSet")
    add("__NSOrderedSetArrayProxy", "NSArray", ClassMethods(instance: OrderedSetViewMethods.array))  // OrderedSetViews.swift
    add("__NSOrderedSetSetProxy", "NSSet", ClassMethods(instance: OrderedSetViewMethods.set))
    add("NSString", "NSObject", NSStringMethods.all)
    add("NSMutableString", "NSString", NSMutableStringMethods.all)
    add("__NSCFString", "NSMutableString")  // Apple's: immutable strings too (NSMutableString.swift)
    add(
      "NSValue", "NSObject",
      NSValueMethods.all.adding(
        NSValueGeometry.instance + NSValueBytes.instance, classSide: NSValueGeometry.classSide + NSValueBytes.classSide))
    add("NSNumber", "NSValue", NSNumberMethods.all.adding(NSNumberMethods.initializers))
    add("__NSCFNumber", "NSNumber")
    add("__NSCFBoolean", "NSNumber")
    add("NSConcreteValue", "NSValue")
    add(
      "NSDecimalNumber", "NSNumber",
      NSDecimalNumberMethods.all.adding(NSDecimalNumberBehaviors.instance, classSide: NSDecimalNumberDefaultBehavior.classSide))
    add("NSDecimalNumberHandler", "NSObject", NSDecimalNumberHandlerMethods.all)
    add("NSNull", "NSObject", NSNullMethods.all)
    add("NSLocale", "NSObject", NSLocaleMethods.all)
    add("NSIndexSet", "NSObject", NSIndexSetMethods.all)
    add("NSMutableIndexSet", "NSIndexSet", NSMutableIndexSetMethods.all)
    add("_NSCachedIndexSet", "NSIndexSet")  // -initWithIndex:'s one index (NSIndexSet.swift)
    add("__SwiftValue", "NSObject", SwiftValueMethods.all)
    add("NSEnumerator", "NSObject", NSEnumeratorMethods.all)
    add("NSSortDescriptor", "NSObject", NSSortDescriptorMethods.all)
    add("NSCharacterSet", "NSObject", NSCharacterSetMethods.all)
    add("NSMutableCharacterSet", "NSCharacterSet", NSMutableCharacterSetMethods.all)
    add("__NSCFCharacterSet", "NSMutableCharacterSet")  // Apple's: immutable sets too
    let nsObjectProtocol = runtime.protocol(named: "NSObject")
    add("NSProxy", nil, NSProxyMethods.all(reusing: root)) { cls in  // a root class: no superclass
      if let nsObjectProtocol { try cls.addProtocol(nsObjectProtocol) }
    }
    addKeyValueProxyClasses()  // FoundationImage+KeyValueProxies.swift
  }

  /// Adds the class `name` below `superclassName` with `methods` (and what `more` adds).
  mutating func add(
    _ name: String, _ superclassName: String?, _ methods: ClassMethods = ClassMethods(),
    _ more: @escaping @Sendable (Class) throws -> Void = { _ in }
  ) {
    let made = made
    image.addClass(name, superclass: superclassName) { cls in
      for entry in methods.instance {
        let implementation = Implementation(
          function: "-[\(name) \(entry.selector.name)]", variadic: entry.variadic, entry.body)
        try cls.addMethod(entry.selector, types: entry.types, implementation: implementation)
      }
      for entry in methods.classSide {
        let implementation = Implementation(
          function: "+[\(name) \(entry.selector.name)]", variadic: entry.variadic, entry.body)
        try cls.isa.addMethod(entry.selector, types: entry.types, implementation: implementation)
      }
      try more(cls)
      made.withLock { $0[name] = cls }
    }
  }

  /// Loads the image and answers its classes by name.
  ///
  /// - Throws: ``FoundationError`` if the runtime already has a class of one of the image's
  ///   names (linking Foundation into a program that defines `NSArray` would only log objc4's
  ///   "implemented in both"; MiniFoundation refuses, so its handles and the names agree), or
  ///   what loading throws.
  func load() throws -> [String: Class] {
    let taken = Set(runtime.classes.map(\.name))
    if let clash = image.classes.first(where: { taken.contains($0.name) }) {
      throw FoundationError(.invalidArgument, "the runtime already has a class named \(clash.name)")
    }
    try runtime.loadImage(image)
    return made.withLock { $0 }
  }
}
