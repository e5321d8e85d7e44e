// Observance.swift: a public, structured view of an object's observation info.
//
// Docs: docs/kvo.md#seeing-what-is-registered. Tests: Tests/KVOTests/ObservanceTests.swift.
//
// Model: a snapshot, taken under the object's observation-table lock, of its registrations in
// registration order, each as a value (observer, key path, options, context). It is the one
// source of `observationInfoDescription`, so the list and the text cannot disagree. The observer
// object is held as its registration holds it, by an unowned count (decision 0018), as
// Foundation's observance holds it unretained: the snapshot keeps no observer alive, and gives
// it no weak-reference side table.

import MiniRuntime

/// One registration on an observed object, as a value: who observes which key path, with what
/// options and context.
///
/// ```swift
/// try ann.addObserver(watcher, forKeyPath: "age", options: [.new, .old])
/// let first = ann.observances[0]
/// first.observer === watcher      // true
/// first.keyPath                   // "age"
/// first.options                   // [.new, .old]
/// first.description               // "<Observance: Observer: <Watcher: 0x…>, Key path: age, Options: …>"
/// ```
///
/// Objective-C: `NSKeyValueObservance` (an element of `-observationInfo`)
public struct Observance: Sendable, CustomStringConvertible {
  /// What kind of observer a registration has.
  ///
  /// Objective-C: none (Foundation's observances all have an object observer; closures are the
  /// Swift overlay's `NSKeyValueObservation`, key-path forwarding is Foundation's internal
  /// `NSKeyValueObservance` of a key-path chain).
  public enum Kind: Sendable, Hashable {
    /// An object registered with `addObserver(_:forKeyPath:options:context:)`.
    case object
    /// A closure registered with `observe(_:options:changeHandler:)`.
    case closure
    /// KVO's own registration watching the rest of a key path (`a.b` observes `b` on the
    /// object `a` leads to); it forwards to the registration of the whole path.
    case keyPathForwarding
  }

  /// The kind of observer.
  ///
  /// Objective-C: none (see ``Kind``).
  public let kind: Kind

  /// The observer object of an ``Kind/object`` registration, `nil` once it is freed or
  /// deallocated (it is not retained) and for the other kinds.
  ///
  /// Objective-C: the observance's observer (held unretained by Foundation)
  public var observer: Object? { observerHold?.reference.load() }
  private let observerHold: ObserverHold?

  /// The observer's unowned count, in a box so that the snapshot stays copyable.
  private final class ObserverHold: Sendable {
    let reference: UnownedObject
    init(_ observer: borrowing Object) { reference = UnownedObject(observer) }
  }

  /// The observer as the description names it: `<Watcher: 0x…>` (the class and address it had
  /// when it registered, kept after it is gone), `<closure>`, or `<forwarder to a.b>`.
  ///
  /// Objective-C: none (the `Observer:` part of the observance's description).
  public let observerDescription: String

  /// The observed key path, as registered; a key holding a lone surrogate (a string object
  /// keeps half a surrogate pair) reads each lone unit as U+FFFD, as Swift reads such a string
  /// (``keyPathUnits`` has the units themselves).
  ///
  /// Objective-C: the observance's property key path
  public var keyPath: String { LoneSurrogateKey.displayed(keyPathName) }

  /// The observed key path's UTF-16 units, as registered: those of the string object it was
  /// registered with, a lone surrogate included.
  ///
  /// Objective-C: the units of the observance's property key path (`-characterAtIndex:`)
  public var keyPathUnits: [UInt16] { LoneSurrogateKey.units(of: keyPathName) ?? Array(keyPathName.utf16) }

  /// KVO's name for the key path (LoneSurrogateKey.swift: a lone unit is spelled by two
  /// scalars there), not shown to anyone.
  private let keyPathName: String

  /// The options given at registration.
  ///
  /// Objective-C: the observance's options (`NSKeyValueObservingOptions`)
  public let options: ObservingOptions

  /// The context given at registration.
  ///
  /// Objective-C: the observance's context (`void *`)
  public let context: ObservationContext

  /// Whether an outside observer (an object or a closure) made this registration, not KVO's own
  /// key-path plumbing.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var isExternal: Bool { kind != .keyPathForwarding }

  /// The line `observationInfoDescription` prints for this registration:
  /// `<Observance: Observer: …, Key path: …, Options: …, Context: …>`.
  ///
  /// Objective-C: `-[NSKeyValueObservance description]`
  public var description: String {
    "<Observance: Observer: \(observerDescription), Key path: \(keyPath), Options: \(options), Context: \(context)>"
  }

  init(_ registration: Registration) {
    kind = registration.isObjectObserver ? .object : registration.isExternal ? .closure : .keyPathForwarding
    observerHold = registration.observerObject.map { ObserverHold($0) }
    observerDescription = registration.observerDescription
    keyPathName = registration.pathString
    options = registration.options
    context = registration.context
  }
}

extension Object {
  /// Every registration on this object, in registration order (the order notifications go out
  /// and ``observationInfoDescription`` prints), KVO's own key-path forwarding ones included:
  /// the structured form of the object's observation info. Empty when nothing observes it.
  ///
  /// ```swift
  /// try ann.addObserver(watcher, forKeyPath: "age", options: .new)
  /// let token = try ann.observe("name") { _, _ in }
  /// ann.observances.map(\.keyPath)   // ["age", "name"]
  /// ann.observances.map(\.kind)      // [.object, .closure]
  /// ```
  ///
  /// A snapshot: registrations made or removed later do not change the array.
  ///
  /// - Complexity: O(*n*) in the number of registrations on the object.
  ///
  /// Objective-C: `-observationInfo` (whose description prints the same list)
  public var observances: [Observance] {
    guard let table = (try? currentObservationSnapshot)?.table else { return [] }
    return table.lock.withLock { table.registrations.map(Observance.init) }
  }
}
