// StringStorage.swift: the characters of a mutable string, or of an immutable one whose units
// are not valid UTF-16 (a lone surrogate, decision 0050).
//
// Docs: docs/foundation.md#a-lone-surrogate. Tests:
// Tests/MiniFoundationTests/NSMutableStringTests.swift,
// Tests/MiniFoundationTests/FoundationBehaviourRound25SurrogateTests.swift.
//
// Model: an ordinary immutable string keeps a `ScalarStorage` holding `.string`; this storage
// holds a `StringText` behind its own lock (a leaf, held only to read or replace the text; no
// message is sent under it) and says whether the string may change. Its bridged value is the
// `.string` when the text is a `String`, and none when it has a lone surrogate: a Swift string
// cannot hold it, so the object never equals a `.string` and stays an object when bridged (a
// dictionary keeps it as its key). Two storages with units compare and hash by those units.

/// The characters of a mutable string object, or of an immutable one with a lone surrogate.
final class StringStorage: BridgedStorage {
  private let contents: Locked<StringText>
  /// Whether the string may change (`__NSCFString` holding a mutable string).
  let isMutable: Bool

  init(_ text: StringText, mutable: Bool) {
    contents = Locked(text)
    isMutable = mutable
  }

  /// A mutable string's storage.
  static func string(_ text: StringText) -> StringStorage { StringStorage(text, mutable: true) }

  /// A copy of the text, read under the lock.
  var value: StringText { contents.withLock { $0 } }

  /// Changes the text under the lock. `body` must not call out (no messages, no user code).
  func update<Failure: Error>(_ body: (inout StringText) throws(Failure) -> Void) throws(Failure) {
    try contents.withLock { (text: inout StringText) throws(Failure) in try body(&text) }
  }

  var bridgedValue: Value? { value.string.map(Value.string) }

  func isEqual(to other: any BridgedStorage) -> Bool {
    if other === self { return true }
    if let theirs = (other as? StringStorage)?.value { return value == theirs }
    guard let mine = bridgedValue, let theirs = other.bridgedValue else { return false }  // units equal no other value
    return mine == theirs
  }

  func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }

  var description: String { "\"\(value.lossy)\"" }  // as `.string` prints, a lone surrogate as U+FFFD
}
