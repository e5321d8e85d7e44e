// Support.swift: small builders shared by the MiniRuntime tests. Every test makes its own Runtime.

import Synchronization
import Testing

@testable import MiniRuntime

/// A `Person : NSObject` with synthesized `age` (q) and `name` (NSString) properties, registered.
func makePerson(in runtime: Runtime, name: String = "Person") throws -> Class {
  let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: name)
  try person.synthesizeProperty("age", type: .longLong)
  try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
  try runtime.registerClassPair(person)
  return person
}

/// A registered subclass of `superclass` with no ivars.
func makeSubclass(of superclass: Class, named name: String, in runtime: Runtime) throws -> Class {
  let cls = try runtime.allocateClassPair(superclass: superclass, name: name)
  try runtime.registerClassPair(cls)
  return cls
}

/// `[cls new]` as an object.
func new(_ cls: Class, in runtime: Runtime) throws -> Object {
  let value = try runtime.msgSend(cls, "new")
  return try #require(value.objectValue)
}

/// An implementation returning a fixed string, for telling implementations apart.
func returning(_ text: String) -> Implementation {
  Implementation(name: text) { _, _, _ in .string(text) }
}

/// A thread-safe list, for recording call order from implementations.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var all: [Element] { storage.withLock { $0 } }
  var count: Int { storage.withLock { $0.count } }
}
