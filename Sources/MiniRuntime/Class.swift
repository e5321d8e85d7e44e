// Class.swift: classes and metaclasses.
//
// Docs: docs/runtime.md#classes-and-metaclasses. Tests: Tests/MiniRuntimeTests/ClassTests.swift,
// MetaclassTests.swift.
//
// Model: a class is an object; its isa is its metaclass, whose method list holds the class
// methods. Every metaclass's isa is the root metaclass, whose isa is itself and whose
// superclass is the root class, exactly as in objc4.
//
// State: `name`, `isMetaclass` and the cache object never change. Everything else mutable
// (method lists, ivars, properties, superclass, subclass list, registration state, the
// implementations the class retains) lives in `ClassMetadata`, reachable only through
// `locked(_:)`, which demands `inout Runtime.State` and so proves `Runtime.lock` is held.
// `instanceCount` is an atomic counter. The runtime reference is weak: the runtime owns its
// classes, not the other way round.

import Synchronization

/// A class or metaclass of the runtime.
///
/// ```swift
/// let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
/// try person.synthesizeProperty("age", type: .longLong)
/// try runtime.registerClassPair(person)
/// person.isa.isMetaclass             // true: the isa of a class is its metaclass
/// person.superclass?.name            // "NSObject"
/// person.methodList.map(\.selector)  // [setAge:, age] (newest first, as objc4)
/// ```
///
/// Guarantees, each pinned by a test: the metaclass graph matches objc4
/// (`MetaclassTests.rootMetaclassIsaIsItself`, `metaclassSuperclassChainMirrorsClassChain`);
/// `methodList` lists only the class's own methods (`MethodTests.methodListListsOwnMethodsOnly`),
/// newest first as objc4 (`MethodTests.methodListListsNewestMethodFirst`).
///
/// Objective-C: `Class` / `struct objc_class`
public final class Class: Object, @unchecked Sendable {
  /// The class's name.
  ///
  /// Objective-C: `class_getName` / `NSStringFromClass`
  public let name: String

  /// Whether this is a metaclass (a class whose instances are classes).
  ///
  /// Objective-C: `class_isMetaClass`
  public let isMetaclass: Bool

  /// The method cache `msgSend` reads without locking.
  let cache = MethodCache()

  /// Live instances whose isa is this class (atomic; used to refuse disposal).
  let instanceCount = Atomic<Int>(0)

  /// Class flags read without the runtime lock; written under it.
  /// Bit 0: instances refuse associated objects (objc4's `RW_FORBIDS_ASSOCIATED_OBJECTS`).
  /// Bit 1: custom retain/release (Class+CustomRetainRelease.swift). Bit 2, on a metaclass: the
  /// class it describes is initialized (Class+Initialize.swift).
  let flags = Atomic<UInt8>(0)

  /// The runtime, linked once by `attach(to:)` before the class is published, by an unowned
  /// count (UnownedReference.swift): a weak reference would give the runtime a side table.
  private let runtimeReference = UnownedReference<Runtime>()

  /// The runtime while it lives; nil once it is gone.
  var linkedRuntime: Runtime? { runtimeReference.load() }

  /// Keeps the isa alive (the metaclass; for a metaclass, the root metaclass). `nil` for a root
  /// metaclass, whose isa is itself.
  private let isaOwner: Class?

  /// The metaclass the class was made with (for a metaclass, the root metaclass): where its
  /// class methods, class properties and `+initialize` state live, and what the metaclass graph
  /// links, whatever its isa is now. A class object's isa may point at a metaclass inheriting
  /// from this one while KVO observes it (Object+Class.swift); every structural use reads this.
  var ownMetaclass: Class { isaOwner ?? self }

  private let metadata = ClassMetadata()

  /// The event hub of the class's runtime: the send path reads its tracing flag from here, so a
  /// send needs no runtime value.
  let events: EventHub

  /// Creates a class whose isa is `isa`, or itself when `isa` is `nil` (a root metaclass), with
  /// `extraBytes` of indexed ivars in the class object (`objc_duplicateClass`'s).
  init(name: String, isMetaclass: Bool, isa: Class?, events: EventHub, extraBytes: Int = 0) {
    self.name = name
    self.isMetaclass = isMetaclass
    self.events = events
    isaOwner = isa
    super.init(classObject: (), extraBytes: extraBytes)
    isaWord.store(UnretainedClass(isa ?? self).bits, ordering: .releasing)
    if isMetaclass { metadata.version = 7 }  // as objc4 realizes a metaclass (Class+Version.swift)
  }

  /// Binds the class to its runtime; called once, before any other thread can see the class.
  func attach(to runtime: Runtime) { runtimeReference.set(runtime) }

  /// The mutable metadata. Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func locked(_ state: inout Runtime.State) -> ClassMetadata { metadata }

  /// Breaks every reference cycle through this class; the class becomes an inert shell.
  /// Locking: caller holds `Runtime.lock`, or the runtime is being torn down.
  func detach(_ state: inout Runtime.State) {
    cache.flush(&state)
    metadata.clear()
  }

  /// Runs `body` on the metadata under the runtime's lock, or without it if the runtime is gone
  /// (then nothing can mutate the metadata any more).
  func withMetadata<Result>(_ body: (ClassMetadata) -> Result) -> Result {
    guard let runtime = linkedRuntime else { return body(metadata) }
    return runtime.withState { state in body(locked(&state)) }
  }

  // MARK: - Relationships

  /// The superclass, or `nil` for a root class.
  ///
  /// Objective-C: `class_getSuperclass`
  public var superclass: Class? { withMetadata { $0.superclass } }

  /// The metaclass of a class, the one made with it (where its class methods are added); for a
  /// metaclass, the root metaclass (its isa).
  ///
  /// It is the class object's isa except while KVO observes the class object: then ``Object/isa``
  /// (`object_getClass`) answers the notifying metaclass `NSKVONotifying_Person`, a subclass of
  /// this one, and this still answers `Person`'s own (docs/runtime.md#isa-swizzling).
  ///
  /// Objective-C: `object_getClass(cls)` of a class object whose isa was never switched (objc4's
  /// `objc_getMetaClass` answers the isa, switched or not: ``Runtime/metaclass(named:)``).
  public var metaclass: Class { ownMetaclass }

  /// For a metaclass, the class it describes; for a class, itself.
  ///
  /// Objective-C: none (objc4's `getNonMetaClass`).
  public var instanceClass: Class? { isMetaclass ? withMetadata { $0.instanceClass } : self }

  /// The classes whose superclass is this class, on the same side (metaclasses for a metaclass).
  ///
  /// The root metaclass, whose superclass is the root class, is not listed under the root class:
  /// it is on the other side (the runtime's own list keeps it, for cache invalidation).
  ///
  /// Objective-C: none (`objc_copyClassList` filtered by `class_getSuperclass`).
  public var subclasses: [Class] { withMetadata { $0.subclasses.filter { $0.isMetaclass == isMetaclass } } }

  /// Whether `ancestor` is this class or one of its superclasses.
  ///
  /// - Complexity: O(*d*) in the depth of the hierarchy.
  ///
  /// Objective-C: `+[NSObject isSubclassOfClass:]`
  public func isSubclass(of ancestor: Class) -> Bool {
    var cls: Class? = self
    while let each = cls {
      if each === ancestor { return true }
      cls = each.superclass
    }
    return false
  }

  /// Whether the class has been registered (and so can make instances and be looked up).
  ///
  /// Objective-C: none (objc4's `RW_CONSTRUCTED` flag).
  public var isRegistered: Bool { withMetadata { $0.state == .registered } }

  /// The number of live objects whose isa is this class.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var liveInstanceCount: Int { instanceCount.load(ordering: .relaxed) }

  /// The class's name.
  ///
  /// Objective-C: `class_getName`
  public override var description: String { name }
}

/// Where a class is in its life: allocated, registered, disposed.
///
/// Objective-C: none (objc4's `RW_CONSTRUCTING` / `RW_CONSTRUCTED` flags).
public enum ClassState: Sendable, Hashable {
  /// Allocated by `allocateClassPair` and not yet registered: ivars may still be added.
  case constructing
  /// Registered: instances can be made; the ivar layout is fixed.
  case registered
  /// Disposed: removed from the runtime; nothing more can be done with it.
  case disposed
}

/// A class's mutable metadata. Locking: every member is guarded by `Runtime.lock`, which is also
/// why the stored properties skip the dynamic exclusivity check (the lock already makes each
/// access exclusive; the check would cost a thread-local access-set insertion per access).
final class ClassMetadata: @unchecked Sendable {
  @exclusivity(unchecked) var state = ClassState.constructing
  @exclusivity(unchecked) var superclass: Class?
  /// For a metaclass, the class it belongs to. Unretained (the class owns its metaclass) and not
  /// `weak`: a weak reference would move the class's reference count to a side table and slow
  /// every retain of it. Cleared by `clear()` when the class is detached, before it can go.
  @exclusivity(unchecked) private var instanceClassReference: UnretainedClass?

  var instanceClass: Class? {
    get { instanceClassReference?.cls }
    set { instanceClassReference = newValue.map(UnretainedClass.init) }
  }
  @exclusivity(unchecked) var methods = MethodTable()
  @exclusivity(unchecked) var methodOrder: [Method] = []
  @exclusivity(unchecked) var ivars: [Ivar] = []
  @exclusivity(unchecked) var properties: [Property] = []
  @exclusivity(unchecked) var subclasses: [Class] = []
  /// Every implementation any method of this class ever had, kept alive for the method caches.
  @exclusivity(unchecked) var implementations: [Implementation] = []
  /// Fixed at registration (until then, the superclass's).
  @exclusivity(unchecked) var layout = InstanceLayout.empty
  /// The unaligned instance size so far: the superclass's, then grown by each `class_addIvar`
  /// (objc4's `unalignedInstanceSize`). Fixed at registration.
  @exclusivity(unchecked) var unalignedSize = ObjectStorage.firstByte
  /// Where the class's own ivars start: the superclass's unaligned size when the class was made
  /// (objc4's `instanceStart`); 8 for a root class.
  @exclusivity(unchecked) var instanceStart = ObjectStorage.firstByte
  /// `class_getWeakIvarLayout`'s source: clang's for a compiled class (derived from its ivars),
  /// or the stored string: objc4's empty one for `objc_allocateClassPair`'s class, or what
  /// `class_setWeakIvarLayout` gave (applied at registration: Class+IvarLayout.swift).
  @exclusivity(unchecked) var weakIvarLayout = IvarLayoutString.compiled
  /// `class_getIvarLayout`'s source, as `weakIvarLayout` (recorded only: Class+IvarLayout.swift).
  @exclusivity(unchecked) var strongIvarLayout = IvarLayoutString.compiled
  /// Adopted protocols, the most recently added first, after a compiled class's own list in its
  /// declared order (Class+Protocols.swift, Runtime+Images.swift).
  @exclusivity(unchecked) var protocols: [Protocol] = []
  /// Kept in a metaclass's metadata only: where its class is in `+initialize`, and the
  /// subclasses whose `+initialize` finished while this class's was still running
  /// (Class+Initialize.swift).
  @exclusivity(unchecked) var initialization = ClassInitialization.uninitialized
  @exclusivity(unchecked) var initializationPending: [Class] = []
  /// The image that defined the class (Runtime+Images.swift); `nil` for `allocateClassPair`'s.
  @exclusivity(unchecked) var imageName: String?
  /// `class_getVersion`: 0 for a class, 7 for a metaclass, until set (Class+Version.swift).
  @exclusivity(unchecked) var version: Int32 = 0

  /// The superclass, unretained: for a walk up the chain under `Runtime.lock`, which keeps each
  /// class of it alive (its subclass's metadata holds it).
  @inline(__always)
  var unretainedSuperclass: Unmanaged<Class>? { superclass.map(Unmanaged.passUnretained) }

  /// The class's own method for `selector`; if it has none, `nil`, with `next` set to the
  /// superclass (``unretainedSuperclass``).
  @inline(__always)
  func method(for selector: Selector, orSuperclass next: inout Unmanaged<Class>?) -> Method? {
    if let method = methods[selector] { return method }
    next = unretainedSuperclass
    return nil
  }

  func clear() {
    instanceClass = nil
    superclass = nil
    methods = MethodTable()
    methodOrder = []
    subclasses = []
  }
}
