// Object.swift: a runtime object: an isa, ivar slots, associated objects.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/ObjectTests.swift.
//
// Model: `isa` is one atomic word holding an unretained `Class` pointer, so `msgSend` reads it
// without reference counting; the class stays alive because the runtime's class table holds
// it, the runtime stays alive because every instance holds it, and a class cannot be disposed
// while it has instances. The ivars live in `storage` (ObjectStorage.swift), which alone knows
// how they are kept and locked. `lock`, the object's own lock, guards associated objects and
// the observation-info slot; nothing runs user code under it. Lock order: Locks.swift. The
// object's life state and its retain counts are one atomic word, `lifeWord`, changed without a
// lock (RetainCounts.swift).
// An object of a Foundation value class also carries `bridgedStorage`, its contents, fixed at
// creation (BridgedStorage.swift); the storage guards itself.
//
// Lifecycle: when Swift frees the object, `deinit` sends `dealloc` through the isa (so
// overrides run first and call super); NSObject's `dealloc` releases the object ivars, then the
// associated objects, as `objc_destructInstance` does (Object+Memory.swift). Whatever a
// `dealloc` that never reached NSObject's left is released after it: associated objects, the
// observation info, then the ivars.

import Synchronization

/// An object of the runtime: anything that can receive a message.
///
/// Objects are made by sending `alloc`/`new` to a class (or ``Class/createInstance(extraBytes:)``); they
/// are Swift reference types, freed when the last reference goes.
///
/// ```swift
/// let person = try Runtime.msgSend(personClass, "new").objectValue!
/// person.isa.name            // "Person"
/// person.description         // "<Person: 0x…>"
/// try person.setValue(42, forIvar: "_age")
/// try person.value(ofIvar: "_age")   // 42
/// ```
///
/// Guarantees, each pinned by a test: `isa` reads never block and see the old or the new class
/// (`ObjectTests.isaReadsDuringSetClassSeeOldOrNew`); ivar values and associated objects survive
/// `setClass` (`ObjectTests.ivarsSurviveSetClass`, `ObjectTests.associatedObjectsSurviveSetClass`);
/// `dealloc` runs through the isa (`LifecycleTests.deallocDispatchesThroughCurrentIsa`) before
/// associated objects are released (`AssociatedObjectTests.associatedObjectsAreReleasedAfterOwnerDealloc`).
///
/// Objective-C: `id` / `struct objc_object`
public class Object: @unchecked Sendable, Hashable, CustomStringConvertible {
  /// Unretained pointer bits of the object's class.
  @usableFromInline let isaWord: Atomic<UInt>

  /// Guards `associations` and `observationInfoStorage`. A leaf lock (Locks.swift).
  let lock = AdaptiveLock()

  /// The ivars' memory, in the layout the object was allocated with.
  let storage: ObjectStorage

  /// The object's life state and retain counts, one word (objc4 keeps both in the isa). The low
  /// byte is the life state: bit 0 deallocating (`dealloc` has begun, or the deinit), bit 1
  /// destroyed by `object_dispose`, bit 2 deallocated by a `release` (ManualRetainRelease.swift),
  /// bit 3 that `dealloc` has returned (the object is freed as far as Objective-C is concerned),
  /// bit 4 `objc_destructInstance` has removed its associations (Object+Memory.swift). Above it,
  /// the extra retains and the runtime's holds (RetainCounts.swift, which alone changes them).
  /// It takes the place of a life-state byte and its seven bytes of padding before
  /// `owningRuntime`: the object is no larger (112 bytes).
  @usableFromInline let lifeWord = Atomic<UInt64>(0)

  /// Keeps the runtime (and so every class) alive while the instance lives. `nil` for classes.
  let owningRuntime: Runtime?

  /// Associated objects. Locking: `lock` (which also makes the dynamic exclusivity check redundant).
  @exclusivity(unchecked) var associations: [Association] = []

  /// The observation-info slot KVO uses. Locking: `lock`.
  var observationInfoStorage: (any AnyObject & Sendable)?

  /// The contents of an object of a Foundation value class (an `NSArray`'s elements), fixed at
  /// creation; `nil` for every other object. Immutable: read without a lock.
  ///
  /// Objective-C: none (`object_getIndexedIvars`, where CoreFoundation keeps a CF object's contents).
  public let bridgedStorage: (any BridgedStorage)?

  /// Creates an instance of `cls` with zeroed ivars and `extraBytes` of zeroed indexed ivars.
  /// Locking: none; the caller checked `cls`.
  init(
    instanceOf cls: Class, layout: InstanceLayout, runtime: Runtime, storage: (any BridgedStorage)? = nil,
    extraBytes: Int = 0
  ) {
    isaWord = Atomic(UnretainedClass(cls).bits)
    self.storage = ObjectStorage(layout: layout, extraBytes: extraBytes)
    owningRuntime = runtime
    bridgedStorage = storage
    cls.instanceCount.add(1, ordering: .relaxed)
  }

  /// Creates a copy of `source` of class `cls` (its isa, read under the runtime lock):
  /// `object_copy`. Locking: the caller holds `Runtime.lock`, so `cls` cannot be disposed.
  init(copying source: Object, as cls: Class, runtime: Runtime, extraBytes: Int) {
    isaWord = Atomic(UnretainedClass(cls).bits)
    storage = ObjectStorage(copying: source.storage, extraBytes: extraBytes)
    owningRuntime = runtime
    bridgedStorage = source.bridgedStorage
    cls.instanceCount.add(1, ordering: .relaxed)
  }

  /// Creates a class object; `Class.init` sets the isa once the metaclass exists.
  /// `extraBytes` are the class object's own indexed ivars (`objc_duplicateClass`'s).
  init(classObject: (), extraBytes: Int = 0) {
    isaWord = Atomic(0)
    storage = extraBytes == 0 ? ObjectStorage() : ObjectStorage(layout: .empty, extraBytes: extraBytes)
    owningRuntime = nil
    bridgedStorage = nil
  }

  deinit {
    let state = lifeWord.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue
    // object_dispose sends no dealloc; a release to zero already sent it (ManualRetainRelease.swift).
    if let runtime = owningRuntime, state & (2 | 4) == 0 {
      runtime.runDealloc(self)  // call-out: user `dealloc` implementations, no lock held
    }
    releaseAssociationsAndObservationInfo()
    if state & RetainCounts.weaklyClearedBit != 0 { forgetWeakClearings() }
    // The ivars are released when `storage` is destroyed, right after this deinit body.
    if owningRuntime != nil {
      isa.instanceCount.subtract(1, ordering: .relaxed)
    }
  }

  /// Whether the object is being deallocated (its `dealloc` is running or done) or was destroyed
  /// by `object_dispose`: weak references to it read nil, and none can be formed.
  /// Inlined into callers (KVO reads it for every observer of every notification): one load,
  /// and a test of the word's life-state byte (`RetainCounts.lifeStateMask`; the counts above it
  /// do not count).
  ///
  /// Objective-C: none (objc4's `isDeallocating()`, read from the isa).
  @inlinable
  public final var isDeallocating: Bool { lifeWord.load(ordering: .acquiring) & 0xFF != 0 }

  /// `object` while it lives, nil once it is deallocating: what a `__weak` load answers.
  /// A Swift `weak` reference reads nil once Swift frees the object, but a `release` that gives
  /// up the last ownership deallocates it and leaves a zeroed shell that Swift references still
  /// reach (decision 0017); `Object.unlessDeallocating(reference)` reads both as gone. It takes
  /// the reference it is given and hands it back, so loading a weak reference through it adds
  /// no retain and release (each one takes the slow path on an object with weak references).
  ///
  /// ```swift
  /// weak var held = object
  /// try Runtime.release(object)              // the last ownership: dealloc runs
  /// Object.unlessDeallocating(held)          // nil, though `held` still reaches the shell
  /// ```
  ///
  /// Objective-C: none (the answer `objc_loadWeak` gives for the object).
  @inlinable
  public static func unlessDeallocating(_ object: consuming Object?) -> Object? {
    if object?.isDeallocating ?? false { return nil }
    return object
  }

  /// Runs `body` holding the object's own lock (associated objects, observation info).
  @inline(__always)
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    try lock.withLock(parkingKey: UInt(bitPattern: ObjectIdentifier(self)), body)
  }

  // MARK: - Class

  /// The object's class: what it really is, as opposed to what `class` may claim.
  ///
  /// For an observed object this is `NSKVONotifying_Person` while `[obj class]` still answers
  /// `Person`. Reading it takes no lock and does no reference counting.
  ///
  /// - Complexity: O(1).
  ///
  /// Objective-C: `object_getClass`
  @inlinable
  public var isa: Class {
    // INVARIANT: UnretainedClass (the class outlives its instances).
    UnretainedClass(bits: isaWord.load(ordering: .acquiring)).cls
  }

  /// Whether the object is a class or a metaclass: its isa is a metaclass.
  ///
  /// ```swift
  /// person.isClass          // true: a class object
  /// person.isa.isClass      // true: a metaclass is a class too
  /// ann.isClass             // false: an instance
  /// ```
  ///
  /// Objective-C: `object_isClass`
  public var isClass: Bool { isa.isMetaclass }

  /// Runs `body` with the object's class without reference counting (the class cannot go away
  /// while it has instances). For hot paths that only read from the class.
  @inline(__always)
  func withIsa<Result>(_ body: (Class) throws -> Result) rethrows -> Result {
    // INVARIANT: UnretainedClass (the class outlives its instances).
    try UnretainedClass(bits: isaWord.load(ordering: .acquiring)).withClass(body)
  }

  /// The method generation of the object's runtime (``Runtime/methodGeneration``): one atomic
  /// load, no lock, no reference counting.
  ///
  /// Objective-C: none (MiniKVO extension).
  public final var methodGeneration: UInt64 { withIsa { $0.events.methodGeneration.load(ordering: .acquiring) } }

  /// Whether the object's class runs `implementation` for `selector`: the cached send's answer,
  /// without handing the implementation out (so no reference counting on the hot path).
  ///
  /// ```swift
  /// person.runs(defaultSetter, for: "setAge:")   // false once a subclass overrides setAge:
  /// ```
  ///
  /// A query: it runs no user code, so it never sends `+initialize` and never fills the cache of
  /// a class that is not initialized (the cache rule, Runtime+Lookup.swift); for such a class
  /// every call searches the method lists. ``sendWouldRun(_:for:)`` answers as a send would,
  /// initializing the class first.
  ///
  /// Objective-C: none (MiniKVO extension: `class_getMethodImplementation(object_getClass(obj),
  /// sel) == imp`, without the `+initialize` and resolver objc4's function runs).
  public final func runs(_ implementation: Implementation, for selector: Selector) -> Bool {
    withIsa { cls in
      if let cached = cls.cache.lookUp(selector) { return cached.runs(implementation) }
      return cls.methodImplementationWithoutResolver(for: selector) === implementation
    }
  }

  /// Whether a message `selector` sent to the object would run `implementation`: the send's own
  /// lookup, without the call. Like the send, it first initializes the object's class if no
  /// message has reached it yet (superclasses first, `+initialize` sent once, an inherited one
  /// included), so the method cache fills and later calls are a cache read.
  ///
  /// ```swift
  /// try person.sendWouldRun(defaultSetter, for: "setAge:")  // true; Person is initialized now
  /// ```
  ///
  /// Layers above use it where their Swift API stands for a message (KVO's
  /// `removeObserver(_:forKeyPath:)` is `[obj removeObserver:forKeyPath:]`) but runs the
  /// implementation directly when nothing would see the difference. It never runs the resolver:
  /// a method the class lacks cannot be `implementation`.
  ///
  /// - Throws: What `+initialize` threw (the class is initialized all the same, as after a send).
  /// - Complexity: O(1) on a cache hit; the first call for an uninitialized class runs `+initialize`.
  ///
  /// Objective-C: `class_getMethodImplementation(object_getClass(obj), sel) == imp` (which
  /// initializes the class, as objc4's does)
  public final func sendWouldRun(_ implementation: Implementation, for selector: Selector) throws -> Bool {
    let cached = withIsa { cls in cls.cache.lookUp(selector).map { $0.runs(implementation) } }
    if let cached { return cached }
    return try sendWouldRunAfterMiss(implementation, for: selector)
  }

  @inline(never)
  private func sendWouldRunAfterMiss(_ implementation: Implementation, for selector: Selector) throws -> Bool {
    let cls = isa
    guard let runtime = cls.linkedRuntime else { return false }
    return try runtime.lookUp(selector, in: cls, receiver: self, behavior: [.initialize, .nilOnMiss])?.unthunked === implementation
  }

  /// Whether the object's runtime reports message sends to an event observer: layers above
  /// then send real messages where they would otherwise take an equivalent shortcut.
  ///
  /// Objective-C: none (MiniKVO extension).
  public final var tracesMessageSends: Bool { withIsa { $0.events.tracesSends } }

  /// Whether the object's runtime reports events to an observer: layers above then report
  /// theirs (KVO its deliveries) without first loading the runtime.
  ///
  /// Objective-C: none (MiniKVO extension).
  public final var reportsEvents: Bool { withIsa { $0.events.isActive } }

  /// The name of the object's real class.
  ///
  /// Objective-C: `object_getClassName`
  public var className: String { isa.name }

  /// The runtime the object belongs to (`nil` only for a class or protocol whose runtime is gone).
  ///
  /// Objective-C: none (MiniKVO extension; there is one runtime per process in Objective-C).
  public var runtime: Runtime? { owningRuntime ?? isa.linkedRuntime }

  // MARK: - Identity

  /// The object's address as `0x…`, stable for its lifetime.
  ///
  /// Objective-C: none (`%p`).
  public var address: String { Object.address(of: self) }

  /// The address of any Swift object as `0x…`, as `%p` prints it: what ``address`` prints for a
  /// runtime object, for the Swift objects the layers above print beside them (a controller, an
  /// info, a boxed block).
  ///
  /// Objective-C: none (`%p`).
  public static func address(of object: AnyObject) -> String {
    "0x" + String(UInt(bitPattern: ObjectIdentifier(object)), radix: 16)
  }

  /// `<Person: 0x…>`, using the real class (`isa`); sends no message.
  ///
  /// Objective-C: the default `-[NSObject description]` format, with `object_getClassName`.
  public var description: String { "<\(isa.name): \(address)>" }

  /// Identity: two references are equal when they are the same object.
  ///
  /// The `isEqual:` message may say otherwise; this is pointer equality.
  ///
  /// Objective-C: `==` on `id`
  public static func == (lhs: Object, rhs: Object) -> Bool { lhs === rhs }

  /// Hashes the object's identity.
  ///
  /// Objective-C: none (pointer hashing).
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
