// Support.swift: builders shared by the KVO tests. Every test makes its own Runtime.

import Dispatch
import Glibc
import Testing

@testable import KVO

/// Sends `selector` to `receiver` with any number of arguments (the Foundation probe suites').
@discardableResult
func send(_ receiver: Object?, _ selector: Selector, _ arguments: Value...) throws -> Value {
  try Runtime.msgSend(receiver, selector, arguments: Arguments(arguments))
}

/// Runs `body` on a new thread (made for it, so no earlier test's per-thread state is there) and
/// waits for it to end, rethrowing its error. The thread's KVO state is freed with it.
func onAnotherThread(_ body: @escaping @Sendable () throws -> Void) throws {
  final class Job: @unchecked Sendable {  // written by the new thread, read after the join
    let body: @Sendable () throws -> Void
    var failure: (any Error)?
    init(_ body: @escaping @Sendable () throws -> Void) { self.body = body }
  }
  let job = Job(body)
  var thread = pthread_t()
  let created = pthread_create(
    &thread, nil,
    { raw in
      guard let raw else { return nil }
      let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
      do { try job.body() } catch { job.failure = error }
      return nil
    }, Unmanaged.passRetained(job).toOpaque())
  try #require(created == 0, "pthread_create failed: \(created)")
  pthread_join(thread, nil)
  if let failure = job.failure { throw failure }
}

/// One notification as an observer received it.
struct Received: Sendable, CustomStringConvertible {
  let keyPath: String
  let object: Object
  let change: Change
  let context: ObservationContext
  var description: String { "\(keyPath) \(change.kind) new=\(change.new.map(\.description) ?? "-") old=\(change.old.map(\.description) ?? "-") prior=\(change.isPrior)" }
}

/// A thread-safe log of notifications (or anything else).
final class Log<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var all: [Element] { storage.withLock { $0 } }
  var count: Int { storage.withLock { $0.count } }
  func removeAll() { storage.withLock { $0.removeAll() } }
}

let logKey = AssociationKey("test.log")
let callbackKey = AssociationKey("test.callback")

/// A callback an observer object runs on each notification (after logging it).
final class Callback: Sendable {
  let body: @Sendable (Received) -> Void
  init(_ body: @escaping @Sendable (Received) -> Void) { self.body = body }
}

/// A new root-derived class `name` in `world`, built by `build` and registered.
func makeClass(_ name: String, in world: World, _ build: (Class) throws -> Void) throws -> Class {
  let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: name)
  try build(cls)
  try world.runtime.registerClassPair(cls)
  return cls
}

/// A class `Alike` in `runtime` (Foundation installed) whose objects are all equal to each other:
/// one `hash`, `isEqual:` by class. For the suites that check collections send those messages.
func alikeClass(in runtime: Runtime) throws -> Class {
  try runtime.installFoundation()
  let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Alike")
  try cls.addMethod("isEqual:", types: "B24@0:8@16") { receiver, _, arguments in .bool(arguments[0].objectValue?.isa === receiver.isa) }
  try cls.addMethod("hash", types: "Q16@0:8") { _, _, _ in .uint64(7) }
  try runtime.registerClassPair(cls)
  return cls
}

/// A new class `name` built by `build`, registered, and one instance of it (`[cls new]`).
func instance(of name: String, in world: World, _ build: (Class) throws -> Void) throws -> Object {
  try #require(try world.runtime.msgSend(try makeClass(name, in: world, build), "new").objectValue)
}

/// `[object mutableArrayValueForKey:key]`, sent as a program sends it (the message, not the Swift
/// API), after installing key-value observing as linking Foundation does.
func arrayProxy(of object: Object, _ key: String, in world: World) throws -> Object? {
  world.runtime.installKeyValueObserving()
  return try world.runtime.msgSend(object, "mutableArrayValueForKey:", .string(key)).objectValue
}

/// The test world: a runtime with `Person` and `Observer` classes.
///
/// Person: `age` (q), `name` (NSString), `firstName`, `lastName` (NSString), `friend` (Person),
/// `score` (d), `isActive` (B), `items` (NSArray, plain setter only), and a computed `fullName`
/// ("first last") that depends on firstName and lastName.
struct World {
  let runtime = Runtime()
  let person: Class
  let observerClass: Class

  init() throws {
    person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    try person.synthesizeProperty("firstName", type: .object(className: "NSString"))
    try person.synthesizeProperty("lastName", type: .object(className: "NSString"))
    try person.synthesizeProperty("friend", type: .object(className: "Person"))
    try person.synthesizeProperty("score", type: .double)
    try person.synthesizeProperty("isActive", type: .bool)
    try person.synthesizeProperty("items", type: .object(className: "NSArray"))
    try runtime.registerClassPair(person)
    try person.addMethod("fullName", types: "@16@0:8") { receiver, _, _ in
      let first = try receiver.value(forKey: "firstName").stringValue ?? ""
      let last = try receiver.value(forKey: "lastName").stringValue ?? ""
      return .string("\(first) \(last)")
    }
    try person.isa.addMethod("keyPathsForValuesAffectingFullName", types: "@16@0:8") { _, _, _ in
      ["firstName", "lastName"]
    }

    observerClass = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Observer")
    try runtime.registerClassPair(observerClass)
    try observerClass.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
      receiver, _, arguments in
      let received = Received(
        keyPath: arguments[0].stringValue ?? "?", object: arguments[1].objectValue ?? receiver,
        change: arguments[2].change ?? Change(kind: .setting), context: ObservationContext(rawValue: {
          if case .pointer(let raw) = arguments[3] { return raw }
          return 0
        }()))
      receiver.associatedObject(forKey: logKey).swiftObject(as: Log<Received>.self)?.append(received)
      receiver.associatedObject(forKey: callbackKey).swiftObject(as: Callback.self)?.body(received)
      return .nil
    }
  }

  /// `[Person new]`.
  func newPerson() throws -> Object {
    try #require(try runtime.msgSend(person, "new").objectValue)
  }

  /// `[cls new]`.
  func newInstance(of cls: Class) throws -> Object {
    try #require(try runtime.msgSend(cls, "new").objectValue)
  }

  /// An observer object with its own log.
  func newObserver(_ callback: (@Sendable (Received) -> Void)? = nil) throws -> (Object, Log<Received>) {
    let observer = try #require(try runtime.msgSend(observerClass, "new").objectValue)
    let log = Log<Received>()
    try observer.setAssociatedObject(.swiftObject(log), forKey: logKey, policy: .retain)
    if let callback {
      try observer.setAssociatedObject(.swiftObject(Callback(callback)), forKey: callbackKey, policy: .retain)
    }
    return (observer, log)
  }

  /// Gives Person the indexed mutators of `items` (`insertObject:inItemsAtIndex:`,
  /// `removeObjectFromItemsAtIndex:`, and `replaceObjectInItemsAtIndex:withObject:` unless
  /// `replacing` is false), editing the ivar `_items`, so mutable array proxies of `items` send
  /// them and observers get insertions, removals and replacements with indexes.
  func addItemsMutators(replacing: Bool = true) throws {
    // An index outside the array raises NSRangeException, as the NSMutableArray such a mutator
    // edits would (Foundation sends the mutator unchecked: decision 0025).
    @Sendable func edit(
      _ receiver: Object, _ selector: String, at index: Value, end: Bool = false, _ body: (inout [Value], Int) -> Void
    ) throws {
      let stored = try receiver.value(ofIvar: "_items")
      var items = try stored.arrayValue ?? stored.collectionContents()?.elements ?? []
      let shown: UInt64  // the NSUInteger the argument is
      if case .uint64(let unsigned) = index { shown = unsigned } else { shown = UInt64(bitPattern: Int64(index.intValue ?? 0)) }
      let last = items.count - (end ? 0 : 1)
      guard let index = Int(exactly: shown), index <= last else {
        let bounds = last < 0 ? "beyond bounds for empty array" : "beyond bounds [0 .. \(last)]"
        throw KeyValueError(.indexOutOfBounds, "*** -[__NSArrayM \(selector)]: index \(shown) \(bounds)")
      }
      body(&items, index)
      try receiver.setValue(.array(items), forIvar: "_items")
    }
    try person.addMethod("insertObject:inItemsAtIndex:", types: "v32@0:8@16Q24") { receiver, _, arguments in
      try edit(receiver, "insertObject:atIndex:", at: arguments[1], end: true) { $0.insert(arguments[0], at: $1) }
      return .nil
    }
    try person.addMethod("removeObjectFromItemsAtIndex:", types: "v24@0:8Q16") { receiver, _, arguments in
      try edit(receiver, "removeObjectAtIndex:", at: arguments[0]) { $0.remove(at: $1) }
      return .nil
    }
    guard replacing else { return }
    try person.addMethod("replaceObjectInItemsAtIndex:withObject:", types: "v32@0:8Q16@24") { receiver, _, arguments in
      try edit(receiver, "replaceObjectAtIndex:withObject:", at: arguments[0]) { $0[$1] = arguments[1] }
      return .nil
    }
  }

  /// Sends `set<Key>:` (the path a program takes, through the notifying setter).
  func set(_ object: Object, _ key: String, _ value: Value) throws {
    try runtime.msgSend(object, Selector(interning: "set" + key.prefix(1).uppercased() + key.dropFirst() + ":"), value)
  }

  /// A new person whose `items` are three people aged 3, 9 and 5 (a bridged array): the
  /// collection the operator suites aggregate.
  func newPersonWithItems() throws -> Object {
    let owner = try newPerson()
    var people: [Value] = []
    for age in [3, 9, 5] {
      let person = try newPerson()
      try set(person, "age", .int(age))
      people.append(.object(person))
    }
    try set(owner, "items", .array(people))
    return owner
  }
}
