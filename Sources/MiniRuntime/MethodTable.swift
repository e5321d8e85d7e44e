// MethodTable.swift: a class's methods by selector, the table every uncached lookup probes.
//
// Docs: docs/runtime.md#the-lookup. Tests: Tests/MiniRuntimeTests/MethodTableTests.swift.
//
// Model: open addressing with linear probing over a power-of-two array of slots, each holding a
// selector's index and its method (an empty slot holds no method). A selector is already a small
// unique integer (Selector.swift), so its slot is that integer times a 64-bit odd constant, top
// bits kept (Fibonacci hashing): a multiply and a shift, where `[Selector: Method]` ran SipHash
// (`Hasher`) on every probe. The table is at most three quarters full, so a miss ends at an empty
// slot after a short run. Removal shifts the rest of the run back (no tombstones), so a lookup
// never needs to look past the first empty slot.
//
// State: a value type (copy on write through its array), kept in `ClassMetadata.methods` and so
// guarded by `Runtime.lock` like the rest of the metadata; it has no lock of its own.

/// The methods of one class, by selector: what `[Selector: Method]` did, with a cheap hash.
///
/// Objective-C: none (objc4's `method_list_t` search, which it speeds up with sorted lists and
/// the cache; here one hash table per class).
struct MethodTable {
  /// One slot: the method of the selector whose index is `index`, or nothing.
  private struct Slot {
    var index: UInt32 = 0
    var method: Method?
  }

  /// A power of two in length, or empty while the table has never held a method.
  private var slots: [Slot] = []

  /// The number of selectors with a method.
  private(set) var count = 0

  /// An empty table.
  init() {}

  /// The method for `selector`, or `nil`. Setting `nil` removes it.
  ///
  /// - Complexity: O(1) on average.
  subscript(selector: Selector) -> Method? {
    get {
      guard !slots.isEmpty else { return nil }
      var position = home(of: selector.index)
      while let method = slots[position].method {
        if slots[position].index == selector.index { return method }
        position = (position + 1) & (slots.count - 1)
      }
      return nil
    }
    set {
      if let method = newValue { insert(method, for: selector.index) } else { remove(selector.index) }
    }
  }

  /// Makes room for `minimumCount` methods without growing again.
  mutating func reserveCapacity(_ minimumCount: Int) {
    let needed = Self.capacity(for: minimumCount)
    if needed > slots.count { rehash(capacity: needed) }
  }

  // MARK: - Slots

  /// The first slot to try for the selector index `index`: the top bits of its product with
  /// 2⁶⁴/φ, which spreads consecutive indexes (selectors interned together) over the table.
  private func home(of index: UInt32) -> Int {
    let shift = UInt64(64 - slots.count.trailingZeroBitCount)
    return Int(truncatingIfNeeded: (UInt64(index) &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// The number of slots that keeps `count` methods at most three quarters full (at least 8).
  private static func capacity(for count: Int) -> Int {
    var capacity = 8
    while capacity * 3 < count * 4 { capacity *= 2 }
    return capacity
  }

  private mutating func insert(_ method: Method, for index: UInt32) {
    if slots.isEmpty || (count + 1) * 4 > slots.count * 3 { rehash(capacity: Self.capacity(for: count + 1)) }
    var position = home(of: index)
    while slots[position].method != nil {
      if slots[position].index == index {
        slots[position].method = method
        return
      }
      position = (position + 1) & (slots.count - 1)
    }
    slots[position] = Slot(index: index, method: method)
    count += 1
  }

  private mutating func remove(_ index: UInt32) {
    guard !slots.isEmpty else { return }
    let mask = slots.count - 1
    var hole = home(of: index)
    while slots[hole].index != index || slots[hole].method == nil {
      guard slots[hole].method != nil else { return }  // an empty slot: not in the table
      hole = (hole + 1) & mask
    }
    slots[hole] = Slot()
    count -= 1
    // Backward shift: move each later entry of the run into the hole if its home is not
    // between the hole and where it sits, so every entry stays reachable from its home.
    var next = (hole + 1) & mask
    while slots[next].method != nil {
      let wanted = home(of: slots[next].index)
      if (next - wanted) & mask >= (next - hole) & mask {
        slots[hole] = slots[next]
        slots[next] = Slot()
        hole = next
      }
      next = (next + 1) & mask
    }
  }

  private mutating func rehash(capacity: Int) {
    let old = slots
    slots = Array(repeating: Slot(), count: capacity)
    count = 0
    for slot in old { if let method = slot.method { insert(method, for: slot.index) } }
  }
}
