// Recorder.swift: records what a runtime does while a story runs, as frames for the page.
//
// Docs: docs/recorder.md. Tests: Tests/RuntimeRecorderTests/RecorderTests.swift.
//
// Model: while started, the recorder is one observer of the runtime's event stream; every event
// is appended to the open frame's entries, after the statement the story last announced. A
// checkpoint closes the frame: it reads a snapshot of the named instances and of every class the
// story touched (by introspection, no message sent), compares it with the previous one, and
// starts the next frame. All state sits behind one lock (`state`), taken briefly: events arrive
// on whatever thread causes them, after the runtime has released its own locks, so appending
// never waits on the runtime. Snapshots are read outside the lock. Named instances are held
// weakly, so recording never changes when an object is deallocated.

import KVO

/// Records a runtime story as frames: the statements, the runtime events and KVO deliveries
/// between checkpoints, and the objects and classes at each checkpoint.
///
/// ```swift
/// let recording = try Recorder.record("Observing ann", in: runtime) { recorder in
///   recorder.show(ann, as: "ann")
///   recorder.statement("[ann addObserver:watcher forKeyPath:@\"age\" …];")
///   try ann.addObserver(watcher, forKeyPath: "age", options: [.new])
///   recorder.checkpoint("ann is observed")
/// }
/// recording.frames[0].snapshot.instance(named: "ann")?.isa   // "NSKVONotifying_Person"
/// ```
///
/// Guarantees:
/// - Every event the runtime reports while recording lands in exactly one frame, after the
///   statement announced before it (`RecorderTests.eventsFollowTheStatementThatCausedThem`).
/// - Recording keeps no object alive (`RecorderTests.recordingKeepsNoObjectAlive`).
/// - A class the story creates or changes is drawn from then on, until it is disposed
///   (`RecorderTests.classesTheStoryTouchesAreDrawn`).
///
/// Objective-C: none (MiniKVO extension; compare `instrumentObjcMessageSends` and Instruments).
public final class Recorder: Sendable {
  private struct Named {
    let name: String
    weak var object: Object?
  }

  private struct State {
    var observation: EventObservation?
    var entries: [Frame.Entry] = []
    var frames: [Frame] = []
    var named: [Named] = []
    /// Classes to draw, by name, in the order the story first touched them.
    var classNames: [String] = []
    var previous = Snapshot(objects: [])
    /// Instances first named since the last checkpoint, as they were when named: the frame
    /// shows them as new, and what changed in them since they were named.
    var namedInFrame: [Snapshot.Instance] = []
  }

  /// The runtime being recorded.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let runtime: Runtime
  /// Whether every message send is recorded too (verbose; off by default).
  ///
  /// Objective-C: none (MiniKVO extension).
  public let tracesMessageSends: Bool
  private let state = Locked(State())

  /// A recorder of `runtime`; call ``start()`` (or use ``record(_:in:tracingMessageSends:_:)``).
  ///
  /// - Parameters:
  ///   - runtime: The runtime to record.
  ///   - tracingMessageSends: Also record every message send as an event.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(runtime: Runtime, tracingMessageSends: Bool = false) {
    self.runtime = runtime
    self.tracesMessageSends = tracingMessageSends
  }

  /// Records `body` as a story titled `title` and returns its frames. Events after the last
  /// checkpoint make a last frame titled "End".
  ///
  /// - Throws: Whatever `body` throws (the recording is then lost).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func record(
    _ title: String, in runtime: Runtime, tracingMessageSends: Bool = false, _ body: (Recorder) throws -> Void
  ) rethrows -> Recording {
    let recorder = Recorder(runtime: runtime, tracingMessageSends: tracingMessageSends)
    recorder.start()
    defer { recorder.stop() }
    try body(recorder)
    recorder.stop()
    if recorder.state.withLock({ !$0.entries.isEmpty }) { recorder.checkpoint("End") }
    return recorder.recording(title: title)
  }

  // MARK: - Listening

  /// Starts listening to the runtime's events, and takes the snapshot the first frame is
  /// compared with. Starting a started recorder does nothing.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func start() {
    guard state.withLock({ $0.observation == nil }) else { return }
    let baseline = snapshot()
    let observation = runtime.addEventObserver(includingMessageSends: tracesMessageSends) { [weak self] event in
      self?.record(event)  // call-out target: our own code, which takes only `state`
    }
    state.withLock { state in
      state.previous = baseline
      state.namedInFrame = []
      state.observation = observation
    }
  }

  /// Stops listening. What was recorded stays; ``start()`` listens again.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func stop() {
    let observation = state.withLock { state in
      defer { state.observation = nil }
      return state.observation
    }
    observation?.cancel()
  }

  /// Whether the recorder is listening.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var isRecording: Bool { state.withLock { $0.observation != nil } }

  private func record(_ event: RuntimeEvent) {
    let touched = Self.classNames(in: event)
    state.withLock { state in
      state.entries.append(.event(event))
      for name in touched where !state.classNames.contains(name) { state.classNames.append(name) }
    }
  }

  /// The classes an event names as created or changed (not merely used, and not flushed: a
  /// flush is a side effect of a change elsewhere).
  static func classNames(in event: RuntimeEvent) -> [String] {
    switch event {
    case .classAllocated(let name, _), .classRegistered(let name), .classDuplicated(let name, _): return [name]
    case .ivarAdded(let cls, _, _), .propertyAdded(let cls, _, _): return [cls]
    case .methodAdded(let cls, _, _, _), .methodReplaced(let cls, _, _): return [cls]
    case .superclassChanged(let cls, _, _): return [cls]
    case .isaChanged(_, let from, let to): return [from, to]
    default: return []
    }
  }

  // MARK: - The story

  /// Draws `object` under `name` from the next checkpoint on (held weakly: once it is
  /// deallocated, it leaves the picture). Naming another object with the same name replaces it.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func show(_ object: Object, as name: String) {
    let baseline = Snapshot.instance(of: object, named: name)
    state.withLock { state in
      state.named.removeAll { $0.name == name }
      state.named.append(Named(name: name, object: object))
      state.namedInFrame.removeAll { $0.name == name }
      if state.previous.instance(named: name) == nil { state.namedInFrame.append(baseline) }
    }
  }

  /// Draws `cls` (and its metaclass and superclasses) from the next checkpoint on, even if no
  /// named instance points to it.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func show(_ cls: Class) {
    let name = cls.name
    state.withLock { state in
      if !state.classNames.contains(name) { state.classNames.append(name) }
    }
  }

  /// Announces the Objective-C statement about to run: the events that follow belong to it.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func statement(_ code: String) { append(.statement(code)) }

  /// Records a fact read back by introspection: `object_getClass(ann) = NSKVONotifying_Person`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func fact(_ text: String) { append(.fact(text)) }

  /// Records an explanation.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func note(_ text: String) { append(.note(text)) }

  private func append(_ entry: Frame.Entry) { state.withLock { $0.entries.append(entry) } }

  /// Closes the current frame under `title`: takes the snapshot, compares it with the previous
  /// one and starts the next frame.
  ///
  /// Objective-C: none (MiniKVO extension).
  @discardableResult
  public func checkpoint(_ title: String) -> Frame {
    let snapshot = snapshot()
    return state.withLock { state in
      let entries = state.entries
      let events = entries.compactMap { entry -> RuntimeEvent? in
        if case .event(let event) = entry { event } else { nil }
      }
      // Instances named during the frame are new, and compared with themselves when named.
      let added = state.namedInFrame.filter { snapshot.instance(named: $0.name) != nil }
      let before = Snapshot(instances: state.previous.instances + added, boxes: state.previous.boxes)
      let differences =
        added.map { Difference.instanceAdded($0.name) } + Difference.between(before, snapshot, events: events)
      let frame = Frame(
        number: state.frames.count + 1, title: title, entries: entries, snapshot: snapshot, differences: differences)
      state.frames.append(frame)
      state.entries = []
      state.namedInFrame = []
      state.previous = snapshot
      return frame
    }
  }

  /// The frames so far.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var frames: [Frame] { state.withLock { $0.frames } }

  /// The frames so far as a recording titled `title`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func recording(title: String) -> Recording { Recording(title: title, frames: frames) }

  /// The snapshot of the named instances and the classes touched so far.
  private func snapshot() -> Snapshot {
    let (named, classNames) = state.withLock { state in
      (state.named.compactMap { entry in entry.object.map { (entry.name, $0) } }, state.classNames)
    }
    let classes = classNames.compactMap { runtime.lookUpClass(named: $0) }
    return Snapshot(objects: named, classes: classes)
  }
}
