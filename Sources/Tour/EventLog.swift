// EventLog.swift: the runtime events of one action of the tour.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.
//
// Events are delivered synchronously on the thread that causes them, after the runtime's locks
// are released, so once an action returns its events are all in the log.

import MiniRuntime

/// A thread-safe list of runtime events, filled by an event observer during one action.
final class EventLog: Sendable {
  private let storage = Locked<[RuntimeEvent]>([])

  func append(_ event: RuntimeEvent) { storage.withLock { $0.append(event) } }

  var all: [RuntimeEvent] { storage.withLock { $0 } }
}
