// KeyTable.swift: interned keys and key paths.
//
// Docs: docs/performance.md#keys. Tests: Tests/KVOTests/ChangeDictionaryTests.swift.
//
// Model: every key and key path KVO observes gets a small integer id, process-wide, like a
// selector. The observation table and the notifying setters compare and hash these ids, so a
// set never hashes a string on its way to "nobody observes this key". Names are never removed.
// One lock, a leaf: nothing is called while it is held.

import MiniRuntime

/// An interned key or key path (`age`, `friend.age`).
struct KeyID: Hashable, Sendable {
  let raw: UInt32
}

/// The process-wide table of interned keys.
final class KeyTable: Sendable {
  static let shared = KeyTable()

  private struct State {
    var ids: [String: KeyID] = [:]
    var names: [String] = []
  }

  private let state = Locked(State())

  /// The id of `name`, interning it on first use.
  func id(_ name: String) -> KeyID {
    state.withLock { state in
      if let id = state.ids[name] { return id }
      let id = KeyID(raw: UInt32(state.names.count))
      state.names.append(name)
      state.ids[name] = id
      return id
    }
  }

  /// The name of `id`.
  func name(_ id: KeyID) -> String {
    state.withLock { state in Int(id.raw) < state.names.count ? state.names[Int(id.raw)] : "" }
  }
}
