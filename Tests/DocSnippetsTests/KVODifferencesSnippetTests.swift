// KVODifferencesSnippetTests.swift: the behaviours docs/kvo.md's "Where MiniKVO differs from
// Apple's KVO" section states.

import KVO
import Testing

@Suite struct KVODifferencesSnippetTests {
  @Test func observersAreHeldWeaklyAndDeadOnesArePrunedWithADiagnostic() throws {
    let example = try KVOExample()
    let diagnostics = Locked<[String]>([])
    let events = example.runtime.addEventObserver { event in
      if case .diagnostic("KVO", let message) = event { diagnostics.withLock { $0.append(message) } }
    }
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    var watcher: Object? = try example.makeWatcher(recordingInto: Locked([]))
    try ann.addObserver(try #require(watcher), forKeyPath: "age")
    watcher = nil  // freed while registered: Foundation would message a dangling pointer
    try ann.setValue(43, forKey: "age")  // nothing is sent; the registration is removed
    events.cancel()
    #expect(diagnostics.withLock { $0.count } == 1)
    #expect(ann.isa === example.person)
    try example.runtime.checkInvariants()
  }

  @Test func anObservedObjectFreedWhileObservedIsCleanedUp() throws {
    let example = try KVOExample()
    let diagnostics = Locked<[String]>([])
    let events = example.runtime.addEventObserver { event in
      if case .diagnostic("KVO", let message) = event { diagnostics.withLock { $0.append(message) } }
    }
    let watcher = try example.makeWatcher(recordingInto: Locked([]))
    var ann: Object? = try example.newPerson("Ann", "Lee", age: 42)
    try ann?.addObserver(watcher, forKeyPath: "age")
    ann = nil  // an addObserver registration: cleaned up, with a diagnostic naming the key paths
    #expect(diagnostics.withLock { $0.count } == 1)
    #expect(diagnostics.withLock { $0.first }?.hasSuffix("Key paths: age") == true)

    var bea: Object? = try example.newPerson("Bea", "Kim", age: 30)
    let token = try bea?.observe("age") { _, _ in }
    bea = nil  // a closure observation: ends silently
    events.cancel()
    #expect(diagnostics.withLock { $0.count } == 1)
    token?.invalidate()  // harmless
    try example.runtime.checkInvariants()
  }

  @Test func anObserverThatThrowsDoesNotStopTheOthers() throws {
    let example = try KVOExample()
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    let watcherClass = try example.runtime.allocateClassPair(superclass: example.runtime.rootClass, name: "Grumpy")
    try example.runtime.registerClassPair(watcherClass)  // inherits NSObject's observeValueForKeyPath:…, which throws
    let grumpy = try watcherClass.createInstance()
    let seen = Locked<[Change]>([])
    try ann.addObserver(grumpy, forKeyPath: "age", options: [.new])
    let token = try ann.observe("age", options: [.new]) { _, change in seen.withLock { $0.append(change) } }
    let error = #expect(throws: KeyValueError.self) { try ann.setValue(43, forKey: "age") }
    #expect(error?.code == .unhandledNotification)
    #expect(seen.withLock { $0 } == [Change(kind: .setting, new: 43)])  // told anyway, before the error
    #expect(try ann.value(forKey: "age") == 43)  // the set itself happened
    try ann.removeObserver(grumpy, forKeyPath: "age")
    token.invalidate()
    try example.runtime.checkInvariants()
  }
}
