// ExtraChangeEntry.swift: one more entry that every change of a registration carries.
//
// Docs: docs/kvo.md#extra-change-entries. Tests: Tests/KVOTests/ExtraChangeEntryTests.swift.
//
// A layer above KVO may want each change it is sent to carry an entry of its own: KVOController
// hands its blocks the change with `FBKVONotificationKeyPathKey` added. Copying every change to
// add it costs an allocation and a free per notification; named at registration instead, the
// entry goes into the change KVO builds anyway
// (`addObserver(_:forKeyPath:options:context:extraEntry:)`), and the registration keeps it
// (a subclass of `Registration`). Immutable.

import MiniRuntime

/// An entry of a change dictionary beyond Foundation's own (kind, new, old, indexes, prior).
///
/// A class, so that the registration and every change carrying it hold one reference rather
/// than copies of the key and the value. Immutable.
///
/// Objective-C: none (MiniKVO extension; a key such as `FBKVONotificationKeyPathKey` and its value).
public final class ExtraChangeEntry: Sendable {
  /// The entry's key.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let key: ChangeKey
  /// The entry's value.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let value: Value

  /// An entry `value` under `key`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ value: Value, forKey key: ChangeKey) {
    self.key = key
    self.value = value
  }
}

/// An object observer's registration whose changes carry an extra entry: a subclass, so that
/// every other registration stays 88 bytes (Registration.swift) and this one needs no second
/// allocation. Immutable.
final class RegistrationWithExtraEntry: Registration, @unchecked Sendable {
  let extra: ExtraChangeEntry

  init(
    plan: KeyPathPlan, options: ObservingOptions, context: ObservationContext, object: borrowing Object,
    extra: ExtraChangeEntry
  ) {
    self.extra = extra
    super.init(plan: plan, options: options, context: context, object: object, hasExtra: true)
  }
}

extension Registration {
  /// A registration of `observer`, whose changes carry `extra` if it is an object observer.
  static func make(
    plan: KeyPathPlan, options: ObservingOptions, context: ObservationContext, observer: borrowing ObserverKind,
    extra: ExtraChangeEntry?, isShared: Bool = false
  ) -> Registration {
    switch observer {
    case .object(let object):
      guard let extra else {
        return Registration(plan: plan, options: options, context: context, object: object, isShared: isShared)
      }
      return RegistrationWithExtraEntry(plan: plan, options: options, context: context, object: object, extra: extra)
    case .closure, .forward, .nilObserver:
      return Registration(plan: plan, options: options, context: context, observer: observer)
    }
  }
}
