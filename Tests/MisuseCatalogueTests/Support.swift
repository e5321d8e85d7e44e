// Support.swift: the world every misuse case runs in, and the snapshot of everything a refused
// call must leave as it was. Every case makes its own `Fixture`, so its own `Runtime`.

import Testing

@testable import KVOController

/// A thread-safe log.
final class Log<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var all: [Element] { storage.withLock { $0 } }
  var count: Int { storage.withLock { $0.count } }
  func clear() { storage.withLock { $0.removeAll() } }
}

let logKey = AssociationKey("catalogue.log")
let callbackKey = AssociationKey("catalogue.callback")

/// A callback an observer object runs on each notification, after logging it.
final class Callback: Sendable {
  let body: @Sendable (_ keyPath: String, _ object: Object) -> Void
  init(_ body: @escaping @Sendable (_ keyPath: String, _ object: Object) -> Void) { self.body = body }
}

/// The world of the catalogue, in a known state before each case:
///
/// - classes `Person` (age `q`, name `NSString`, friend `Person`, items `NSArray`), `Other` (a
///   double ivar, another layout), `Observer` (logs `observeValueForKeyPath:…` and runs its
///   callback), `Plain` (does not implement `observeValueForKeyPath:…`) and `Watcher`
///   (`ageChanged:object:` logs);
/// - `ann` (42, "Ann", friend `bob`, items `[bob]`) and `bob` (7, "Bob");
/// - `observer` observes `age` of `bob` with context 1 (so `bob` is `NSKVONotifying_Person`);
/// - `watcher`'s controller observes `name` of `ann` with a block that logs.
struct Fixture {
  let runtime = Runtime()
  let person: Class
  let other: Class
  let observerClass: Class
  let plain: Class
  let watcherClass: Class
  let ann: Object
  let bob: Object
  let observer: Object
  let observerLog: Log<String>
  let watcher: Object
  let controller: KVOController
  let controllerLog = Log<String>()
  let diagnostics = Log<String>()
  let events: EventObservation

  init() throws {
    person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy])
    try person.synthesizeProperty("friend", type: .object(className: "Person"))
    try person.synthesizeProperty("items", type: .object(className: "NSArray"))
    try runtime.registerClassPair(person)
    try runtime.installKeyValueCodingProxyClasses()  // in Foundation's image from the start, not made by a misuse
    other = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Other")
    try other.addIvar("_d", type: .double)
    try runtime.registerClassPair(other)
    observerClass = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Observer")
    try observerClass.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
      receiver, _, arguments in
      let keyPath = arguments[0].stringValue ?? "?"
      let object = arguments[1].objectValue ?? receiver
      receiver.associatedObject(forKey: logKey).swiftObject(as: Log<String>.self)?
        .append("\(keyPath) \(arguments[2].change?.new.map(\.description) ?? "-")")
      receiver.associatedObject(forKey: callbackKey).swiftObject(as: Callback.self)?.body(keyPath, object)
      return .nil
    }
    try runtime.registerClassPair(observerClass)
    plain = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Plain")
    try runtime.registerClassPair(plain)
    watcherClass = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Watcher")
    try watcherClass.addMethod("ageChanged:object:", types: "v32@0:8@16@24") { _, _, _ in .nil }
    try runtime.registerClassPair(watcherClass)

    ann = try Self.new(person)
    bob = try Self.new(person)
    try ann.setValue(42, forKey: "age")
    try ann.setValue("Ann", forKey: "name")
    try ann.setValue(.object(bob), forKey: "friend")
    try ann.setValue([.object(bob)], forKey: "items")
    try bob.setValue(7, forKey: "age")
    try bob.setValue("Bob", forKey: "name")
    (observer, observerLog) = try Self.newObserver(observerClass)
    // Hook every key's notifying setter now, so a case that observes a key for the first time
    // does not add a method to NSKVONotifying_Person (which would read as a change).
    let warmUp = try Self.new(person)
    for key in ["age", "name", "friend", "items"] {
      try warmUp.addObserver(observer, forKeyPath: key)
      try warmUp.removeObserver(observer, forKeyPath: key)
    }
    try bob.addObserver(observer, forKeyPath: "age", options: [.new], context: 1)
    watcher = try Self.new(watcherClass)
    controller = KVOController(observer: watcher)
    let controllerLog = controllerLog
    try controller.observe(ann, keyPath: "name", options: [.new]) { _, _, change in
      controllerLog.append("name \(change.new.map(\.description) ?? "-")")
    }
    let diagnostics = diagnostics
    events = runtime.addEventObserver { event in
      if case .diagnostic(_, let message) = event { diagnostics.append(message) }
    }
  }

  /// `[cls new]`.
  static func new(_ cls: Class) throws -> Object {
    try #require(try Runtime.msgSend(cls, "new").objectValue)
  }

  /// A new `Observer` with its own log and, optionally, a callback.
  static func newObserver(
    _ cls: Class, _ callback: (@Sendable (String, Object) -> Void)? = nil
  ) throws -> (Object, Log<String>) {
    let object = try new(cls)
    let log = Log<String>()
    try object.setAssociatedObject(.swiftObject(log), forKey: logKey, policy: .retain)
    if let callback {
      try object.setAssociatedObject(.swiftObject(Callback(callback)), forKey: callbackKey, policy: .retain)
    }
    return (object, log)
  }

  /// Everything a refused call must leave as it was: the class table (every class's methods
  /// with their implementations, ivars, properties, subclasses, live instances), each object's
  /// class, ivars, associations and observations, the controller's observations, and every
  /// notification delivered so far.
  func snapshot() -> [String] {
    var lines = ["generation \(runtime.methodGeneration)", "classes \(runtime.classes.map(\.name))"]
    for cls in runtime.classes {
      for side in [cls, cls.isa] {
        lines.append(
          "\(label(side)) registered=\(side.isRegistered) super=\(side.superclass?.name ?? "nil") "
            + "subs=\(side.subclasses.map(label)) instances=\(side.liveInstanceCount)")
        lines += side.methodList.map { "  \($0) \($0.implementation.name) \(ObjectIdentifier($0.implementation))" }
        lines += side.ivarList.map { "  ivar \($0) @\($0.offset)" }
        lines += side.propertyList.map { "  property \($0)" }
      }
    }
    for (name, object) in [("ann", ann), ("bob", bob), ("observer", observer), ("watcher", watcher)] {
      lines.append("\(name): \(object.dump())")
      lines.append("\(name) observed: \(object.observedKeyPaths) \(object.observationInfoDescription)")
    }
    lines.append("controller: \(controller.debugDescription) objects=\(controller.observedObjectCount)")
    lines.append("shared controller infos: \((try? SharedController.of(runtime))?.registeredCount ?? -1)")
    lines.append("observer log: \(observerLog.all)")
    lines.append("controller log: \(controllerLog.all)")
    lines.append("diagnostics: \(diagnostics.all)")
    return lines
  }

  private func label(_ cls: Class) -> String { cls.isMetaclass ? "\(cls.name) (meta)" : cls.name }
}
