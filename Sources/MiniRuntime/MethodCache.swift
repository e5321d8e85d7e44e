// MethodCache.swift: the per-class selector → implementation cache behind `msgSend`.
//
// Docs: docs/runtime.md#the-method-cache. Tests: Tests/MiniRuntimeTests/MethodCacheTests.swift.
//
// Model: an open-addressing table keyed by the selector's interned index (linear probing, load
// factor at most 3/4). Word 0 of a table is a sequence number, word 1 the mask, then two words
// per bucket: the selector index (0 = empty) and the unretained `Implementation` pointer.
//
// Readers (every `msgSend`, any thread, no lock): load the table pointer, the sequence number,
// probe, re-check the sequence number. A reader that sees an odd or changed sequence treats the
// lookup as a miss and takes the slow path, so it never uses a torn bucket.
// Writers (`fill`, `flush`): only with `Runtime.lock` held (enforced by `inout Runtime.State`).
//
// The races, and why they are harmless:
//   - fill vs read: `fill` writes only into an empty bucket, the implementation first and the
//     selector last with release ordering; a reader that sees the selector sees its pointer.
//   - flush vs read: `flush` makes the sequence odd, zeroes the buckets, makes it even again;
//     a reader straddling it sees the sequence change and falls back to the slow path.
//   - fill vs flush (the classic stale-fill bug): a miss looks the method up *and* fills the
//     cache inside one `Runtime.lock` section, so a concurrent swizzle cannot slip in between and
//     leave a stale entry behind.
//   - grow vs read: growing publishes a new table; a reader still probing the old one may finish
//     one call with what it found, as in objc4. Old tables are retired, not freed, until the
//     cache itself dies (geometric growth keeps that under twice the final size).
// Implementations stay alive because their classes retain them (Class.swift).

import Synchronization

/// The method cache of one class (or metaclass).
///
/// Objective-C: `cache_t`
final class MethodCache: @unchecked Sendable {
  typealias Table = UnsafeMutablePointer<Atomic<UInt>>

  /// The shared empty table every cache starts with; never written.
  nonisolated(unsafe) static let emptyTable: Table = makeTable(capacity: 1)

  /// The published table. Readers load it with acquire ordering.
  private let current = Atomic<UInt>(UInt(bitPattern: MethodCache.emptyTable))

  /// Entries in the current table. Locking: `Runtime.lock`.
  private var count = 0

  /// Tables replaced by a bigger one; freed in `deinit`. Locking: `Runtime.lock`.
  private var retired: [Table] = []

  init() {}

  deinit {
    let table = Table(bitPattern: current.load(ordering: .relaxed))!
    for each in retired + [table] where each != MethodCache.emptyTable { Self.free(each) }
  }

  // MARK: - Reading (lock-free)

  /// Finds the implementation cached for `selector`, or `nil` on a miss.
  ///
  /// - Complexity: O(1) expected: one probe sequence in a table at most 3/4 full.
  @inline(__always)
  func lookUp(_ selector: Selector) -> Unmanaged<Implementation>? {
    let table = Table(bitPattern: current.load(ordering: .acquiring)).unsafelyUnwrapped
    let sequence = table[0].load(ordering: .acquiring)
    guard sequence & 1 == 0 else { return nil }
    let mask = table[1].load(ordering: .relaxed)
    let key = UInt(selector.index)
    var index = key & mask
    // At most `mask + 1` probes: a writer racing with this loop cannot make it spin forever.
    var probes = mask
    while true {
      let bucket = table + (2 &+ 2 &* Int(bitPattern: index))
      let found = bucket[0].load(ordering: .acquiring)
      if found == key {
        let bits = bucket[1].load(ordering: .relaxed)
        atomicMemoryFence(ordering: .acquiring)
        guard bits != 0, table[0].load(ordering: .relaxed) == sequence,
          let pointer = UnsafeRawPointer(bitPattern: bits)
        else { return nil }
        return Unmanaged<Implementation>.fromOpaque(pointer)
      }
      if found == 0 || probes == 0 { return nil }
      probes &-= 1
      index = (index &+ 1) & mask
    }
  }

  // MARK: - Writing (Runtime.lock held)

  /// Records that `selector` resolves to `implementation` for this class.
  ///
  /// The caller retains `implementation` for as long as this cache lives (the class does).
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func fill(_ selector: Selector, with implementation: Implementation, _ state: inout Runtime.State) {
    var table = Table(bitPattern: current.load(ordering: .relaxed))!
    let capacity = Int(table[1].load(ordering: .relaxed)) + 1
    if table == MethodCache.emptyTable || (count + 1) * 4 > capacity * 3 {
      table = grow(from: table, capacity: table == MethodCache.emptyTable ? 4 : capacity * 2)
    }
    let key = UInt(selector.index)
    let mask = table[1].load(ordering: .relaxed)
    var index = key & mask
    while true {
      let found = table[2 + 2 * Int(index)].load(ordering: .relaxed)
      if found == key { return }  // already cached (a racing miss filled it first)
      if found == 0 { break }
      index = (index &+ 1) & mask
    }
    let bits = UInt(bitPattern: Unmanaged.passUnretained(implementation).toOpaque())
    table[3 + 2 * Int(index)].store(bits, ordering: .relaxed)
    table[2 + 2 * Int(index)].store(key, ordering: .releasing)
    count += 1
  }

  /// Empties the cache so the next send of every selector takes the slow path.
  ///
  /// - Returns: Whether there was anything to flush.
  /// - Complexity: O(capacity) when the cache holds entries, O(1) when it is empty.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  @discardableResult
  func flush(_ state: inout Runtime.State) -> Bool {
    guard count > 0 else { return false }
    let table = Table(bitPattern: current.load(ordering: .relaxed))!
    let sequence = table[0].load(ordering: .relaxed)
    table[0].store(sequence &+ 1, ordering: .relaxed)
    atomicMemoryFence(ordering: .releasing)
    let buckets = Int(table[1].load(ordering: .relaxed)) + 1
    for bucket in 0..<buckets {
      table[2 + 2 * bucket].store(0, ordering: .relaxed)
      table[3 + 2 * bucket].store(0, ordering: .relaxed)
    }
    table[0].store(sequence &+ 2, ordering: .releasing)
    count = 0
    return true
  }

  /// The cached pairs, for invariant checks and dumps.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func entries(_ state: inout Runtime.State) -> [(selectorIndex: UInt32, implementation: Implementation)] {
    let table = Table(bitPattern: current.load(ordering: .relaxed))!
    let buckets = Int(table[1].load(ordering: .relaxed)) + 1
    var result: [(UInt32, Implementation)] = []
    for bucket in 0..<buckets {
      let key = table[2 + 2 * bucket].load(ordering: .relaxed)
      let bits = table[3 + 2 * bucket].load(ordering: .relaxed)
      guard key != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { continue }
      result.append((UInt32(key), Unmanaged<Implementation>.fromOpaque(pointer).takeUnretainedValue()))
    }
    return result
  }

  /// The number of buckets in the current table.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func capacity(_ state: inout Runtime.State) -> Int {
    let table = Table(bitPattern: current.load(ordering: .relaxed))!
    return table == MethodCache.emptyTable ? 0 : Int(table[1].load(ordering: .relaxed)) + 1
  }

  // MARK: - Tables

  private func grow(from old: Table, capacity: Int) -> Table {
    let table = Self.makeTable(capacity: capacity)
    let mask = UInt(capacity - 1)
    let oldBuckets = Int(old[1].load(ordering: .relaxed)) + 1
    for bucket in 0..<oldBuckets {
      let key = old[2 + 2 * bucket].load(ordering: .relaxed)
      guard key != 0 else { continue }
      var index = key & mask
      while table[2 + 2 * Int(index)].load(ordering: .relaxed) != 0 { index = (index &+ 1) & mask }
      table[3 + 2 * Int(index)].store(old[3 + 2 * bucket].load(ordering: .relaxed), ordering: .relaxed)
      table[2 + 2 * Int(index)].store(key, ordering: .relaxed)
    }
    current.store(UInt(bitPattern: table), ordering: .releasing)
    if old != MethodCache.emptyTable { retired.append(old) }
    return table
  }

  private static func makeTable(capacity: Int) -> Table {
    let words = 2 + 2 * capacity
    let table = Table.allocate(capacity: words)
    for word in 0..<words { (table + word).initialize(to: Atomic(0)) }
    table[1].store(UInt(capacity - 1), ordering: .relaxed)
    return table
  }

  private static func free(_ table: Table) {
    let words = 2 + 2 * (Int(table[1].load(ordering: .relaxed)) + 1)
    table.deinitialize(count: words)
    table.deallocate()
  }
}
