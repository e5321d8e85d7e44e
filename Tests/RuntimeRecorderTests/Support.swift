// Support.swift: builders shared by the recorder's tests. Every test makes its own Runtime.

import Testing

@testable import RuntimeRecorder

/// A runtime with `Person` (name, age) registered and Foundation's KVO category installed.
func personRuntime() throws -> (runtime: Runtime, person: Class) {
  let runtime = Runtime()
  runtime.installKeyValueObserving()
  let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
  try person.synthesizeProperty("name", type: .object(className: "NSString"))
  try person.synthesizeProperty("age", type: .longLong)
  try runtime.registerClassPair(person)
  return (runtime, person)
}

/// A thread-safe list, for what closure observers receive.
final class Log<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var all: [Element] { storage.withLock { $0 } }
}
