// Class+CustomRetainRelease.swift: objc4's per-class "has custom retain-release" bit.
//
// Docs: docs/runtime.md#stores-that-retain, docs/decisions/0017-manual-retain-release.md.
// Tests: Tests/MiniRuntimeTests/StrongStoreTests.swift.
//
// Model (objc4's `hasCustomRR`): a class has custom retain-release when it, a superclass or one of
// their categories defines one of the retain-count methods (`retainReleaseSelectors`); NSObject's
// own do not count. A store that retains (a strong ivar, a collection, an association) sends a
// message only to such a class; every other object takes the fast path, NSObject's code run
// directly (`StrongReference`, StrongReference.swift). As in objc4 the bit is only ever set:
// replacing an override by NSObject's own implementation again does not clear it (the message
// then runs NSObject's code, so the answer is the same, only slower).
//
// Locking: the bit lives in `Class.flags`, written under `Runtime.lock` (by `methodsChanged`,
// which every method addition, replacement, exchange and category attachment goes through, and by
// `allocateClassPair`, which inherits it) and read without a lock: a store racing a method change
// may take either path, as in objc4.

extension Class {
  /// Bit of `flags`: the class has custom retain-release (objc4's `RW_HAS_CUSTOM_RR` inverse).
  static let customRetainReleaseFlag: UInt8 = 2

  /// The methods whose override makes a class's retain-release custom (objc4's list). Eight:
  /// a linear search of their indexes is cheaper than hashing each changed selector.
  static let retainReleaseSelectors: [Selector] = [
    "retain", "release", "autorelease", "retainCount", "_tryRetain", "_isDeallocating",
    "allowsWeakReference", "retainWeakReference",
  ]

  /// Whether the class, a superclass or a category of either overrides one of `retain`,
  /// `release`, `autorelease`, `retainCount`, `_tryRetain`, `_isDeallocating`,
  /// `allowsWeakReference` or `retainWeakReference` (NSObject's own do not count). A store that
  /// retains an instance of such a class sends it `retain` and `release`; an instance of any
  /// other class is counted directly, without a message.
  ///
  /// ```swift
  /// try person.addMethod("retain") { receiver, _, _ in … }
  /// person.hasCustomRetainRelease     // true, and for every subclass
  /// ```
  ///
  /// Objective-C: none (objc4's `objc_class::hasCustomRR()`)
  public var hasCustomRetainRelease: Bool {
    flags.load(ordering: .relaxed) & Self.customRetainReleaseFlag != 0
  }

  /// Sets the bit on the class and every class below it.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func markCustomRetainRelease(_ state: inout Runtime.State) {
    var pending = [self]
    while let each = pending.popLast() {
      let old = each.flags.bitwiseOr(Self.customRetainReleaseFlag, ordering: .relaxed).oldValue
      if old & Self.customRetainReleaseFlag == 0 { pending += each.locked(&state).subclasses }
    }
  }

  /// Clears the bit on the root class and its metaclass once NSObject's own methods are
  /// installed: they are the defaults, not overrides.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func clearCustomRetainReleaseOfRoot(_ state: inout Runtime.State) {
    flags.bitwiseAnd(~Self.customRetainReleaseFlag, ordering: .relaxed)
    isa.flags.bitwiseAnd(~Self.customRetainReleaseFlag, ordering: .relaxed)
  }
}

extension Runtime {
  /// Keeps the custom retain-release bit right after the methods `selectors` changed in `cls`.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func adjustCustomRetainRelease(in cls: Class, selectors: [Selector], _ state: inout State) {
    guard selectors.contains(where: Class.retainReleaseSelectors.contains) else { return }
    cls.markCustomRetainRelease(&state)
  }

  /// Keeps the bit right after `cls` got a new superclass: a custom superclass makes it custom.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func inheritCustomRetainRelease(in cls: Class, _ state: inout State) {
    guard let superclass = cls.locked(&state).superclass, superclass.hasCustomRetainRelease else { return }
    cls.markCustomRetainRelease(&state)
  }
}
