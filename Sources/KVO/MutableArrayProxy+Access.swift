// MutableArrayProxy+Access.swift: how a mutable array proxy reaches and edits its array.
//
// Docs: docs/kvo.md#to-many-changes. Tests: Tests/KVOTests/ToManyTests.swift.
//
// Foundation's search for `mutableArrayValueForKey:`, in its documented order, decided afresh
// for every edit (the class may change meanwhile):
//   1. mutators: an insertion method (`insertObject:in<Key>AtIndex:` or `insert<Key>:atIndexes:`)
//      and a removal method (`removeObjectFrom<Key>AtIndex:` or `remove<Key>AtIndexes:`): the proxy
//      sends them (and `replaceObjectIn<Key>AtIndex:withObject:` / `replace<Key>AtIndexes:with<Key>:`
//      if present), so the notifying subclass's overrides report each edit with its indexes
//      (Foundation's `NSKeyValueFastMutableArray`);
//   2. the setter `set<Key>:`: the proxy reads the array with the getter, edits a copy and sends
//      the setter, whose notifying override reports a *setting* (`NSKeyValueSlowMutableArray`);
//      a `set<Key>:` whose argument KVC cannot box makes the key undefined (decision 0046);
//   3. if `+accessInstanceVariablesDirectly`, an ivar `_<key>` or `<key>`: the proxy sends the
//      edit (`insertObject:atIndex:`, `removeObjectsAtIndexes:`, …) to the array in the ivar,
//      inside a will/did of the edit's kind and indexes when the class notifies automatically
//      for the key (`NSKeyValueIvarMutableArray`, wrapped in `NSKeyValueNotifyingMutableArray`).
//      An `NSMutableArray` is edited in place (same object, so every reference sees the edit); an
//      immutable `NSArray` refuses the message with its own unrecognized-selector error and a nil
//      ivar raises, both after the will, with no did (decision 0025); a bridged `.array` value
//      has no object to edit, so the edited copy replaces it (docs/kvo.md#to-many-changes says why);
//   4. otherwise `setValue:forKey:`'s setter search: `_set<Key>:` or `setIs<Key>:`, or the ivar
//      `_is<Key>` or `is<Key>`, each given the edited copy as in step 2 (decision 0035); else
//      every message ends in `valueForUndefinedKey:` / `setValue:forUndefinedKey:`.
// Through a setter or an ivar the proxy never invents an array: a nil value raises
// `NSInternalInconsistencyException`, as Foundation's slow and ivar proxies do (an ivar's edit
// after its will; a read, and the count `addObject:` and `removeLastObject` read, first).

import MiniFoundation
import MiniRuntime

extension CollectionAccess where Mutators == MutableArrayProxy.Mutators {
  /// The name of the Foundation class that reaches the array this way (for messages).
  var proxyClassName: String {
    switch self {
    case .mutators: return "NSKeyValueFastMutableArray"
    case .setter, .undefined: return "NSKeyValueSlowMutableArray"
    case .ivar: return "NSKeyValueIvarMutableArray"
    }
  }
}

extension MutableArrayProxy {
  /// How the proxy reaches the array, for one edit (CollectionAccess.swift).
  typealias Access = CollectionAccess<Mutators>

  /// The indexed mutators a class implements for the key.
  struct Mutators {
    let insert: Selector?
    let insertMany: Selector?
    let remove: Selector?
    let removeMany: Selector?
    let replace: Selector?
    let replaceMany: Selector?
  }

  /// Foundation's search (see the file comment), on the object's class as it is now.
  func access(_ object: Object) throws -> Access { try Self.access(of: object, key: key) }

  /// Foundation's search for `key` of `object` (shared with the ordered-set proxy).
  static func access(of object: Object, key: String) throws -> Access {
    let cls = object.isa
    let found = AccessorNames.of(KeyValueCoding.nameStem(key)).indexedMutators.map { selector in cls.instancesRespond(to: selector) ? selector : nil }
    let mutators = Mutators(
      insert: found[0], insertMany: found[1], remove: found[2], removeMany: found[3], replace: found[4],
      replaceMany: found[5])
    if (mutators.insert != nil || mutators.insertMany != nil) && (mutators.remove != nil || mutators.removeMany != nil) {
      return .mutators(mutators)
    }
    return try .withoutMutators(in: cls, key: key)
  }

  /// The array as it is now: through the ivar, or through the getter (the accessor search).
  ///
  /// - Throws: `collectionIsNil` (Foundation's `NSInternalInconsistencyException`) if the value
  ///   is nil on the setter or ivar route (the proxy never invents an array; through mutators,
  ///   nil reads as empty); `invalidValue` if it is not an array.
  func currentElements(_ object: Object, _ access: Access, for method: String) throws -> [Value] {
    let value: Value
    if case .ivar(let ivar) = access {
      value = try object.value(for: ivar)
    } else {
      value = try KeyValueCoding.value(of: object, forKey: key)  // call-out: the getter
    }
    if value.isNil {
      // Through mutators the class's own methods edit whatever it keeps. The setter and ivar
      // routes would have to invent the array: they refuse, as Foundation's proxies do (its
      // ivar proxy asks for a non-nil array for every message, and raises this error).
      switch access {
      case .setter, .ivar: break
      case .mutators, .undefined: return []
      }
      throw KeyValueError(
        .collectionIsNil,
        "[<\(access.proxyClassName) \(address)> \(method)]: value for key \(key) of object \(object.address) is nil")
    }
    // An array, or an NSArray object of any class (the live proxy of indexed accessors).
    if let elements = value.arrayValue { return elements }
    guard case .array(let elements)? = try value.collectionContents() else {
      throw KeyValueError(.invalidValue, "\(object)'s \(key) is \(value), not an array")
    }
    return elements
  }

  /// Stores an edited array (for every access but the mutators): the setter's notifying override
  /// reports a setting; an ivar's array receives the edit (`kind` at `indexes`, with `objects`
  /// inserted or put in place), wrapped in a will/did when the class notifies automatically for
  /// the key, and raises there if an index is out of range (decision 0025); an undefined key goes
  /// to `setValue:forUndefinedKey:`. `edited` makes the edited copy (checking the indexes).
  func store(
    in object: Object, _ access: Access, kind: ChangeKind, indexes: Indexes, objects: [Value],
    _ edited: @escaping () throws -> [Value]
  ) throws {
    switch access {
    case .setter(.ivar(let ivar)):
      guard let runtime = object.runtime else { return }
      try KeyValueCoding.setValue(.object(try runtime.mutableArray(try edited())), of: object, through: ivar, key: key)
    case .setter(.method(let selector, let type)):
      let value: Value
      let elements = try edited()
      do {
        value = try Value.array(elements).converted(to: type)
      } catch {
        throw KeyValueError(.invalidValue, "[\(KeyValueError.label(object)) \(selector.name)]: \(error.message)")
      }
      try Runtime.msgSend(object, selector, value)  // call-out: the setter
    case .ivar(let ivar):
      // Inside the will, as Foundation's notifying wrapper sends the edit: an immutable array
      // refuses the message with its own error, a nil ivar raises `collectionIsNil` (`edited`
      // reads it), and no did follows (decision 0025).
      let edit: () throws -> Void
      if case .object(let array) = try object.value(for: ivar) {
        edit = { try Self.send(kind, at: indexes, objects: objects, to: array) }  // call-out: the ivar's array
      } else {
        edit = { try object.setValue(.array(try edited()), for: ivar) }  // a bridged value: no object to edit
      }
      guard try Notifier.notifiesAutomatically(object, key: key) else { return try edit() }
      try Notifier.bracket(object, key: key, id: KeyID(key), kind: kind, indexes: ChangeIndexes(indexes, of: object)) {
        try edit()
      }
    case .undefined:
      try Runtime.msgSend(object, "setValue:forUndefinedKey:", .array(try edited()), try LoneSurrogateKey.argument(key, in: object.runtime))
    case .mutators:
      return
    }
  }

  /// Sends `array` the `NSMutableArray` message that makes the edit: the one-index message for
  /// one index, else the indexed one.
  private static func send(_ kind: ChangeKind, at indexes: Indexes, objects: [Value], to array: Object) throws {
    let first = indexes.first ?? 0
    func indexSet() throws -> Value {
      guard let runtime = array.runtime else { throw KeyValueError(.invalidArgument, "\(array)'s runtime is gone") }
      return .object(try runtime.indexSet(indexes))
    }
    switch kind {
    case .insertion where indexes.count == 1:
      try Runtime.msgSend(array, "insertObject:atIndex:", objects[0], .int(first))
    case .insertion:
      try Runtime.msgSend(array, "insertObjects:atIndexes:", .array(objects), try indexSet())
    case .removal where indexes.count == 1:
      try Runtime.msgSend(array, "removeObjectAtIndex:", .int(first))
    case .removal:
      try Runtime.msgSend(array, "removeObjectsAtIndexes:", try indexSet())
    case .replacement where indexes.count == 1:
      try Runtime.msgSend(array, "replaceObjectAtIndex:withObject:", .int(first), objects[0])
    case .replacement:
      try Runtime.msgSend(array, "replaceObjectsAtIndexes:withObjects:", try indexSet(), .array(objects))
    case .setting:
      try Runtime.msgSend(array, "setArray:", .array(objects))
    }
  }

  /// The proxy's address, for messages.
  var address: String { "0x" + String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16) }
}
