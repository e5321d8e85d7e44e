// ObservationInfoCategory.swift: NSObject's `-observationInfo` and `-setObservationInfo:` as
// messages.
//
// Docs: docs/kvo.md#seeing-what-is-registered. Tests: Tests/KVOTests/ObservationInfoMessageTests.swift,
// ObservationInfoOverrideTests.swift.
//
// Foundation keeps an object's observances behind the `void *` these two methods get and set.
// Here they live in the object's Swift slot (`Object.observationInfo`), which KVO writes
// directly; these messages show that slot as Foundation's pointer: NULL while nobody observes
// the object, else a pointer naming its current snapshot, a new one whenever the snapshot is
// replaced (Foundation's observation info is immutable and replaced the same way). Every
// pointer handed out is recorded (ObservationInfoPointers.swift), so that one coming back from
// an overriding `-observationInfo` can be turned back into observations.
// `setObservationInfo:` stores NULL or any pointer KVO handed out, and `-observationInfo` answers
// it back, as Foundation's pair stores any `void *`: on an object KVO has no registrations on it
// is kept as a `BorrowedObservationInfo`, on one with registrations beside them in an
// `OverriddenObservationInfo` (its own current pointer puts the record itself back); the
// object's reads then follow it, as Foundation's side table would, and its next add or removal
// starts from what it names (ObservationInfoAdoption.swift). A pointer KVO never handed out is
// refused (Foundation would crash on reading it). After every change of
// an object's registrations KVO sends `setObservationInfo:` with the new pointer (NULL after the
// last removal) to an object whose class overrides it, as Foundation does, so an override that
// keeps the pointer in an ivar holds what Foundation's would; the message is sent with no lock
// held. For a class that overrides `-observationInfo`, KVO reads through it
// (ObservationInfoOverride.swift).

import MiniRuntime

enum ObservationInfoCategory {
  static let methods: [(Selector, String, Implementation)] = [
    ("observationInfo", "^v16@0:8", observationInfo),
    ("setObservationInfo:", "v24@0:8^v16", setObservationInfo),
  ]

  static let observationInfo = KeyValueCategory.method("NSKeyValueObserving", "observationInfo") { receiver, _, _ in
    let info = receiver.observationInfo
    if let borrowed = info as? BorrowedObservationInfo { return .pointer(borrowed.pointer) }
    if let stored = (info as? OverriddenObservationInfo)?.stored { return .pointer(stored) }
    return .pointer(handOut(of: receiver))
  }

  static let setObservationInfo = KeyValueCategory.method("NSKeyValueObserving", "setObservationInfo:") { receiver, _, arguments in
    let given: UInt
    switch arguments[0] {
    case .pointer(let raw): given = raw
    case .nil: given = 0
    default: throw KeyValueError(.invalidArgument, "setObservationInfo: needs a pointer, not \(arguments[0])")
    }
    let kept: Bool
    if let own = receiver.ownObservationSnapshot { kept = store(given, on: receiver, own: own.table) } else { kept = lend(given, to: receiver) }
    if kept { return .nil }
    throw KeyValueError(
      .invalidArgument,
      "setObservationInfo: 0x\(String(given, radix: 16)) is not an observation info KVO handed out: MiniKVO keeps observations in Swift objects and takes back only NULL or a pointer -observationInfo answered (Foundation would crash reading it)")
  }

  /// Keeps `pointer` as what the observation info of `object`, which has registrations of its
  /// own in `table`, answers, if it is NULL or a pointer KVO handed out: KVO's reads then follow
  /// it (and its next add or removal starts from what it names: ObservationInfoAdoption.swift).
  /// Its own pointer puts the record itself back. Returns whether it was kept.
  private static func store(_ pointer: UInt, on object: Object, own table: ObservationTable) -> Bool {
    guard pointer == 0 || object.runtime.map({ KVORuntime.of($0).infoPointers.lookUp(pointer) != nil }) == true else {
      return false
    }
    return table.lock.withLock { () -> Bool in
      guard table.isActive, let own = object.ownObservationSnapshot, own.table === table else { return false }
      if pointer == own.pointer {
        table.publish(on: object)
      } else {
        object.observationInfo = OverriddenObservationInfo(
          own.slotValue, stored: pointer, sendsGetter: table.observed.readsObservationInfoOverride)
      }
      return true
    }
  }

  /// Keeps `pointer` as the observation info of `object`, which has no registrations of its
  /// own, if it is NULL or a pointer KVO handed out. Returns whether it was kept.
  private static func lend(_ pointer: UInt, to object: Object) -> Bool {
    if pointer == 0 {
      if object.observationInfo is BorrowedObservationInfo { object.observationInfo = nil }
      return object.observationInfo == nil
    }
    guard let runtime = object.runtime, KVORuntime.of(runtime).infoPointers.lookUp(pointer) != nil else { return false }
    let borrowed = BorrowedObservationInfo(pointer)
    let stored = object.observationInfo(creatingWith: { borrowed })
    if stored === borrowed { return true }
    guard stored is BorrowedObservationInfo else { return false }  // KVO registered something meanwhile
    object.observationInfo = borrowed
    return true
  }

  /// Sends `setObservationInfo:` with `object`'s current pointer if its class overrides the
  /// method (Foundation sets the info through it on every registration change), as `plan`
  /// found when the registration was made (a removal asks the plan of the registration it
  /// removes: an override added while that observation lasted is sent from the next add on).
  /// Call with no lock held: the override is user code.
  ///
  /// - Throws: What the override throws.
  @inline(__always)
  static func tellOverride(of object: Object, plan: KeyPathPlan) throws {
    guard plan.overridesSetObservationInfo else { return }
    try Runtime.msgSend(object, Selectors.setObservationInfo, .pointer(handOut(of: object)))
  }

  /// Whether `cls` overrides NSObject's `-setObservationInfo:` (a class-side method lookup).
  static func isOverridden(in cls: Class) -> Bool {
    KeyValueCategory.isOverridden(Selectors.setObservationInfo, own: setObservationInfo, in: cls)
  }

  /// Whether `cls` overrides NSObject's `-observationInfo`: a walk of its method lists that
  /// leaves its method cache alone (an entry there would be one more for the set path's
  /// selectors to probe past).
  static func isGetterOverridden(in cls: Class) -> Bool {
    guard let method = cls.instanceMethodWithoutResolver(for: Selectors.observationInfo) else { return false }
    return method.implementation !== observationInfo
  }

  /// The pointer naming `object`'s own registrations, 0 (NULL) while it has none, recorded as
  /// handed out (ObservationInfoPointers.swift).
  private static func handOut(of object: Object) -> UInt {
    guard let snapshot = object.ownObservationSnapshot else { return 0 }
    let pointer = snapshot.pointer
    if let runtime = object.runtime { KVORuntime.of(runtime).infoPointers.record(pointer, for: snapshot.table) }
    return pointer
  }
}
