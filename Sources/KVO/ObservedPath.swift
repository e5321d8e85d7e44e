// ObservedPath.swift: an observed key path of one object and its registrations.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.

import MiniRuntime

/// An observed key path of one object, with its registrations: built with each snapshot,
/// immutable after.
final class ObservedPath: Sendable {
  let pathID: KeyID
  let path: KeyValuePath
  /// The path's first key (the whole path for a one-key path).
  let firstKey: String
  /// In registration order.
  let registrations: [Registration]
  /// The same, unretained (`registrations` keeps them alive): the set path walks these without
  /// reference counting.
  let registrationRefs: [Unmanaged<Registration>]
  /// Whether any outside observer asked for old values, new values, prior notifications.
  let wantsOld: Bool
  let wantsNew: Bool
  let wantsPrior: Bool
  /// Whether the path goes through another object (its registrations hold chain links).
  let isChain: Bool
  /// Whether any registration is KVO's own plumbing (chains, dependent key paths).
  let hasForwarders: Bool
  /// How to read the value (cached at registration; see `Registration.getter`).
  let getter: CachedGetter?

  init(_ registrations: [Registration]) {
    let first = registrations[0]
    pathID = first.pathID
    path = first.path
    firstKey = first.firstKey
    self.registrations = registrations
    registrationRefs = registrations.map { Unmanaged.passUnretained($0) }
    // One pass, no intermediate arrays: this runs for every path on every add and remove.
    var externalOptions: ObservingOptions = []
    var hasForwarders = false
    var getter: CachedGetter?
    for registration in registrations {
      if registration.observer.isExternal {
        externalOptions.formUnion(registration.options)
      } else {
        hasForwarders = true
      }
      if getter == nil { getter = registration.getter }
    }
    wantsOld = externalOptions.contains(.old)
    wantsNew = externalOptions.contains(.new)
    wantsPrior = externalOptions.contains(.prior)
    isChain = first.path.components.count > 1
    self.hasForwarders = hasForwarders
    self.getter = getter
  }
}
