// ChainLink.swift: how a key-path chain observes the rest of its path on an intermediate object.
//
// Docs: docs/kvo.md#key-path-chains. Tests: Tests/KVOTests/KeyPathChainTests.swift.
//
// Foundation observes `friend.age` on `ann` by sending the friend
// `addObserver:forKeyPath:options:context:` for `age`, with a private observance object as the
// observer, and `removeObserver:forKeyPath:` when the link goes; a class that overrides those
// methods therefore takes part. So does MiniKVO: the observer is an instance of the runtime's
// NSObject carrying the chain's `Forwarder` (an associated object under a key only KVO holds),
// and NSObject's `addObserver:…` recognizes it and records a forwarding registration, whose
// changes reach the root registration (which reports the whole path and the root object).

import MiniRuntime

/// The link of a chain registration: the intermediate object, the observer object registered
/// on it, and the rest of the path it observes there.
final class ChainLink: Sendable {
  /// The intermediate object, by an unowned count (decision 0018): its memory, not its life,
  /// and no side table, which `weak` would give it (and every retain and release of it the slow
  /// path on each set of the rest of the path). Read it through `target`.
  private let targetReference: UnownedObject
  /// The observer registered on `target` (Foundation's `NSKeyValueObservance`); kept alive here.
  let observer: Object
  /// The rest of the path, as KVO names it (a lone surrogate spelled, LoneSurrogateKey.swift).
  let keyPath: String
  /// Whether the whole path spells a lone surrogate (the plan's flag), so `keyPath` may: then
  /// the messages carry a string object with its units, as the user's key had them.
  private let spellsLoneSurrogate: Bool

  init(target: Object, observer: Object, keyPath: String, spellsLoneSurrogate: Bool = false) {
    targetReference = UnownedObject(target)
    self.observer = observer
    self.keyPath = keyPath
    self.spellsLoneSurrogate = spellsLoneSurrogate
  }

  /// `keyPath` as the messages' argument: the string, or a string object with the lone units
  /// it spells.
  private func keyPathArgument(on target: Object) throws -> Value {
    guard spellsLoneSurrogate else { return .string(keyPath) }
    return try LoneSurrogateKey.argument(keyPath, in: target.runtime)
  }

  /// The intermediate object while it lives; nil once it is deallocating.
  var target: Object? { targetReference.load() }

  /// Whether the link's intermediate object is `object`, compared by address without loading
  /// it (so without a retain and a release that could be the last one, under a lock). Sound
  /// because the unowned count keeps the old target's memory block allocated: no other object
  /// can be at that address while the link exists.
  func isLink(to object: borrowing Object) -> Bool {
    targetReference.address == UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
  }

  private static let forwarderKey = AssociationKey("MiniKVO.chainForwarder")

  /// A new chain observer for `forwarder`, an instance of `runtime`'s NSObject.
  static func makeObserver(for forwarder: Forwarder, in runtime: Runtime) throws -> Object {
    let observer = try runtime.rootClass.createInstance()
    try observer.setAssociatedObject(.swiftObject(forwarder), forKey: forwarderKey, policy: .retain)
    return observer
  }

  /// The forwarder `observer` carries if it is a chain observer (checked cheaply first: chain
  /// observers are plain NSObject instances).
  static func forwarder(of observer: Object) -> Forwarder? {
    guard observer.isa === observer.runtime?.rootClass else { return nil }
    return observer.associatedObject(forKey: forwarderKey).swiftObject(as: Forwarder.self)
  }

  /// Registers the link's observer on `target` for its key path by sending
  /// `addObserver:forKeyPath:options:context:`.
  func register(on target: Object) throws {
    try target.sendCategoryMessage(  // call-out: the target's class may override it
      "addObserver:forKeyPath:options:context:",
      Arguments(
        .object(observer), try keyPathArgument(on: target), .uint64(UInt64(ObservingOptions.prior.rawValue)), .nil))
  }

  /// Removes the link's registration by sending `removeObserver:forKeyPath:` to its target; a
  /// failure (an override that refuses) becomes a diagnostic.
  func unregister() {
    guard let target else { return }  // gone: its dealloc removed its registrations
    do {
      try target.sendCategoryMessage(  // call-out
        "removeObserver:forKeyPath:", Arguments(.object(observer), try keyPathArgument(on: target)))
    } catch {
      target.runtime?.emit(
        .diagnostic(
          subsystem: "KVO",
          message: "removing a key-path chain's observer of \"\(LoneSurrogateKey.displayed(keyPath))\" from \(target) "
            + "failed: \(error)"))
    }
  }
}
