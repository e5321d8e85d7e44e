// NSCountedSet.swift: NSCountedSet, a mutable set that counts how often each of its distinct
// objects was added.
//
// Docs: docs/foundation.md#counted-sets. Tests: Tests/MiniFoundationTests/NSCountedSetTests.swift.
//
// Model: the storage maps each distinct member to its count (1 or more), behind the collection
// storage's own lock (CollectionStorage.swift: a leaf, held only to read or replace the
// dictionary, never while a message is sent or an object retained or released). It bridges to the
// set of its members, so what reads a set argument (`isEqualToSet:`, `unionSet:`, key-value
// coding's `@distinctUnionOfSets`) sees the members. NSCountedSet is a concrete class, as
// Foundation's is (no placeholder): `+alloc` of it or of a subclass hands out an instance with
// empty storage. It overrides NSSet's primitives (`count`, `member:`, `allObjects`,
// `objectEnumerator`) and NSMutableSet's (`addObject:`, `removeObject:`), so what NSSet and
// NSMutableSet write with them counts: `unionSet:` adds one to each count, `minusSet:` takes one
// off. Ownership: a member is retained once, when it first comes in, and released when its count
// falls to zero (or the set goes).

/// A counted set's contents: each distinct member and how many times it is in the set.
typealias CountedSetStorage = CollectionStorage<[Value: Int]>

extension CollectionStorage where Contents == [Value: Int] {
  /// A counted set's storage: bridged to the set of its members, each member held once.
  static func countedSet(_ counts: [Value: Int]) -> CountedSetStorage {
    CountedSetStorage(counts, bridge: { .set(Set($0.keys)) }, held: { counts, body in counts.keys.forEach(body) }, empty: [:])
  }
}

enum NSCountedSetMethods {
  static let all = ClassMethods(
    instance: [
      MethodEntry("count", "Q16@0:8") { receiver, selector, _ in
        .uint64(UInt64(try storage(receiver, selector).read { $0.count }))
      },
      MethodEntry("member:", "@24@0:8@16") { receiver, selector, arguments in
        try member(of: arguments[0], in: try storage(receiver, selector).value) ?? .nil
      },
      MethodEntry("countForObject:", "Q24@0:8@16") { receiver, selector, arguments in
        let counts = try storage(receiver, selector).value
        return .uint64(UInt64(try member(of: arguments[0], in: counts).flatMap { counts[$0] } ?? 0))
      },
      MethodEntry("allObjects", "@16@0:8") { receiver, selector, _ in .array(Array(try storage(receiver, selector).value.keys)) },
      NSEnumeratorMethods.objectEnumerator { Array(try storage($0, "objectEnumerator").value.keys) },
      MethodEntry("addObject:", "v24@0:8@16") { receiver, selector, arguments in
        let candidate = try Message.object(arguments[0], receiver, selector)
        let storage = try storage(receiver, selector)
        let element = try member(of: candidate, in: storage.value) ?? candidate  // an equal member counts, no lock held
        if storage.updateIfChanged({ counted(&$0, element) ? true : nil }) != nil { return .nil }  // not retained again
        try? Runtime.retainForStore(element)  // call-out: a `retain` override, no lock held
        let inserted = storage.update { counts -> Bool in
          if counted(&counts, element) { return false }  // another thread brought it in meanwhile
          counts[element] = 1
          return true
        }
        if !inserted { Runtime.releaseForStore(element) }
        return .nil
      },
      MethodEntry("removeObject:", "v24@0:8@16") { receiver, selector, arguments in
        let storage = try storage(receiver, selector)
        guard let element = try member(of: arguments[0], in: storage.value) else { return .nil }  // absent: no mutation
        let gone = storage.updateIfChanged { counts -> Value?? in
          guard let index = counts.index(forKey: element) else { return nil }  // absent: no mutation
          let (member, count) = counts[index]
          if count > 1 {
            counts.values[index] = count - 1
            return .some(nil)
          }
          counts.remove(at: index)
          return .some(member)
        }
        if case .some(.some(let member)) = gone { Runtime.releaseForStore(member) }  // after unlocking
        return .nil
      },
      MethodEntry("removeAllObjects", "v16@0:8") { receiver, selector, _ in
        try storage(receiver, selector).replaceContents(with: [:])
        return .nil
      },
      MethodEntry("initWithArray:", "@24@0:8@16") { receiver, selector, arguments in
        let elements = try Message.array(arguments[0], receiver, selector).map(Message.element)
        try storage(receiver, selector).replaceContents(with: try counts(of: elements))
        return .object(receiver)
      },
      MethodEntry("initWithSet:", "@24@0:8@16") { receiver, selector, arguments in
        // A counted set's counts come along; any other set's members count once each.
        let counts = try arguments[0].isNil ? [:] : countsOf(set: arguments[0], receiver, selector)
        try storage(receiver, selector).replaceContents(with: counts)
        return .object(receiver)
      },
      MethodEntry("copyWithZone:", "@24@0:8^v16", copy),
      MethodEntry("mutableCopyWithZone:", "@24@0:8^v16", copy),
      MethodEntry("description", "@16@0:8") { receiver, selector, _ in
        let counts = try storage(receiver, selector).value
        let members = try counts.map { "\(try Describing.text(of: $0.key)) [\($0.value)]" }.sorted()
        return .string("<\(receiver.isa.name): \(receiver.address)> (\(members.joined(separator: ", ")))")
      },
    ],
    classSide: [
      MethodEntry("alloc", "@16@0:8") { receiver, _, _ in
        guard let cls = receiver as? Class else { return .nil }
        return .object(try cls.createInstance(bridgedStorage: CountedSetStorage.countedSet([:])))
      }
    ])

  /// The storage of a counted set, or the abstract-class error for an object without one.
  static func storage(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> CountedSetStorage {
    guard let storage = receiver.bridgedStorage as? CountedSetStorage else { throw Message.abstract(receiver, selector, "NSCountedSet") }
    return storage
  }

  /// Counts `element` once more if it is a member; answers whether it was.
  private static func counted(_ counts: inout [Value: Int], _ element: Value) -> Bool {
    guard let index = counts.index(forKey: element) else { return false }
    counts.values[index] += 1
    return true
  }

  /// The member of `counts` equal to `candidate`, as NSSet's hash table finds it (its `hash` and
  /// `isEqual:` for an object with its own equality, MessageEquality.swift); read from a copy, so
  /// the messages run with no lock held.
  private static func member(of candidate: Value, in counts: [Value: Int]) throws -> Value? {
    try MessageEquality.member(of: candidate, in: counts.keys) { counts.index(forKey: $0) }
  }

  /// How many times each distinct element occurs in `elements` (equal ones counted together,
  /// under the first).
  private static func counts(of elements: [Value]) throws -> [Value: Int] {
    var counts: [Value: Int] = [:]
    for element in elements { counts[try member(of: element, in: counts) ?? element, default: 0] += 1 }
    return counts
  }

  /// The counts of a set argument: a counted set's own, any other set's members once each.
  private static func countsOf(set value: Value, _ receiver: Object, _ selector: Selector) throws -> [Value: Int] {
    if case .object(let object) = value, let other = object.bridgedStorage as? CountedSetStorage { return other.value }
    return try counts(of: Array(try Message.set(value, receiver, selector)).map(Message.element))
  }

  /// `-copy` and `-mutableCopy`: a new counted set with the same counts (a counted set is mutable,
  /// so even `-copy` makes a new one).
  private static let copy: ImplementationBody = { receiver, selector, _ in
    let classes = try FoundationClasses.of(receiver)
    let counts = try storage(receiver, selector).value
    return .object(try classes.countedSet.createInstance(bridgedStorage: CountedSetStorage.countedSet(counts)))
  }
}
