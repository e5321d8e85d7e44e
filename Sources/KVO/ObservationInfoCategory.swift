// ObservationInfoCategory.swift: NSObject's `-observationInfo` and `-setObservationInfo:` as
// messages.
//
// Docs: docs/kvo.md#seeing-what-is-registered. Tests: Tests/KVOTests/ObservationInfoMessageTests.swift.
//
// Foundation keeps an object's observances behind the `void *` these two methods get and set.
// Here they live in the object's Swift slot (`Object.observationInfo`), which KVO reads and
// writes directly; these messages show that slot as Foundation's pointer: NULL while nobody
// observes the object, else a pointer naming its current snapshot, a new one whenever its
// registrations change (Foundation's observation info is immutable and replaced the same way).
// `setObservationInfo:` takes only the pointer the object already has (so an override that
// calls super with it works) or refuses. After every change of an object's registrations KVO
// sends `setObservationInfo:` with the new pointer (NULL after the last removal) to an object
// whose class overrides it, as Foundation does, so an override that keeps the pointer in an ivar
// holds what Foundation's would; the message is sent with no lock held. KVO reads its own slot,
// never an overriding `-observationInfo`: a `void *` cannot be turned back into observances
// without raw pointers (docs/differences.md).

import MiniRuntime

enum ObservationInfoCategory {
  static let methods: [(Selector, String, Implementation)] = [
    (
      "observationInfo", "^v16@0:8",
      KeyValueCategory.method("NSKeyValueObserving", "observationInfo") { receiver, _, _ in
        .pointer(pointer(of: receiver))
      }
    ),
    ("setObservationInfo:", "v24@0:8^v16", setObservationInfo),
  ]

  static let setObservationInfo = KeyValueCategory.method("NSKeyValueObserving", "setObservationInfo:") { receiver, _, arguments in
    let given: UInt
    switch arguments[0] {
    case .pointer(let raw): given = raw
    case .nil: given = 0
    default: throw KeyValueError(.invalidArgument, "setObservationInfo: needs a pointer, not \(arguments[0])")
    }
    let current = pointer(of: receiver)
    guard given == current else {
      throw KeyValueError(
        .invalidArgument,
        "setObservationInfo: MiniKVO keeps \(receiver)'s observations in a Swift slot; it accepts only the pointer -observationInfo answers (0x\(String(current, radix: 16)))")
    }
    return .nil
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
    try Runtime.msgSend(object, Selectors.setObservationInfo, .pointer(pointer(of: object)))
  }

  /// Whether `cls` overrides NSObject's `-setObservationInfo:` (a class-side method lookup).
  static func isOverridden(in cls: Class) -> Bool {
    KeyValueCategory.isOverridden(Selectors.setObservationInfo, own: setObservationInfo, in: cls)
  }

  /// The pointer `-observationInfo` answers: 0 (NULL) while nobody observes `object`.
  private static func pointer(of object: Object) -> UInt {
    guard let info = object.observationInfo else { return 0 }
    return UInt(bitPattern: ObjectIdentifier(info))
  }
}
