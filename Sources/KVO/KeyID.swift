// KeyID.swift: interned keys and key paths, interned as selectors.
//
// Docs: docs/performance.md#keys, docs/decisions/0012-one-interning-mechanism.md.
// Tests: Tests/KVOTests/KeyIDTests.swift, ChangeDictionaryTests.swift.
//
// Model: every key and key path KVO observes gets a small integer id, process-wide, so that the
// observation table and the notifying setters compare and hash integers and a set never hashes a
// string on its way to "nobody observes this key". The id is the runtime's own interning: the
// index of the name's `Selector` (`Selector(interning:)`, sel_registerName), so there is one
// interning table in the process (SelectorTable.swift), with one lock and one literal cache. A
// key is often a selector name already (`age` is its getter's); a key path (`friend.age`) or a
// key with a space is interned as a malformed name, which the runtime takes as any other (0027).
// One word, so the set path's scans and the pending-change stack stay as small as before.

import MiniRuntime

/// An interned key or key path (`age`, `friend.age`): the index of the selector its name
/// interns to.
struct KeyID: Hashable, Sendable {
  /// The selector's index: equal names, equal numbers.
  let raw: UInt32

  /// The id of `name`, interning it on first use (one lookup in the runtime's selector table).
  @inline(__always)
  init(_ name: String) { raw = Selector(interning: name).index }

  /// No key: what a free pending change holds (the null selector's index).
  static let none = KeyID(selector: .null)

  private init(selector: Selector) { raw = selector.index }

  /// The selector the key's name interned to.
  var selector: Selector { Selector(internedAt: raw) ?? .null }

  /// The key's name.
  var name: String { selector.isNull ? "" : selector.name }
}
