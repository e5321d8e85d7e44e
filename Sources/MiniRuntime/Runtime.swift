// Runtime.swift: the runtime: the class table, its lock and its event hub.
//
// Docs: docs/runtime.md. Tests: Tests/MiniRuntimeTests/RuntimeTests.swift.
//
// Model: everything a process-wide Objective-C runtime keeps in globals lives in one `Runtime`
// value, so tests make their own and never share mutable state. Two runtimes never see each
// other's classes. `Runtime.shared` exists for demos.
//
// Lock: `lock` guards `State` (the class table) and every class's `ClassMetadata`; the order
// of all locks is written once, in Locks.swift. Code that needs the lock takes `inout State`, obtainable only inside
// `withState`, which also delivers the events recorded meanwhile after unlocking, so event
// observers (user code) never run under the lock.
//
// Lifetime: instances hold their runtime strongly; classes hold it weakly. When the last
// instance and the last outside reference are gone, `deinit` detaches every class, breaking the
// cycles between classes, metaclasses and methods.

import Synchronization

/// An Objective-C runtime: a class table with the root class `NSObject`, message sending,
/// and an opt-in stream of events describing what it does.
///
/// ```swift
/// let runtime = Runtime()
/// let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
/// try person.synthesizeProperty("age", type: .longLong)
/// try runtime.registerClassPair(person)
///
/// let ann = try Runtime.msgSend(person, "new")
/// try Runtime.msgSend(ann.objectValue, "setAge:", 42)
/// try Runtime.msgSend(ann.objectValue, "age")     // 42
/// ann.objectValue?.isa.name                       // "Person"
/// ```
///
/// Guarantees, each pinned by a test: runtimes are isolated (`ClassPairTests.runtimesDoNotShareClasses`);
/// a refused call changes nothing (`MisuseTests`); the invariants in ``checkInvariants()``
/// hold after every public call.
///
/// Objective-C: the objc4 runtime as a whole (its globals: the class table, `runtimeLock`).
public final class Runtime: @unchecked Sendable {
  /// The state `lock` guards.
  struct State {
    /// objc4's named-class table: the registered class each name finds, the first registered of
    /// its name (``Runtime/registerClassPair(_:)``, ``Runtime/duplicateClass(_:name:extraBytes:)``).
    /// A pair under construction, or a later class of a taken name, is in ``listed`` only.
    var classesByName: [String: Class] = [:]
    /// The classes objc4's table of allocated classes holds, in the order they were made (a pair
    /// under construction too, as in objc4 818): ``Runtime/classes`` and
    /// ``Runtime/classList(capacity:)``. Disposal removes a class.
    var listed: [Class] = []
    /// Bumped by every change to any method list or superclass link.
    var methodGeneration: UInt64 = 0
    /// Events recorded under the lock, delivered by `withState` after unlocking.
    var pendingEvents: [RuntimeEvent] = []
    /// Whether anyone listens, sampled when the lock was taken.
    var recordsEvents = false
    /// Selectors being resolved, per thread (to stop a resolver recursing into itself). A list:
    /// it holds one entry per resolver running at the moment (rarely more than one or two), so a
    /// linear search costs less than hashing the key on every resolve.
    var resolving: [ResolutionKey] = []
    /// Flush caches on every fill (the stress switch).
    var cachesDisabled = false
    /// Registered protocols by name (one under construction reserves no name, as in objc4).
    var protocolsByName: [String: Protocol] = [:]
    /// Registered protocols in registration order, for ``Runtime/protocols``.
    var registeredProtocols: [Protocol] = []
    /// The classes the runtime makes itself when first needed (`Protocol`, `NSInvocation`, …).
    var builtinClasses: [String: Class] = [:]
    /// The names of the images loaded (or being loaded), in load order (Runtime+Images.swift).
    var imageNames: [String] = []
    /// Categories of loaded images whose class is not loaded yet, in load order: attached (and
    /// their `+load` called) when an image brings the class (Runtime+Images.swift).
    var unattachedCategories: [(category: Category, imageName: String)] = []
    /// The images announced to the load-image functions, in load order: those whose loading
    /// reached its end (Runtime+LoadImageFunctions.swift).
    var announcedImages: [String] = []
    /// The functions `addLoadImageFunction` added, in the order added.
    var loadImageFunctions: [LoadImageFunction] = []
    /// The +loads queued and the thread calling them (Runtime+LoadMethods.swift).
    var loadQueue = LoadQueue()
    /// Associations set on objects after `objc_destructInstance` removed the others: objc4
    /// leaks them, so they are kept, never released (Object+Memory.swift).
    var strandedAssociations: [Association] = []

    mutating func record(_ event: @autoclosure () -> RuntimeEvent) {
      if recordsEvents { pendingEvents.append(event()) }
    }
  }

  private let lock = Lock()
  /// Locking: `lock`; only `withState` touches it, so the dynamic exclusivity check is redundant.
  @exclusivity(unchecked) private var state = State()

  /// The observers of runtime events.
  let events = EventHub()

  /// How many times `objc_destructInstance` cleared each object's weak references (only objects
  /// with `RetainCounts.weaklyClearedBit`; removed when the object is freed, a class object's
  /// kept for the runtime's life). A leaf lock of its own, not `lock`: a weak load of such an
  /// object reads it, and a weak load may happen under any lock (Object+WeakClearing.swift).
  let weakClearings = Locked<[ObjectIdentifier: UInt]>([:])

  /// The `setAssociatedObject` hook, if any (AssociatedObjects.swift).
  let associationHook = InstalledHook<SetAssociatedObjectHook>()

  /// The `objc_getClass` hook, if any (Runtime+ClassNames.swift).
  let classHook = InstalledHook<GetClassHook>()

  /// The `class_getImageName` hook, if any (Class+ImageName.swift).
  let imageNameHook = InstalledHook<GetImageNameHook>()

  /// The `objc_setForwardHandler` handler, if any (Runtime+ForwardHandler.swift).
  let forwardHandler = InstalledHook<ForwardHandler>()

  /// The `objc_setEnumerationMutationHandler` handler, if any (Runtime+EnumerationMutation.swift).
  let enumerationMutationHandler = InstalledHook<EnumerationMutationHandler?>()

  /// The state layers above keep per runtime (RuntimeLocal.swift).
  let locals = RuntimeLocals()

  /// Where threads wait for another thread's `+initialize` or built-in class (Monitor.swift).
  let monitor = Monitor()

  /// The root class, `NSObject`, present in every runtime.
  ///
  /// Objective-C: `[NSObject class]`
  public let rootClass: Class

  /// A runtime shared by demos and examples. Tests should make their own.
  ///
  /// Objective-C: none (there is one runtime per process in Objective-C).
  public static let shared = Runtime()

  /// Creates a runtime holding the root class `NSObject` (with its metaclass), the class
  /// `Protocol` and the protocol `NSObject`, which NSObject adopts: what objc4 defines before any
  /// user code runs.
  ///
  /// Objective-C: none (objc4 initializes its single runtime at load time).
  public init() {
    let rootMetaclass = Class(name: "NSObject", isMetaclass: true, isa: nil, events: events)
    rootClass = Class(name: "NSObject", isMetaclass: false, isa: rootMetaclass, events: events)
    rootMetaclass.attach(to: self)
    rootClass.attach(to: self)
    withState { state in
      let meta = rootMetaclass.locked(&state)
      meta.superclass = rootClass
      meta.instanceClass = rootClass
      meta.unalignedSize = ObjectStorage.classObjectSize
      meta.instanceStart = ObjectStorage.classObjectSize
      let root = rootClass.locked(&state)
      root.ivars = [Ivar.isa(declaredBy: "NSObject")]  // objc4's NSObject declares `Class isa`
      root.subclasses = [rootMetaclass]
      root.imageName = Image.objcLibraryPath  // compiled into libobjc (decision 0055)
      state.imageNames = [Image.objcLibraryPath]
      state.announcedImages = [Image.objcLibraryPath]
      state.classesByName["NSObject"] = rootClass
      state.listed.append(rootClass)
    }
    // Installed while NSObject, libobjc's compiled class, is still being defined: its methods
    // are its compiled list, in declared order (Class.isCompiledDefinition), as an image's class.
    RootClass.install(in: self)
    withState { state in
      rootMetaclass.locked(&state).state = .registered
      rootClass.locked(&state).state = .registered
      rootClass.clearCustomRetainReleaseOfRoot(&state)  // NSObject's own are the defaults
    }
    NSObjectProtocol.install(in: self)  // and with it the class `Protocol`, as objc4 has both from launch
  }

  deinit {
    let classes = withState { state in state.listed }
    withState { state in
      for cls in classes {
        cls.ownMetaclass.detach(&state)
        cls.detach(&state)
      }
      state.classesByName = [:]
      state.listed = []
      state.protocolsByName = [:]
      state.registeredProtocols = []
      state.builtinClasses = [:]
    }
  }

  /// Runs `body` holding the runtime lock, then delivers the events it recorded.
  func withState<Result, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure) -> Result {
    lock.lock()
    state.recordsEvents = events.isActive
    let result: Result
    do {
      result = try body(&state)
    } catch {
      state.pendingEvents = []
      lock.unlock()
      throw error
    }
    let pending = state.pendingEvents
    state.pendingEvents = []
    events.methodGeneration.store(state.methodGeneration, ordering: .releasing)
    lock.unlock()
    for event in pending { events.emit(event) }  // call-out: event observers, no lock held
    return result
  }

  // MARK: - Switches

  /// When `true`, method caches are never filled, so every send takes the slow path.
  ///
  /// A stress switch for tests hunting stale-cache bugs: a correct program behaves the same
  /// with it on, only slower.
  ///
  /// Objective-C: none (MiniKVO extension; compare `OBJC_DISABLE_...` debug variables).
  public var cachesDisabled: Bool {
    get { withState { $0.cachesDisabled } }
    set {
      withState { state in
        state.cachesDisabled = newValue
        if newValue { flushAllCaches(&state) }
      }
    }
  }

  /// A counter bumped by every change to any method list or superclass link in this runtime.
  ///
  /// Layers above use it to invalidate what they derived from method lists (KVC caches its
  /// accessor search per class and key, as Foundation does).
  ///
  /// - Complexity: O(1), one atomic load; no lock.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var methodGeneration: UInt64 { events.methodGeneration.load(ordering: .acquiring) }

  /// Empties the caches of `cls` and its subclasses, then those of its metaclass and the
  /// metaclass's subclasses; or of every class when `cls` is `nil`.
  ///
  /// As objc4, the metaclass side is the class object's isa, and it is skipped for a metaclass
  /// (a metaclass has no metaclass side of its own to flush) and for a root class (its metaclass
  /// is one of its subclasses, flushed already).
  ///
  /// Objective-C: `_objc_flush_caches`
  public func flushCaches(_ cls: Class? = nil) {
    withState { state in
      guard let cls else { return flushAllCaches(&state) }
      flushCaches(of: cls, &state)
      if !cls.isMetaclass, cls.locked(&state).superclass != nil { flushCaches(of: cls.isa, &state) }
    }
  }

  /// Flushes `cls` and every subclass, recursively (the invalidation rule).
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func flushCaches(of cls: Class, _ state: inout State) {
    var pending = [cls]
    while let each = pending.popLast() {
      if each.cache.flush(&state) > 0 {
        state.record(.cacheFlushed(class: each.name, isMetaclass: each.isMetaclass))
      }
      pending += each.locked(&state).subclasses
    }
  }

  private func flushAllCaches(_ state: inout State) {
    for cls in state.listed {
      flushCaches(of: cls, &state)
      flushCaches(of: cls.ownMetaclass, &state)
    }
  }
}
