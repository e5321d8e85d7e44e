// CollectionAccess.swift: how a mutable collection proxy reaches its collection, for one edit.
//
// Docs: docs/kvo.md#to-many-changes, docs/kvo.md#set-relationships. Tests:
// Tests/KVOTests/ToManyTests.swift, MutableSetProxyTests.swift.
//
// Foundation's mutable collection proxies (`mutableArrayValueForKey:`,
// `mutableOrderedSetValueForKey:`, `mutableSetValueForKey:`) search in the same order: first the
// collection kind's own mutators (indexed for arrays and ordered sets, unordered for sets: each
// proxy's file), then the key's setter, then, if `+accessInstanceVariablesDirectly` says yes, an
// ivar `_<key>` or `<key>`; else the key is undefined. The steps after the mutators are the same
// for every kind and are written here once.

import MiniRuntime

/// How a mutable collection proxy reaches its collection, for one edit: through the kind's
/// `Mutators`, a setter, an ivar, or not at all.
enum CollectionAccess<Mutators> {
  case mutators(Mutators)
  case setter(Selector, argumentType: TypeEncoding)
  case ivar(Ivar)
  case undefined

  /// The search after the mutators (see the file comment), for a class without the kind's
  /// mutators: the key's setter, else an ivar the class lets KVC use, else undefined.
  static func withoutMutators(in cls: Class, key: String) throws -> CollectionAccess {
    if case .method(let selector, let type) = try KeyValueCoding.setterPlan(for: cls, key: key) {
      return .setter(selector, argumentType: type)
    }
    // call-out: the class's `+accessInstanceVariablesDirectly`, no lock held
    if try Runtime.msgSend(cls, "accessInstanceVariablesDirectly").boolValue ?? false,
      let ivar = cls.ivar(named: "_\(key)") ?? cls.ivar(named: key)
    {
      return .ivar(ivar)
    }
    return .undefined
  }
}
