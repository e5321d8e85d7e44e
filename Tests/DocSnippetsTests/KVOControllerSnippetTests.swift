// KVOControllerSnippetTests.swift: the examples of docs/kvocontroller.md. The code between
// `// snippet: docs/kvocontroller.md#<section>` and `// end snippet` is the example of that
// section, verbatim (SnippetSyncTests checks it); what follows a region checks the rest.

import KVOController
import Testing

/// The world of docs/kvocontroller.md: `Person` (age, name, friend) and `Watcher`, the observer.
struct ControllerExample {
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

// snippet: docs/kvocontroller.md#where-callbacks-run
/// An executor that keeps work until `drain()` runs it: a stand-in for a queue or a run loop.
final class ManualExecutor: CallbackExecutor {
  private let pending = Locked<[@Sendable () -> Void]>([])

  func execute(_ work: @escaping @Sendable () -> Void) { pending.withLock { $0.append(work) } }

  func drain() {
    let work = pending.withLock { queued in
      defer { queued = [] }
      return queued
    }
    for each in work { each() }
  }
}
// end snippet

@Suite struct KVOControllerSnippetTests {
  @Test func rawKVONeedsBalancedRemovalTheControllerDoesNot() throws {
    let example = try ControllerExample()
    let person = example.person
    let watcherClass = example.watcherClass
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    // snippet: docs/kvocontroller.md#before-and-after
    let received = Locked<[String]>([])
    // One method receives every notification of every observation; it sorts them by key path or context.
    try watcherClass.addMethod("observeValueForKeyPath:ofObject:change:context:") {
      _, _, arguments in
      received.withLock { $0.append("\(arguments[0]) \(arguments[2].change?.new ?? nil)") }
      return .nil
    }
    try ann.addObserver(watcher, forKeyPath: "age", options: [.new])
    try ann.setValue(43, forKey: "age")
    #expect(received.withLock { $0 } == [#""age" 43"#])
    try ann.removeObserver(watcher, forKeyPath: "age")  // exactly once, before the watcher goes
    let error = #expect(throws: KeyValueError.self) { try ann.removeObserver(watcher, forKeyPath: "age") }
    #expect(error?.exceptionName == "NSRangeException")  // twice is an error
    // end snippet

    // snippet: docs/kvocontroller.md#before-and-after (2)
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
    #expect(ann.isa === person)  // ann is a plain Person again
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func theThreeLineForm() throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let ages = Locked<[Value]>([])
    // snippet: docs/kvocontroller.md#before-and-after (3)
    try watcher.kvoController.observe(ann, keyPath: "age", options: [.new]) { watcher, person, change in
      ages.withLock { $0.append(change.new ?? nil) }
    }
    // end snippet
    try ann.setValue(43, forKey: "age")
    #expect(ages.withLock { $0 } == [43])
    try example.runtime.checkInvariants()
  }

  @Test func blockActionAndContextCallbacks() throws {
    let example = try ControllerExample()
    let watcherClass = example.watcherClass
    let log = Locked<[String]>([])
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
    // snippet: docs/kvocontroller.md#three-callback-styles
    // 1. A block, given the observer, the object and the change.
    try controller.observe(ann, keyPath: "age", options: [.new]) { observer, object, change in
      log.withLock { $0.append("block \(change[.notificationKeyPath] ?? nil) \(change.new ?? nil)") }
    }

    // 2. An action, sent to the observer with (change, object): Foundation's change, unchanged.
    //    -(void)nameChanged:(NSDictionary *)change object:(id)object
    try watcherClass.addMethod("nameChanged:object:", types: "v32@0:8@16@24") { _, _, arguments in
      let change = arguments[0].change
      log.withLock { $0.append("action \(change?.new ?? nil) key path \(change?[.notificationKeyPath] ?? nil)") }
      return .nil
    }
    try controller.observe(ann, keyPath: "name", options: [.new], action: "nameChanged:object:")

    // 3. The observer's own observeValueForKeyPath:ofObject:change:context:, with a context.
    try controller.observe(ann, keyPath: "friend", options: [.new], context: 7)

    try ann.setValue(43, forKey: "age")
    try ann.setValue("Ann", forKey: "name")
    try ann.setValue(.object(bob), forKey: "friend")
    #expect(log.withLock { $0 } == [#"block "age" 43"#, #"action "Ann" key path nil"#, "observe friend context 0x7"])
    let error = #expect(throws: KeyValueError.self) {
      try controller.observe(ann, keyPath: "age", action: "ageChanged:object:")
    }
    #expect(error?.message == "\(watcher) does not respond to ageChanged:object:")
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func retainingAndNonRetainingControllers() throws {
    let example = try ControllerExample()
    let person = example.person
    let watcher = try example.new(example.watcherClass)
    // snippet: docs/kvocontroller.md#retaining-and-non-retaining
    let retaining = KVOController(observer: watcher)  // retainObserved: true, FB's default
    let nonRetaining = KVOController(observer: watcher, retainObserved: false)

    var kept: Object? = try person.createInstance()
    let keptReference = WeakReference(kept)
    try retaining.observe(kept, keyPath: "age") { _, _, _ in }
    kept = nil
    #expect(keptReference.object != nil)  // the controller keeps it alive …
    retaining.unobserve(keptReference.object)
    #expect(keptReference.object == nil)  // … until it is unobserved

    var loose: Object? = try person.createInstance()
    let looseReference = WeakReference(loose)
    try nonRetaining.observe(loose, keyPath: "age") { _, _, _ in }
    #expect(nonRetaining.observedObjectCount == 1)
    loose = nil
    #expect(looseReference.object == nil)  // freed at once …
    #expect(nonRetaining.observedObjectCount == 0)  // … and its entries went with it
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func anObjectCanObserveItself() throws {
    let example = try ControllerExample()
    let person = example.person
    // snippet: docs/kvocontroller.md#observing-self
    var ann: Object? = try person.createInstance()
    let reference = WeakReference(ann)
    let seen = Locked<[Value]>([])
    try ann?.kvoController.observe(ann, keyPath: "age", options: [.new]) { _, _, change in
      seen.withLock { $0.append(change.new ?? nil) }
    }
    try ann?.setValue(1, forKey: "age")
    ann = nil
    #expect(reference.object != nil)  // the loop: ann owns its controller, which retains ann
    reference.object?.kvoController.unobserveAll()  // breaks it: ann is freed
    #expect(reference.object == nil)
    #expect(seen.withLock { $0 } == [1])

    var bea: Object? = try person.createInstance()
    let beaReference = WeakReference(bea)
    try bea?.kvoControllerNonRetaining.observe(bea, keyPath: "age") { _, _, _ in }
    bea = nil
    #expect(beaReference.object == nil)  // no loop: freed as usual, its observations with it
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func lazyControllersLiveAsLongAsTheirObserver() throws {
    let example = try ControllerExample()
    let watcherClass = example.watcherClass
    let person = example.person
    let ann = try example.new(example.person)
    // snippet: docs/kvocontroller.md#the-lazy-properties
    var watcher: Object? = try watcherClass.createInstance()
    #expect(watcher?.kvoController === watcher?.kvoController)  // made on first use, then reused
    #expect(watcher?.kvoControllerNonRetaining.retainsObserved == false)
    try watcher?.kvoController.observe(ann, keyPath: "age") { _, _, _ in }
    #expect(ann.isa.name == "NSKVONotifying_Person")
    watcher = nil  // the controller is an associated object of its observer: it goes too
    #expect(ann.isa === person)
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func lazyControllersCanBeReplaced() throws {
    let example = try ControllerExample()
    let person = example.person
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    // snippet: docs/kvocontroller.md#the-lazy-properties (2)
    try watcher.kvoController.observe(ann, keyPath: "age") { _, _, _ in }
    #expect(ann.isa.name == "NSKVONotifying_Person")
    let fresh = KVOController(observer: watcher)
    watcher.kvoController = fresh  // the old controller is released: its observations end
    #expect(ann.isa === person)
    #expect(watcher.kvoController === fresh)
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func theSharedControllerIsTheObserverKVOSees() throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let controller = KVOController(observer: watcher)
    // snippet: docs/kvocontroller.md#the-shared-controller
    try controller.observe(ann, keyPaths: ["age", "name"], options: [.new]) { _, _, _ in }
    let registrations = ann.observationInfoDescription.split(separator: "\n").filter { $0.contains("Observance") }
    #expect(registrations.count == 2)
    #expect(registrations.allSatisfy { $0.contains("Observer: <_FBKVOSharedController: 0x") })
    #expect(registrations[0].contains("Key path: age, Options: New, Context: 0x"))  // the info's address
    // end snippet
    #expect(example.runtime.lookUpClass(named: "_FBKVOSharedController") != nil)
    try example.runtime.checkInvariants()
  }

  @Test func aControllerWhoseObserverIsGoneRegistersAsFBDoes() throws {
    let example = try ControllerExample()
    let ann = try example.new(example.person)
    var watcher: Object? = try example.new(example.watcherClass)
    let controller = KVOController(observer: watcher)
    // snippet: docs/kvocontroller.md#bad-input (2)
    watcher = nil  // the controller does not retain its observer: it is gone
    try controller.observe(ann, keyPath: "age") { _, _, _ in Issue.record("never called") }
    #expect(ann.isa.name == "NSKVONotifying_Person")  // registered, as FB registers it
    try ann.setValue(1, forKey: "age")  // nobody to call back
    controller.unobserve(ann)
    #expect(ann.observationInfo == nil)
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func severalCallbacksForOneKeyPath() throws {
    let example = try ControllerExample()
    let person = example.person
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let controller = KVOController(observer: watcher)
    // snippet: docs/kvocontroller.md#several-callbacks-for-one-key-path
    let log = Locked<[String]>([])
    let first = try controller.addCallback(for: ann, keyPath: "age", options: [.new]) { _, _, change in
      log.withLock { $0.append("first \(change.new ?? nil)") }
    }
    let second = try controller.addCallback(for: ann, keyPath: "age", options: [.new]) { _, _, change in
      log.withLock { $0.append("second \(change.new ?? nil)") }
    }
    try ann.setValue(43, forKey: "age")
    controller.removeCallback(first)  // the other stays
    try ann.setValue(44, forKey: "age")
    #expect(log.withLock { $0 } == ["first 43", "second 43", "second 44"])
    controller.removeCallback(second)
    #expect(ann.isa === person)
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func checkedKeyPathsAndTheInitialFlag() throws {
    let example = try ControllerExample()
    let person = example.person
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let controller = KVOController(observer: watcher)
    // snippet: docs/kvocontroller.md#checked-key-paths
    let age = try TypedKeyPath<Int64>("age", of: person)  // checked against Person now
    let misspelt = #expect(throws: KeyValueError.self) { try TypedKeyPath<Int64>("agee", of: person) }
    #expect(misspelt?.code == .undefinedKey)
    let wrongType = #expect(throws: KeyValueError.self) { try TypedKeyPath<String>("age", of: person) }
    #expect(wrongType?.code == .invalidValue)  // age is a long long

    let log = Locked<[String]>([])
    try ann.setValue(42, forKey: "age")
    try controller.observe(ann, age, options: [.initial, .old, .new]) { _, _, change in
      let old: Int64? = change.old  // typed
      log.withLock { $0.append("initial: \(change.isInitial) old: \(old ?? -1) new: \(change.new ?? -1)") }
    }
    try ann.setValue(43, forKey: "age")
    #expect(log.withLock { $0 } == ["initial: true old: -1 new: 42", "initial: false old: 42 new: 43"])
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func callbacksCanWaitForAnExecutor() throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let controller = KVOController(observer: watcher)
    // snippet: docs/kvocontroller.md#where-callbacks-run (2)
    let executor = ManualExecutor()
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
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func changesArriveAsAnAsyncSequence() async throws {
    let example = try ControllerExample()
    let person = example.person
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let controller = KVOController(observer: watcher)
    // snippet: docs/kvocontroller.md#changes-as-an-asyncsequence
    var changes: ChangeSequence? = try controller.changes(of: ann, keyPath: "age")
    var iterator = changes?.makeAsyncIterator()
    try ann.setValue(43, forKey: "age")
    try ann.setValue(44, forKey: "age")
    #expect(await iterator?.next()?.new == 43)
    #expect(await iterator?.next()?[.notificationKeyPath] == "age")
    changes = nil
    iterator = nil  // the sequence and its iterators are gone: the observation ends
    #expect(ann.isa === person)
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func descriptionSpellsOutEveryObservation() throws {
    let example = try ControllerExample()
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    // snippet: docs/kvocontroller.md#description
    let controller = KVOController(observer: watcher)
    try controller.observe(ann, keyPath: "age", options: [.new, .old]) { _, _, _ in }
    #expect(controller.observedKeyPaths(of: ann) == ["age"])
    let lines = controller.debugDescription.split(separator: "\n")
    #expect(lines[0] == "<FBKVOController:\(Object.address(of: controller)) observer:<Watcher:\(watcher.address)>")
    #expect(lines[1] == "  <Person: \(ann.address)> -> (")
    #expect(lines[2].hasPrefix(#"    "<_FBKVOInfo:0x"#))
    #expect(lines[2].contains(" keyPath:age options:NSKeyValueObservingOptionNew|NSKeyValueObservingOptionOld block:0x"))
    #expect(lines[3] == ")>")
    #expect(
      ObservingOptions([.initial, .prior]).spelledOut
        == "NSKeyValueObservingOptionInitial|NSKeyValueObservingOptionPrior")
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func badInputIsAClearErrorAndRegistersNothing() throws {
    let example = try ControllerExample()
    let person = example.person
    let watcher = try example.new(example.watcherClass)
    let ann = try example.new(example.person)
    let controller = KVOController(observer: watcher)
    // snippet: docs/kvocontroller.md#bad-input
    try controller.observe(nil, keyPath: "age") { _, _, _ in }  // a nil object does nothing, as in FB
    let emptyPath = #expect(throws: KeyValueError.self) { try controller.observe(ann, keyPath: "") { _, _, _ in } }
    #expect(emptyPath?.code == .invalidKeyPath)
    let noPaths = #expect(throws: KeyValueError.self) { try controller.observe(ann, keyPaths: []) { _, _, _ in } }
    #expect(noPaths?.code == .invalidArgument)
    let oneBad = #expect(throws: KeyValueError.self) {
      try controller.observe(ann, keyPaths: ["age", "a..b"]) { _, _, _ in }
    }
    #expect(oneBad?.code == .undefinedKey)  // KVO reads a, the first key of a..b, to register the rest
    #expect(controller.observedKeyPaths(of: ann) == ["age"])  // observed before a..b was refused, as FB loops
    controller.unobserve(ann)
    #expect(ann.isa === person)
    // end snippet
    try example.runtime.checkInvariants()
  }
}
