// FaultInjectionTests.swift: whatever user-supplied method throws during a change (an observer,
// a getter, a setter, a class's will/did override), the change is closed, the thread's stack of
// pending changes is left clean, and the next set notifies normally; on both routes, will/did
// called directly and will/did sent as messages (message sends traced), which must behave alike
// (Notifier.swift, Notifier+Messages.swift, decision 0010).

import Testing

@testable import KVO

@Suite struct FaultInjectionTests {
  struct Injected: Error, Equatable {}

  /// Where the fault is injected.
  enum Fault: String, CaseIterable, CustomStringConvertible {
    case priorObserver, postObserver, getterAtWill, getterAtDid, setter
    case willOverrideBeforeSuper, willOverrideAfterSuper, didOverrideBeforeSuper, didOverrideAfterSuper
    var description: String { rawValue }

    var overridesWillOrDid: Bool { rawValue.contains("Override") }
  }

  /// How will/did reach NSObject's implementation.
  enum Route: String, CaseIterable, CustomStringConvertible {
    /// Called directly (nothing overrides them, sends are not traced).
    case direct
    /// Sent as messages (sends are traced).
    case messages
    var description: String { rawValue }
  }

  /// `Gauge` (`level`, `q`) whose getter, setter and will/did overrides throw `Injected` while
  /// `armed`, where the fault says, and a `Watcher` observer whose prior or post callback does.
  struct Bench {
    let world: World
    let gauge: Object
    let observer: Object
    let log = Log<Received>()
    let armed = Locked(false)
    let getterReads = Locked(0)

    init(_ fault: Fault) throws {
      let world = try World()
      let runtime = world.runtime
      let (armed, getterReads, log) = (armed, getterReads, log)
      let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Gauge")
      try cls.addIvar("_level", type: .longLong)
      try runtime.registerClassPair(cls)
      try cls.addMethod("level", types: "q16@0:8") { receiver, _, _ in
        let read = getterReads.withLock { reads -> Int in
          reads += 1
          return reads
        }
        // The will reads the old value first, the did the new one second.
        if armed.withLock({ $0 }) && (fault == .getterAtWill ? read == 1 : fault == .getterAtDid && read == 2) {
          throw Injected()
        }
        return try receiver.value(ofIvar: "_level")
      }
      try cls.addMethod("setLevel:", types: "v24@0:8q16") { receiver, _, arguments in
        if fault == .setter && armed.withLock({ $0 }) { throw Injected() }
        try receiver.setValue(arguments[0], forIvar: "_level")
        return .nil
      }
      let root = runtime.rootClass
      if fault.overridesWillOrDid {
        let selector: Selector = fault.rawValue.hasPrefix("will") ? "willChangeValueForKey:" : "didChangeValueForKey:"
        let before = fault.rawValue.hasSuffix("BeforeSuper")
        try cls.addMethod(selector, types: "v24@0:8@16") { receiver, selector, arguments in
          let fails = armed.withLock { $0 }
          if fails && before { throw Injected() }
          try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
          if fails { throw Injected() }
          return .nil
        }
      }
      let watcher = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Watcher")
      try runtime.registerClassPair(watcher)
      try watcher.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
        receiver, _, arguments in
        let change = arguments[2].change ?? Change(kind: .setting)
        log.append(
          Received(
            keyPath: arguments[0].stringValue ?? "?", object: arguments[1].objectValue ?? receiver, change: change,
            context: .none))
        if fault == (change.isPrior ? .priorObserver : .postObserver) && armed.withLock({ $0 }) { throw Injected() }
        return .nil
      }
      gauge = try #require(try runtime.msgSend(cls, "new").objectValue)
      observer = try #require(try runtime.msgSend(watcher, "new").objectValue)
      self.world = world
    }
  }

  @Test(arguments: Fault.allCases, Route.allCases)
  func aFaultClosesTheChangeAndTheNextSetNotifies(fault: Fault, route: Route) throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let bench = try Bench(fault)
    let world = bench.world
    try bench.gauge.addObserver(bench.observer, forKeyPath: "level", options: [.prior, .old, .new])
    let tracing = route == .messages ? world.runtime.addEventObserver(includingMessageSends: true) { _ in } : nil

    bench.armed.withLock { $0 = true }
    bench.getterReads.withLock { $0 = 0 }
    #expect(throws: Injected.self, "\(fault) on the \(route) route") { try world.set(bench.gauge, "level", 5) }
    bench.armed.withLock { $0 = false }
    tracing?.cancel()

    let thread = ThreadChanges.perThread.current
    #expect(thread.depth == idleBaseline, "the change is closed")
    try thread.checkInvariants()
    let changed: Bool
    switch fault {
    case .getterAtWill, .setter, .willOverrideBeforeSuper, .willOverrideAfterSuper: changed = false
    default: changed = true
    }
    #expect(try bench.gauge.value(forKey: "level") == (changed ? 5 : 0))
    let posts = bench.log.all.filter { !$0.change.isPrior }
    switch fault {
    case .priorObserver, .postObserver, .didOverrideAfterSuper:
      #expect(posts.count == 1, "everyone is told, then the error is thrown")
    case .getterAtDid:
      #expect(posts.isEmpty, "the new value is read before anyone is told, as in Foundation")
    default:
      #expect(posts.isEmpty, "a change that failed notifies nobody")
    }

    bench.log.removeAll()
    try world.set(bench.gauge, "level", 7)
    #expect(bench.log.all.map(\.change.isPrior) == [true, false])
    #expect(bench.log.all.last?.change == Change(kind: .setting, new: 7, old: changed ? 5 : 0))
    #expect(thread.depth == idleBaseline)
    try world.runtime.checkInvariants()
  }

  @Test(arguments: Route.allCases)
  func bothRoutesTellTheSameObserversTheSameThings(route: Route) throws {
    let bench = try Bench(.priorObserver)
    let world = bench.world
    try bench.gauge.addObserver(bench.observer, forKeyPath: "level", options: [.prior, .old, .new])
    let tracing = route == .messages ? world.runtime.addEventObserver(includingMessageSends: true) { _ in } : nil
    try world.set(bench.gauge, "level", 1)
    bench.armed.withLock { $0 = true }
    #expect(throws: Injected.self) { try world.set(bench.gauge, "level", 2) }
    tracing?.cancel()
    #expect(
      bench.log.all.map(\.description) == [
        "level setting new=- old=0 prior=true", "level setting new=1 old=0 prior=false",
        "level setting new=- old=1 prior=true", "level setting new=2 old=1 prior=false",
      ])
  }

  @Test func aManualWillWhosePriorObserverThrowsIsEndedByItsDidWhichThrows() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let bench = try Bench(.priorObserver)
    try bench.gauge.addObserver(bench.observer, forKeyPath: "level", options: [.prior, .new])
    bench.armed.withLock { $0 = true }
    try bench.gauge.willChangeValue(forKey: "level")  // the prior observer's error waits for the did
    try bench.gauge.setValue(3, forIvar: "_level")
    #expect(throws: Injected.self) { try bench.gauge.didChangeValue(forKey: "level") }
    #expect(bench.log.all.map(\.change.isPrior) == [true, false])
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
  }

  @Test func aThrowingKVCIvarSetThroughAnOverriddenWillLeavesNothingOpen() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    let runtime = world.runtime
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Bare")
    try cls.addIvar("_count", type: .longLong)
    try runtime.registerClassPair(cls)
    let root = runtime.rootClass
    let armed = Locked(true)
    try cls.addMethod("willChangeValueForKey:", types: "v24@0:8@16") { receiver, selector, arguments in
      try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments[0])
      if armed.withLock({ $0 }) { throw Injected() }
      return .nil
    }
    let bare = try #require(try runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try bare.addObserver(observer, forKeyPath: "count", options: [.new])
    #expect(throws: Injected.self) { try bare.setValue(4, forKey: "count") }
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
    armed.withLock { $0 = false }
    try bare.setValue(5, forKey: "count")
    #expect(log.all.map(\.change.new) == [5])
  }

  @Test func aThrowingToManyWillOverrideLeavesNothingOpen() throws {
    let idleBaseline = ThreadChanges.perThread.current.depth  // left open by earlier tests on this thread
    let world = try World()
    let runtime = world.runtime
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Bag")
    try cls.addIvar("_items", type: .object(className: "NSArray"))
    try runtime.registerClassPair(cls)
    let root = runtime.rootClass
    let armed = Locked(true)
    try cls.addMethod("willChange:valuesAtIndexes:forKey:", types: "v40@0:8Q16@24@32") { receiver, selector, arguments in
      try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: arguments)
      if armed.withLock({ $0 }) { throw Injected() }
      return .nil
    }
    let bag = try #require(try runtime.msgSend(cls, "new").objectValue)
    try bag.setValue(.object(try runtime.mutableArray()), forIvar: "_items")  // the ivar proxy never invents one
    let (observer, log) = try world.newObserver()
    try bag.addObserver(observer, forKeyPath: "items", options: [.new])
    let items = try bag.mutableArrayValue(forKey: "items")
    #expect(throws: Injected.self) { try items.append("a") }
    #expect(ThreadChanges.perThread.current.depth == idleBaseline)
    #expect(log.count == 0)
    armed.withLock { $0 = false }
    try items.append("b")
    #expect(log.all.map(\.change.new) == [["b"]])
  }
}
