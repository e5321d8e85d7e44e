// AccessorNames.swift: the selectors KVC and KVO build from one key, interned once per key.
//
// Docs: docs/performance.md#add-and-remove. Tests: Tests/KVOTests/AccessorNamesTests.swift,
// AppleKVOExperimentsTests.swift, KeyValueCodingTests.swift.
//
// Model: observing `age` on a class never observed before searches about twenty accessors named
// after the key (`setAge:`, `_setAge:`, `insertObject:inAgeAtIndex:`, …, `getAge`, `isAge`,
// `+automaticallyNotifiesObserversOfAge`, `+keyPathsForValuesAffectingAge`). Their names depend
// only on the key, and selectors are process-wide (docs/decisions/0002), so they are built and
// interned once per key and kept here: the first observation of `age` on the next class, in any
// runtime, only looks them up. Nothing here depends on a class or a runtime, so an entry is never
// stale; whether a class has the method is still asked every time.
//
// Locking: `table` is a leaf lock (Sources/MiniRuntime/Locks.swift, KVO's `c`), held only to
// find or insert an entry; names are built and interned before it is taken. Two threads making
// the names of one key at once each build them; the first inserted is kept (both are equal).
// The table is emptied when it reaches `capacity` keys (entries are made again, never wrong).

import MiniRuntime

/// The selectors of the accessors named after one key.
final class AccessorNames: Sendable {
  /// Keys kept before the table starts over.
  private static let capacity = 512
  /// Key → its names, and the entry found last. Locking: its own lock, a leaf.
  private static let table = Locked(Table())

  /// The table's state: every entry, and the last one found, compared first (a first
  /// observation asks for one key's names three times: the setters, the getter, the dependencies).
  private struct Table {
    var names: [String: AccessorNames] = [:]
    var last: AccessorNames?

    mutating func find(_ key: String) -> AccessorNames? {
      if let last, last.key == key { return last }
      guard let found = names[key] else { return nil }
      last = found
      return found
    }
  }

  let key: String
  /// `Age` for `age`.
  let capitalized: String
  /// `get<Key>`, `<key>`, `is<Key>`, `_get<Key>`, `_<key>`: those without a colon (a method
  /// named with one takes arguments a getter cannot pass), in KVC's search order (Foundation's implementation's: its documentation
  /// lists all but `_get<Key>`).
  let getters: [Selector]
  /// `countOf<Key>`, `objectIn<Key>AtIndex:`, `<key>AtIndexes:`, `indexIn<Key>OfObject:`,
  /// `enumeratorOf<Key>`, `memberOf<Key>:`. Any key makes them: `my key` makes `countOfMy key`,
  /// which the runtime takes as a method name (decision 0027).
  let countOf: Selector
  let objectInAtIndex: Selector
  let atIndexes: Selector
  let indexInOfObject: Selector
  let enumeratorOf: Selector
  let memberOf: Selector
  /// `set<Key>:`, `_set<Key>:`, `setIs<Key>:`, in KVC's search order (Foundation's
  /// implementation's: its documentation lists only the first two).
  let setters: [Selector]
  /// The indexed to-many mutators, in the order `NotifyingSetters.mutatorKinds` lists them:
  /// `insertObject:in<Key>AtIndex:`, `insert<Key>:atIndexes:`, `removeObjectFrom<Key>AtIndex:`,
  /// `remove<Key>AtIndexes:`, `replaceObjectIn<Key>AtIndex:withObject:`,
  /// `replace<Key>AtIndexes:with<Key>:`.
  let indexedMutators: [Selector]
  /// The set mutators, in the order `NotifyingSetMutators.accessorKinds` lists them:
  /// `add<Key>Object:`, `add<Key>:`, `remove<Key>Object:`, `remove<Key>:`, `intersect<Key>:`.
  let setMutators: [Selector]
  /// `setters`, `indexedMutators` and `setMutators` in one list, in that order: the methods a
  /// notifying subclass may override, asked of a class in one lookup (`overridableMethods(in:)`).
  let overridable: [Selector]
  /// `+automaticallyNotifiesObserversOf<Key>` and `+keyPathsForValuesAffecting<Key>`.
  let automaticallyNotifiesObserversOf: Selector
  let keyPathsForValuesAffecting: Selector

  private init(_ key: String) {
    let capitalized = KeyValueCoding.capitalized(key)
    self.key = key
    self.capitalized = capitalized
    getters = ["get\(capitalized)", key, "is\(capitalized)", "_get\(capitalized)", "_\(key)"].compactMap { name in
      let selector = Selector(interning: name)
      return selector.argumentCount == 0 ? selector : nil
    }
    countOf = Selector(interning: "countOf\(capitalized)")
    objectInAtIndex = Selector(interning: "objectIn\(capitalized)AtIndex:")
    atIndexes = Selector(interning: "\(key)AtIndexes:")
    indexInOfObject = Selector(interning: "indexIn\(capitalized)OfObject:")
    enumeratorOf = Selector(interning: "enumeratorOf\(capitalized)")
    memberOf = Selector(interning: "memberOf\(capitalized):")
    setters = [
      Selector(interning: "set\(capitalized):"), Selector(interning: "_set\(capitalized):"),
      Selector(interning: "setIs\(capitalized):"),
    ]
    indexedMutators = [
      Selector(interning: "insertObject:in\(capitalized)AtIndex:"),
      Selector(interning: "insert\(capitalized):atIndexes:"),
      Selector(interning: "removeObjectFrom\(capitalized)AtIndex:"),
      Selector(interning: "remove\(capitalized)AtIndexes:"),
      Selector(interning: "replaceObjectIn\(capitalized)AtIndex:withObject:"),
      Selector(interning: "replace\(capitalized)AtIndexes:with\(capitalized):"),
    ]
    setMutators = [
      Selector(interning: "add\(capitalized)Object:"),
      Selector(interning: "add\(capitalized):"),
      Selector(interning: "remove\(capitalized)Object:"),
      Selector(interning: "remove\(capitalized):"),
      Selector(interning: "intersect\(capitalized):"),
    ]
    overridable = setters + indexedMutators + setMutators
    automaticallyNotifiesObserversOf = Selector(interning: "automaticallyNotifiesObserversOf" + capitalized)
    keyPathsForValuesAffecting = Selector(interning: "keyPathsForValuesAffecting" + capitalized)
  }

  /// The methods instances of `cls` have for `overridable` (one locked lookup, then the class's
  /// resolver for each miss, as `class_getInstanceMethod`: AccessorLookup.swift), split as
  /// `setters`, `indexedMutators` and `setMutators` list them: `nil` where the class has none.
  ///
  /// - Throws: What a resolver threw.
  func overridableMethods(
    in cls: Class
  ) throws -> (setters: ArraySlice<Method?>, indexedMutators: ArraySlice<Method?>, setMutators: ArraySlice<Method?>) {
    let found = try AccessorLookup(cls).methods(overridable)
    let indexedStart = setters.count
    let setStart = indexedStart + indexedMutators.count
    return (found[..<indexedStart], found[indexedStart..<setStart], found[setStart...])
  }

  /// The names of `key`'s accessors, made on the first call for the key.
  ///
  /// - Complexity: one compare with the last key found, else one hashed lookup, under a leaf
  ///   lock; the first call for a key also builds and interns about twenty names.
  static func of(_ key: String) -> AccessorNames {
    if let known = table.withLock({ $0.find(key) }) { return known }
    let made = AccessorNames(key)  // interning takes the selector table's lock: not under `table`
    return table.withLock { table in
      if let known = table.find(key) { return known }
      if table.names.count >= capacity { table.names.removeAll(keepingCapacity: true) }
      table.names[key] = made
      table.last = made
      return made
    }
  }
}
