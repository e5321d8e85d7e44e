// KeyPathChain.swift: observing through a key path such as `friend.age`.
//
// Docs: docs/kvo.md#key-path-chains. Tests: Tests/KVOTests/KeyPathChainTests.swift.
//
// A registration for `friend.age` on `p` holds a chain link: an observer registered, by sending
// `addObserver:forKeyPath:options:context:` (ChainLink.swift), for `age` on the object `p.friend`
// currently is, whose will/did are forwarded to `p`'s `friend.age` (so a change of
// `p.friend.age` notifies). When `p.friend` itself changes, the
// did-change of `friend` relinks: the internal registration leaves the old friend (which is then
// no longer observed, and gets its isa back) and joins the new one. Longer paths chain links.
//
// Relinking reads the new target with a getter (user code), so it runs with no lock held; a
// version number on the registration makes sure that of two concurrent relinks only the latest
// installs its link, and that a registration removed meanwhile never gets one.
//
// A chain that meets an array, ordered set or set (observing through a to-many property) is
// refused as Foundation refuses it, where Foundation sends the collection `addObserver:…` and
// it raises "not supported": at registration (nothing is registered), or out of the setter of a
// middle key that stores a collection, after the value is stored and every observer was told;
// the chain is then linked to nothing until a later set stores an object again. A collection
// operator after the key (`items.@count`) is refused the same way, as Foundation's array refuses
// `addObserver:forKeyPath:@"@count"`; after an object that is no collection the rest is linked
// to it as any rest is (a key `@count` only a manual change notifies; `@sum.self` raises).

import MiniFoundation
import MiniRuntime

enum KeyPathChain {
  /// Points the chain link of `registration` (on `owner`) at the object its first key leads to now.
  ///
  /// - Throws: What the getter throws, and, when that value is an array, ordered set or set,
  ///   Foundation's "not supported" refusal of `addObserver:…` sent to a collection
  ///   (`unsupportedKeyPath`), thrown after the old link is torn down, so the chain is left
  ///   linked to nothing (observing through a to-many property is not supported). Raised at
  ///   registration, or out of the setter whose did relinks, after its observers were told.
  static func relink(_ registration: Registration, of owner: Object) throws {
    guard registration.plan.isChain, let table = owner.ownObservationSnapshot?.table else { return }
    let version = table.lock.withLock { () -> Int in
      registration.linkVersion += 1
      return registration.linkVersion
    }
    let value = try KeyValueCoding.value(of: owner, forKey: registration.firstKey)  // call-out: getter
    var refusal: KeyValueError? = nil
    if try CollectionObservation.isToManyCollection(value) {
      // Foundation's text, word for word: the collection refuses `addObserver:` for the rest of
      // the path. A bridged value is boxed for the message, as the array Foundation would hold
      // is an object (`<__NSArrayI 0x…>`), if the runtime has Foundation: a refusal does not
      // load it, so without it the value is named by its class alone (`<NSArray>`).
      let runtime = owner.runtime.flatMap { $0.hasFoundation ? $0 : nil }
      let collection = value.objectValue ?? (try? runtime?.object(bridging: value)) ?? nil
      let name = collection.map { "\($0.isa.name) \($0.address)" } ?? CollectionObservation.className(of: value)
      refusal = KeyValueError(
        .unsupportedKeyPath,
        "[<\(name)> addObserver:forKeyPath:options:context:] is not supported. Key path: \(LoneSurrogateKey.displayed(registration.plan.restString))")
    }
    // `friend.@count` on an object that is no collection: the rest goes to it like any other, as
    // Foundation sends it `addObserver:forKeyPath:@"@count"…`: a key only a manual change of
    // `@count` notifies, and `@sum.self` reads the key `@sum`, which raises.
    let target = refusal == nil ? value.objectValue : nil
    let old = table.lock.withLock { () -> ChainLink?? in
      guard registration.isRegistered, registration.linkVersion == version else { return .none }
      if let current = registration.link, let target, current.isLink(to: target), !target.isDeallocating { return .none }
      let old = registration.link
      registration.link = nil
      return .some(old)
    }
    guard let old else { return }  // nothing to do, or someone relinked or removed it meanwhile
    Observation.tearDown(old)
    if let refusal { throw refusal }
    guard let target else { return }
    guard let runtime = owner.runtime else { return }
    let forwarder = Forwarder(owner: owner, ownerPathID: registration.pathID, isDependency: false)
    let link = ChainLink(
      target: target, observer: try ChainLink.makeObserver(for: forwarder, in: runtime),
      keyPath: registration.plan.restString, spellsLoneSurrogate: registration.plan.pathSpellsLoneSurrogate)
    try link.register(on: target)  // call-out: the target's addObserver:…
    let installed = table.lock.withLock { () -> Bool in
      guard registration.isRegistered, registration.linkVersion == version, registration.link == nil else { return false }
      registration.link = link
      return true
    }
    if !installed { link.unregister() }
  }
}
