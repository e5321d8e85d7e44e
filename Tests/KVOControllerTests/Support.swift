// Support.swift: builders shared by the KVOController tests. Every test makes its own Runtime.

import Dispatch
import Testing

@testable import KVOController

/// A thread-safe log.
final class Log<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var all: [Element] { storage.withLock { $0 } }
  var count: Int { storage.withLock { $0.count } }
}

let logKey = AssociationKey("test.log")

/// A runtime with `Person` (age, name, friend) and `Watcher`, whose action method
/// `ageChanged:object:` and `observeValueForKeyPath:ofObject:change:context:` log what they get.
struct World {
  let runtime = Runtime()
  let person: Class
  let watcher: Class

  init() throws {
    person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try person.synthesizeProperty("name", type: .object(className: "NSString"))
    try person.synthesizeProperty("friend", type: .object(className: "Person"))
    try runtime.registerClassPair(person)
    watcher = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Watcher")
    try runtime.registerClassPair(watcher)
    try watcher.addMethod("ageChanged:object:", types: "v32@0:8@16@24") { receiver, _, arguments in
      let change = arguments[0].change ?? Change(kind: .setting)
      receiver.associatedObject(forKey: logKey).swiftObject(as: Log<String>.self)?
        .append("action \(change[.notificationKeyPath] ?? nil) \(change.new ?? nil)")
      return .nil
    }
    try watcher.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
      receiver, _, arguments in
      let change = arguments[2].change ?? Change(kind: .setting)
      receiver.associatedObject(forKey: logKey).swiftObject(as: Log<String>.self)?
        .append("observe \(arguments[0].stringValue ?? "?") \(change.new ?? nil) \(arguments[3])")
      return .nil
    }
  }

  func newPerson() throws -> Object { try #require(try runtime.msgSend(person, "new").objectValue) }

  func newWatcher() throws -> (Object, Log<String>) {
    let object = try #require(try runtime.msgSend(watcher, "new").objectValue)
    let log = Log<String>()
    try object.setAssociatedObject(.swiftObject(log), forKey: logKey, policy: .retain)
    return (object, log)
  }

  func setAge(_ object: Object, _ age: Int) throws { try runtime.msgSend(object, "setAge:", .int(age)) }
}
