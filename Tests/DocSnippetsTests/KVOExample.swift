// KVOExample.swift: the running example of docs/kvo.md, shared by the tests of its chapters
// (KVOSnippetTests, KVCSnippetTests, KVODifferencesSnippetTests).

import KVO
import Testing

/// The running example of docs/kvo.md (shown in its first example): `Person` with firstName,
/// lastName, age, friend and friends, and `newPerson`.
struct KVOExample {
  let runtime = Runtime()
  let person: Class

  init() throws {
    person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("firstName", type: .object(className: "NSString"), options: [.copy])
    try person.synthesizeProperty("lastName", type: .object(className: "NSString"), options: [.copy])
    try person.synthesizeProperty("age", type: .longLong)
    try person.synthesizeProperty("friend", type: .object(className: "Person"))
    try person.synthesizeProperty("friends", type: .object(className: "NSArray"))
    try runtime.registerClassPair(person)
  }

  func newPerson(_ first: String, _ last: String, age: Int) throws -> Object {
    let object = try #require(try runtime.msgSend(person, "new").objectValue)
    try object.setValue(.string(first), forKey: "firstName")
    try object.setValue(.string(last), forKey: "lastName")
    try object.setValue(.int(age), forKey: "age")
    return object
  }

  /// A `Watcher` whose `observeValueForKeyPath:ofObject:change:context:` records each change.
  func makeWatcher(recordingInto received: Locked<[Change]>) throws -> Object {
    let watcherClass = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Watcher")
    try runtime.registerClassPair(watcherClass)
    try watcherClass.addMethod("observeValueForKeyPath:ofObject:change:context:") {
      _, _, arguments in
      if let change = arguments[2].change { received.withLock { $0.append(change) } }
      return .nil
    }
    return try #require(try runtime.msgSend(watcherClass, "new").objectValue)
  }
}
