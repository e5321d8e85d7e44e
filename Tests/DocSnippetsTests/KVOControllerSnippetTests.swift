// KVOControllerSnippetTests.swift: every code example in docs/kvocontroller.md, as a test that
// checks what the example's comments claim. The guide shows these bodies, lightly shortened;
// change one, change the other.

import Testing

@testable import KVOController

/// The world of docs/kvocontroller.md: `Person` (age, name, friend) and `Watcher`, the observer.
private struct ControllerExample {
  let runtime = Runtime()
  let person: Class
  let watcherClass: Class

  init() throws {
    person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy])
    try person.synthesizeProperty("friend", type: .object(className: "Person"))
    try runtime.registerClassPair(person)
    watcherClass = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Watcher")
    try runtime.registerClassPair(watcherClass)
  }

  /// `[cls new]`.
  func new(_ cls: Class) throws -> Object { try #require(try runtime.msgSend(cls, "new").objectValue) }
}

/// An executor that keeps work until `drain()` runs it: a stand-in for a queue or a run loop.
private final class ManualExecutor: CallbackExecutor {
  private let pending = Locked<[@Sendable () -> Void]>([])

  func execute(_ work: @escaping @Sendable () -> Void) { pending.withLock { $0.append(work) } }

  func drain() {
    let work = pending.withLock { queued in
      let all = queued
      queued = []
      return all
    }
    for each in work { each() }
  }
}

@Suite struct KVOControllerGuideSnippets {
  // MARK: - Before and after

  @Test func rawKVONeedsBalancedRemovalTheControllerDoesNot() throws {
    let example = try ControllerExample()
    let received = Locked<[String]>([])
    try example.watcherClass.addMethod(
      "observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40"
    ) { _, _, arguments in
      received.withLock { $0.append("\(arguments[0].stringValue ?? "?") \(arguments[2].change?.new ?? nil)") }
      return .nil
    }
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)

    // Before: raw KVO. The observer must be removed exactly once, before it goes away.
    try ann.addObserver(watcher, forKeyPath: "age", options: [.new])
    try ann.setValue(43, forKey: "age")  // watcher is sent observeValueForKeyPath:ofObject:change:context:
    try ann.removeObserver(watcher, forKeyPath: "age")
    #expect(throws: KeyValueError.self) { try ann.removeObserver(watcher, forKeyPath: "age") }  // twice: an error
    #expect(received.withLock { $0 } == ["age 43"])

    // After: the controller. No removal code.
    var controller: KVOController? = KVOController(observer: watcher)
    let seen = Locked<[String]>([])
    try controller?.observe(ann, keyPath: "age", options: [.new]) { observer, object, change in
      seen.withLock { $0.append("\(change.new ?? nil) \(change[.notificationKeyPath] ?? nil)") }
    }
    try controller?.observe(ann, keyPath: "age", options: [.new]) { _, _, _ in }  // deduplicated: a no-op
    controller?.unobserve(ann, keyPath: "name")  // not observed: a no-op, not an error
    try ann.setValue(44, forKey: "age")
    #expect(seen.withLock { $0 } == [#"44 "age""#])
    controller = nil  // releasing the controller ends every observation it made
    #expect(ann.isa === example.person)
  }

  @Test func theThreeLineForm() throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let seen = Locked<[Value]>([])
    try watcher.kvoController.observe(ann, keyPath: "age", options: [.new]) { observer, object, change in
      seen.withLock { $0.append(change.new ?? nil) }
    }
    try ann.setValue(43, forKey: "age")
    #expect(seen.withLock { $0 } == [43])
  }

  // MARK: - Three callback styles

  @Test func blockActionAndContextCallbacks() throws {
    let example = try ControllerExample()
    let log = Locked<[String]>([])
    // -nameChanged:(NSDictionary *)change object:(id)object
    try example.watcherClass.addMethod("nameChanged:object:", types: "v32@0:8@16@24") { _, _, arguments in
      let change = arguments[0].change
      log.withLock { $0.append("action \(change?[.notificationKeyPath] ?? nil) \(change?.new ?? nil)") }
      return .nil
    }
    try example.watcherClass.addMethod(
      "observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40"
    ) { _, _, arguments in
      log.withLock { $0.append("observe \(arguments[0].stringValue ?? "?") context \(arguments[3])") }
      return .nil
    }
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let bob = try example.new(example.person)
    let controller = KVOController(observer: watcher)

    // 1. A block, given the observer, the object and the change.
    try controller.observe(ann, keyPath: "age", options: [.new]) { observer, object, change in
      log.withLock { $0.append("block \(change[.notificationKeyPath] ?? nil) \(change.new ?? nil)") }
    }
    // 2. An action: a two-argument message sent to the observer with (change, object).
    try controller.observe(ann, keyPath: "name", options: [.new], action: "nameChanged:object:")
    // 3. The observer's own observeValueForKeyPath:ofObject:change:context:, with a context.
    try controller.observe(ann, keyPath: "friend", options: [.new], context: 7)

    try ann.setValue(43, forKey: "age")
    try ann.setValue("Ann", forKey: "name")
    try ann.setValue(.object(bob), forKey: "friend")
    let lines = log.withLock { $0 }
    #expect(lines == [#"block "age" 43"#, #"action "name" "Ann""#, "observe friend context 0x7"])
    #expect(throws: KeyValueError.self) {  // the observer must respond to the action
      try controller.observe(ann, keyPath: "age", action: "ageChanged:object:")
    }
  }

  // MARK: - Retaining and non-retaining

  @Test func retainingAndNonRetainingControllers() throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let retaining = KVOController(observer: watcher)  // retainObserved: true, FB's default
    let nonRetaining = KVOController(observer: watcher, retainObserved: false)

    var kept: Object? = try example.new(example.person)
    let keptReference = WeakReference(kept)
    try retaining.observe(kept, keyPath: "age") { _, _, _ in }
    kept = nil
    #expect(keptReference.object != nil)  // the controller keeps it alive …
    retaining.unobserve(keptReference.object)
    #expect(keptReference.object == nil)  // … until it is unobserved

    var loose: Object? = try example.new(example.person)
    let looseReference = WeakReference(loose)
    try nonRetaining.observe(loose, keyPath: "age") { _, _, _ in }
    #expect(nonRetaining.observedObjectCount == 1)
    loose = nil
    #expect(looseReference.object == nil)  // freed at once …
    #expect(nonRetaining.observedObjectCount == 0)  // … and its entries went with it, silently
  }

  // MARK: - Observing self

  @Test func anObjectCanObserveItself() throws {
    let example = try ControllerExample()
    var ann: Object? = try example.new(example.person)
    let reference = WeakReference(ann)
    let seen = Locked<[Value]>([])
    try ann?.kvoController.observe(ann, keyPath: "age", options: [.new]) { _, _, change in
      seen.withLock { $0.append(change.new ?? nil) }
    }
    try ann?.setValue(1, forKey: "age")
    ann = nil
    #expect(reference.object == nil)  // its own controller did not keep it alive
    #expect(seen.withLock { $0 } == [1])
  }

  // MARK: - The lazy properties

  @Test func lazyControllersLiveAsLongAsTheirObserver() throws {
    let example = try ControllerExample()
    var watcher: Object? = try example.new(example.watcherClass)
    let ann = try example.new(example.person)

    #expect(watcher?.kvoController === watcher?.kvoController)  // made on first use, then reused
    #expect(watcher?.kvoControllerNonRetaining.retainsObserved == false)
    try watcher?.kvoController.observe(ann, keyPath: "age") { _, _, _ in }
    #expect(ann.isa.name == "NSKVONotifying_Person")
    watcher = nil  // the controller is an associated object of its observer: it goes too
    #expect(ann.isa === example.person)
  }

  // MARK: - Where callbacks run

  @Test func callbacksCanWaitForAnExecutor() throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let executor = ManualExecutor()
    let controller = KVOController(observer: watcher)
    let seen = Locked<[Value]>([])
    try controller.observe(ann, keyPath: "age", options: [.new], delivery: .executor(executor)) { _, _, change in
      seen.withLock { $0.append(change.new ?? nil) }
    }

    try ann.setValue(43, forKey: "age")
    #expect(seen.withLock { $0 }.isEmpty)  // the setter has returned; the callback waits on the executor
    executor.drain()
    #expect(seen.withLock { $0 } == [43])
    try ann.setValue(44, forKey: "age")
    controller.unobserve(ann, keyPath: "age")
    executor.drain()  // queued before the unobserve, run after it: dropped
    #expect(seen.withLock { $0 } == [43])
  }

  // MARK: - Changes as an AsyncSequence

  @Test func changesArriveAsAnAsyncSequence() async throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let controller = KVOController(observer: watcher)

    var changes: ChangeSequence? = try controller.changes(of: ann, keyPath: "age")
    var iterator = changes?.makeAsyncIterator()
    try ann.setValue(43, forKey: "age")
    try ann.setValue(44, forKey: "age")
    #expect(await iterator?.next()?.new == 43)
    #expect(await iterator?.next()?.new == 44)
    changes = nil
    iterator = nil  // the sequence and its iterators are gone: the observation ends
    #expect(ann.isa === example.person)
  }

  // MARK: - Description

  @Test func descriptionSpellsOutEveryObservation() throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let controller = KVOController(observer: watcher)
    try controller.observe(ann, keyPath: "age", options: [.new, .old]) { _, _, _ in }

    let text = controller.description
    #expect(text.hasPrefix("<KVOController:0x"))
    #expect(text.contains(" observer:<Watcher: \(watcher.address)>\n"))
    #expect(text.contains("  <NSKVONotifying_Person: \(ann.address)> -> (<_FBKVOInfo:0x"))
    #expect(text.hasSuffix(" keyPath:age options:<NSKeyValueObservingOptionNew|NSKeyValueObservingOptionOld> block>)>"))
    #expect(
      ObservingOptions([.initial, .prior]).spelledOut
        == "NSKeyValueObservingOptionInitial|NSKeyValueObservingOptionPrior")
  }

  // MARK: - Bad input

  @Test func badInputIsAClearErrorAndRegistersNothing() throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let controller = KVOController(observer: watcher)
    #expect(throws: KeyValueError.self) { try controller.observe(nil, keyPath: "age") { _, _, _ in } }
    #expect(throws: KeyValueError.self) { try controller.observe(ann, keyPath: "") { _, _, _ in } }
    #expect(throws: KeyValueError.self) { try controller.observe(ann, keyPaths: []) { _, _, _ in } }
    #expect(throws: KeyValueError.self) { try controller.observe(ann, keyPaths: ["age", "a..b"]) { _, _, _ in } }
    #expect(controller.observedObjectCount == 0)
    #expect(ann.isa === example.person)
  }
}
