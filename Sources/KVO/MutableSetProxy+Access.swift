// MutableSetProxy+Access.swift: how a set proxy reaches and edits its set.
//
// Docs: docs/kvo.md#set-relationships. Tests: Tests/KVOTests/MutableSetProxyTests.swift.
//
// Foundation's search for `mutableSetValueForKey:`, in its documented order:
//   1. mutators: an addition method (`add<Key>Object:` or `add<Key>:`) and a removal method
//      (`remove<Key>Object:` or `remove<Key>:`); `intersect<Key>:` and `set<Key>:` are used when
//      present, as NSKeyValueCoding.h says. One object goes through the one-object method when
//      there is one, several through the set method when there is one, else one message per
//      object (`NSKeyValueFastMutableSet`). `setSet:` sends `set<Key>:` (one setting) when the
//      class has it, else intersects (`intersect<Key>:`, or a removal of the members not kept)
//      and adds the objects that were missing.
//   2. the setter `set<Key>:`: read with the getter, edited as a copy, sent back once per
//      message (`NSKeyValueSlowMutableSet`), so observers get a setting; a nil set raises, since
//      the proxy never invents one.
//   3. if `+accessInstanceVariablesDirectly`, an ivar `_<key>` or `<key>`: an `NSMutableSet` in
//      it receives the edit itself; an immutable `NSSet` refuses it with its own
//      unrecognized-selector error and a nil ivar raises `NSInternalInconsistencyException`, as
//      Foundation's do, after the will, with no did (decision 0025); a bridged `.set` value has no object to edit, so
//      the edited copy replaces it (docs/kvo.md#set-relationships). The edit is wrapped in a will/did of its set mutation when the class notifies
//      automatically for the key (`NSKeyValueIvarMutableSet`, notifying).
//   4. otherwise `_set<Key>:` or `setIs<Key>:`, as in step 2 (decision 0035); else
//      `valueForUndefinedKey:` to read and `setValue:forUndefinedKey:` to write.
// Stateless: each message finds its route again (the class may gain methods meanwhile).

import MiniFoundation
import MiniRuntime

/// How a set proxy reaches the set, for one message (CollectionAccess.swift).
typealias SetAccess = CollectionAccess<SetMutators>

extension CollectionAccess where Mutators == SetMutators {
  /// Foundation's search (see the file comment), on the container's class as it is now.
  static func find(for container: Object, key: String) throws -> SetAccess {
    let cls = container.isa
    let capitalized = KeyValueCoding.capitalized(KeyValueCoding.nameStem(key))  // names end at a NUL
    func found(_ name: String) -> Selector? {
      let selector = Selector(interning: name)
      return cls.instancesRespond(to: selector) ? selector : nil
    }
    let mutators = SetMutators(
      addObject: found("add\(capitalized)Object:"), add: found("add\(capitalized):"),
      removeObject: found("remove\(capitalized)Object:"), remove: found("remove\(capitalized):"),
      intersect: found("intersect\(capitalized):"), set: setKey(of: cls, capitalized: capitalized))
    if (mutators.addObject != nil || mutators.add != nil) && (mutators.removeObject != nil || mutators.remove != nil) {
      return .mutators(mutators)
    }
    return try .withoutMutators(in: cls, key: key)
  }

  /// `set<Key>:` and its argument type, if `cls` has it (taking one argument).
  private static func setKey(of cls: Class, capitalized: String) -> (Selector, TypeEncoding)? {
    let selector = Selector(interning: "set\(capitalized):")
    guard let method = cls.instanceMethodWithoutResolver(for: selector),
      let type = method.signature.messageArgumentTypes.first
    else { return nil }
    return (selector, type)
  }
}

/// The unordered mutators a class implements for a key.
struct SetMutators {
  let addObject: Selector?
  let add: Selector?
  let removeObject: Selector?
  let remove: Selector?
  let intersect: Selector?
  /// `set<Key>:`, used by `setSet:`, with its argument type.
  let set: (selector: Selector, argumentType: TypeEncoding)?
}

/// One message to a set proxy: its container, key and route.
struct SetEdit {
  let proxy: Object
  let container: Object
  let key: String
  let method: String
  let access: SetAccess

  init(proxy: Object, container: Object, key: String, method: String) throws {
    self.proxy = proxy
    self.container = container
    self.key = key
    self.method = method
    access = try SetAccess.find(for: container, key: key)
  }

  /// The class name of the proxy, for messages.
  var proxyClassName: String { proxy.isa.name }

  // MARK: - Reading

  /// The set as it is now (through the ivar for that route, else through the getter).
  func members() throws -> Set<Value> {
    let value = try currentValue()
    if value.isNil {
      switch access {  // the setter and ivar routes never invent a set
      case .setter, .ivar: throw nilValue()
      case .mutators, .undefined: return []
      }
    }
    return try SetMutation.members(of: value)
  }

  /// Foundation's error for a nil set on the setter or ivar route.
  private func nilValue() -> KeyValueError {
    KeyValueError(
      .collectionIsNil,
      "[<\(proxyClassName) \(proxy.address)> \(method)]: value for key \(key) of object \(container.address) is nil")
  }

  private func currentValue() throws -> Value {
    if case .ivar(let ivar) = access { return try container.value(for: ivar) }
    return try KeyValueCoding.value(of: container, forKey: key)  // call-out: the getter
  }

  // MARK: - The edits

  /// Adds `objects` (`single`: one object, from `addObject:`).
  func union(_ objects: Set<Value>, single: Bool) throws {
    guard case .mutators(let mutators) = access else {
      return try store(SetMutation(kind: .union, objects: objects)) {
        $0.union(try CollectionEquality.added(byUnion: objects, to: $0))  // call-out: hash, isEqual:
      }
    }
    if let addObject = mutators.addObject, single || mutators.add == nil {
      for object in objects { try Runtime.msgSend(container, addObject, object) }  // call-out: the mutator
    } else if let add = mutators.add {
      try Runtime.msgSend(container, add, .set(objects))  // call-out: the mutator
    }
  }

  /// Removes `objects` (`single`: one object, from `removeObject:`).
  func minus(_ objects: Set<Value>, single: Bool) throws {
    guard case .mutators(let mutators) = access else {
      return try store(SetMutation(kind: .minus, objects: objects)) {
        $0.subtracting(try CollectionEquality.removed(byMinus: objects, from: $0))  // call-out: hash, isEqual:
      }
    }
    if let removeObject = mutators.removeObject, single || mutators.remove == nil {
      for object in objects { try Runtime.msgSend(container, removeObject, object) }  // call-out: the mutator
    } else if let remove = mutators.remove {
      try Runtime.msgSend(container, remove, .set(objects))  // call-out: the mutator
    }
  }

  /// Keeps only `objects`.
  func intersect(_ objects: Set<Value>) throws {
    guard case .mutators(let mutators) = access else {
      return try store(SetMutation(kind: .intersect, objects: objects)) {
        $0.subtracting(try CollectionEquality.removed(byIntersect: objects, from: $0))  // call-out: hash, isEqual:
      }
    }
    if let intersect = mutators.intersect {
      try Runtime.msgSend(container, intersect, .set(objects))  // call-out: the mutator
    } else {
      let removed = try CollectionEquality.removed(byIntersect: objects, from: try members())  // call-out: hash, isEqual:
      if !removed.isEmpty { try minus(removed, single: false) }
    }
  }

  /// Makes `objects` the whole set.
  func setSet(_ objects: Set<Value>) throws {
    guard case .mutators(let mutators) = access else {
      return try store(SetMutation(kind: .set, objects: objects)) { _ in objects }
    }
    if case let (selector, type)? = mutators.set {
      let value: Value
      do {
        value = try Value.set(objects).converted(to: type)
      } catch {
        throw KeyValueError(.invalidValue, "[\(KeyValueError.label(container)) \(selector.name)]: \(error.message)")
      }
      try Runtime.msgSend(container, selector, value)  // call-out: the setter (its override reports a setting)
      return
    }
    try intersect(objects)
    let missing = try CollectionEquality.added(byUnion: objects, to: try members())  // call-out: hash, isEqual:
    if !missing.isEmpty { try union(missing, single: false) }
  }

  /// An edit on every route but the mutators: the setter gets the edited copy (its notifying
  /// override reports a setting); an ivar's `NSMutableSet` receives the edit itself, inside a
  /// will/did of `mutation` when the class notifies automatically; an undefined key goes to
  /// `setValue:forUndefinedKey:`.
  private func store(_ mutation: SetMutation, _ edited: (Set<Value>) throws -> Set<Value>) throws {
    switch access {
    case .setter(.ivar(let ivar)):
      guard let runtime = container.runtime else { return }
      let copy = try runtime.mutableSet(try edited(try members()))
      try KeyValueCoding.setValue(.object(copy), of: container, through: ivar, key: key)
    case .setter(.method(let selector, let type)):
      let value: Value
      do {
        value = try Value.set(try edited(try members())).converted(to: type)
      } catch let error as RuntimeError {
        throw KeyValueError(.invalidValue, "[\(KeyValueError.label(container)) \(selector.name)]: \(error.message)")
      }
      try Runtime.msgSend(container, selector, value)  // call-out: the setter
    case .ivar(let ivar):
      // Inside the will (decision 0025): an immutable set refuses the message with its own
      // error, a nil ivar raises (the proxy never invents a set), and no did follows.
      let current = try container.value(for: ivar)
      let edit: () throws -> Void
      if current.isNil {
        edit = { throw nilValue() }
      } else if case .object(let set) = current {
        edit = { try forward(mutation, to: set) }  // call-out: the ivar's set
      } else {
        let result = try edited(try SetMutation.members(of: current))
        edit = { try container.setValue(.set(result), for: ivar) }  // a bridged value: no object to edit
      }
      guard try Notifier.notifiesAutomatically(container, key: key) else { return try edit() }
      try Notifier.bracket(container, key: key, mutation: mutation) { try edit() }
    case .undefined:
      try Runtime.msgSend(container, "setValue:forUndefinedKey:", .set(try edited(try members())), try LoneSurrogateKey.argument(key, in: container.runtime))
    case .mutators:
      return
    }
  }

  /// Sends `set` the message the proxy received, as Foundation's ivar proxy forwards each
  /// `NSMutableSet` message as it is (so an immutable set names that message in its refusal):
  /// `addObject:` and `removeObject:` with the one object, `removeAllObjects` with none, the
  /// others with the objects; a message of another name sends the one that performs `mutation`.
  private func forward(_ mutation: SetMutation, to set: Object) throws {
    switch method {
    case "addObject:", "removeObject:":
      try Runtime.msgSend(set, Selector(interning: method), mutation.objects.first ?? .nil)
      return
    case "removeAllObjects":
      try Runtime.msgSend(set, "removeAllObjects")
      return
    case "addObjectsFromArray:":
      try Runtime.msgSend(set, "addObjectsFromArray:", .array(Array(mutation.objects)))
      return
    default:
      break
    }
    let selector: Selector
    switch mutation.kind {
    case .union: selector = "unionSet:"
    case .minus: selector = "minusSet:"
    case .intersect: selector = "intersectSet:"
    case .set: selector = "setSet:"
    }
    try Runtime.msgSend(set, selector, .set(mutation.objects))
  }
}
