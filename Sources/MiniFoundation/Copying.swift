// Copying.swift: what a `copy` answers its caller, an object the caller owns (+1).
//
// Docs: docs/foundation.md#copies-are-owned, docs/decisions/0023-copy-answers-an-owned-object.md.
// Tests: Tests/MiniFoundationTests/CopyOwnershipTests.swift.
//
// Every `copy`, `copyWithZone:` and `mutableCopy` answers an object its caller owns. A new
// object's +1 is its one ownership (the reference the caller holds, as after `alloc`); an
// immutable object that answers itself answers `[self retain]`, an extra retain the caller gives
// back with `release`, as Foundation's immutable classes do. The library's own callers keep or
// give back what a copy answered (a dictionary's key, `copyItems:`). Stateless.

enum Copying {
  /// `[self retain]`, the copy an immutable object answers: one more retain (a `retain` message
  /// to a class with custom retain-release, as `objc_retain` sends it), and the object itself.
  ///
  /// - Throws: What the retain threw (an over-released object, a `retain` override's error).
  static func itself(_ receiver: Object) throws -> Value {
    .object(try Runtime.retain(receiver) ?? receiver)
  }
}
