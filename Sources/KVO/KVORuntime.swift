// KVORuntime.swift: the KVO state of one runtime, and installing NSObject's KVC/KVO methods.
//
// Docs: docs/kvo.md#how-kvo-attaches-to-a-runtime. Tests: Tests/KVOTests/KeyValueCodingTests.swift.
//
// Model: the first KVC or KVO call on a runtime installs Foundation's NSObject category
// (`valueForKey:`, `addObserver:forKeyPath:options:context:`, `+automaticallyNotifiesObserversForKey:`,
// …) into that runtime's root class and creates this object, stored in a runtime-local slot
// (RuntimeLocal.swift), which user code cannot remove. It holds what Foundation keeps in
// globals: the classes observed so far (ObservedClass.swift: each with its notifying subclass
// and the keys it has hooked) and the dependent-key caches, all guarded by `state`'s lock,
// and, outside it, one atomic word: the observed class last found, which a first add to an
// object of that class reads instead of taking the lock (`observedClass(ofObject:)`).
// KVC's accessor plans are cached on each class instead (KeyValueCoding+Accessors.swift).
//
// Lock order: Sources/MiniRuntime/Locks.swift (this file's `state` comes first). No user code (accessors, class methods, observers) runs under
// `KVORuntime.state`: whatever needs a message send is computed before taking it.

import MiniRuntime
import Synchronization

/// The KVO machinery attached to one runtime.
final class KVORuntime: @unchecked Sendable {
  struct State {
    /// Original class, and its notifying subclass → the `ObservedClass` of the two; a class
    /// object's metaclass, and `NSKVONotifying_<Class>`'s metaclass → the `ObservedClass` of
    /// the class object (NotifyingSubclass.swift).
    var observedClasses: [ObjectIdentifier: ObservedClass] = [:]
    /// A root metaclass → the `ObservedClass` of the metaclass objects (whose isa it is, and
    /// stays: a metaclass's isa never changes).
    var metaclassObjects: [ObjectIdentifier: ObservedClass] = [:]
    /// Flattened `keyPathsForValuesAffecting…` per class and key, each valid for the method
    /// generation it was worked out in (MethodGeneration.swift).
    var affecting: [AccessorKey: (generation: MethodGeneration, paths: [KeyValuePath])] = [:]
    /// What `+setKeys:triggerChangeNotificationsForDependentKey:` declared, per class and
    /// dependent key, in declaration order.
    var triggeringKeys: [AccessorKey: [String]] = [:]
  }

  /// Where each runtime keeps its KVO state: a runtime-local slot, which user code cannot remove
  /// (an associated object of NSObject could be removed with `removeAssociatedObjects()`).
  private static let slot = RuntimeLocal<KVORuntime>("MiniKVO.KVORuntime")

  /// The runtime while it lives, by an unowned count, not `weak` (MiniRuntime's
  /// UnownedReference.swift says why).
  var runtime: Runtime? { runtimeReference.load() }
  private let runtimeReference: UnownedReference<Runtime>
  let state = Locked(State())
  /// The pointers handed out as observation info (ObservationInfoPointers.swift).
  let infoPointers = ObservationInfoPointers()

  private init(runtime: Runtime) {
    runtimeReference = UnownedReference(runtime)
  }

  /// The KVO state of `runtime`, installing NSObject's KVC/KVO methods on first use.
  ///
  /// - Complexity: O(1): one runtime-local read after the first call.
  static func of(_ runtime: Runtime) -> KVORuntime {
    // Installing the category adds methods, whose events `RuntimeLocal` delivers once it is done.
    slot.value(in: runtime) {
      KeyValueCategory.install(in: runtime)
      CollectionCategories.installWhenFoundationLoads(in: runtime)
      return KVORuntime(runtime: runtime)
    }
  }

  /// Whether KVO's categories are installed in `runtime` (never installs them).
  static func isInstalled(in runtime: Runtime) -> Bool { slot.value(in: runtime) != nil }

  /// The KVO state of the runtime `object` belongs to.
  static func of(_ object: Object) throws(KeyValueError) -> KVORuntime {
    guard let runtime = object.runtime else {
      throw KeyValueError(.invalidArgument, "\(object) belongs to a runtime that no longer exists")
    }
    return of(runtime)
  }

  /// Records `+[cls setKeys:keys triggerChangeNotificationsForDependentKey:dependentKey]`: the
  /// keys are added to what the class declared for that key before, and every flattened
  /// dependent-key list is worked out again.
  func setKeys(_ keys: [String], triggering dependentKey: String, in cls: Class) {
    state.withLock { state in
      let entry = AccessorKey(cls: ObjectIdentifier(cls), key: dependentKey)
      for key in keys where !(state.triggeringKeys[entry] ?? []).contains(key) { state.triggeringKeys[entry, default: []].append(key) }
      state.affecting = [:]
    }
  }

  /// The keys `+setKeys:triggerChangeNotificationsForDependentKey:` declared for `dependentKey`
  /// on `cls` or, if it declared none, on its nearest superclass that did.
  func keysTriggering(_ dependentKey: String, in cls: Class) -> [String] {
    // Rarely any: then no superclass chain to walk and no key to hash per class (the first
    // observation of every key asks).
    guard state.withLock({ !$0.triggeringKeys.isEmpty }) else { return [] }
    let chain = sequence(first: cls) { $0.superclass }.map { AccessorKey(cls: ObjectIdentifier($0), key: dependentKey) }
    return state.withLock { state in
      for entry in chain { if let keys = state.triggeringKeys[entry] { return keys } }
      return []
    }
  }

  /// The original class behind `cls`: its superclass if `cls` is a notifying subclass.
  func originalClass(of cls: Class) -> Class {
    observedClass(of: cls)?.original ?? cls
  }

  /// Whether `cls` is a notifying subclass made by this runtime's KVO.
  func isNotifyingClass(_ cls: Class) -> Bool {
    guard let entry = observedClass(of: cls) else { return false }
    return entry.notifying === cls && entry.original !== cls
  }

  /// The `ObservedClass` of the metaclass objects whose isa is `rootMetaclass`, made on first
  /// use. A metaclass's isa cannot be switched (docs/kvo.md#observing-a-class-object), so the
  /// entry's notifying class is the root metaclass itself and no setter is ever hooked; it only
  /// keeps the plans of the key paths observed on metaclass objects.
  func observedMetaclassObjects(of rootMetaclass: Class) -> ObservedClass {
    state.withLock { state in
      if let entry = state.metaclassObjects[ObjectIdentifier(rootMetaclass)] { return entry }
      let entry = ObservedClass(original: rootMetaclass, notifying: rootMetaclass)
      state.metaclassObjects[ObjectIdentifier(rootMetaclass)] = entry
      return entry
    }
  }

  /// The `ObservedClass` of `cls`, an original class or its notifying subclass (or, for class
  /// objects, their metaclasses), if KVO has observed instances of it.
  func observedClass(of cls: Class) -> ObservedClass? {
    state.withLock { $0.observedClasses[ObjectIdentifier(cls)] }
  }

  /// The `ObservedClass` `object` is observed through, if any: its isa's, or for a metaclass
  /// object, the one of the metaclass objects.
  func observedClass(ofObject object: Object) -> ObservedClass? {
    guard let cls = object as? Class, cls.isMetaclass else {
      if let last = lastObservedClass, object.hasIsa(last.original) || object.hasIsa(last.notifying) { return last }
      let found = observedClass(of: object.isa)
      if let found { lastObserved.store(UInt(bitPattern: Unmanaged.passUnretained(found).toOpaque()), ordering: .releasing) }
      return found
    }
    return state.withLock { $0.metaclassObjects[ObjectIdentifier(object.isa)] }
  }

  /// The `ObservedClass` `observedClass(ofObject:)` last found in `observedClasses`, by address
  /// (0 before the first): the next object added to is most often of the same class (K7a), and
  /// then its isa matches the entry's original or notifying class, the two keys that map to it,
  /// with no lock and no hashing. Any thread may overwrite it; each value is a whole entry.
  private let lastObserved = Atomic<UInt>(0)

  @inline(__always)
  private var lastObservedClass: ObservedClass? {
    guard let pointer = UnsafeRawPointer(bitPattern: lastObserved.load(ordering: .acquiring)) else { return nil }
    // INVARIANT: an entry of `state.observedClasses` outlives this KVORuntime's use of it: the
    // dictionary only grows (NotifyingSubclass.prepare sets each key once, when it is absent, and
    // nothing removes one), so the entry stored here stays in it, retained, while `self` lives.
    return Unmanaged<ObservedClass>.fromOpaque(pointer).takeUnretainedValue()
  }
}

/// A cache key: a class and a key.
struct AccessorKey: Hashable {
  let cls: ObjectIdentifier
  let key: String
}

/// Public entry points on the runtime.
extension Runtime {
  /// Installs Foundation's key-value coding and observing methods into this runtime's NSObject.
  ///
  /// Every KVC/KVO call does this on first use; call it yourself before sending those messages
  /// directly with `msgSend` (as linking Foundation would have done). Calling it again does
  /// nothing.
  ///
  /// Objective-C: none (Foundation's `NSObject (NSKeyValueCoding)` and
  /// `(NSKeyValueObserving)` categories, loaded with Foundation).
  public func installKeyValueObserving() {
    _ = KVORuntime.of(self)
  }
}
