// OrderedSetViews.swift: the live array and set an ordered set answers for `-array` and `-set`.
//
// Docs: docs/foundation.md#an-ordered-sets-array-and-set-views. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound29OrderedSetViewTests.swift.
//
// Model: Foundation documents `-[NSOrderedSet array]` and `-[NSOrderedSet set]` as immutable
// proxies for the receiver which, if the receiver is mutable, reflect its changes (Apple's
// private classes `__NSOrderedSetArrayProxy` and `__NSOrderedSetSetProxy`, a subclass of NSArray
// and of NSSet). Each view here is an instance of that class whose bridged storage is an
// `OrderedSetView`: the ordered set object, retained as Apple's proxy retains it, and that
// object's storage, read afresh on every use, so the view shows the ordered set as it is when
// asked. The classes define their abstract class's primitives on it (`count` and
// `objectAtIndex:`; `count`, `member:` and `allObjects`), every other NSArray / NSSet message is
// written with those primitives or reads the storage's bridged value, and `-copy` of a view is a
// snapshot, an immutable array or set of the elements it shows then.
// Locking: none of its own. Each read copies the ordered set's contents under that storage's lock
// (a leaf, held for the copy only); a retain or release of the ordered set runs with no lock held.

/// The contents of an ordered set's `-array` or `-set` view: the ordered set's, read live.
final class OrderedSetView: BridgedStorage, MutationCounting {
  /// Which view: the array (`__NSOrderedSetArrayProxy`) or the set (`__NSOrderedSetSetProxy`).
  enum Kind: Sendable { case array, set }

  let kind: Kind
  /// The ordered set shown, retained until the view goes.
  private let orderedSet: Object
  private let source: OrderedSetStorage
  /// Whether the ordered set was released already (the view was deallocated by a `release`).
  private let released = Locked(false)

  init(_ kind: Kind, of orderedSet: Object, source: OrderedSetStorage) {
    self.kind = kind
    self.orderedSet = orderedSet
    self.source = source
    try? Runtime.retainForStore(.object(orderedSet))  // call-out: a retain override, no lock held
  }

  deinit { releaseContents() }

  /// Releases the ordered set once: the view was deallocated by a `release` (its `-dealloc`
  /// releases what it retains), or Swift freed it.
  func releaseContents() {
    guard released.withLock({ (done: inout Bool) -> Bool in defer { done = true }; return !done }) else { return }
    Runtime.releaseForStore(.object(orderedSet))  // no lock held: may run user code
  }

  /// The ordered set's elements now, in order.
  var elements: [Value] { source.value.elements }

  /// The ordered set's elements now, for membership.
  var members: Set<Value> { source.value.members }

  /// The ordered set's count of changes: enumerating a view while the ordered set changes raises
  /// as enumerating the ordered set would (MutationGuard.swift).
  var mutations: UInt { source.mutations }

  var bridgedValue: Value? {
    switch kind {
    case .array: return .array(elements)
    case .set: return .set(members)
    }
  }
}

/// The methods of the two view classes: their abstract class's primitives, and `-copyWithZone:`.
enum OrderedSetViewMethods {
  static let array: [MethodEntry] = [
    MethodEntry("count", "Q16@0:8") { receiver, selector, _ in .uint64(UInt64(try view(receiver, selector).elements.count)) },
    MethodEntry("objectAtIndex:", "@24@0:8Q16") { receiver, selector, arguments in
      let index = try Message.index(arguments[0], receiver, selector)
      let elements = try view(receiver, selector).elements
      guard elements.indices.contains(index) else {
        throw Message.outOfBounds(argument: arguments[0], count: elements.count, receiver, selector)
      }
      return elements[index]
    },
    snapshot(.array) { ArrayStorage.array($0.elements) },
  ]

  static let set: [MethodEntry] = [
    MethodEntry("count", "Q16@0:8") { receiver, selector, _ in .uint64(UInt64(try view(receiver, selector).members.count)) },
    MethodEntry("member:", "@24@0:8@16") { receiver, selector, arguments in
      try MessageEquality.member(of: arguments[0], in: try view(receiver, selector).members) ?? .nil
    },
    MethodEntry("allObjects", "@16@0:8") { receiver, selector, _ in .array(try view(receiver, selector).elements) },
    snapshot(.set) { SetStorage.set($0.members) },
  ]

  /// A new view of `orderedSet`: `-array` or `-set`. An ordered set without Foundation's storage
  /// (a subclass's instance, read through its primitives) answers a copy instead.
  static func make(_ kind: OrderedSetView.Kind, of orderedSet: Object) throws -> Value {
    guard let source = orderedSet.bridgedStorage as? OrderedSetStorage else {
      let elements = try Ordered.elements(of: orderedSet)
      return kind == .array ? .array(elements) : .set(Set(elements))
    }
    let classes = try FoundationClasses.of(orderedSet)
    let cls = kind == .array ? classes.orderedSetArrayProxy : classes.orderedSetSetProxy
    return .object(try cls.createInstance(bridgedStorage: OrderedSetView(kind, of: orderedSet, source: source)))
  }

  /// `-copyWithZone:`: an immutable array or set of what the view shows now, not the view itself
  /// (which would go on changing with the ordered set).
  private static func snapshot(
    _ kind: CollectionKind, _ contents: @escaping @Sendable (OrderedSetView) -> any BridgedStorage
  ) -> MethodEntry {
    MethodEntry("copyWithZone:", "@24@0:8^v16") { receiver, selector, _ in
      let view = try view(receiver, selector)
      guard let runtime = receiver.runtime else { return .nil }
      return .object(try runtime.makeCollection(kind, mutable: false, storage: contents(view)))
    }
  }

  private static func view(_ receiver: Object, _ selector: Selector) throws -> OrderedSetView {
    guard let view = receiver.bridgedStorage as? OrderedSetView else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): not a view of an ordered set")
    }
    return view
  }
}
