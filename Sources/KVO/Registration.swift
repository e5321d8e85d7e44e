// Registration.swift: one observation (Foundation's `NSKeyValueObservance`).
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift.
//
// Immutable once made, except for when it was removed (an atomic tick of a process-wide removal
// clock: a change in progress notifies the registrations still registered when it began, and
// reads this without any lock) and its chain link and the link's version, which only change
// under the owning object's `ObservationTable.lock`.
// An object observer is held by an unowned count, not `weak` (decision 0018,
// MiniRuntime's UnownedObject.swift): its memory outlives it until the registration is freed,
// and each notification pass takes it with a try-retain that fails once it is deallocating.
// What depends only on the class and the key path (the parsed path, interned keys, dependent
// keys, the getter) is shared with every registration of that key path, in a `KeyPathPlan`.
// Size: one is made per observation, so it is kept to 88 bytes (a 96-byte heap block: glibc adds
// 8 bytes and rounds to 16): the observer's label (its class and address), closure or forwarder
// share one field (`Target`: a registration has one of the three), and the options (one byte)
// and the link's version (32 bits) fill the padding after it. Swift lays a class's stored
// properties out in declaration order, so the order below is part of the size. A registration
// whose changes carry an extra entry is the subclass `RegistrationWithExtraEntry`
// (ExtraChangeEntry.swift), larger by the entry; a bit of `optionBits` marks it
// (docs/performance-log.md#instruction-counts-2026-11-24).

import MiniRuntime
import Synchronization

/// One observation: an observer, a key path, options and a context, on one object.
///
/// Objective-C: `NSKeyValueObservance`
class Registration: @unchecked Sendable {
  /// Registration numbers, process-wide: notifications go out in this order.
  private static let counter = Atomic<UInt64>(0)
  /// The removal clock, process-wide: each removal takes the next tick, so a reader that noted
  /// the clock can tell registrations removed before that moment from those removed after.
  private static let removals = Atomic<UInt64>(0)

  let id: UInt64
  let plan: KeyPathPlan
  let context: ObservationContext
  /// The observer object of an `addObserver` registration, held by an unowned count (its
  /// memory, not its life: Foundation holds it unretained; decision 0018); read it through
  /// `observerObject`.
  private let observerReference: UnownedObject
  /// Who else the observer is; one of three, so they share their storage.
  private let target: Target
  /// The options' bits: the four Foundation defines (`ObservingOptions.defined`), one byte, in
  /// the padding after `target`; and `hasExtraBit` and `isSharedBit`.
  private let optionBits: UInt8
  /// Set in `optionBits` for a `RegistrationWithExtraEntry`: a notification tests one byte.
  private static let hasExtraBit: UInt8 = 0x80
  /// Set in `optionBits` for a registration a shared-observers snapshot made
  /// (SharedObserversSnapshot.swift): `removeObserver` does not find it.
  private static let isSharedBit: UInt8 = 0x40
  /// Bumped by every relink; a relink only installs its result if nobody relinked meanwhile
  /// (32 bits: a relink compares it with the value it read, so only 2³² relinks of one
  /// registration while one relink runs could fool it). Locking: the owner's table lock.
  @exclusivity(unchecked) private var linkVersionBits: UInt32 = 0
  /// The chain link: the internal registration that watches the rest of the path on the
  /// object `firstKey` currently leads to. Locking: the owner's table lock (for this and the
  /// version above, which is why they skip the dynamic exclusivity check).
  @exclusivity(unchecked) var link: ChainLink?
  /// The removal clock's tick when the registration was removed; 0 while registered.
  private let removedAt = Atomic<UInt64>(0)

  /// What identifies the observer besides `observerObject`.
  private enum Target: Sendable {
    /// An object observer: what it looked like when it registered (for descriptions after it is
    /// gone, and to find its registrations without loading the observer).
    case object(ObserverLabel)
    /// The closure of a closure observation.
    case closure(@Sendable (Object, Change) -> Void)
    /// The target of one of KVO's own registrations.
    case forward(Forwarder)
    /// No observer (`addObserver:nil …`): unlike an observer that is gone, it was never there,
    /// so its notifications are messages to nil and the registration is never pruned.
    case nilObserver
  }

  /// A registration of `observer`. The observer is only borrowed: an object observer is held by
  /// an unowned count (UnownedObject.swift), so the registration takes no strong reference to it
  /// and gives it no weak-reference side table.
  convenience init(plan: KeyPathPlan, options: ObservingOptions, context: ObservationContext, observer: borrowing ObserverKind) {
    switch observer {
    case .object(let object):
      self.init(plan: plan, options: options, context: context, object: object)
    case .closure(let closure):
      self.init(plan: plan, options: options, context: context, target: .closure(closure))
    case .forward(let forwarder):
      self.init(plan: plan, options: options, context: context, target: .forward(forwarder))
    case .nilObserver:
      self.init(plan: plan, options: options, context: context, target: .nilObserver)
    }
  }

  /// An `addObserver` registration of `object` (`hasExtra`: made by `RegistrationWithExtraEntry`;
  /// `isShared`: made by attaching a shared-observers snapshot).
  init(
    plan: KeyPathPlan, options: ObservingOptions, context: ObservationContext, object: borrowing Object,
    hasExtra: Bool = false, isShared: Bool = false
  ) {
    id = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
    self.plan = plan
    optionBits =
      UInt8(truncatingIfNeeded: options.rawValue & ObservingOptions.defined.rawValue) | (hasExtra ? Self.hasExtraBit : 0)
      | (isShared ? Self.isSharedBit : 0)
    self.context = context
    observerReference = UnownedObject(object)
    target = .object(.of(object))
  }

  /// A closure observation, or one of KVO's own registrations.
  private init(plan: KeyPathPlan, options: ObservingOptions, context: ObservationContext, target: consuming Target) {
    id = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
    self.plan = plan
    optionBits = UInt8(truncatingIfNeeded: options.rawValue & ObservingOptions.defined.rawValue)
    self.context = context
    observerReference = UnownedObject()
    self.target = target
  }

  /// The observer object of an `addObserver` registration while it lives: nil once it is gone,
  /// whether Swift freed it or a `release` gave up its last ownership and deallocated it
  /// (decision 0017: its zeroed shell may outlive that), so a deallocated observer is never
  /// messaged and its registration is pruned, as for a freed one. A try-retain
  /// (UnownedObject.swift): the caller owns the strong reference it answers.
  @inline(__always)
  var observerObject: Object? { observerReference.load() }

  /// What the observer asked for. Only the options Foundation defines are kept (other bits of
  /// the raw value mean nothing to KVO; docs/kvo.md#options).
  var options: ObservingOptions { ObservingOptions(rawValue: UInt(optionBits & ~(Self.hasExtraBit | Self.isSharedBit))) }

  /// Whether a shared-observers snapshot made this registration (`-setSharedObservers:`): it
  /// stays until the object's shared observers are replaced or it is deallocated, and
  /// `removeObserver` does not find it.
  var isShared: Bool { optionBits & Self.isSharedBit != 0 }

  /// Whether this registration carries an extra entry: one bit test, which a notification pass
  /// makes for every observer (reading `extraEntry` itself would load and release an optional).
  var hasExtraEntry: Bool { optionBits & Self.hasExtraBit != 0 }

  /// The extra entry every change of this registration carries, if it was made with one.
  @inline(__always)
  var extraEntry: ExtraChangeEntry? {
    guard hasExtraEntry else { return nil }
    // INVARIANT: only RegistrationWithExtraEntry sets the bit.
    return unsafeDowncast(self, to: RegistrationWithExtraEntry.self).extra
  }

  /// What the observer object looked like when it registered, for an object observer.
  var label: ObserverLabel? {
    if case .object(let label) = target { return label }
    return nil
  }

  /// The closure of a closure observation.
  var handler: (@Sendable (Object, Change) -> Void)? {
    if case .closure(let handler) = target { return handler }
    return nil
  }

  /// The target of one of KVO's own registrations.
  var forwarder: Forwarder? {
    if case .forward(let forwarder) = target { return forwarder }
    return nil
  }

  /// Bumped by every relink (see `linkVersionBits`). Locking: the owner's table lock.
  var linkVersion: Int {
    get { Int(linkVersionBits) }
    set { linkVersionBits = UInt32(truncatingIfNeeded: newValue) }
  }

  /// False once removed. Written under the owner's table lock, read anywhere.
  var isRegistered: Bool { removedAt.load(ordering: .acquiring) == 0 }

  /// Whether the registration was still registered at the removal clock's tick `stamp`
  /// (``Registration/removalClock``): what a change that began then notifies.
  @inline(__always)
  func wasRegistered(at stamp: UInt64) -> Bool {
    let removed = removedAt.load(ordering: .acquiring)
    return removed == 0 || removed > stamp
  }

  /// The removal clock now.
  static var removalClock: UInt64 { removals.load(ordering: .acquiring) }

  /// The number of the registration made last, process-wide: one made later has a larger `id`.
  static var lastNumber: UInt64 { counter.load(ordering: .acquiring) }

  /// Marks the registration removed. Locking: the owner's table lock.
  func markRemoved() {
    removedAt.store(Self.removals.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue, ordering: .releasing)
  }

  /// Whether this is an outside observer's registration (an object or a closure), not one of
  /// KVO's own.
  var isExternal: Bool {
    if case .forward = target { return false }
    return true
  }

  /// Whether the observer is an object (`addObserver`), not a closure or KVO's own plumbing;
  /// a nil observer given to `addObserver` counts as one, as in Foundation's observances.
  var isObjectObserver: Bool {
    switch target {
    case .object, .nilObserver: true
    case .closure, .forward: false
    }
  }

  /// Whether this is an `addObserver:nil …` registration: it has no observer, and never had one
  /// (an observer that is gone has a label).
  var isNilObserver: Bool {
    if case .nilObserver = target { return true }
    return false
  }

  /// Whether the observer of this registration is `object`: for an object observer, whether
  /// it registered at `object`'s address. The address alone answers, with no load: while
  /// the observer it registered lives, no other object can have its address, so a match is
  /// `object` itself; once it is being deallocated or gone, it matches by address, as
  /// Foundation, which holds observers unretained, always matches. A chain's forwarding
  /// registration is observed by the chain observer object carrying its forwarder.
  func isObserved(by object: Object) -> Bool {
    switch target {
    case .object(let label): label.address == UInt(bitPattern: ObjectIdentifier(object))
    case .forward(let forwarder): ChainLink.forwarder(of: object) === forwarder
    case .closure, .nilObserver: false
    }
  }

  /// The observer, for descriptions and diagnostics.
  var observerDescription: String {
    if let label { return label.description }
    if let forwarder { return "<forwarder to \(forwarder.ownerPathID.name)>" }
    return isNilObserver ? "nil" : "<closure>"
  }

  // The plan's facts, read through the registration.
  var path: KeyValuePath { plan.path }
  var pathString: String { plan.pathString }
  /// The key path as `observeValueForKeyPath:…` receives it: the string, or a string object
  /// with the units of a key with a lone surrogate (LoneSurrogateKey.swift).
  /// The runtime is read from `object` only for such a key: an ordinary delivery pays the flag.
  @inline(__always)
  func pathArgument(about object: Object) throws -> Value {
    let plan = self.plan  // one load of the plan for the flag and the string
    guard plan.pathSpellsLoneSurrogate else { return .string(plan.pathString) }
    return try LoneSurrogateKey.argument(plan.pathString, in: object.runtime)
  }
  var pathID: KeyID { plan.pathID }
  var firstKey: String { plan.firstKey }
  var firstKeyID: KeyID { plan.firstKeyID }
  var dependencyKeyIDs: [KeyID] { plan.dependencyKeyIDs }
  var dependencyPaths: [KeyValuePath] { plan.dependencyPaths }
  var getter: CachedGetter? { plan.getter }
}
