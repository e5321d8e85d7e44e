// FoundationClasses.swift: installing Foundation's classes into a runtime.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/FoundationClassesTests.swift.
//
// Model: the first use of Foundation in a runtime (boxing a value, `installFoundation()`, or KVO
// loading) loads Foundation's image (FoundationImage.swift), as linking Foundation would: the
// public abstract classes (`NSArray`, `NSMutableArray`, …) with their methods, and the private
// concrete classes `+alloc` hands out (`__NSArrayI`, `__NSArrayM`, …), which add no methods of
// their own. The handles are
// kept in a runtime-local slot (what Foundation keeps in its globals), made once under the
// runtime's creation lock; after that, reads take no lock but the slot's spin lock.
// Foundation's singletons, `NSNull`'s one instance and the two `__NSCFBoolean`s (`kCFBooleanTrue`
// and `kCFBooleanFalse`, which every `@YES` and `@NO` is), are held weakly (an instance holds its
// runtime, so a strong reference from the runtime's own slot would keep the runtime alive
// forever): each is made again only when nobody holds the previous one, so no two are ever alive
// at once, and `==` on pointers answers as on Apple.

/// The classes of one runtime's Foundation.
final class FoundationClasses: Sendable {
  private static let slot = RuntimeLocal<FoundationClasses>("MiniFoundation.classes")

  let array, mutableArray, arrayI, arrayM: Class
  let dictionary, mutableDictionary, dictionaryI, dictionaryM: Class
  let set, mutableSet, setI, setM, countedSet: Class
  let orderedSet, mutableOrderedSet, orderedSetI, orderedSetM: Class
  /// The classes of an ordered set's live `-array` and `-set` views (OrderedSetViews.swift).
  let orderedSetArrayProxy, orderedSetSetProxy: Class
  let string, mutableString, stringConcrete: Class
  let value, number, numberConcrete, boolean, valueConcrete, decimalNumber, decimalNumberHandler: Class
  let null: Class
  let indexSet, mutableIndexSet: Class
  /// `_NSCachedIndexSet`, the class of an immutable set of one index made by `-initWithIndex:`.
  let cachedIndexSet: Class
  let swiftValue: Class
  let enumerator: Class
  let sortDescriptor: Class
  let characterSet, mutableCharacterSet, characterSetConcrete: Class
  /// `NSProxy`, Foundation's second root class (NSProxy.swift).
  let proxy: Class
  /// NSObject's own `-isEqual:` and `-hash` when Foundation loaded: an object whose class runs
  /// other ones has its own equality, which collections reach by message (MessageEquality.swift).
  let rootIsEqual, rootHash: Implementation
  private let nullInstance = Locked<WeakReference<Object>?>(nil)
  private let yesInstance = Locked<WeakReference<Object>?>(nil)
  private let noInstance = Locked<WeakReference<Object>?>(nil)
  private let decimalHandlerInstance = Locked<WeakReference<Object>?>(nil)

  /// Code that runs in every runtime Foundation loads into (layers above add their categories).
  private static let loadHandlers = Locked<[@Sendable (Runtime) throws -> Void]>([])

  /// The Foundation of `runtime`, installed on first use (then the load handlers run, under the
  /// runtime's creation lock, with events held back until it is released).
  ///
  /// - Throws: ``FoundationError`` if a class Foundation defines already exists with that name.
  static func of(_ runtime: Runtime) throws(FoundationError) -> FoundationClasses {
    if let existing = slot.value(in: runtime) { return existing }
    do {
      return try slot.value(in: runtime) {
        let classes = try FoundationClasses(runtime)
        for handler in loadHandlers.withLock({ $0 }) { try handler(runtime) }
        return classes
      }
    } catch {
      throw FoundationError(.invalidArgument, "Foundation cannot be loaded into this runtime: \(error)")
    }
  }

  /// The Foundation of `runtime` if it is installed; never installs it.
  static func installed(in runtime: Runtime) -> FoundationClasses? { slot.value(in: runtime) }

  /// Adds a handler run in every runtime Foundation loads into from now on.
  static func addLoadHandler(_ handler: @escaping @Sendable (Runtime) throws -> Void) {
    loadHandlers.withLock { $0.append(handler) }
  }

  /// The Foundation of the runtime `object` belongs to, if it is installed.
  static func installed(for object: Object) -> FoundationClasses? {
    object.runtime.flatMap { slot.value(in: $0) }
  }

  /// The Foundation of the runtime `object` belongs to.
  static func of(_ object: Object) throws -> FoundationClasses {
    guard let runtime = object.runtime else {
      throw FoundationError(.invalidArgument, "\(object) belongs to a runtime that no longer exists")
    }
    return try of(runtime)
  }

  private init(_ runtime: Runtime) throws {
    let root = runtime.rootClass
    rootIsEqual = root.methodImplementationWithoutResolver(for: "isEqual:")
    rootHash = root.methodImplementationWithoutResolver(for: "hash")
    let image = FoundationImage(runtime)
    let made = try image.load()
    func cls(_ name: String) throws -> Class {
      guard let cls = made[name] else {
        throw FoundationError(.invalidArgument, "Foundation's image did not make \(name)")
      }
      return cls
    }
    array = try cls("NSArray")
    mutableArray = try cls("NSMutableArray")
    arrayI = try cls("__NSArrayI")
    arrayM = try cls("__NSArrayM")
    dictionary = try cls("NSDictionary")
    mutableDictionary = try cls("NSMutableDictionary")
    dictionaryI = try cls("__NSDictionaryI")
    dictionaryM = try cls("__NSDictionaryM")
    set = try cls("NSSet")
    mutableSet = try cls("NSMutableSet")
    setI = try cls("__NSSetI")
    setM = try cls("__NSSetM")
    countedSet = try cls("NSCountedSet")
    orderedSet = try cls("NSOrderedSet")
    mutableOrderedSet = try cls("NSMutableOrderedSet")
    orderedSetI = try cls("__NSOrderedSetI")
    orderedSetM = try cls("__NSOrderedSetM")
    orderedSetArrayProxy = try cls("__NSOrderedSetArrayProxy")
    orderedSetSetProxy = try cls("__NSOrderedSetSetProxy")
    string = try cls("NSString")
    mutableString = try cls("NSMutableString")
    stringConcrete = try cls("__NSCFString")
    value = try cls("NSValue")
    number = try cls("NSNumber")
    numberConcrete = try cls("__NSCFNumber")
    boolean = try cls("__NSCFBoolean")
    valueConcrete = try cls("NSConcreteValue")
    decimalNumber = try cls("NSDecimalNumber")
    decimalNumberHandler = try cls("NSDecimalNumberHandler")
    null = try cls("NSNull")
    indexSet = try cls("NSIndexSet")
    mutableIndexSet = try cls("NSMutableIndexSet")
    cachedIndexSet = try cls("_NSCachedIndexSet")
    swiftValue = try cls("__SwiftValue")
    enumerator = try cls("NSEnumerator")
    sortDescriptor = try cls("NSSortDescriptor")
    characterSet = try cls("NSCharacterSet")
    mutableCharacterSet = try cls("NSMutableCharacterSet")
    characterSetConcrete = try cls("__NSCFCharacterSet")
    proxy = try cls("NSProxy")
  }

  /// The runtime's `NSNull` instance (`[NSNull null]`).
  func nullObject() throws(RuntimeError) -> Object {
    try Self.singleton(in: nullInstance) { () throws(RuntimeError) in try null.createInstance(bridgedStorage: ScalarStorage(.null)) }
  }

  /// The runtime's shared default `NSDecimalNumberHandler` (`+defaultDecimalNumberHandler`).
  func defaultDecimalHandler() throws(RuntimeError) -> Object {
    try Self.singleton(in: decimalHandlerInstance) { () throws(RuntimeError) in
      try decimalNumberHandler.createInstance(bridgedStorage: DecimalHandlerStorage())
    }
  }

  /// The runtime's `kCFBooleanTrue` or `kCFBooleanFalse`: every `[NSNumber numberWithBool:]` and
  /// every boxed `Bool` is one of the two.
  func booleanObject(_ yes: Bool) throws(RuntimeError) -> Object {
    try Self.singleton(in: yes ? yesInstance : noInstance) { () throws(RuntimeError) in
      try boolean.createInstance(bridgedStorage: ScalarStorage(.bool(yes)))
    }
  }

  /// The object `slot` holds if it is still alive, else a new one from `make`, kept weakly and
  /// outside the weak table: `objc_destructInstance` of a singleton does not make the next request
  /// answer a second object, as Apple's static `kCFNull` and `kCFBooleanTrue` stay the same.
  private static func singleton(
    in slot: Locked<WeakReference<Object>?>, _ make: () throws(RuntimeError) -> Object
  ) throws(RuntimeError) -> Object {
    try slot.withLock { (reference: inout WeakReference<Object>?) throws(RuntimeError) -> Object in
      if let existing = reference?.object { return existing }
      let made = try make()
      reference = WeakReference(outsideWeakTable: made)
      return made
    }
  }

  /// The concrete class a new collection of `kind` gets, immutable or mutable.
  func concreteClass(for kind: CollectionKind, mutable: Bool) -> Class {
    switch kind {
    case .array: return mutable ? arrayM : arrayI
    case .dictionary: return mutable ? dictionaryM : dictionaryI
    case .set: return mutable ? setM : setI
    case .orderedSet: return mutable ? orderedSetM : orderedSetI
    case .indexSet: return mutable ? mutableIndexSet : indexSet
    }
  }
}

/// The instance and class methods of one Foundation class.
struct ClassMethods: Sendable {
  var instance: [MethodEntry] = []
  var classSide: [MethodEntry] = []

  /// These methods and `instance` and `classSide` too.
  func adding(_ instance: [MethodEntry], classSide: [MethodEntry] = []) -> ClassMethods {
    ClassMethods(instance: self.instance + instance, classSide: self.classSide + classSide)
  }
}

/// The kinds of collection Foundation has, for making one.
enum CollectionKind: Sendable {
  case array, dictionary, set, orderedSet, indexSet
}

extension Runtime {
  /// Installs Foundation's classes (`NSArray`, `NSDictionary`, `NSSet`, `NSOrderedSet`,
  /// `NSString`, `NSNumber`, `NSDecimalNumber`, `NSValue`, `NSNull`, `NSIndexSet` and their mutable and private
  /// concrete subclasses, and the root class `NSProxy`) into this runtime.
  ///
  /// Boxing a value and every KVC/KVO call do this on first use; call it yourself before looking
  /// the classes up by name (as linking Foundation would have done). Calling it again does nothing.
  ///
  /// ```swift
  /// try runtime.installFoundation()
  /// runtime.lookUpClass(named: "NSMutableArray")?.superclass?.name   // "NSArray"
  /// ```
  ///
  /// - Throws: ``FoundationError`` if this runtime already has a class with one of those names.
  ///
  /// Objective-C: none (linking Foundation).
  public func installFoundation() throws(FoundationError) {
    _ = try FoundationClasses.of(self)
  }

  /// Whether Foundation's classes are installed in this runtime. Nothing installs them but
  /// ``installFoundation()``, boxing a value, and the layers that need them (KVO's collection
  /// support), so a runtime's class list stays the program's own until then.
  ///
  /// Objective-C: none (whether Foundation is linked).
  public var hasFoundation: Bool { FoundationClasses.installed(in: self) != nil }

  /// Runs `handler` in every runtime Foundation loads into from now on, right after its classes
  /// are made (and before anything can use them), as a category's `+load` runs when the image
  /// that holds it is loaded. Key-value coding adds its collection categories this way.
  ///
  /// - Parameter handler: Runs under the runtime's creation lock with its events held back: it
  ///   may add methods and classes, but must not run user code. What it throws makes the
  ///   installation fail.
  ///
  /// Objective-C: none (`+load` of a category in an image that links Foundation).
  public static func whenFoundationLoads(_ handler: @escaping @Sendable (Runtime) throws -> Void) {
    FoundationClasses.addLoadHandler(handler)
  }
}
