// KeyValueCoding+StoredAccessors.swift: the search of the deprecated stored accessors,
// `storedValueForKey:` and `takeStoredValue:forKey:`.
//
// Docs: docs/kvo.md#deprecated-methods. Tests: Tests/KVOTests/FidelityRound19StoredAccessorTests.swift.
//
// The order Apple's legacy NSKeyValueCoding reference documents (and GNUstep-base follows), made
// for reading and writing a value the way an object store keeps it, around the public accessors:
//   get: `_get<Key>`, `_<key>`; then, if `+accessInstanceVariablesDirectly`, the ivars `_<key>`,
//        `<key>`; then `get<Key>`, `<key>`; else `valueForUndefinedKey:`.
//   set: `_set<Key>:`; then the same ivars; then `set<Key>:`; else `setValue:forUndefinedKey:`.
// Each step takes the first name it finds, as `valueForKey:`'s search does: one of a type KVC
// cannot box makes the key undefined. The plans run as `valueForKey:`'s and `setValue:forKey:`'s
// do (KeyValueCoding.swift), so a value is boxed, converted and notified the same way.
// Stateless and uncached (deprecated API, rarely sent). `+accessInstanceVariablesDirectly` is a
// message (user code): no lock is held while sending it.

import MiniRuntime

extension KeyValueCoding {
  /// How `storedValueForKey:` gets `key`'s value on a class.
  static func storedGetterPlan(for cls: Class, key: String) throws -> GetterPlan {
    let key = nameStem(key)
    let capitalized = capitalized(key)
    let lookup = AccessorLookup(cls)
    if let plan = try firstGetter(in: lookup, among: [Selector(interning: "_get\(capitalized)"), Selector(interning: "_\(key)")]) {
      return plan
    }
    if let ivar = try firstIvar(in: cls, named: ["_\(key)", key]) { return canBox(ivar.type) ? .ivar(ivar) : .undefined }
    return try firstGetter(in: lookup, among: [Selector(interning: "get\(capitalized)"), Selector(interning: key)]) ?? .undefined
  }

  /// How `takeStoredValue:forKey:` sets `key`'s value on a class.
  static func storedSetterPlan(for cls: Class, key: String) throws -> SetterPlan {
    let key = nameStem(key)
    let capitalized = capitalized(key)
    let lookup = AccessorLookup(cls)
    if let plan = try firstSetter(in: lookup, among: [Selector(interning: "_set\(capitalized):")]) { return plan }
    if let ivar = try firstIvar(in: cls, named: ["_\(key)", key]) { return canBox(ivar.type) ? .ivar(ivar) : .undefined }
    return try firstSetter(in: lookup, among: [Selector(interning: "set\(capitalized):")]) ?? .undefined
  }
}
