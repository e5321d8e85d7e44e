// World.swift: the classes the scenarios use, built at run time like the peer's.
//
// Person: age, score, level (q), name, firstName, lastName (NSString), friend (Person), and a
// derived fullName that depends on name (as the peer's). Watcher: an observer whose
// observeValueForKeyPath:… counts notifications and reads the new value, as the peer's does.

import KVOController

struct World {
  let runtime = Runtime()
  let person: Class
  let watcher: Class
  let notifications = Counter()

  init() throws {
    runtime.installKeyValueObserving()
    person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    for key in ["age", "score", "level"] { try person.synthesizeProperty(key, type: .longLong, options: .nonatomic) }
    for key in ["name", "firstName", "lastName"] {
      try person.synthesizeProperty(key, type: .object(className: "NSString"), options: [.copy, .nonatomic])
    }
    try person.synthesizeProperty("friend", type: .object(className: "Person"), options: .nonatomic)
    try runtime.registerClassPair(person)
    try person.addMethod("fullName", types: "@16@0:8") { receiver, _, _ in try receiver.value(forKey: "name") }
    try person.isa.addMethod("keyPathsForValuesAffectingFullName", types: "@16@0:8") { _, _, _ in ["name"] }

    watcher = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Watcher")
    try runtime.registerClassPair(watcher)
    let notifications = notifications
    try watcher.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
      _, _, arguments in
      if arguments[2].change?.new != nil { notifications.value += 1 }
      return .nil
    }
  }

  func new(_ cls: Class) throws -> Object {
    guard let object = try runtime.msgSend(cls, "new").objectValue else {
      throw RuntimeError(.invalidArgument, "[\(cls.name) new] returned nil")
    }
    return object
  }
}
