// RefreshedGetter.swift: a plan's cached getter, worked out again after the methods changed.
//
// Docs: docs/performance.md#where-the-time-goes-and-what-would-close-the-gaps,
// docs/decisions/0016-refreshed-getters.md. Tests: Tests/KVOTests/RefreshedGetterTests.swift.
//
// Design note. A plan's getter (CachedGetter.swift) is stamped with the runtime's method
// generation and used only while that generation lasts; any method change anywhere makes it
// stale, and a stale getter falls back to the KVC read of the whole path. A key-path chain
// meets that at once: observing `friend.age` links a registration of `age` on the friend, which
// hooks `setAge:` and so changes the generation right after the plan's getter was stamped. So
// every set of K9 read `friend.age` by KVC twice (old and new value), four KVC key reads.
//
// A stale getter is worked out again here, once per generation that meets a read, and kept for
// the next reads. The slot is one atomic word holding the newest answer, a `Box`; every box
// keeps the one it replaced (`previous`), so a box a reader loaded stays alive while the slot
// lives (the plan holds the slot, and whoever reads holds the plan: a path or a pending change).
// Nothing is freed before the plan is, so a reader needs no reference counting and no lock.
// A writer publishes with a compare-and-exchange; a writer that loses drops its box (nobody saw
// it). At most `limit` boxes are kept per plan: a program that keeps changing methods while it
// sets falls back to the KVC read, as before, instead of growing the chain.
//
// Stateful, lock-free; no user code runs while anything is held (the getter is worked out by
// `KeyPathPlan.cachedGetter`, which may send resolver messages, with nothing held).

import MiniRuntime
import Synchronization

/// The getter of a plan's first key, worked out again after the one the plan was made with
/// went stale. Readers and writers on any thread; see the file comment.
final class RefreshedGetter: Sendable {
  /// One answer: the getter (nil if the key cannot be read with a cached getter under that
  /// generation) in the class it was found in, the number of boxes up to this one, and the box
  /// it replaced.
  private final class Box: Sendable {
    let getter: CachedGetter?
    let generation: MethodGeneration
    let cls: Class
    let depth: Int
    let previous: Box?

    init(getter: CachedGetter?, generation: MethodGeneration, cls: Class, previous: Box?) {
      self.getter = getter
      self.generation = generation
      self.cls = cls
      depth = (previous?.depth ?? 0) + 1
      self.previous = previous
    }
  }

  /// The most boxes one plan keeps (see the file comment).
  static let limit = 8

  /// The newest box's bits (`Unmanaged<Box>`, retained by the slot), or 0 before the first.
  private let newest = Atomic<UInt>(0)

  init() {}

  deinit {
    let bits = newest.load(ordering: .acquiring)
    if bits != 0 { Self.box(bits).release() }  // frees the chain
  }

  @inline(__always)
  private static func box(_ bits: UInt) -> Unmanaged<Box> {
    Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
  }

  /// The getter to read `path`'s first key of `object` with now, if one is valid: the kept one
  /// if it still holds for `cls`, else one worked out now in `cls` and kept. `cls` is the plan's
  /// class for a plan's first key; `nil` stands for the object's own class (the rest of a chain),
  /// which is then compared without being loaded. `path` is read only to work a getter out.
  /// `nil` when the key has no cached getter now, or when this plan already refreshed `limit`
  /// times: the caller reads by KVC.
  @inline(__always)
  func current(for object: Object, path: @autoclosure () -> KeyValuePath, in cls: Class?) -> CachedGetter? {
    let bits = newest.load(ordering: .acquiring)
    var depth = 0
    if bits != 0 {
      // INVARIANT: a published box lives as long as the slot (see the file comment).
      let (found, stale) = Self.box(bits)._withUnsafeGuaranteedRef { box -> (CachedGetter?, Bool) in
        depth = box.depth
        let sameClass = if let cls { box.cls === cls } else { object.hasIsa(box.cls) }
        return (box.getter, !sameClass || !box.generation.isCurrent(for: object))
      }
      if !stale { return found.flatMap { $0.generation.isCurrent(for: object) ? $0 : nil } }
    }
    guard depth < Self.limit else { return nil }
    return refresh(for: object, path: path(), in: cls ?? object.isa, replacing: bits)
  }

  /// Works the getter out now in `cls` and keeps it (the slot held `bits`).
  @inline(never)
  private func refresh(for object: Object, path: KeyValuePath, in cls: Class, replacing bits: UInt) -> CachedGetter? {
    let generation = MethodGeneration(of: object)  // read first: an answer never outlives its stamp
    let getter = try? KeyPathPlan.cachedGetter(for: path, in: cls)  // call-out: resolvers, nothing held
    publish(getter, generation: generation, in: cls, replacing: bits)
    return getter.flatMap { $0.generation.isCurrent(for: object) ? $0 : nil }
  }

  /// Keeps `getter` as the newest answer if the slot still holds `bits`; else drops it.
  private func publish(_ getter: CachedGetter?, generation: MethodGeneration, in cls: Class, replacing bits: UInt) {
    let previous = bits == 0 ? nil : Self.box(bits).takeUnretainedValue()
    let box = Unmanaged.passRetained(Box(getter: getter, generation: generation, cls: cls, previous: previous))
    let newBits = UInt(bitPattern: box.toOpaque())
    // The slot's retain of the old box moves into the new box's `previous` (which retained it
    // too): give the slot's back once the new one is in.
    if newest.compareExchange(expected: bits, desired: newBits, ordering: .acquiringAndReleasing).exchanged {
      if bits != 0 { Self.box(bits).release() }
    } else {
      box.release()  // another thread refreshed first; nobody saw this box
    }
  }
}
