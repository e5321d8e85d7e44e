// ObservedClass.swift: a class whose instances KVO has observed.
//
// Docs: docs/kvo.md#the-isa-swizzle. Tests: Tests/KVOTests/AppleKVOExperimentsTests.swift,
// RegistrationTests.swift.
//
// Model: one per original class and runtime, made together with its notifying subclass
// (NotifyingSubclass.swift) and kept for the runtime's life in `KVORuntime.state`, which maps
// both the original class and the notifying subclass to it. It holds the keys whose setters the
// subclass hooks so far (changed under `KVORuntime.state`'s lock) and the plans of the key
// paths observed on its instances (KeyPathPlan.swift). A class object has one too: its
// `original` is its metaclass and its `notifying` class NSKVONotifying_<Class>'s metaclass
// (NotifyingSubclass.swift). Metaclass objects, observed in place, share one per root
// metaclass whose `original` and `notifying` class are that root metaclass
// (KVORuntime.observedMetaclassObjects).
//
// Locking: `plans` is a short list behind `planLock`, a leaf lock held only to scan or replace
// the list. Plans are made with no lock held (making one sends the class's methods); two
// threads making the same plan at once each keep theirs, and a lookup finds the first.

import MiniRuntime
import Synchronization

/// A class KVO has observed instances of: its notifying subclass, hooked keys and plans.
final class ObservedClass: @unchecked Sendable {
  /// A class with more observed key paths than this starts a fresh list (plans are worked out
  /// again, never wrong).
  private static let planCapacity = 64

  let original: Class
  /// `NSKVONotifying_<original>` (for a class object's metaclass, its metaclass).
  let notifying: Class
  /// The keys whose setters `notifying` overrides. Locking: `KVORuntime.state`.
  @exclusivity(unchecked) var hookedKeys: Set<String> = []

  /// Whether the class overrides `-observationInfo`, as the last plan made for it found
  /// (KeyPathPlan.make): then its instances' slots send KVO's reads through the override
  /// (ObservationInfoOverride.swift). Relaxed: a table reads it when it publishes.
  private let getterOverride = Atomic<Bool>(false)
  var readsObservationInfoOverride: Bool {
    get { getterOverride.load(ordering: .relaxed) }
    set { getterOverride.store(newValue, ordering: .relaxed) }
  }

  /// The last answer of `overridesGetter(at:)`: `(generation + 1) << 1 | answer`, 0 before.
  private let getterCheck = Atomic<UInt64>(0)

  /// Whether the class overrides `-observationInfo` under the method generation `generation`,
  /// read first (MethodGeneration.swift): a category may have added it since the plans were
  /// made. Notes the answer in `readsObservationInfoOverride`.
  ///
  /// - Complexity: O(1) while no method changes: one atomic load; else a method-list walk.
  @inline(__always)
  func overridesGetter(at generation: MethodGeneration) -> Bool {
    knownGetterAnswer(at: generation) ?? checkGetter(at: generation)
  }

  /// The answer `overridesGetter(at:)` last gave, if it was for `generation`; `nil` if it must be
  /// worked out again. Apart so that a hot caller can keep the method-list walk out of line
  /// and hold no reference to the class across it (K5's removal: `tableForRemoval`).
  @inline(__always)
  func knownGetterAnswer(at generation: MethodGeneration) -> Bool? {
    let stamped = getterCheck.load(ordering: .acquiring)
    return stamped >> 1 == generation.value &+ 1 ? stamped & 1 == 1 : nil
  }

  @inline(never)
  func checkGetter(at generation: MethodGeneration) -> Bool {
    let answer = ObservationInfoCategory.isGetterOverridden(in: notifying)
    if answer { readsObservationInfoOverride = true }
    getterCheck.store((generation.value &+ 1) << 1 | (answer ? 1 : 0), ordering: .releasing)
    return answer
  }

  private let planLock = Lock()
  /// Locking: `planLock`.
  @exclusivity(unchecked) private var plans: [KeyPathPlan] = []

  init(original: Class, notifying: Class) {
    self.original = original
    self.notifying = notifying
  }

  /// The plan kept for `keyPath` under the runtime's current method `generation`, if any.
  ///
  /// - Complexity: O(*p*) string compares in the key paths observed on the class (usually a
  ///   few; a short key compares as two words).
  @inline(__always)
  func plan(for keyPath: String, generation: MethodGeneration) -> KeyPathPlan? {
    planLock.withLock {
      for plan in plans where plan.pathString == keyPath {
        if plan.generation == generation { return plan }
      }
      return nil
    }
  }

  /// Keeps `plan`, replacing a stale plan of the same key path. (Releasing a plan runs no user
  /// code, so the lock may be held.)
  func keep(_ plan: KeyPathPlan) {
    planLock.withLock {
      if plans.count >= Self.planCapacity {
        plans.removeAll(keepingCapacity: true)
      } else if let stale = plans.firstIndex(where: { $0.pathString == plan.pathString && $0.generation != plan.generation }) {
        plans.remove(at: stale)
      }
      plans.append(plan)
    }
  }
}
