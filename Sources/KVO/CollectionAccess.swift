// CollectionAccess.swift: how a mutable collection proxy reaches its collection, for one edit.
//
// Docs: docs/kvo.md#to-many-changes, docs/kvo.md#set-relationships. Tests:
// Tests/KVOTests/ToManyTests.swift, MutableSetProxyTests.swift.
//
// Foundation's mutable collection proxies (`mutableArrayValueForKey:`,
// `mutableOrderedSetValueForKey:`, `mutableSetValueForKey:`) search in the same order: first the
// collection kind's own mutators (indexed for arrays and ordered sets, unordered for sets: each
// proxy's file), then the setter `set<Key>:` alone (one of an argument type KVC cannot box makes
// the key undefined, as for `setValue:forKey:`), then, if `+accessInstanceVariablesDirectly`
// says yes, an ivar `_<key>` or `<key>`; only then, as a last resort, `setValue:forKey:`'s whole
// setter search (`_set<Key>:`, `setIs<Key>:`, and the ivars `_is<Key>` and `is<Key>`, which only
// this step reaches), with `valueForKey:`'s getter to read; else the key is undefined. So an
// ivar `_<key>` wins over `_set<Key>:` (decision 0035), and an ivar `_is<Key>` is replaced by an
// edited copy, never edited in place. The steps after the mutators are the same for every kind
// and are written here once.

import MiniRuntime

/// How a mutable collection proxy reaches its collection, for one edit: through the kind's
/// `Mutators`, a setter, an ivar, or not at all.
enum CollectionAccess<Mutators> {
  case mutators(Mutators)
  /// A setter that takes an edited copy (Foundation's slow proxies).
  case setter(CollectionSetter)
  /// An ivar whose collection is edited in place (Foundation's ivar proxies).
  case ivar(Ivar)
  case undefined

  /// The search after the mutators (see the file comment), for a class without the kind's
  /// mutators: `set<Key>:` (undefined if KVC cannot box its argument), else an ivar the class
  /// lets KVC use, else another setter `setValue:forKey:` would use, else undefined.
  static func withoutMutators(in cls: Class, key: String) throws -> CollectionAccess {
    let key = KeyValueCoding.nameStem(key)  // names are built from the key's C string
    let names = AccessorNames.of(key)
    // `set<Key>:` decides by its name, as in `setValue:forKey:`'s search (decision 0046): one KVC
    // cannot box is the undefined key's setter, and the ivar is not looked at.
    switch try KeyValueCoding.firstSetter(in: AccessorLookup(cls), among: [names.setters[0]]) {
    case .method(let selector, let type)?: return .setter(.method(selector, argumentType: type))
    case .ivar?, .undefined?: return .undefined
    case nil: break
    }
    // call-out: the class's `+accessInstanceVariablesDirectly`, no lock held
    if try Runtime.msgSend(cls, "accessInstanceVariablesDirectly").boolValue ?? false,
      let ivar = cls.ivar(named: "_\(key)") ?? cls.ivar(named: key)
    {
      return .ivar(ivar)
    }
    switch try KeyValueCoding.setterPlan(for: cls, key: key) {
    case .method(let selector, let type): return .setter(.method(selector, argumentType: type))  // `_set<Key>:`, `setIs<Key>:`
    case .ivar(let ivar): return .setter(.ivar(ivar))  // `_is<Key>`, `is<Key>`
    case .undefined: return .undefined
    }
  }
}

/// The setter a slow proxy hands its edited copy to: a method, or `setValue:forKey:`'s ivar
/// setter (Foundation's `NSKeyValueMethodSetter` and `NSKeyValueIvarSetter`).
enum CollectionSetter {
  case method(Selector, argumentType: TypeEncoding)
  case ivar(Ivar)
}
