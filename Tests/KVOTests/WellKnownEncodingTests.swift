// WellKnownEncodingTests.swift: MiniRuntime's table of well-known encodings
// (MethodSignature+WellKnown.swift) agrees with the KVC/KVO category NSObject really gets, so an
// override added without a type string has the encoding of the method it overrides.

import Testing

@testable import KVO

@Suite struct WellKnownEncodingTests {
  @Test func wellKnownTableAgreesWithTheKeyValueCategory() throws {
    let runtime = Runtime()
    runtime.installKeyValueObserving()
    let methods = runtime.rootClass.methodList + runtime.rootClass.isa.methodList
    var compared = 0
    for method in methods {
      guard let known = MethodSignature.wellKnown(method.selector) else { continue }
      #expect(known.description == method.typeEncoding, "\(method.selector)")
      compared += 1
    }
    #expect(compared > 40)
  }

  @Test func observerAddedWithoutTypesReceivesNotifications() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let watcherClass = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Watcher")
    let seen = Log<String>()
    try watcherClass.addMethod("observeValueForKeyPath:ofObject:change:context:") { _, _, arguments in
      seen.append("\(arguments[0].stringValue ?? "?") \(arguments[2].change?.new.map(\.description) ?? "-")")
      return .nil
    }
    try runtime.registerClassPair(watcherClass)
    let ann = try person.createInstance()
    let watcher = try watcherClass.createInstance()
    try ann.addObserver(watcher, forKeyPath: "age", options: .new)
    try runtime.msgSend(ann, "setAge:", 7)
    #expect(seen.all == ["age 7"])
    try ann.removeObserver(watcher, forKeyPath: "age")
    try runtime.checkInvariants()
  }
}
