// KeyPathPlan.swift: what observing one key path on instances of one class needs, worked out
// once and shared by every registration of that key path on those instances.
//
// Docs: docs/performance.md#add-and-remove. Tests: Tests/KVOTests/RegistrationTests.swift,
// DependentKeyTests.swift.
//
// Model: the first observation of `friend.age` on a Person parses the key path, interns its
// keys, asks the class which keys `friend` depends on (`+keyPathsForValuesAffectingValueForKey:`,
// user code), makes sure the notifying subclass hooks the setters of all of them, and finds the
// getter a change's values are read with. All of that depends only on the class, the key path
// and the runtime's methods, so it is kept as an immutable plan in the class's `ObservedClass`
// (ObservedClass.swift), valid for one method generation of the runtime: every later
// observation of `friend.age` on a Person while no method changes finds it with one string
// compare and makes only its registration. When a method changes anywhere, the next observation
// works the plan out again (and so sees a dependency or a setter added meanwhile), as it did
// before plans were kept. The lookup, the working out and the keeping follow
// `MethodGeneration.cached` (Observation.plan); the getter a plan carries has its own stamp
// (`MethodGeneration.stamping`; MethodGeneration.swift says why).

import MiniRuntime

/// How to observe one key path on instances of one class, for one method generation.
final class KeyPathPlan: Sendable {
  /// The runtime's method generation the plan was made under; stale once it changes
  /// (MethodGeneration.swift).
  let generation: MethodGeneration
  let path: KeyValuePath
  let pathString: String
  let pathID: KeyID
  /// Whether `pathString` spells a key with a lone surrogate (LoneSurrogateKey.swift), which an
  /// observer is handed as a string object: worked out once, so a delivery pays one flag.
  let pathSpellsLoneSurrogate: Bool
  /// The path's first key (the whole path for a one-key path).
  let firstKey: String
  let firstKeyID: KeyID
  /// The path after its first key (`age` for `friend.age`), or `nil` for a one-key path.
  let rest: KeyValuePath?
  /// `rest`, as the string a chain link registers on the intermediate object.
  let restString: String
  /// Keys of the same object whose changes affect `firstKey` (flattened dependencies).
  let dependencyKeyIDs: [KeyID]
  /// Key paths of the same object whose changes affect `firstKey`.
  let dependencyPaths: [KeyValuePath]
  /// How to read the path's first key without the KVC message (see `CachedGetter`): the whole
  /// value of a one-key path, the object the rest of a chain is read from.
  let getter: CachedGetter?
  /// The class `getter` was found in (the notifying subclass), and the getter worked out again
  /// there once `getter` went stale (RefreshedGetter.swift).
  let getterClass: Class
  let refreshedGetter = RefreshedGetter()
  /// The getter the rest of a two-key chain (`age` of `friend.age`) was last read with, in the
  /// class of the object it was read from (RefreshedGetter.swift); `nil` for other paths.
  let restGetter: RefreshedGetter?
  /// Whether the class overrides `-setObservationInfo:`, which KVO then sends every new
  /// pointer (ObservationInfoCategory.swift); worked out with the plan, so an add or removal
  /// that finds the plan current pays no lookup for it.
  let overridesSetObservationInfo: Bool

  /// - Parameter firstKeyID: The id of the path's first key, if the caller interned it already
  ///   (`make` does, for the notifying setter too); else it is interned here.
  init(
    generation: MethodGeneration, path: KeyValuePath, dependencyKeys: [String], dependencyPaths: [KeyValuePath],
    getter: CachedGetter?, getterClass: Class, overridesSetObservationInfo: Bool = false, firstKeyID interned: KeyID? = nil
  ) {
    self.generation = generation
    self.path = path
    pathString = path.description
    firstKey = path.firstKey ?? pathString
    // The caller's id of the first key, when the path starts with one (its `first` is that key).
    let givenFirstID = path.firstKey == nil ? nil : interned
    // One key: one id (a one-key path's string is its key).
    let oneKey = path.components.count == 1
    pathID = oneKey ? givenFirstID ?? KeyID(pathString) : KeyID(pathString)
    pathSpellsLoneSurrogate = LoneSurrogateKey.isName(pathString)
    firstKeyID = oneKey ? pathID : givenFirstID ?? KeyID(firstKey)
    rest = path.rest
    restString = rest?.description ?? ""
    dependencyKeyIDs = dependencyKeys.map { KeyID($0) }
    self.dependencyPaths = dependencyPaths
    self.getter = getter
    self.getterClass = getterClass
    self.overridesSetObservationInfo = overridesSetObservationInfo
    // Only a plain key after the first (an operator or a longer rest is read by KVC).
    restGetter = rest.flatMap { $0.components.count == 1 && !KeyValuePath.startsWithOperatorMark($0.firstKey ?? "") ? RefreshedGetter() : nil }
  }

  /// The getter to read the first key of `object` with now: the plan's own while it holds, else
  /// the one worked out again since (RefreshedGetter.swift); `nil` means read by KVC.
  @inline(__always)
  func currentGetter(for object: Object) -> CachedGetter? {
    if let getter, getter.generation.isCurrent(for: object) { return getter }
    return refreshedGetter.current(for: object, path: path, in: getterClass)
  }

  /// The getter to read the rest of a two-key chain from `next` (the first key's value) with,
  /// while `next`'s class keeps the category's `valueForKey:`; `nil` means read by KVC.
  @inline(__always)
  func currentRestGetter(for next: Object) -> CachedGetter? {
    restGetter?.current(for: next, path: rest ?? path, in: nil)  // a rest getter has a rest
  }

  /// Whether the path goes through another object (`friend.age`).
  var isChain: Bool { rest != nil }

  /// Works out the plan for observing `keyPath` on `object` (sending the class's dependency and
  /// `+automaticallyNotifiesObserversForKey:` methods: call-outs, no lock held) and prepares the
  /// notifying subclass; the caller keeps the plan (`ObservedClass.keep`).
  ///
  /// - Parameter generation: The method generation read before anything was looked up (the
  ///   plan's stamp: `MethodGeneration.cached`).
  /// - Parameter beforeHooking: Runs once the key path and its dependencies are known, before the
  ///   notifying subclass is prepared (where Foundation sends the initial notification).
  /// - Throws: ``KeyValueError`` for an unobservable object (an array or a set), and what the
  ///   class's dependency methods throw.
  static func make(
    for keyPath: String, on object: Object, at generation: MethodGeneration,
    beforeHooking: (KeyValuePath) throws -> Void = { _ in }
  ) throws -> (ObservedClass, KeyPathPlan) {
    // Foundation does not check a key path it registers (KeyValuePath(observing:)). A key no
    // setter changes is never notified by one; a manual will/did of it is
    // (docs/kvo.md#key-value-observing).
    let path = KeyValuePath(observing: keyPath)
    let first = path.firstKey ?? keyPath
    try CollectionObservation.refuseCollection(object, keyPath: keyPath)  // arrays and sets cannot be observed
    let kvo = try KVORuntime.of(object)
    let original = kvo.originalClass(of: object.isa)
    let dependencies = try DependentKeys.affecting(first, of: original, kvo)
    try beforeHooking(path)
    let dependentKeys = dependencies.filter { $0.components.count == 1 }.compactMap(\.firstKey)
    // Interned once, for the notifying setter and the plan (an intern hashes the name).
    let firstID = KeyID(first)
    // A class object's original class is its metaclass, and its notifying class
    // NSKVONotifying_<Class>'s metaclass; a metaclass object is observed where it stands, its
    // isa (the root metaclass) never switched (docs/kvo.md#observing-a-class-object).
    let observed =
      (object as? Class)?.isMetaclass == true
      ? kvo.observedMetaclassObjects(of: object.isa)
      : try NotifyingSubclass.prepare(original, keys: [first] + dependentKeys, firstKeyID: firstID, kvo)
    let plan = KeyPathPlan(
      generation: generation, path: path, dependencyKeys: dependentKeys,
      dependencyPaths: dependencies.filter { $0.components.count > 1 },
      getter: try cachedGetter(for: path, in: observed.notifying), getterClass: observed.notifying,
      overridesSetObservationInfo: ObservationInfoCategory.isOverridden(in: observed.notifying),
      firstKeyID: firstID)
    observed.readsObservationInfoOverride = ObservationInfoCategory.isGetterOverridden(in: observed.notifying)
    return (observed, plan)
  }

  /// The getter the path's first key can be read with (a one-key path's old and new values; the
  /// start of a chain's), while the class keeps the category's own `valueForKey:` and the
  /// runtime's methods do not change.
  static func cachedGetter(for path: KeyValuePath, in cls: Class) throws -> CachedGetter? {
    // Stamped after the hooking above, not with the plan's stamp (MethodGeneration.swift). An
    // override of valueForKey: added by another thread after the stamp is read bumps it, so the
    // getter is never used with that override in place.
    try MethodGeneration.stamping(for: cls) { generation in
      guard let key = path.firstKey,
        !KeyValueCategory.isOverridden(Selectors.valueForKey, own: KeyValueCategory.valueForKey, in: cls)
      else { return nil }
      guard case .method(let selector) = try KeyValueCoding.getterPlan(for: cls, key: key) else { return nil }
      return CachedGetter(generation: generation, selector: selector, isChain: path.rest != nil, in: cls)
    }
  }
}
