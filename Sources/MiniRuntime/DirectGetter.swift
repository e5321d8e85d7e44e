// DirectGetter.swift: a synthesized getter's answer read in place, for a cache kept above the
// runtime that already knows the methods have not changed.
//
// Docs: docs/performance.md#the-set-path, docs/decisions/0016-refreshed-getters.md. Tests:
// Tests/MiniRuntimeTests/DirectGetterTests.swift (KVO's use: its DirectGetterReadTests).
//
// Design note. KVO reads a change's old and new values by sending the getter it found at
// registration, while the runtime's method generation is unchanged (KVO's MethodGeneration.swift).
// When that getter is a synthesized accessor with a typed fast path (DirectAccess,
// SynthesizedAccessors.swift), a cached send of it does the load in place without calling it;
// this does the same load without the send's probe, for an object whose isa is the class the
// getter was found in. Nothing can tell the two apart: the implementation is the one a send from
// that class runs (found by `Class.methodImplementationWithoutResolver`, which runs no user code,
// and valid while the caller's generation holds: any method change, a category, a replaced or
// exchanged implementation, bumps it), the class is initialized (a send would initialize it), and
// sends to it are not traced (a traced send emits `messageSent`); anything else answers `nil`, and
// the caller sends. A subclass, forwarding or a resolver never reach it: another isa fails the
// identity test, and a method a resolver adds or a forwarding implementation has no fast path.
//
// Stateless and immutable: the class is kept as its isa bits, not retained. INVARIANT: the
// holder keeps the class alive (KVO's plan holds the class it found the getter in), so the bits
// cannot name another class while the value is used. Lock-free: one isa load, two flag loads.

/// The typed fast path of the getter a send of a selector to an instance of one class runs, to be
/// done without the send while the runtime's methods are unchanged (see the file comment).
///
/// Objective-C: none (MiniKVO extension: objc4's KVO reads values with the getter's IMP, whose
/// compiled body is already the load).
package struct DirectGetter: Sendable {
  /// The class's isa bits (0 when there is no fast path).
  private let classBits: UInt
  private let access: DirectAccess

  /// No fast path: every read answers `nil`.
  package static let none = DirectGetter(classBits: 0, access: .none)

  private init(classBits: UInt, access: DirectAccess) {
    self.classBits = classBits
    self.access = access
  }

  /// The fast path of what a send of `selector` (no arguments) to an instance of `cls` runs now,
  /// or ``none`` if that is not a synthesized getter with one. Runs no user code. Read the method
  /// generation before making it, and use it only while that generation holds.
  package init(_ selector: Selector, in cls: Class) {
    guard selector.argumentCount == 0, !cls.isMetaclass else {
      self = .none
      return
    }
    let access = cls.methodImplementationWithoutResolver(for: selector).direct
    guard access.role == .getter || access.role == .referenceGetter else {
      self = .none
      return
    }
    self.init(classBits: UInt(bitPattern: Unmanaged.passUnretained(cls).toOpaque()), access: access)
  }

  /// Whether there is no fast path (every read answers `nil`). The caller need not ask before
  /// `read`: testing it inline cost K1 about 28 instructions a set and saved nothing measurable.
  package var isNone: Bool { classBits == 0 }

  /// What a send of the getter to `object` answers, read in place, when `object`'s isa is the
  /// class, that class is initialized and sends to it are not traced; `nil` otherwise (send it).
  ///
  /// - Complexity: O(1): the isa and two flag loads, then the getter's own load.
  package func read(_ object: Object) -> Value? {
    guard classBits != 0, object.isaWord.load(ordering: .acquiring) == classBits else { return nil }
    // INVARIANT: UnretainedClass (the object's isa), and the holder keeps the class (file comment).
    let ready = UnretainedClass(bits: classBits).withClass { cls in
      !cls.events.tracesSends && cls.ownMetaclass.flags.load(ordering: .acquiring) & Class.initializedFlag != 0
    }
    guard ready else { return nil }
    return access.perform(on: object, Arguments())
  }
}
