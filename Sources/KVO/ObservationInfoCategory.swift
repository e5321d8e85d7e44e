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
// `setObservationInfo:` takes the pointer the object already has (so an override that calls
// super with it works), NULL or a pointer KVO handed out for another object on an object KVO has
// no registrations on (kept as a `BorrowedObservationInfo`, which the object's reads then
// follow, as Foundation's side table would), and refuses anything else. After every change of
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
    if let borrowed = receiver.observationInfo as? BorrowedObservationInfo { return .pointer(borrowed.pointer) }
    return .pointer(handOut(of: receiver))
  }

  static let setObservationInfo = KeyValueCategory.method("NSKeyValueObserving", "setObservationInfo:") { receiver, _, arguments in
    let given: UInt
    switch arguments[0] {
    case .pointer(let raw): given = raw
    case .nil: given = 0
    default: throw KeyValueError(.invalidArgument, "setObservationInfo: needs a pointer, not \(arguments[0])")
    }
    let current = receiver.ownObservationSnapshot?.pointer ?? 0
    if current == 0 ? lend(given, to: receiver) : given == current { return .nil }
    throw KeyValueError(
      .invalidArgument,
      "setObservationInfo: MiniKVO keeps \(receiver)'s observations in a Swift slot; it accepts only the pointer -observationInfo answers (0x\(String(current, radix: 16))), or, while the object has no registrations of its own, NULL or a pointer KVO handed out for another object")
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
