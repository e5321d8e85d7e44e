// KeyValueCoding+Accessors.swift: the accessor search order, and its cache.
//
// Docs: docs/kvo.md#the-accessor-search-order. Tests: Tests/KVOTests/KeyValueCodingTests.swift.
//
// The search follows Foundation's implementation, which checks two methods more than its
// documentation lists (`_get<Key>` and `setIs<Key>:`):
//   get:  `get<Key>`, `<key>`, `is<Key>`, `_get<Key>`, `_<key>`; then `countOf<Key>` with
//         `indexIn<Key>OfObject:` and `objectIn<Key>AtIndex:` or `<key>AtIndexes:` (a live
//         `NSKeyValueOrderedSet`); then `countOf<Key>` with
//         `objectIn<Key>AtIndex:` or `<key>AtIndexes:` (a live `NSKeyValueArray`); then
//         `countOf<Key>` with `enumeratorOf<Key>` and `memberOf<Key>:` (a live `NSKeyValueSet`:
//         CollectionGetterProxy.swift); then, if `+accessInstanceVariablesDirectly` says yes,
//         the ivars `_<key>`, `_is<Key>`, `<key>`, `is<Key>`; else `valueForUndefinedKey:`.
//   set:  `set<Key>:`, `_set<Key>:`, `setIs<Key>:`; then the same ivars; else `setValue:forUndefinedKey:`.
// Each name is asked for as Foundation asks, with the class's resolver on a miss
// (AccessorLookup.swift), so accessors a class adds at resolve time are found.
// Each step takes the first method or ivar it finds by name and only then looks at its type, as
// Foundation does: one KVC cannot box as an object (`void`, `long double`, `char *`, `SEL`, a
// pointer, a union, a C array, a bit field, an unknown type) makes the key undefined, and nothing
// after it is tried, as Foundation's getters and setters exist only for objects, classes, numbers
// and structs: a `char *` getter hides the ivar `_<key>` behind it.
// Any string is a key, as in Foundation, and every key is searched: the names are built as text
// (the key's first byte upper-cased by `toupper`) and the runtime takes any name (decision 0027),
// so `my key` finds `setMy key:` and the ivar `_my key`, and the empty key finds `get` or `_`.
// The outcome (a "plan") is cached per class and key, as Foundation caches its getters and
// setters: an immutable `AccessorPlans` list published as an associated object of the class,
// read with the class's spin lock and scanned by key (short keys compare as two words). It is
// valid for one method generation of the runtime (MethodGeneration.swift: read before the
// search); any method change anywhere makes it stale, so a new accessor is found on the next
// call. Two threads filling it at once may each publish
// their own list; the loser's plan is simply computed again later.
// `+accessInstanceVariablesDirectly` is a message (user code): no lock is held while sending it.

import MiniRuntime

/// How `valueForKey:` gets a key's value on a class.
enum GetterPlan: Sendable {
  case method(Selector)
  /// `countOf<Key>` and `indexIn<Key>OfObject:` with `objectIn<Key>AtIndex:` or
  /// `<key>AtIndexes:`: an `NSKeyValueOrderedSet`.
  case orderedSet
  /// `countOf<Key>` with `objectIn<Key>AtIndex:` or `<key>AtIndexes:`: an `NSKeyValueArray`.
  case indexed
  /// `countOf<Key>`, `enumeratorOf<Key>` and `memberOf<Key>:`: an `NSKeyValueSet`.
  case unordered
  case ivar(Ivar)
  case undefined
}

/// How `setValue:forKey:` sets a key's value on a class.
enum SetterPlan: Sendable {
  case method(Selector, argumentType: TypeEncoding)
  case ivar(Ivar)
  case undefined
}

extension KeyValueCoding {
  /// `Age` for `age`: the key with its first byte upper-cased by C's `toupper`, as Foundation
  /// builds accessor names from the key's UTF-8 text. Only `a`…`z` change: `élan` stays `élan`
  /// (`setélan:`), `ßig` stays `ßig`, and the empty key stays empty.
  static func capitalized(_ key: String) -> String {
    guard let first = key.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return key }
    return String(UnicodeScalar(first - 32)) + String(key.unicodeScalars.dropFirst())
  }

  /// The part of `key` accessor and ivar names are built from: Foundation builds them from the
  /// key as a C string, which ends at the first NUL, so `name\0x` finds `name`, `setName:` and
  /// `_name`. A key without NUL is itself.
  static func nameStem(_ key: String) -> String {
    guard let nul = key.utf8.firstIndex(of: 0) else { return key }
    return String(key[..<nul])
  }

  static func getterPlan(for cls: Class, key: String) throws -> GetterPlan {
    try MethodGeneration.cached(
      for: cls,
      lookUp: { generation in AccessorPlans.of(cls, at: generation)?.getter(for: key) },
      compute: { _ in try searchGetter(in: cls, key: key) },
      publish: { generation, plan in
        AccessorPlans.publish(on: cls, generation: generation, adding: { $0.getters.append((key, plan)) })
      })
  }

  static func setterPlan(for cls: Class, key: String) throws -> SetterPlan {
    try MethodGeneration.cached(
      for: cls,
      lookUp: { generation in AccessorPlans.of(cls, at: generation)?.setter(for: key) },
      compute: { _ in try searchSetter(in: cls, key: key) },
      publish: { generation, plan in
        AccessorPlans.publish(on: cls, generation: generation, adding: { $0.setters.append((key, plan)) })
      })
  }

  private static func searchGetter(in cls: Class, key: String) throws -> GetterPlan {
    let key = nameStem(key)
    let names = AccessorNames.of(key)
    let lookup = AccessorLookup(cls)
    if let plan = try firstGetter(in: lookup, among: names.getters) { return plan }
    if try lookup.method(names.countOf) != nil {
      func has(_ selector: Selector) throws -> Bool { try lookup.method(selector) != nil }
      if try has(names.objectInAtIndex) || has(names.atIndexes) { return try has(names.indexInOfObject) ? .orderedSet : .indexed }
      if try has(names.enumeratorOf) && has(names.memberOf) { return .unordered }
    }
    if let ivar = try directIvar(in: cls, key: key, capitalized: names.capitalized) { return .ivar(ivar) }
    return .undefined
  }

  private static func searchSetter(in cls: Class, key: String) throws -> SetterPlan {
    let key = nameStem(key)
    let names = AccessorNames.of(key)
    if let plan = try firstSetter(in: AccessorLookup(cls), among: names.setters) { return plan }
    if let ivar = try directIvar(in: cls, key: key, capitalized: names.capitalized) { return .ivar(ivar) }
    return .undefined
  }

  /// The ivar KVC may use directly, if the class allows it: the first of `_<key>`, `_is<Key>`,
  /// `<key>`, `is<Key>` the class has, if KVC can box its type (else none: the first one decides).
  private static func directIvar(in cls: Class, key: String, capitalized: String) throws -> Ivar? {
    guard let ivar = try firstIvar(in: cls, named: ["_\(key)", "_is\(capitalized)", key, "is\(capitalized)"]) else { return nil }
    return canBox(ivar.type) ? ivar : nil
  }

  /// The first of `selectors` the class has as a getter plan: `.method`, or `.undefined` if KVC
  /// cannot box its return type (Foundation looks no further than the first found); `nil` if the
  /// class has none of them. A name with a colon is no getter's.
  static func firstGetter(in lookup: AccessorLookup, among selectors: [Selector]) throws -> GetterPlan? {
    for selector in selectors where selector.argumentCount == 0 {
      if let method = try lookup.method(selector) {
        return canBox(method.signature.returnType) ? .method(selector) : .undefined
      }
    }
    return nil
  }

  /// The first of `selectors` the class has as a setter plan, as ``firstGetter(in:among:)``: a
  /// setter taking no argument, or one KVC cannot box, makes the key undefined.
  static func firstSetter(in lookup: AccessorLookup, among selectors: [Selector]) throws -> SetterPlan? {
    for selector in selectors {
      if let method = try lookup.method(selector) {
        guard let type = method.signature.messageArgumentTypes.first, canBox(type) else { return .undefined }
        return .method(selector, argumentType: type)
      }
    }
    return nil
  }

  /// The first ivar of `names` the class has, whatever its type, if
  /// `+accessInstanceVariablesDirectly` says yes.
  static func firstIvar(in cls: Class, named names: [String]) throws -> Ivar? {
    // call-out: the class's `+accessInstanceVariablesDirectly`, no lock held
    guard try Runtime.msgSend(cls, "accessInstanceVariablesDirectly").boolValue ?? false else { return nil }
    return names.lazy.compactMap { cls.ivar(named: $0) }.first
  }

  /// Whether KVC can hand a value of `type` over as an object and take one back: objects,
  /// classes, blocks, numbers and `BOOL` (an `NSNumber`), structs (an `NSValue`). Foundation has
  /// no getter or setter for any other type (`void`, `long double`, which no `NSNumber` holds,
  /// `char *`, `SEL`, pointers, unions, C arrays, bit fields), so an accessor or ivar of such a
  /// type does not count as one.
  static func canBox(_ type: TypeEncoding) -> Bool {
    switch type.unqualified {
    case .void, .longDouble, .cString, .selector, .pointer, .union, .unknown, .array, .bitField: return false
    default: return true
    }
  }

  /// Whether nil cannot be stored in a value of `type` (numbers, Bool, structs): KVC sends
  /// `setNilValueForKey:` instead.
  static func isScalar(_ type: TypeEncoding) -> Bool {
    switch type.unqualified {
    case .object, .block, .class, .selector, .pointer, .cString: return false
    default: return true
    }
  }
}

/// The accessor plans of one class for one method generation, immutable once published.
final class AccessorPlans: Sendable {
  private static let associationKey = AssociationKey("MiniKVO.accessorPlans")
  /// A class with more keys than this starts a fresh list (plans are recomputed, never wrong).
  private static let capacity = 64

  struct Lists {
    var getters: [(key: String, plan: GetterPlan)] = []
    var setters: [(key: String, plan: SetterPlan)] = []
  }

  let generation: MethodGeneration
  let getters: [(key: String, plan: GetterPlan)]
  let setters: [(key: String, plan: SetterPlan)]

  /// The keys of `getters` and `setters`, in the same order: a lookup compares strings in a
  /// plain `[String]` instead of copying each (key, plan) pair it passes.
  private let getterKeys: [String]
  private let setterKeys: [String]

  private init(generation: MethodGeneration, lists: Lists) {
    self.generation = generation
    getters = lists.getters
    setters = lists.setters
    getterKeys = lists.getters.map(\.key)
    setterKeys = lists.setters.map(\.key)
  }

  /// The getter plan cached for `key`, if any. Complexity: O(*n*) in the keys cached (at most 64).
  func getter(for key: String) -> GetterPlan? {
    getterKeys.firstIndex(of: key).map { getters[$0].plan }
  }

  /// The setter plan cached for `key`, if any. Complexity: O(*n*) in the keys cached (at most 64).
  func setter(for key: String) -> SetterPlan? {
    setterKeys.firstIndex(of: key).map { setters[$0].plan }
  }

  /// The plans published on `cls` for `generation`, if any.
  static func of(_ cls: Class, at generation: MethodGeneration) -> AccessorPlans? {
    guard let plans = cls.associatedObject(forKey: associationKey).swiftObject(as: AccessorPlans.self),
      plans.generation == generation
    else { return nil }
    return plans
  }

  /// Publishes the current plans of `cls` (for `generation`) with one more entry.
  static func publish(on cls: Class, generation: MethodGeneration, adding add: (inout Lists) -> Void) {
    var lists = Lists()
    if let current = of(cls, at: generation), current.getters.count + current.setters.count < capacity {
      lists = Lists(getters: current.getters, setters: current.setters)
    }
    add(&lists)
    // Cannot fail: a Swift object with the retain policy is always accepted.
    try? cls.setAssociatedObject(
      .swiftObject(AccessorPlans(generation: generation, lists: lists)), forKey: associationKey, policy: .retain)
  }
}
