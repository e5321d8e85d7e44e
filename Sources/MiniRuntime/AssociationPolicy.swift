// AssociationPolicy.swift: objc4's association policy number, its bits kept as they are, and
// what the setter and getter of associated objects read from them.
//
// Docs: docs/runtime.md#associated-objects. Tests: Tests/MiniRuntimeTests/AssociatedObjectTests.swift,
// ObjC4BehaviourRound25DestructTests.swift.

/// How an associated object is held: objc4's policy number, whose bits this type keeps as they are.
///
/// The five public policies are its static members; ``systemObject`` is the flag objc4 keeps for
/// Apple's own frameworks, which a program can or into any of them, as it can or the bare number
/// into an `objc_AssociationPolicy`:
///
/// ```swift
/// try owner.setAssociatedObject(.object(tag), forKey: key, policy: [.retainNonatomic, .systemObject])
/// owner.removeAssociatedObjects()   // keeps tag's association, releases the others
/// ```
///
/// The low byte says how the setter holds the value (1 retain, 3 copy, anything else as it is,
/// like `assign`); bit 8 makes the getter retain what it returns and bit 9 autorelease it, each on
/// its own, as objc4 tests them (bit 8 alone hands the caller a +1 it must release; bit 9 alone
/// autoreleases a value nobody retained, one release too many when the pool pops).
///
/// Objective-C: `objc_AssociationPolicy`
public struct AssociationPolicy: OptionSet, Sendable, Hashable {
  /// The policy's number, as objc4 stores it.
  ///
  /// Objective-C: the `uintptr_t` value of an `objc_AssociationPolicy`
  public let rawValue: UInt

  /// The policy with these bits (any bits: objc4 checks none).
  ///
  /// Objective-C: `(objc_AssociationPolicy)rawValue`
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Not retained (0). MiniKVO holds objects weakly here, so a read after the object is gone
  /// gives `nil` instead of the dangling pointer Objective-C would give.
  ///
  /// Objective-C: `OBJC_ASSOCIATION_ASSIGN`
  public static let assign = AssociationPolicy([])
  /// Retained, with non-atomic access (1).
  ///
  /// Objective-C: `OBJC_ASSOCIATION_RETAIN_NONATOMIC`
  public static let retainNonatomic = AssociationPolicy(rawValue: 1)
  /// Copied, with non-atomic access (3): values are copied by value; an object gets `copy` sent.
  ///
  /// Objective-C: `OBJC_ASSOCIATION_COPY_NONATOMIC`
  public static let copyNonatomic = AssociationPolicy(rawValue: 3)
  /// Retained, with atomic access (0x301: the getter retains and autoreleases).
  ///
  /// Objective-C: `OBJC_ASSOCIATION_RETAIN`
  public static let retain = AssociationPolicy(rawValue: 0x301)
  /// Copied, with atomic access (0x303: the getter retains and autoreleases).
  ///
  /// Objective-C: `OBJC_ASSOCIATION_COPY`
  public static let copy = AssociationPolicy(rawValue: 0x303)
  /// The flag (bit 16) that makes ``Object/removeAssociatedObjects()`` keep the association and
  /// the removal at deallocation release it after every other association of the object.
  ///
  /// Objective-C: `OBJC_ASSOCIATION_SYSTEM_OBJECT` (objc4's private flag, `1 << 16`)
  public static let systemObject = AssociationPolicy(rawValue: 1 << 16)

  /// How the setter holds a value: by the low byte, as objc4's `acquireValue` switches on it.
  enum Holding { case asIs, retained, copied }

  /// The setter's holding for this policy.
  var holding: Holding {
    switch rawValue & 0xFF {
    case 1: return .retained
    case 3: return .copied
    default: return .asIs
    }
  }

  /// Whether the getter retains an object it returns, under the association lock (objc4's
  /// `OBJC_ASSOCIATION_GETTER_RETAIN`, 0x100, set in the atomic policies).
  var getterRetains: Bool { rawValue & 0x100 != 0 }

  /// Whether the getter autoreleases an object it returns, after the lock (objc4's
  /// `OBJC_ASSOCIATION_GETTER_AUTORELEASE`, 0x200, set in the atomic policies).
  var getterAutoreleases: Bool { rawValue & 0x200 != 0 }

  /// Whether the ``systemObject`` flag is set.
  var isSystemObject: Bool { rawValue & Self.systemObject.rawValue != 0 }
}
