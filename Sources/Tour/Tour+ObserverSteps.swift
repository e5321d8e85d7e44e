// Tour+ObserverSteps.swift: steps 3 to 6, the isa-swizzle from first observer to last removal.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.

import KVOController

extension Tour {
  /// `NSKeyValueObservingOptionNew|NSKeyValueObservingOptionOld`.
  static let newOld = ObservingOptions([.new, .old])

  /// Step 3: an observer object, then `addObserver:` for `age`: the notifying subclass, its
  /// superclass and methods, and the instance's isa against what `class` says.
  func addFirstObserver(_ step: StepRecorder) throws {
    let runtime = runtime
    let world = world
    let ann = try world.need(world.ann, "ann")
    let observerClass = try step.action(
      "Class Observer = objc_allocateClassPair([NSObject class], \"Observer\", 0); objc_registerClassPair(Observer);"
    ) {
      let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Observer")
      try runtime.registerClassPair(cls)
      return cls
    }.result
    try step.action(
      "class_addMethod(Observer, @selector(observeValueForKeyPath:ofObject:change:context:), imp, \"v48@0:8@16@24@32^v40\");   // imp records the change"
    ) {
      try observerClass.addMethod(
        "observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40",
        implementation: TourWorld.observeValue)
    }
    let watcher = try step.action("Observer *watcher = [Observer new];") { try world.new(observerClass) }.result
    try watcher.setAssociatedObject(
      .swiftObject(ObserverTag(name: "watcher", log: world.received)), forKey: ObserverTag.key, policy: .retain)
    world.watcher = watcher
    step.fact("watcher", watcher.description)
    let before = runtime.classes
    try step.action(addObserverCode("ann", "age")) {
      try ann.addObserver(watcher, forKeyPath: "age", options: Self.newOld)
    }
    let appeared = runtime.classes.filter { cls in !before.contains { $0 === cls } }
    step.fact("new in objc_copyClassList", appeared.isEmpty ? "(none)" : appeared.map(\.name).joined(separator: ", "))
    let subclass = ann.isa
    world.notifyingClass = subclass
    step.fact("class_getSuperclass(\(subclass.name))", name(subclass.superclass))
    step.fact("class_copyIvarList(\(subclass.name))", list: subclass.ivarList.map { "\($0.name)  \($0.type)" })
    step.methodList(of: subclass)
    try describeClass(of: ann, named: "ann", step)
  }

  /// Step 4: a set, traced message by message: the change received and the call order.
  func setObservedValue(_ step: StepRecorder) throws {
    let world = world
    let ann = try world.need(world.ann, "ann")
    let setter = Selector(interning: Property.setterName(forKey: "age"))
    let traced = try step.action("ann.age = 43;   // [ann setAge:43], every message send traced", tracingSends: true) {
      try world.set(ann, "age", 43)
    }.events
    var order: [String] = []
    var shown: [String] = []
    for case .messageSent(_, let selector, let implementation, let isSuper) in traced {
      if selector == "willChangeValueForKey:" || selector == "didChangeValueForKey:" {
        order.append(selector.name)
        shown.append(selector.name)
      } else if isSuper && selector == setter {
        order.append("super \(selector.name)")
        shown.append("\(implementation) (the original setter, via super)")
      } else if selector == "observeValueForKeyPath:ofObject:change:context:" {
        order.append(selector.name)
        shown.append(implementation)
      }
    }
    step.callOrder = order
    step.fact("call order", list: shown.enumerated().map { "\($0 + 1). \($1)" })
    step.fact("[ann age]", try runtime.msgSend(ann, "age").description)
  }

  /// Step 5: a second key: the same subclass gains that key's setter.
  func observeSecondKey(_ step: StepRecorder) throws {
    let world = world
    let ann = try world.need(world.ann, "ann")
    let watcher = try world.need(world.watcher, "watcher")
    let subclass = try world.need(world.notifyingClass, "notifying subclass")
    let before = subclass.methodList.map(\.selector.name)
    try step.action(addObserverCode("ann", "name")) {
      try ann.addObserver(watcher, forKeyPath: "name", options: Self.newOld)
    }
    let added = subclass.methodList.map(\.selector.name).filter { !before.contains($0) }
    step.fact("object_getClass(ann)", ann.isa.name)
    step.fact("the same class object as in step 3", yesNo(ann.isa === subclass))
    step.fact("methods added to \(subclass.name)", added.isEmpty ? "(none)" : added.joined(separator: ", "))
    step.methodList(of: subclass)
    try step.action("ann.name = @\"Bea\";") { try world.set(ann, "name", "Bea") }
  }

  /// Step 6: removing both observations: the isa goes back, the subclass stays.
  func removeObservers(_ step: StepRecorder) throws {
    let world = world
    let runtime = runtime
    let ann = try world.need(world.ann, "ann")
    let watcher = try world.need(world.watcher, "watcher")
    try step.action("[ann removeObserver:watcher forKeyPath:@\"age\"];") {
      try ann.removeObserver(watcher, forKeyPath: "age")
    }
    step.fact("object_getClass(ann)", ann.isa.name)
    step.fact("still observed on ann", list: ann.observedKeyPaths)
    try step.action("[ann removeObserver:watcher forKeyPath:@\"name\"];") {
      try ann.removeObserver(watcher, forKeyPath: "name")
    }
    try describeClass(of: ann, named: "ann", step)
    let subclassName = try world.need(world.notifyingClass, "notifying subclass").name
    let kept = runtime.lookUpClass(named: subclassName)
    step.fact("objc_lookUpClass(\"\(subclassName)\")", name(kept))
    if let kept {
      step.fact("\(kept.name) live instances", String(kept.liveInstanceCount))
      step.methodList(of: kept)
    }
    try setUnobserved(ann, "age", 44, step)
  }

  /// Sets `key` of `ann` to `value` and records that no notification arrived, if none did.
  func setUnobserved(_ ann: Object, _ key: String, _ value: Int, _ step: StepRecorder) throws {
    let world = world
    let received = step.changes.count
    try step.action("ann.\(key) = \(value);") { try world.set(ann, key, .int(value)) }
    if step.changes.count == received { step.fact("notifications received", "(none)") }
  }

  /// `[object addObserver:watcher forKeyPath:@"key" options:New|Old context:NULL];`
  func addObserverCode(_ object: String, _ keyPath: String) -> String {
    "[\(object) addObserver:watcher forKeyPath:@\"\(keyPath)\" options:\(Self.newOld.spelledOut) context:NULL];"
  }
}
