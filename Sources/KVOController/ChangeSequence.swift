// ChangeSequence.swift: the changes of one key path as an AsyncSequence.
//
// Docs: docs/kvocontroller.md#changes-as-an-asyncsequence. Tests:
// Tests/KVOControllerTests/KVOControllerTests.swift.
//
// A Swift-native extra FBKVOController lacks. The observation is a closure observation feeding
// an `AsyncStream`; a `Lifetime` object owned by the sequence and its iterators ends the
// observation when the last of them is dropped, and the stream's termination handler ends it
// when iteration is cancelled. The stream does not own the observation (that would be a cycle
// that keeps both alive forever).

import KVO
import MiniRuntime

/// The changes of one key path of one object, in order, as an `AsyncSequence`.
///
/// ```swift
/// for await change in try controller.changes(of: person, keyPath: "age") {
///   print(change.new ?? nil)
/// }
/// ```
///
/// The observation ends when iteration is cancelled or when the sequence and its iterators are
/// dropped.
///
/// Objective-C: none (MiniKVO extension).
public struct ChangeSequence: AsyncSequence, Sendable {
  /// A change, carrying the key path under `ChangeKey.notificationKeyPath`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public typealias Element = Change

  final class Lifetime: Sendable {
    let token: ObservationToken
    init(_ token: ObservationToken) { self.token = token }
    deinit { token.invalidate() }
  }

  let stream: AsyncStream<Change>
  let lifetime: Lifetime

  /// The iterator; it keeps the observation alive while it exists.
  ///
  /// Objective-C: none (MiniKVO extension).
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncStream<Change>.Iterator
    let lifetime: Lifetime

    /// The next change, or `nil` once the observation has ended.
    ///
    /// Objective-C: none (MiniKVO extension).
    public mutating func next() async -> Change? { await base.next() }
  }

  /// Makes an iterator.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: stream.makeAsyncIterator(), lifetime: lifetime)
  }
}

extension KVOController {
  /// The changes of `keyPath` of `object` as an `AsyncSequence`.
  ///
  /// Independent of the controller's own observations (no deduplication with them); the
  /// observer does not need to be alive for the sequence to work.
  ///
  /// - Throws: What KVO throws for a malformed key path.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func changes(of object: Object, keyPath: String, options: ObservingOptions = [.new]) throws -> ChangeSequence {
    let (stream, continuation) = AsyncStream<Change>.makeStream(bufferingPolicy: .unbounded)
    let token = try object.observe(keyPath, options: options) { _, change in
      continuation.yield(change.adding(.string(keyPath), forKey: .notificationKeyPath))
    }
    let lifetime = ChangeSequence.Lifetime(token)
    continuation.onTermination = { [weak lifetime] _ in lifetime?.token.invalidate() }
    return ChangeSequence(stream: stream, lifetime: lifetime)
  }
}
