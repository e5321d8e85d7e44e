// OrderedSetEdit.swift: one message to an ordered-set proxy, and the edit it makes on its route.
//
// Docs: docs/kvo.md#set-relationships. Tests: Tests/KVOTests/MutableOrderedSetProxyTests.swift.
//
// The search and the routes are described in MutableOrderedSetProxy.swift; this file holds the
// value each proxy method builds for its message (container, key, route decided afresh), the
// argument checks, the reading of the elements and the insert/remove/replace edits. Stateless.

import MiniFoundation
import MiniRuntime

/// One message to an ordered-set proxy: its container, key and route.
struct OrderedSetEdit {
  let proxy: Object
  let container: Object
  let key: String
  let method: String
  let access: MutableArrayProxy.Access

  init(proxy: Object, method: String) throws {
    guard let parts = try ProxyClasses.of(runtimeOf: proxy).orderedSetIvars.parts(of: proxy) else {
      throw KeyValueError(.invalidArgument, "\(proxy) is an ordered-set proxy without a container")
    }
    let (container, key) = parts
    self.proxy = proxy
    self.container = container
    self.key = key
    self.method = method
    access = try MutableArrayProxy.access(of: container, key: key)
  }

  private var name: String { "-[\(proxy.isa.name) \(method)]" }

  // MARK: - Arguments

  /// An `NSUInteger` argument, as its bit pattern: -1 (or the 18446744073709551615 a send makes
  /// of it for a `Q` parameter) is -1 here, which no check lets through, and a range error
  /// prints as the `NSUInteger` Foundation received.
  func rawIndex(_ value: Value) throws(KeyValueError) -> Int {
    guard let index = value.indexArgument else { throw KeyValueError(.invalidArgument, "*** \(name): \(value) is not an index") }
    return index
  }

  /// An index argument checked against `count`.
  func index(_ value: Value, in count: Int) throws(KeyValueError) -> Int {
    let index = try rawIndex(value)
    try check(index, in: count)
    return index
  }

  func indexes(_ value: Value) throws(KeyValueError) -> Indexes {
    if let indexes = value.indexesValue { return indexes }
    return try KeyValueCategory.indexes(value)
  }

  func array(_ value: Value) throws -> [Value] {
    guard let contents = try value.collectionContents() else {
      throw KeyValueError(.invalidArgument, "*** \(name): \(value) is not an array")
    }
    return contents.elements
  }

  private func check(_ index: Int, in count: Int, includingEnd: Bool = false) throws(KeyValueError) {
    let last = includingEnd ? count : count - 1
    guard index < 0 || index > last else { return }
    let shown = printedAsNSUInteger(index)
    let bounds = last < 0 ? "beyond bounds for empty ordered set" : "beyond bounds [0 .. \(last)]"
    throw KeyValueError(.indexOutOfBounds, "*** \(name): index \(shown) \(bounds)")
  }

  // MARK: - Reading

  /// The elements as they are now (through the ivar on that route, else the getter).
  func elements() throws -> [Value] {
    let value: Value
    if case .ivar(let ivar) = access {
      value = try container.value(for: ivar)
    } else {
      value = try KeyValueCoding.value(of: container, forKey: key)  // call-out: the getter
    }
    if value.isNil {
      switch access {  // the setter and ivar routes never invent an ordered set
      case .setter, .ivar: break
      case .mutators, .undefined: return []
      }
      throw KeyValueError(
        .collectionIsNil, "[<\(proxy.isa.name) \(proxy.address)> \(method)]: value for key \(key) of object \(container.address) is nil")
    }
    guard let contents = try value.collectionContents() else {
      throw KeyValueError(.invalidValue, "\(container)'s \(key) is \(value), not an ordered set")
    }
    return contents.elements
  }

  // MARK: - The edits

  /// What an edit starts from: `elements()`, but a nil ivar reads as empty (it raises in `store`).
  private func startingElements() throws -> [Value] {
    if case .ivar(let ivar) = access, try container.value(for: ivar).isNil { return [] }
    return try elements()
  }

  /// Inserts `objects` at `indexes` (positions in the result). The proxy does not look for
  /// objects the set holds already: the class's mutator or the ivar's set receives every object
  /// and index, inside a will/did of every index (the set ignores a held object; the did reads
  /// whatever is at its index); on the setter route the copy leaves them out and the setter is
  /// sent even if nothing was added, as Foundation's proxies do (kvo.md, "set relationships").
  func insert(_ objects: [Value], at indexes: Indexes, bulk: Bool) throws {
    guard objects.count == indexes.count else {
      throw KeyValueError.countMismatch(objects: objects.count, indexes: indexes.count, in: name)
    }
    let current = try startingElements()
    var members = Set(current)
    var kept: [(Value, Int)] = []
    var count = current.count
    let unchecked = forwardsUnchecked(indexes, bulk: bulk, \.insertMany, \.insert)
    let forwardsAll = switch access {  // the route hands every object on
    case .mutators, .ivar: true
    case .setter, .undefined: false
    }
    for (object, index) in zip(objects, indexes) {
      guard !object.isNil else { throw KeyValueError(.invalidArgument, "*** \(name): object cannot be nil") }
      if !unchecked { try check(index, in: count, includingEnd: true) }
      guard members.insert(object).inserted || forwardsAll else { continue }
      kept.append((object, index))
      count += 1
    }
    guard !objects.isEmpty else { return }
    let keptIndexes = Indexes(kept.map(\.1))
    guard case .mutators(let mutators) = access else {
      var edited = current
      for (object, index) in kept { edited.insert(object, at: max(0, min(index, edited.count))) }  // checked unless the ivar's set takes it
      return try store({ edited }, kind: .insertion, indexes: keptIndexes) { set in
        if !bulk, kept.count == 1 {
          try Runtime.msgSend(set, "insertObject:atIndex:", kept[0].0, .int(kept[0].1))
        } else {
          try Runtime.msgSend(set, "insertObjects:atIndexes:", .array(kept.map(\.0)), .object(try indexSet(keptIndexes)))
        }
      }
    }
    if let insertMany = mutators.insertMany, bulk || mutators.insert == nil {
      try Runtime.msgSend(container, insertMany, .array(kept.map(\.0)), .object(try indexSet(keptIndexes)))  // call-out
    } else if let insert = mutators.insert {
      for (object, index) in kept { try Runtime.msgSend(container, insert, object, .int(index)) }  // call-out
    }
  }

  /// Removes the objects at `indexes`.
  func remove(at indexes: Indexes, bulk: Bool) throws {
    let current = try startingElements()
    let checked = { [self] () throws -> [Value] in
      var edited = current
      for index in indexes { try check(index, in: current.count) }
      for index in indexes.reversed() { edited.remove(at: index) }
      return edited
    }
    if !forwardsUnchecked(indexes, bulk: bulk, \.removeMany, \.remove) { _ = try checked() }
    guard indexes.count > 0 else { return }
    guard case .mutators(let mutators) = access else {
      return try store(checked, kind: .removal, indexes: indexes) { set in
        if !bulk, let index = indexes.first, indexes.count == 1 {
          try Runtime.msgSend(set, "removeObjectAtIndex:", .int(index))
        } else {
          try Runtime.msgSend(set, "removeObjectsAtIndexes:", .object(try indexSet(indexes)))
        }
      }
    }
    if let removeMany = mutators.removeMany, bulk || mutators.remove == nil {
      try Runtime.msgSend(container, removeMany, .object(try indexSet(indexes)))  // call-out
    } else if let remove = mutators.remove {
      for index in indexes.reversed() { try Runtime.msgSend(container, remove, .int(index)) }  // call-out
    }
  }

  /// Replaces the objects at `indexes` with `objects`. Without a replacement mutator, the
  /// removal and insertion mutators are sent, as Foundation's proxy does.
  func replace(at indexes: Indexes, with objects: [Value], bulk: Bool) throws {
    guard objects.count == indexes.count else {
      throw KeyValueError.countMismatch(objects: objects.count, indexes: indexes.count, in: name)
    }
    let current = try startingElements()
    let checked = { [self] () throws -> [Value] in
      for index in indexes { try check(index, in: current.count) }
      var edited = OrderedElementsEdit(current)
      for (index, object) in zip(indexes, objects) { edited.replace(at: index, with: object) }
      return edited.elements
    }
    if !forwardsUnchecked(indexes, bulk: bulk, \.replaceMany, \.replace) { _ = try checked() }
    for object in objects where object.isNil { throw KeyValueError(.invalidArgument, "*** \(name): object cannot be nil") }
    guard indexes.count > 0 else { return }
    guard case .mutators(let mutators) = access else {
      return try store(checked, kind: .replacement, indexes: indexes) { set in
        if !bulk, let index = indexes.first, indexes.count == 1 {
          try Runtime.msgSend(set, "replaceObjectAtIndex:withObject:", .int(index), objects[0])
        } else {
          try Runtime.msgSend(set, "replaceObjectsAtIndexes:withObjects:", .object(try indexSet(indexes)), .array(objects))
        }
      }
    }
    if let replaceMany = mutators.replaceMany, bulk || mutators.replace == nil {
      try Runtime.msgSend(container, replaceMany, .object(try indexSet(indexes)), .array(objects))  // call-out
    } else if let replace = mutators.replace {
      for (index, object) in zip(indexes, objects) { try Runtime.msgSend(container, replace, .int(index), object) }  // call-out
    } else {
      try remove(at: indexes, bulk: bulk)
      try insert(objects, at: indexes, bulk: bulk)
    }
  }

  /// An edit on every route but the mutators (see the file comment): `inPlace` edits the ivar's
  /// mutable ordered set.
  private func store(_ edited: () throws -> [Value], kind: ChangeKind, indexes: Indexes, inPlace: (Object) throws -> Void) throws {
    guard let runtime = container.runtime else { return }
    switch access {
    case .setter(.ivar(let ivar)):
      try KeyValueCoding.setValue(.object(try runtime.mutableOrderedSet(try edited())), of: container, through: ivar, key: key)
    case .setter(.method(let selector, let type)):
      let value: Value
      do {
        value = try Value.object(try runtime.orderedSet(try edited())).converted(to: type)
      } catch let error as RuntimeError {
        throw KeyValueError(.invalidValue, "[\(KeyValueError.label(container)) \(selector.name)]: \(error.message)")
      }
      try Runtime.msgSend(container, selector, value)  // call-out: the setter
    case .ivar(let ivar):
      // Inside the will (decision 0025): an immutable ordered set refuses the message with its
      // own error; a nil ivar raises collectionIsNil (the proxy never invents one); no did.
      let set: Object?
      switch try container.value(for: ivar) {
      case .object(let object): set = object
      case let value where value.isNil: set = nil
      default:
        // A bridged value (an array) has no object to edit: the edited copy replaces it.
        let made = try runtime.mutableOrderedSet(try elements())
        try container.setValue(.object(made), for: ivar)
        set = made
      }
      func edit() throws {
        guard let set else { _ = try elements(); return }  // raises collectionIsNil
        try inPlace(set)  // call-out: the ivar's ordered set
      }
      guard try Notifier.notifiesAutomatically(container, key: key) else { return try edit() }
      try Notifier.bracket(
        container, key: key, id: KeyID(key), kind: kind, indexes: ChangeIndexes(indexes, of: container)
      ) { try edit() }
    case .undefined:
      try Runtime.msgSend(container, "setValue:forUndefinedKey:", .object(try runtime.orderedSet(try edited())), try LoneSurrogateKey.argument(key, in: container.runtime))
    case .mutators:
      return
    }
  }

  /// Whether the edit goes on with its indexes unchecked, as the array proxy's
  /// (`MutableArrayProxy.forwardsUnchecked`): to one mutator message, or to the ivar's set.
  private func forwardsUnchecked(
    _ indexes: Indexes, bulk: Bool, _ many: KeyPath<MutableArrayProxy.Mutators, Selector?>,
    _ one: KeyPath<MutableArrayProxy.Mutators, Selector?>
  ) -> Bool {
    MutableArrayProxy.forwardsUnchecked(indexes, access, preferringBulk: bulk, bulk: many, single: one)
  }

  private func indexSet(_ indexes: Indexes) throws -> Object {
    guard let runtime = container.runtime else {
      throw KeyValueError(.invalidArgument, "\(container) belongs to a runtime that no longer exists")
    }
    return try runtime.indexSet(indexes)
  }
}
