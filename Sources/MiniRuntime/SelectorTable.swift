// SelectorTable.swift: the process-wide table behind `Selector`.
//
// Docs: docs/runtime.md#selectors. Tests: Tests/MiniRuntimeTests/SelectorTests.swift.
//
// Model: names are appended once and never removed (objc4 never unregisters a selector either),
// so an index stays valid for the life of the process. The only interning table of the process:
// KVO's key ids are selector indexes (decision 0012), so key names land here too, a key path
// (`friend.age`) as an invalid selector.
// Readers and writers: `intern` and `name(of:)` both take `lock`; neither is on the cached send
// path, which compares indexes only. Nothing here calls out to user code.
//
// Literals: `@selector(x)` costs nothing at run time in Objective-C (the linker uniques it). Here a
// string literal has a fixed address, so `literals` maps that address to its selector: an
// open-addressing table of (address, selector bits) word pairs, written once per bucket under
// `state`'s lock (bits first, address last with release ordering) and read without a lock. A
// bucket never changes once written, so a reader that sees the address sees its selector. When
// the probe window is full the literal is simply interned each time (correct, slower).

import Synchronization

/// Interned selector names, shared by every runtime in the process.
final class SelectorTable: @unchecked Sendable {
  static let shared = SelectorTable()

  private struct State {
    var indexByName: [String: UInt32] = [:]
    var names: [String] = [""]  // index 0 is reserved, so a zeroed cache bucket means "empty"
    var validity: [Bool] = [false]
    /// The argument count of each name (its colons), kept so a known name is not scanned again.
    var arities: [Int] = [0]
  }

  private let state = Locked(State())

  /// Literal address → selector bits, two words per bucket; never freed (process-wide, fixed size).
  private let literals: UnsafeMutablePointer<Atomic<UInt>>
  private static let literalBuckets = 4096
  private static let probeWindow = 8

  private init() {
    let words = 2 * Self.literalBuckets
    literals = .allocate(capacity: words)
    for word in 0..<words { (literals + word).initialize(to: Atomic(0)) }
  }

  /// The selector of a string literal, from the literal cache when it has been seen before.
  func literal(_ name: StaticString) -> Selector {
    guard name.hasPointerRepresentation else {
      let text = name.description
      return intern(text, isValid: Selector.problem(with: text) == nil)
    }
    let address = UInt(bitPattern: name.utf8Start)
    let mask = Self.literalBuckets - 1
    let start = Int(truncatingIfNeeded: address >> 3) & mask
    for probe in 0..<Self.probeWindow {
      let bucket = literals + 2 &* ((start &+ probe) & mask)
      let key = bucket[0].load(ordering: .acquiring)
      if key == address { return Selector(bits: bucket[1].load(ordering: .relaxed)) }
      if key == 0 { break }
    }
    let text = name.description
    let selector = intern(text, isValid: Selector.problem(with: text) == nil)
    state.withLock { _ in
      for probe in 0..<Self.probeWindow {
        let bucket = literals + 2 &* ((start &+ probe) & mask)
        let key = bucket[0].load(ordering: .relaxed)
        if key == address { return }
        if key == 0 {
          bucket[1].store(selector.bits, ordering: .relaxed)
          bucket[0].store(address, ordering: .releasing)
          return
        }
      }
    }
    return selector
  }

  /// Returns the selector for `name`, adding it to the table on first use.
  ///
  /// `isValid` is evaluated only for a name seen for the first time (validity is a function of
  /// the name, so a known name's stored answer is the same); a known name costs one hashed
  /// lookup under the lock and no scan of its characters.
  func intern(_ name: String, isValid: @autoclosure () -> Bool) -> Selector {
    if let known = lookUp(name) { return known }
    let arity = Self.colonCount(name)
    let valid = isValid()
    return state.withLock { state -> Selector in
      if let index = state.indexByName[name] {
        return Selector(index: index, argumentCount: state.arities[Int(index)], isValid: state.validity[Int(index)])
      }
      let index = UInt32(state.names.count)
      state.names.append(name)
      state.validity.append(valid)
      state.arities.append(arity)
      state.indexByName[name] = index
      return Selector(index: index, argumentCount: arity, isValid: valid)
    }
  }

  /// The selector of `name` if it was interned before.
  func lookUp(_ name: String) -> Selector? {
    state.withLock { state -> Selector? in
      guard let index = state.indexByName[name] else { return nil }
      return Selector(index: index, argumentCount: state.arities[Int(index)], isValid: state.validity[Int(index)])
    }
  }

  /// The number of colons in `name`, which is the number of arguments its messages take.
  static func colonCount(_ name: String) -> Int {
    name.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ":") ? 1 : 0) }
  }

  /// The name interned at `selector.index`.
  func name(of selector: Selector) -> String {
    state.withLock { state in
      Int(selector.index) < state.names.count ? state.names[Int(selector.index)] : ""
    }
  }

  /// The selector stored at `index`, if any (used to decode selector-typed ivar slots).
  func selector(at index: UInt32) -> Selector? {
    state.withLock { state -> Selector? in
      guard index > 0, Int(index) < state.names.count else { return nil }
      return Selector(index: index, argumentCount: state.arities[Int(index)], isValid: state.validity[Int(index)])
    }
  }
}
