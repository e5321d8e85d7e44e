// ContextTable.swift: the shared controller's table from context to registered info.
//
// Docs: docs/kvocontroller.md#the-shared-controller. Tests:
// Tests/KVOControllerTests/ContextTableTests.swift.
//
// Model: FB's `_infos` (a hash table of infos, looked up by the context pointer). Every
// notification looks its context up, so the table is an open-addressing array probed linearly
// from a multiplicative hash of the address (as objc4's method cache is), instead of a
// `Dictionary` whose SipHash would cost more than the rest of the lookup. A slot holds the info
// itself (its address is its key); a removal shifts the following entries of its run back, so
// there are no tombstones. Locking: a value type owned by `SharedController.State`, so only
// ever touched under the shared controller's lock.

extension SharedController {
  struct ContextTable {
    typealias Info = KVOController.Info

    /// A power of two; at most three quarters full.
    private var slots: [Info?] = Array(repeating: nil, count: 8)
    /// The number of infos in the table.
    private(set) var count = 0

    /// The context an info is registered under: its address.
    static func key(_ info: Info) -> UInt { UInt(bitPattern: ObjectIdentifier(info)) }

    /// The home slot of `key`: the high bits of the address times a 64-bit odd constant (the
    /// low bits of an address are alignment zeros).
    private func home(_ key: UInt) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (slots.count - 1) }

    /// The info registered under `context`, if any.
    ///
    /// - Complexity: O(1) on average.
    subscript(context: UInt) -> Info? { unretained(context)?.takeUnretainedValue() }

    /// The info registered under `context`, if any, without a retain: valid while the table
    /// holds it (a notification's admission, under the lock, reads it this way).
    ///
    /// - Complexity: O(1) on average.
    func unretained(_ context: UInt) -> Unmanaged<Info>? {
      var index = home(context)
      while let info = slots[index] {
        if Self.key(info) == context { return Unmanaged.passUnretained(info) }
        index = (index + 1) & (slots.count - 1)
      }
      return nil
    }

    /// Adds `info` (doing nothing if it is there already).
    mutating func insert(_ info: Info) {
      if (count + 1) * 4 > slots.count * 3 { grow() }
      let key = Self.key(info)
      var index = home(key)
      while let present = slots[index] {
        if present === info { return }
        index = (index + 1) & (slots.count - 1)
      }
      slots[index] = info
      count += 1
    }

    /// Removes `info` if it is there; the entries after it in its run move back to fill the gap.
    mutating func remove(_ info: Info) {
      let mask = slots.count - 1
      var index = home(Self.key(info))
      while let present = slots[index], present !== info { index = (index + 1) & mask }
      guard slots[index] != nil else { return }
      slots[index] = nil
      count -= 1
      var gap = index
      var next = (index + 1) & mask
      while let moving = slots[next] {
        let wanted = home(Self.key(moving))
        // Move it back into the gap unless its home lies (cyclically) after the gap.
        let fits = gap <= next ? (wanted <= gap || wanted > next) : (wanted <= gap && wanted > next)
        if fits {
          slots[gap] = moving
          slots[next] = nil
          gap = next
        }
        next = (next + 1) & mask
      }
    }

    /// Every info in the table, in no particular order.
    var infos: [Info] { slots.compactMap { $0 } }

    private mutating func grow() {
      let old = slots
      slots = Array(repeating: nil, count: old.count * 2)
      count = 0
      for case let info? in old { insert(info) }
    }
  }
}
