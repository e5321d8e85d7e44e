// MethodCache.swift: the per-class selector → implementation cache behind `msgSend`.
//
// Docs: docs/runtime.md#the-method-cache. Tests: Tests/MiniRuntimeTests/MethodCacheTests.swift.
//
// Model: an open-addressing table keyed by the selector's interned index (linear probing, load
// factor at most 3/4), viewed through `CacheTable`: a header of two words (a sequence number and
// the mask) and then buckets of two words (`CacheBucket`, objc4's `bucket_t`): the selector index
// (0 = empty) and the unretained implementation (UnretainedImplementation.swift), then one word
// naming the table it replaced (`CacheTable.replaced`). Every lookup, by readers and writers
// alike, goes through `CacheTable.probe`.
//
// Placement: a key's home is its index `& mask` (one AND on the send path), and entries are
// placed Robin Hood style (`CacheTable.place`): a new entry takes the bucket of the first
// entry nearer its own home than the new one is, and that entry moves on. A class's selectors are
// interned one after another, so their homes fill one unbroken run; a selector interned earlier
// whose home falls inside that run would, placed first come first served, probe to the run's
// end on every send (thousands of buckets for a class with thousands of methods). Placed Robin
// Hood style it sits next to its home and the run's entries move one bucket on.
//
// Readers (every `msgSend`, any thread, no lock): load the table pointer, the sequence number,
// probe, re-check the sequence number. A reader that sees an odd or changed sequence treats the
// lookup as a miss and takes the slow path, so it never uses a torn bucket.
// Writers (`fill`, `flush`, `remove`): only with `Runtime.lock` held (enforced by
// `inout Runtime.State`).
//
// The races, and why they are harmless:
//   - fill vs read: a `fill` whose key lands in an empty bucket writes only that bucket, the
//     implementation first and the selector last with release ordering; a reader that sees the
//     selector sees its pointer. A fill that moves entries on is a rearrangement (next item).
//   - flush, remove and a moving fill vs read: each makes the sequence odd, changes buckets (a
//     removal shifts the rest of the probe run back into the hole; a moving fill shifts entries
//     on), then makes it even again; a reader straddling them sees the sequence change and falls
//     back to the slow path.
//   - fill vs flush (the classic stale-fill bug): a miss looks the method up *and* fills the
//     cache inside one `Runtime.lock` section, so a concurrent swizzle cannot slip in between and
//     leave a stale entry behind.
//   - grow vs read: growing publishes a new table; a reader still probing the old one may finish
//     one call with what it found, as in objc4. Old tables are retired, not freed, until the
//     cache itself dies (geometric growth keeps that under twice the final size), each chained
//     from the table that replaced it.
// Implementations stay alive because their classes retain them (UnretainedImplementation.swift).

import Synchronization

/// One bucket of a cache table: objc4's `bucket_t` (selector, then implementation).
///
/// Objective-C: none (objc4's `bucket_t`).
struct CacheBucket {
  let words: UnsafeMutablePointer<Atomic<UInt>>

  /// The selector index stored here; 0 when empty.
  var key: UnsafeMutablePointer<Atomic<UInt>> { words }
  /// The unretained implementation bits stored here.
  var implementation: UnsafeMutablePointer<Atomic<UInt>> { words + 1 }
}

/// A view of one cache table: `[sequence, mask, bucket 0, bucket 1, …]`, two words per bucket.
///
/// Objective-C: none (the header and buckets of objc4's `cache_t`).
struct CacheTable: Equatable {
  let base: UnsafeMutablePointer<Atomic<UInt>>

  /// Header word 0: even when stable, odd while a writer rearranges buckets.
  var sequence: UnsafeMutablePointer<Atomic<UInt>> { base }
  /// Header word 1: the bucket count minus one (a power of two minus one).
  var mask: UnsafeMutablePointer<Atomic<UInt>> { base + 1 }

  @inline(__always)
  var bucketCount: Int { Int(mask[0].load(ordering: .relaxed)) + 1 }

  @inline(__always)
  func bucket(_ index: UInt) -> CacheBucket { CacheBucket(words: base + (2 &+ 2 &* Int(bitPattern: index))) }

  /// The one probe: walks the probe run of `key` from its home bucket `key & mask` and calls
  /// `found` with the bucket holding `key`, or `empty` with the empty bucket where `key` would
  /// go; `nil` when every bucket was visited (only a reader racing a writer can see a full
  /// table; it then takes the slow path). The branches are closures so that, inlined, the hit
  /// test is one compare and branch on the send path.
  ///
  /// - Complexity: O(1) expected in a table at most 3/4 full; never more than `mask + 1` probes.
  @inline(__always)
  func probe<Result>(
    _ key: UInt, acquiring: Bool, found: (CacheBucket) -> Result?, empty: (CacheBucket) -> Result?
  ) -> Result? {
    let mask = mask[0].load(ordering: .relaxed)
    var index = key & mask
    var probes = mask
    while true {
      let bucket = bucket(index)
      let stored = acquiring ? bucket.key[0].load(ordering: .acquiring) : bucket.key[0].load(ordering: .relaxed)
      if stored == key { return found(bucket) }
      if stored == 0 { return empty(bucket) }
      if probes == 0 { return nil }
      probes &-= 1
      index = (index &+ 1) & mask
    }
  }

  /// How far bucket `index` lies past the home of the `key` stored in it (probes minus one).
  @inline(__always)
  func distance(of key: UInt, at index: UInt, mask: UInt) -> UInt { (index &- key) & mask }

  /// Where `key` is placed (``place(_:_:at:distance:)``): the first bucket from its home that is
  /// empty, or whose entry lies nearer its own home than `key` would lie to its own; `displaces`
  /// tells the second case, where entries move on. `nil` if `key` is already in the table: the
  /// walk goes on to the end of the run to make sure, since a removal's backward shift may leave
  /// an entry past one nearer its home.
  ///
  /// - Complexity: O(1) expected; at most the table's capacity. Locking: writers only.
  @inline(__always)
  func slot(for key: UInt) -> (index: UInt, distance: UInt, displaces: Bool)? {
    let mask = mask[0].load(ordering: .relaxed)
    var index = key & mask
    var distance: UInt = 0
    var displaced: (index: UInt, distance: UInt)? = nil
    while true {
      let resident = bucket(index).key[0].load(ordering: .relaxed)
      if resident == key { return nil }
      if resident == 0 {
        guard let displaced else { return (index, distance, false) }
        return (displaced.index, displaced.distance, true)
      }
      if displaced == nil && self.distance(of: resident, at: index, mask: mask) < distance {
        displaced = (index, distance)
      }
      index = (index &+ 1) & mask
      distance &+= 1
    }
  }

  /// Stores `key` → `bits` at `index` (`distance` past its home), Robin Hood style: the entry it
  /// displaces, if any, walks on and takes the bucket of the next entry nearer its own home than
  /// it is, and so on up to the first empty bucket. Every key stays reachable from its home with
  /// no empty bucket between, and no key lies much farther from its home than the others.
  ///
  /// The table must have an empty bucket; a published table only inside a rearrangement (or at
  /// an empty `index`, where the caller orders the stores for readers). Locking: writers only.
  func place(_ key: UInt, _ bits: UInt, at index: UInt, distance: UInt) {
    let mask = mask[0].load(ordering: .relaxed)
    var (key, bits, index, distance) = (key, bits, index, distance)
    while true {
      let bucket = bucket(index)
      let resident = bucket.key[0].load(ordering: .relaxed)
      if resident == 0 {
        bucket.implementation[0].store(bits, ordering: .relaxed)
        bucket.key[0].store(key, ordering: .relaxed)
        return
      }
      let residentDistance = self.distance(of: resident, at: index, mask: mask)
      if residentDistance < distance {
        let residentBits = bucket.implementation[0].load(ordering: .relaxed)
        bucket.implementation[0].store(bits, ordering: .relaxed)
        bucket.key[0].store(key, ordering: .relaxed)
        (key, bits, distance) = (resident, residentBits, residentDistance)
      }
      index = (index &+ 1) & mask
      distance &+= 1
    }
  }

  /// The word after the buckets: the base of the table this one replaced (0 for none), so the
  /// retired tables form a chain the cache frees when it dies, with no list of its own to grow.
  /// Never read by a send.
  var replaced: UnsafeMutablePointer<Atomic<UInt>> { base + (2 &+ 2 &* bucketCount) }

  static func make(capacity: Int) -> CacheTable {
    let words = 3 + 2 * capacity  // the header, the buckets, `replaced`
    let base = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: words)
    for word in 0..<words { (base + word).initialize(to: Atomic(0)) }
    base[1].store(UInt(capacity - 1), ordering: .relaxed)
    return CacheTable(base: base)
  }

  func free() {
    base.deinitialize(count: 3 + 2 * bucketCount)
    base.deallocate()
  }
}

/// The method cache of one class (or metaclass).
///
/// Objective-C: `cache_t`
final class MethodCache: @unchecked Sendable {
  /// The shared empty table every cache starts with; never written.
  nonisolated(unsafe) static let emptyTable = CacheTable.make(capacity: 1)

  /// The published table's base address. Readers load it with acquire ordering.
  private let current = Atomic<UInt>(UInt(bitPattern: MethodCache.emptyTable.base))

  /// Entries in the current table. Locking: `Runtime.lock`.
  private var count = 0

  init() {}

  /// Frees the current table and the tables it replaced (its `replaced` chain).
  deinit {
    var next = current.load(ordering: .relaxed)
    while next != 0, next != UInt(bitPattern: MethodCache.emptyTable.base) {
      let table = CacheTable(base: UnsafeMutablePointer(bitPattern: next).unsafelyUnwrapped)
      next = table.replaced[0].load(ordering: .relaxed)
      table.free()
    }
  }

  /// The current table, for writers. Locking: `Runtime.lock` (or the cache is dying).
  private var table: CacheTable {
    CacheTable(base: UnsafeMutablePointer(bitPattern: current.load(ordering: .relaxed)).unsafelyUnwrapped)
  }

  // MARK: - Reading (lock-free)

  /// Finds the implementation cached for `selector`, or `nil` on a miss.
  ///
  /// - Complexity: O(1) expected: one probe sequence in a table at most 3/4 full.
  @inline(__always)
  func lookUp(_ selector: Selector) -> UnretainedImplementation? {
    let table = CacheTable(base: UnsafeMutablePointer(bitPattern: current.load(ordering: .acquiring)).unsafelyUnwrapped)
    let sequence = table.sequence[0].load(ordering: .acquiring)
    guard sequence & 1 == 0 else { return nil }
    let found = table.probe(
      UInt(selector.index), acquiring: true, found: { $0.implementation[0].load(ordering: .relaxed) }, empty: { _ in nil })
    guard let bits = found else { return nil }
    atomicMemoryFence(ordering: .acquiring)
    guard bits != 0, table.sequence[0].load(ordering: .relaxed) == sequence else { return nil }
    return UnretainedImplementation(bits: bits)
  }

  // MARK: - Writing (Runtime.lock held)

  /// Records that `selector` resolves to `implementation` for this class.
  ///
  /// The caller retains `implementation` for as long as this cache lives (the class does).
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func fill(_ selector: Selector, with implementation: Implementation, _ state: inout Runtime.State) {
    var table = table
    if table == MethodCache.emptyTable || (count + 1) * 4 > table.bucketCount * 3 {
      table = grow(from: table, capacity: table == MethodCache.emptyTable ? 4 : table.bucketCount * 2)
    }
    // Under the lock and below the load factor, the walk ends at the key or a free place.
    let key = UInt(selector.index)
    let bits = UnretainedImplementation(implementation).bits
    guard let slot = table.slot(for: key) else { return }  // already cached (a racing miss filled it first)
    if slot.displaces {
      rearranging(table) { table.place(key, bits, at: slot.index, distance: slot.distance) }
    } else {
      table.bucket(slot.index).implementation[0].store(bits, ordering: .relaxed)
      table.bucket(slot.index).key[0].store(key, ordering: .releasing)
    }
    count += 1
  }

  /// Empties the cache so the next send of every selector takes the slow path.
  ///
  /// - Returns: The number of entries removed.
  /// - Complexity: O(capacity) when the cache holds entries, O(1) when it is empty.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  @discardableResult
  func flush(_ state: inout Runtime.State) -> Int {
    guard count > 0 else { return 0 }
    let table = table
    let removed = count
    rearranging(table) {
      for index in 0..<UInt(table.bucketCount) {
        table.bucket(index).key[0].store(0, ordering: .relaxed)
        table.bucket(index).implementation[0].store(0, ordering: .relaxed)
      }
    }
    count = 0
    return removed
  }

  /// Removes the entry for `selector`, if any: the precise flush of a method change.
  ///
  /// Linear probing cannot leave a hole in a probe run, so the entries after the removed one
  /// that would no longer be reachable from their home bucket move back into it (backward-shift
  /// deletion), inside one odd sequence number.
  ///
  /// - Returns: The number of entries removed (0 or 1).
  /// - Complexity: O(1) expected: the rest of one probe run.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  @discardableResult
  func remove(_ selector: Selector, _ state: inout Runtime.State) -> Int {
    guard count > 0 else { return 0 }
    let table = table
    let index = { (bucket: CacheBucket) in UInt(table.base.distance(to: bucket.words) - 2) / 2 }
    guard let start = table.probe(UInt(selector.index), acquiring: false, found: index, empty: { _ in nil }) else {
      return 0
    }
    let mask = table.mask[0].load(ordering: .relaxed)
    rearranging(table) {
      var hole = start
      var next = (hole &+ 1) & mask
      while true {
        let key = table.bucket(next).key[0].load(ordering: .relaxed)
        if key == 0 { break }
        // The entry at `next` may fill the hole unless its home lies cyclically in (hole, next].
        let home = key & mask
        let reachable = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
        if !reachable {
          table.bucket(hole).implementation[0].store(table.bucket(next).implementation[0].load(ordering: .relaxed), ordering: .relaxed)
          table.bucket(hole).key[0].store(key, ordering: .relaxed)
          hole = next
        }
        next = (next &+ 1) & mask
      }
      table.bucket(hole).key[0].store(0, ordering: .relaxed)
      table.bucket(hole).implementation[0].store(0, ordering: .relaxed)
    }
    count -= 1
    return 1
  }

  /// Runs `change` between an odd and the next even sequence number, so readers that overlap
  /// it see the number change and take the slow path.
  private func rearranging(_ table: CacheTable, _ change: () -> Void) {
    let sequence = table.sequence[0].load(ordering: .relaxed)
    table.sequence[0].store(sequence &+ 1, ordering: .relaxed)
    atomicMemoryFence(ordering: .releasing)
    change()
    table.sequence[0].store(sequence &+ 2, ordering: .releasing)
  }

  /// The cached pairs, for invariant checks and dumps.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func entries(_ state: inout Runtime.State) -> [(selectorIndex: UInt32, implementation: UnretainedImplementation)] {
    let table = table
    var result: [(UInt32, UnretainedImplementation)] = []
    for index in 0..<UInt(table.bucketCount) {
      let key = table.bucket(index).key[0].load(ordering: .relaxed)
      let bits = table.bucket(index).implementation[0].load(ordering: .relaxed)
      guard key != 0, bits != 0 else { continue }
      result.append((UInt32(key), UnretainedImplementation(bits: bits)))
    }
    return result
  }

  /// How many buckets a lookup of `selector` reads (its distance from its home plus one), or
  /// `nil` if it is not cached: what a cached send of it probes. For tests and dumps.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func probes(for selector: Selector, _ state: inout Runtime.State) -> Int? {
    let table = table
    let mask = table.mask[0].load(ordering: .relaxed)
    let key = UInt(selector.index)
    return table.probe(key, acquiring: false, found: { bucket in
      let index = UInt(table.base.distance(to: bucket.words) - 2) / 2
      return Int(table.distance(of: key, at: index, mask: mask)) + 1
    }, empty: { _ in nil })
  }

  /// The number of entries. Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func count(_ state: inout Runtime.State) -> Int { count }

  /// The number of buckets in the current table.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func capacity(_ state: inout Runtime.State) -> Int {
    let table = table
    return table == MethodCache.emptyTable ? 0 : table.bucketCount
  }

  // MARK: - Growth

  private func grow(from old: CacheTable, capacity: Int) -> CacheTable {
    let table = CacheTable.make(capacity: capacity)
    let mask = UInt(capacity - 1)
    for index in 0..<UInt(old.bucketCount) {
      let key = old.bucket(index).key[0].load(ordering: .relaxed)
      guard key != 0 else { continue }
      // Not yet published: no reader sees the entries move. (Each key is new to the table.)
      table.place(key, old.bucket(index).implementation[0].load(ordering: .relaxed), at: key & mask, distance: 0)
    }
    // Retired, not freed (a reader may still be probing it): chained to its successor, freed
    // with the cache. No array append (a first growth used to allocate the list: K6).
    if old != MethodCache.emptyTable { table.replaced[0].store(UInt(bitPattern: old.base), ordering: .relaxed) }
    current.store(UInt(bitPattern: table.base), ordering: .releasing)
    return table
  }
}
