// Frame.swift: one step of a recording: its statements and events, and the world at its end.
//
// Docs: docs/recorder.md#what-a-frame-holds. Tests: Tests/RuntimeRecorderTests/RecorderTests.swift.

import KVO

/// One step of a recording, as the page shows it: the statements that ran with the runtime
/// events each caused, the snapshot at the checkpoint that closed it, and what changed.
///
/// ```swift
/// let frame = recording.frames[0]
/// frame.title                  // "Observe age"
/// frame.events.count           // every runtime event of the step
/// frame.snapshot.instance(named: "ann")?.isa   // "NSKVONotifying_Person"
/// frame.differences            // [.classAdded("NSKVONotifying_Person"), …]
/// ```
///
/// Objective-C: none (MiniKVO extension).
public struct Frame: Sendable, Hashable {
  /// One line of a frame's story, in the order it happened.
  ///
  /// Objective-C: none (MiniKVO extension).
  public enum Entry: Sendable, Hashable {
    /// An Objective-C statement about to run; the events after it are its own.
    case statement(String)
    /// A runtime event, including KVO's deliveries (`RuntimeEvent.observerNotified`).
    case event(RuntimeEvent)
    /// A fact read back by introspection: `object_getClass(ann) = NSKVONotifying_Person`.
    case fact(String)
    /// An explanation.
    case note(String)
  }

  /// The frame's number, from 1.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let number: Int
  /// The checkpoint's title.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let title: String
  /// The statements, events, facts and notes, in order.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let entries: [Entry]
  /// The named instances and the classes at the checkpoint.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let snapshot: Snapshot
  /// What changed since the previous frame (or since recording started, for the first).
  ///
  /// Objective-C: none (MiniKVO extension).
  public let differences: [Difference]

  /// A frame; recorders make them at checkpoints.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(number: Int, title: String, entries: [Entry], snapshot: Snapshot, differences: [Difference]) {
    self.number = number
    self.title = title
    self.entries = entries
    self.snapshot = snapshot
    self.differences = differences
  }

  /// The frame's runtime events, in order.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var events: [RuntimeEvent] {
    entries.compactMap { if case .event(let event) = $0 { event } else { nil } }
  }

  /// The frame's statements, in order.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var statements: [String] {
    entries.compactMap { if case .statement(let code) = $0 { code } else { nil } }
  }
}

/// A recorded story: its frames, ready to be rendered as a step-through page.
///
/// ```swift
/// let page = recording.html()              // one self-contained HTML file
/// try recording.write(toFile: "story.html")
/// ```
///
/// Objective-C: none (MiniKVO extension).
public struct Recording: Sendable, Hashable {
  /// The page's title.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var title: String
  /// The frames, in order.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var frames: [Frame]

  /// A recording of `frames`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(title: String, frames: [Frame]) {
    self.title = title
    self.frames = frames
  }

  /// The step-through page: one self-contained HTML document (inline CSS, script and SVG).
  ///
  /// Objective-C: none (MiniKVO extension).
  public func html() -> String { HTMLPage(recording: self).render() }
}
