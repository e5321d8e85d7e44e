// ReceivedChange.swift: one notification an observer of the tour received.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.
//
// Recorded by the observer itself (its `observeValueForKeyPath:ofObject:change:context:` method
// or its KVOController block), so the tour prints exactly the change that was delivered.

import KVO

/// A notification as its observer received it.
///
/// Objective-C: none (the arguments of `observeValueForKeyPath:ofObject:change:context:`).
public struct ReceivedChange: Sendable, Hashable {
  /// Who received it: `watcher`, or `block` for a KVOController block.
  ///
  /// Objective-C: none (the receiver of the callback).
  public let receiver: String
  /// The observed key path.
  ///
  /// Objective-C: the `keyPath` argument.
  public let keyPath: String
  /// The observed object's description (`<Person: 0x…>`; its real class, as `%p` tools show).
  ///
  /// Objective-C: the `object` argument.
  public let object: String
  /// The change dictionary.
  ///
  /// Objective-C: the `change` argument.
  public let change: Change

  /// A record of one notification.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(receiver: String, keyPath: String, object: String, change: Change) {
    self.receiver = receiver
    self.keyPath = keyPath
    self.object = object
    self.change = change
  }
}
