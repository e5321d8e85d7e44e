// StepRecorder.swift: runs the actions of one step and writes down what happened.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.
//
// A step is a list of actions and introspections. `action` prints the Objective-C spelling of
// what is about to happen, subscribes to the runtime's event stream for exactly the duration of
// the action, then prints every event that occurred and every notification an observer of the
// tour received. So the narrative is made of what the runtime reported, not of prepared text.
// When the tour is recorded for the step-through page (`kvo-tour --html`), every statement, fact
// and note goes to the page's `Recorder` too, which takes the events from the runtime itself.
// KVO's delivery events are not printed here: the observer's own record of what it received
// (the `<-` lines) says the same with the receiver's name.

import RuntimeRecorder

/// Collects the narrative and the happenings of one step.
final class StepRecorder {
  private let runtime: Runtime
  private let received: ChangeLog
  private let recorder: Recorder?
  private(set) var lines: [TourLine] = []
  private(set) var events: [RuntimeEvent] = []
  private(set) var changes: [ReceivedChange] = []
  var callOrder: [String] = []

  init(runtime: Runtime, received: ChangeLog, recorder: Recorder? = nil) {
    self.runtime = runtime
    self.received = received
    self.recorder = recorder
  }

  /// Runs `body`, announced as `code`, then records the events it caused and the notifications
  /// it delivered.
  ///
  /// - Parameter tracingSends: Also record every message sent (for the call order of a set).
  /// - Returns: What `body` returned, and the events it caused.
  @discardableResult
  func action<Result>(
    _ code: String, tracingSends: Bool = false, _ body: () throws -> Result
  ) throws -> (result: Result, events: [RuntimeEvent]) {
    lines.append(TourLine(.action, code))
    recorder?.statement(code)
    let log = EventLog()
    let observation = runtime.addEventObserver(includingMessageSends: tracingSends) { log.append($0) }
    let result: Result
    do {
      result = try body()
    } catch {
      observation.cancel()
      throw error
    }
    observation.cancel()
    let happened = log.all.filter { if case .observerNotified = $0 { false } else { true } }
    events += happened
    for event in happened { lines.append(TourLine(.event, event.description, depth: 1)) }
    for change in received.drain() { record(change) }
    return (result, happened)
  }

  /// Records a fact read back from the runtime: `label = value`.
  func fact(_ label: String, _ value: String) {
    lines.append(TourLine(.fact, "\(label) = \(value)"))
    recorder?.fact("\(label) = \(value)")
  }

  /// Records a fact whose value is a list, one entry per line under it.
  func fact(_ label: String, list: [String]) {
    lines.append(TourLine(.fact, list.isEmpty ? "\(label) = (none)" : "\(label):"))
    for entry in list { lines.append(TourLine(.fact, entry, depth: 1)) }
    recorder?.fact(list.isEmpty ? "\(label) = (none)" : ([label + ":"] + list.map { "    " + $0 }).joined(separator: "\n"))
  }

  /// Records a class's own instance methods as `class_copyMethodList` returns them, with their
  /// type encodings and implementation names, aligned.
  func methodList(of cls: Class, label: String? = nil) {
    let methods = cls.methodList
    let prefix = cls.isMetaclass ? "+" : "-"
    let names = methods.map { prefix + $0.selector.name }
    let width = names.map(\.count).max() ?? 0
    let typeWidth = methods.map(\.typeEncoding.count).max() ?? 0
    let rows = zip(methods, names).map { method, name in
      name.padded(to: width) + "  " + method.typeEncoding.padded(to: typeWidth) + "  " + method.implementation.name
    }
    fact(label ?? "class_copyMethodList(\(ClassGraph.id(of: cls)))", list: rows)
  }

  /// Records an explanation.
  func note(_ text: String) {
    lines.append(TourLine(.note, text))
    recorder?.note(text)
  }

  /// Records a notification and its change dictionary.
  private func record(_ change: ReceivedChange) {
    changes.append(change)
    let keyPath = "@\"\(change.keyPath)\""
    let text =
      change.receiver == "block"
      ? "block(observer, \(change.object), change) for \(keyPath), change:"
      : "[\(change.receiver) observeValueForKeyPath:\(keyPath) ofObject:\(change.object) change:… context:NULL], change:"
    lines.append(TourLine(.notification, text, depth: 1))
    for line in change.change.description.split(separator: "\n") {
      lines.append(TourLine(.change, String(line), depth: 2))
    }
  }
}

extension String {
  /// The string padded with spaces to at least `width` characters.
  func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
