// MethodCachePlacementTests.swift: where the method cache places entries (MethodCache.swift,
// "Placement"): a cached send probes few buckets however the selectors' homes cluster.

import Testing

@testable import MiniRuntime

@Suite struct MethodCachePlacementTests {
  /// A selector whose home bucket lies inside the run that a class's 600 methods' homes fill (as
  /// the homes of selectors interned one after another do) is cached last: placed first come
  /// first served, it would probe about 500 buckets to the run's end on every send.
  @Test func selectorHomedInsideAnotherRunIsCachedNearItsHome() throws {
    let runtime = Runtime()
    let mask: UInt = 1_023  // the table 601 entries need (load factor at most 3/4)
    let (selectors, late) = try Self.run(named: "placementMethod", mask: mask)
    let wide = try makeClass("PlacementWide", in: runtime) { cls in
      for (index, selector) in selectors.enumerated() {
        try cls.addMethod(selector, types: "q16@0:8") { _, _, _ in .int64(Int64(index)) }
      }
      try cls.addMethod(late, types: "q16@0:8") { _, _, _ in -1 }
    }
    let object = try new(wide, in: runtime)
    for (index, selector) in selectors.enumerated() {
      #expect(try runtime.msgSend(object, selector) == .int64(Int64(index)))
    }
    #expect(try runtime.msgSend(object, late) == -1)

    try #require(runtime.withState { wide.cache.capacity(&$0) } == Int(mask) + 1, "the test's premise")
    let probes = try #require(runtime.withState { wide.cache.probes(for: late, &$0) })
    #expect(probes <= 3, "a cached send of the late selector probes \(probes) buckets, not ~100")
    let longest = runtime.withState { state in selectors.compactMap { wide.cache.probes(for: $0, &state) }.max() }
    #expect((longest ?? 0) <= 4, "the run's entries moved on by a bucket or so, not more")
    #expect(try runtime.msgSend(object, late) == -1)
    for (index, selector) in selectors.enumerated() where index % 50 == 0 {
      #expect(try runtime.msgSend(object, selector) == .int64(Int64(index)))
    }
    try runtime.checkInvariants()
  }

  /// Entries moved on by a placement stay reachable after removals of their neighbours, and a
  /// fill of one of them finds it rather than adding it twice.
  @Test func removingBesideMovedEntriesKeepsEveryEntryReachable() throws {
    let runtime = Runtime()
    let (selectors, early) = try Self.run(named: "placementRemovalMethod", mask: 1_023)
    let wide = try makeClass("PlacementRemoval", in: runtime) { cls in
      for selector in selectors + [early] { try cls.addMethod(selector, types: "v16@0:8") { _, _, _ in .nil } }
    }
    let object = try new(wide, in: runtime)
    for selector in selectors + [early] { try runtime.msgSend(object, selector) }
    runtime.withState { state in
      for (index, selector) in selectors.enumerated() where index % 3 == 0 { wide.cache.remove(selector, &state) }
    }
    let kept = selectors.enumerated().filter { $0.offset % 3 != 0 }.map(\.element) + [early]
    runtime.withState { state in
      for (index, selector) in selectors.enumerated() {
        #expect((wide.cache.probes(for: selector, &state) != nil) == (index % 3 != 0), "\(selector)")
      }
      #expect(wide.cache.probes(for: early, &state) != nil)
      // A racing miss fills an entry that is already there: it must find it, not add a second.
      let count = wide.cache.count(&state)
      for selector in kept { wide.cache.fill(selector, with: .forwarding, &state) }
      #expect(wide.cache.count(&state) == count, "every one was found")
    }
    for selector in kept {
      #expect(wide.cache.lookUp(selector)?.implementation !== Implementation.forwarding, "\(selector) kept its entry")
    }
    try runtime.checkInvariants()
  }

  /// 600 selectors `prefix0`, `prefix1`, … whose home buckets (`index & mask`) are 0 to 599, one
  /// each, and one more homed at 100: picked by home from as many selectors as it takes to
  /// cover them, because other tests may intern selectors meanwhile and break a run of
  /// consecutive indexes.
  static func run(named prefix: String, mask: UInt) throws -> (selectors: [Selector], late: Selector) {
    var byHome: [UInt: [Selector]] = [:]
    var missing = 601
    for candidate in 0..<50_000 where missing > 0 {
      let selector = try Selector(validating: "\(prefix)\(candidate)")
      let home = UInt(selector.index) & mask
      let wanted = home == 100 ? 2 : home < 600 ? 1 : 0
      guard byHome[home, default: []].count < wanted else { continue }
      byHome[home, default: []].append(selector)
      missing -= 1
    }
    guard missing == 0 else { throw RuntimeError(.invalidArgument, "could not cover homes 0..<600 (the test's premise)") }
    return ((0..<600).map { byHome[$0]![0] }, byHome[100]![1])
  }
}
