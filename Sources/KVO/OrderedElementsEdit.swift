// OrderedElementsEdit.swift: an ordered set's elements edited as NSMutableOrderedSet edits them.
//
// Docs: docs/kvo.md#set-relationships. Tests: Tests/KVOTests/MutableOrderedSetProxyTests.swift.
//
// A value type the ordered-set proxy (MutableOrderedSetProxy.swift) edits a copy with on its
// setter route; it holds no shared state.

import MiniRuntime

/// An ordered set's elements being replaced one index at a time (a replacement by an object
/// the set holds elsewhere is ignored, as `NSMutableOrderedSet` does).
struct OrderedElementsEdit {
  private(set) var elements: [Value]
  init(_ elements: [Value]) { self.elements = elements }
  mutating func replace(at index: Int, with object: Value) {
    if let existing = elements.firstIndex(of: object), existing != index { return }
    elements[index] = object
  }
}
