// ChangeLog.swift: where the tour's observers write down what they receive.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.
//
// Observers run on the thread that makes the change and may be called from inside the
// runtime's machinery, so the log is a locked array: observers append, the step that caused the
// change drains it afterwards and prints what arrived.

import KVO

/// A thread-safe list of received notifications.
final class ChangeLog: Sendable {
  private let storage = Locked<[ReceivedChange]>([])

  func append(_ change: ReceivedChange) { storage.withLock { $0.append(change) } }

  /// Everything received since the last drain, oldest first.
  func drain() -> [ReceivedChange] {
    storage.withLock { changes in
      defer { changes = [] }
      return changes
    }
  }
}

/// What an observer object of the tour carries as an associated object: its name in the tour
/// and the log it writes to (so its method implementation captures nothing).
final class ObserverTag: Sendable {
  static let key = AssociationKey("kvo-tour.observer")

  let name: String
  let log: ChangeLog

  init(name: String, log: ChangeLog) {
    self.name = name
    self.log = log
  }
}
