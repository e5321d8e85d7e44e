// TourWorld.swift: the classes and objects the steps of the tour make and pass on.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift,
// Tests/TourTests/TourWorldTests.swift.
//
// Each step leaves its objects here for the next: `Person` and `ann` (steps 1–2), `watcher`
// and the notifying subclass as first seen (step 3), the
// KVOController (step 7), `Team` (leader, members, tags), `team` and `bob` (step 8). A step asks for what it needs with
// `need`, which names what is missing instead of crashing.

import KVOController

/// The state shared by the steps of one tour.
final class TourWorld {
  let runtime: Runtime
  /// Every notification the tour's observers receive, drained by the step that caused it.
  let received = ChangeLog()

  var person: Class?
  var ann: Object?
  var watcher: Object?
  var notifyingClass: Class?
  var controller: KVOController?
  var team: Class?
  var teamInstance: Object?
  var bob: Object?

  init(runtime: Runtime) {
    self.runtime = runtime
  }

  /// Removes the watcher's remaining observations before the objects go, as a well-behaved
  /// program does (Foundation complains about an object freed while observed). Silent: no step
  /// is running.
  deinit {
    guard let watcher else { return }
    controller = nil
    for (_, object) in namedObjects {
      for keyPath in object.observedKeyPaths.reversed() {
        try? object.removeObserver(watcher, forKeyPath: keyPath)
      }
    }
  }

  /// `value`, or an error naming `what` is missing.
  func need<Wanted>(_ value: Wanted?, _ what: String) throws -> Wanted {
    guard let value else { throw TourError.missing(what) }
    return value
  }

  /// The instances to draw, with their names in the tour.
  var namedObjects: [(name: String, object: Object)] {
    [("ann", ann), ("bob", bob), ("team", teamInstance)].compactMap { name, object in
      object.map { (name, $0) }
    }
  }

  /// The classes to draw even if no instance points to them: `Person`, `Team` and all their
  /// subclasses (so a notifying subclass stays in the picture once nobody uses it).
  var drawnClasses: [Class] {
    var result: [Class] = []
    var pending = [person, team].compactMap { $0 }
    while !pending.isEmpty {
      let cls = pending.removeFirst()
      result.append(cls)
      pending += cls.subclasses
    }
    return result
  }

  /// `[object class]`: what the object claims to be (a message, so overrides answer).
  func claimedClass(of object: Object) throws -> Class? {
    try runtime.msgSend(object, "class").classValue
  }

  /// The implementation of the observer's callback: records the change it was given.
  static let observeValue = Implementation(name: "-[Observer observeValueForKeyPath:ofObject:change:context:]") {
    receiver, _, arguments in
    guard let tag = receiver.associatedObject(forKey: ObserverTag.key).swiftObject(as: ObserverTag.self) else {
      return .nil
    }
    tag.log.append(
      ReceivedChange(
        receiver: tag.name, keyPath: arguments[0].stringValue ?? "?",
        object: arguments[1].objectValue?.description ?? "nil", change: arguments[2].change ?? Change(kind: .setting)))
    return .nil
  }

  /// `[cls new]`.
  func new(_ cls: Class) throws -> Object {
    try need(try runtime.msgSend(cls, "new").objectValue, "new \(cls.name)")
  }

  /// Sends `set<Key>:` with `value`: the path a program takes.
  func set(_ object: Object, _ key: String, _ value: Value) throws {
    try runtime.msgSend(object, Selector(interning: Property.setterName(forKey: key)), value)
  }
}
