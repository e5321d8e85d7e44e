// KeyValueCategory+Overrides.swift: whether a class overrides one of NSObject's KVC/KVO methods.
//
// Docs: docs/kvo.md#the-nsobject-category. Tests: Tests/KVOTests/CategoryOverrideTests.swift.
//
// Model: the Swift API and KVO's own paths take a shortcut (run NSObject's implementation
// directly instead of sending the message) only when nothing would see the difference: the
// object's class runs NSObject's own implementation of that selector, and message sends are not
// traced. This file is the one place that decides it, and it decides it one way: by asking the
// class's method cache which implementation a send would run (`Object.runs`, lock-free, no
// reference counting; `Object.sendWouldRun` where the Swift API stands for a message, so that
// its first call initializes a class no message has reached, as the message would). A runtime where the category is not installed yet answers "forwarding",
// so the category is installed and the question asked again.
//
// A decision derived from it and cached (a one-key path's getter, CachedGetter.swift; the
// will/did decision below) reads the runtime's method generation *before* asking, so that an
// override added by another thread in between changes the generation the cache is stamped with
// (MethodGeneration.swift says why that order is enough; `MethodGeneration.cached` keeps it).

import MiniRuntime
import Synchronization

extension KeyValueCategory {
  /// Whether `object`'s class overrides NSObject's `implementation` of `selector` (a send would
  /// run something else), installing the category into the object's runtime first if needed.
  ///
  /// - Complexity: O(1): a method-cache read.
  @inline(__always)
  static func isOverridden(_ selector: Selector, own implementation: Implementation, by object: Object) -> Bool {
    if object.runs(implementation, for: selector) { return false }
    return isOverriddenAfterInstalling(selector, own: implementation, by: object)
  }

  /// ``isOverridden(_:own:by:)`` for a Swift API that stands for a message to `object`
  /// (`value(forKey:)` is `[obj valueForKey:]`): it asks as the send would
  /// (`Object.sendWouldRun`), so the first call for an object whose class no message has reached
  /// yet (a new `NSKVONotifying_` class) initializes that class, as the message would, and later
  /// calls are a cache read instead of a method-list search.
  ///
  /// - Throws: What the class's `+initialize` threw.
  /// - Complexity: O(1) once the class is initialized: a method-cache read.
  @inline(__always)
  static func isOverridden(_ selector: Selector, own implementation: Implementation, bySending object: Object) throws -> Bool {
    if try object.sendWouldRun(implementation, for: selector) { return false }
    return isOverriddenAfterInstalling(selector, own: implementation, by: object)
  }

  /// Whether `cls` overrides NSObject's `implementation` of `selector` (the class-side form,
  /// for decisions cached per class).
  static func isOverridden(_ selector: Selector, own implementation: Implementation, in cls: Class) -> Bool {
    var found = cls.methodImplementationWithoutResolver(for: selector)
    if found === Implementation.forwarding, let runtime = cls.runtime {
      runtime.installKeyValueObserving()
      found = cls.methodImplementationWithoutResolver(for: selector)
    }
    return found !== implementation
  }

  @inline(never)
  private static func isOverriddenAfterInstalling(
    _ selector: Selector, own implementation: Implementation, by object: Object
  ) -> Bool {
    guard object.isa.methodImplementationWithoutResolver(for: selector) === Implementation.forwarding, let runtime = object.runtime
    else { return true }  // something else answers it: an override
    runtime.installKeyValueObserving()
    return !object.runs(implementation, for: selector)
  }

  /// Whether the Swift API or KVO must send `selector` as a message to `object` rather than run
  /// NSObject's implementation directly: the class overrides it, or sends are traced (so a trace
  /// shows the real sequence).
  @inline(__always)
  static func mustSend(_ selector: Selector, own implementation: Implementation, to object: Object) -> Bool {
    object.tracesMessageSends || isOverridden(selector, own: implementation, by: object)
  }

  /// Whether an automatic change of `object` must send will/did as messages: the class
  /// overrides either of the pair that applies (`willChangeValueForKey:`/`didChangeValueForKey:`,
  /// or for indexed changes `willChange:valuesAtIndexes:forKey:`/`didChange:valuesAtIndexes:forKey:`),
  /// or sends are traced.
  ///
  /// - Complexity: O(1): two method-cache reads, no reference counting.
  @inline(__always)
  static func sendsWillAndDid(_ object: Object, indexed: Bool) -> Bool {
    indexed
      ? sendsWillAndDid(
        object, will: (Selectors.willChangeValuesAtIndexes, willChangeValuesAtIndexes),
        did: (Selectors.didChangeValuesAtIndexes, didChangeValuesAtIndexes))
      : sendsWillAndDid(
        object, will: (Selectors.willChangeValueForKey, willChangeValueForKey),
        did: (Selectors.didChangeValueForKey, didChangeValueForKey))
  }

  /// ``sendsWillAndDid(_:indexed:)`` with the pair given (the notifying setters pass the pair
  /// they captured, saving the lazily initialized statics' checks on every set).
  @inline(__always)
  static func sendsWillAndDid(
    _ object: Object, will: (Selector, Implementation), did: (Selector, Implementation)
  ) -> Bool {
    object.tracesMessageSends || isOverridden(will.0, own: will.1, by: object)
      || isOverridden(did.0, own: did.1, by: object)
  }
}

/// One caller's cache of ``KeyValueCategory/sendsWillAndDid(_:will:did:)`` for the class its
/// objects have (a notifying setter's objects all have its notifying class): the answer is
/// stamped with the method generation read before it was worked out (MethodGeneration.swift)
/// and reused while the object's class and the generation are unchanged. Whether sends are
/// traced is asked every time.
final class WillDidDecision: Sendable {
  /// The class the answer is for, set once (its bits; 0 until the first decision). Only ever
  /// compared with an object's isa, never dereferenced.
  private let cls = Atomic<UInt>(0)
  /// `(generation + 1) << 1 | answer`, 0 before the first decision.
  private let stamp = Atomic<UInt64>(0)

  /// Whether will/did must go out as messages for `object`: sends are traced, or its class
  /// overrides either of the pair.
  ///
  /// - Complexity: O(1): three atomic loads on a hit; two method-cache reads on a miss.
  @inline(__always)
  func sendsWillAndDid(_ object: Object, will: (Selector, Implementation), did: (Selector, Implementation)) -> Bool {
    if object.tracesMessageSends { return true }
    var decided: Class? = nil  // set on a miss only
    return MethodGeneration.cached(
      for: object,
      lookUp: { generation in
        let stamped = stamp.load(ordering: .acquiring)
        guard stamped >> 1 == generation.value &+ 1 && hasClass(of: object) else { return nil }
        return stamped & 1 == 1
      },
      compute: { _ in
        decided = object.isa  // the class the answer is worked out for, read before it is
        return decide(object, will: will, did: did)
      },
      publish: { generation, answer in publish(answer, for: decided, at: generation, object) })
  }

  /// Whether `object`'s class is the one the answer is for (no reference counting).
  @inline(__always)
  private func hasClass(of object: Object) -> Bool {
    guard let pointer = UnsafeRawPointer(bitPattern: cls.load(ordering: .relaxed)) else { return false }
    // Compares addresses only, as `ObjectIdentifier(object.isa) == cls` did, without reading the
    // isa as a reference (a retain and a release per set): `hasIsa` compares the isa word with
    // the reference's bits and never dereferences, retains or releases it.
    return Unmanaged<Class>.fromOpaque(pointer)._withUnsafeGuaranteedRef { object.hasIsa($0) }
  }

  /// The decision, worked out after a method change. A class that overrides `-observationInfo`
  /// (perhaps through a category added since its objects were observed) is decided on every
  /// set, never kept: an object whose slot still holds its record is made to read the getter
  /// (`adoptGetterOverride`), and its will/did go out as messages, which read it at once.
  @inline(never)
  private func decide(_ object: Object, will: (Selector, Implementation), did: (Selector, Implementation)) -> Bool {
    if ObservationInfoCategory.isGetterOverridden(in: object.isa), let snapshot = ObservationSnapshot(info: object.observationInfo) {
      object.adoptGetterOverride(snapshot)
      return true
    }
    return KeyValueCategory.sendsWillAndDid(object, will: will, did: did)
  }

  /// Keeps `answer` for the class `decided` (`object`'s when it was worked out), stamped with
  /// `generation` (if the cache is for that class: it is set once), unless that class overrides
  /// `-observationInfo`.
  @inline(never)
  private func publish(_ answer: Bool, for decided: Class?, at generation: MethodGeneration, _ object: Object) {
    guard let isa = decided, !ObservationInfoCategory.isGetterOverridden(in: isa) else { return }
    let isaBits = UInt(bitPattern: ObjectIdentifier(isa))
    _ = cls.compareExchange(expected: 0, desired: isaBits, ordering: .relaxed)
    if cls.load(ordering: .relaxed) == isaBits {
      stamp.store((generation.value &+ 1) << 1 | (answer ? 1 : 0), ordering: .releasing)
    }
  }
}

