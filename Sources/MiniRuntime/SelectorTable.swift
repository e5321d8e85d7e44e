// SelectorTable.swift: the process-wide table behind `Selector`.
//
// Docs: docs/runtime.md#selectors. Tests: Tests/MiniRuntimeTests/SelectorTests.swift.
//
// Model: names are appended once and never removed (objc4 never unregisters a selector either),
// so an index stays valid for the life of the process.
// Readers and writers: `intern` and `name(of:)` both take `lock`; neither is on the cached send
// path, which compares indexes only. Nothing here calls out to user code.

/// Interned selector names, shared by every runtime in the process.
final class SelectorTable: @unchecked Sendable {
  static let shared = SelectorTable()

  private struct State {
    var indexByName: [String: UInt32] = [:]
    var names: [String] = [""]  // index 0 is reserved, so a zeroed cache bucket means "empty"
    var validity: [Bool] = [false]
  }

  private let state = Locked(State())

  /// Returns the selector for `name`, adding it to the table on first use.
  func intern(_ name: String, isValid: Bool) -> Selector {
    let arity = Self.colonCount(name)
    let index = state.withLock { state -> UInt32 in
      if let index = state.indexByName[name] { return index }
      let index = UInt32(state.names.count)
      state.names.append(name)
      state.validity.append(isValid)
      state.indexByName[name] = index
      return index
    }
    return Selector(index: index, argumentCount: arity, isValid: isValid)
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
      let name = state.names[Int(index)]
      return Selector(index: index, argumentCount: Self.colonCount(name), isValid: state.validity[Int(index)])
    }
  }
}
