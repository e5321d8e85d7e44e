// FidelityRound6Tests.swift: the sixth round of KVO behaviour cases on ordinary objects, ported in
// spirit from the Stack Overflow classics about KVO (a `getter=isEnabled` property, a readonly
// property changed through its ivar, observing in init, dependent keys declared both ways, a key
// path whose middle object changes class) and from GNUstep-base's and DIS_KVC_KVO's tests. Each
// test pins Foundation's answer. The round's KVC cases are in FidelityRound6KVCTests.swift.

import Testing

@testable import KVO

@Suite struct FidelityRound6Tests {
  // MARK: - A property with a custom getter

  /// `@property (getter=isEnabled) BOOL enabled`: the key is `enabled` (KVC finds `isEnabled` by
  /// its `is<Key>` step, KVO hooks `setEnabled:`); the key `isEnabled` reads through the getter of
  /// that name but has no setter, so observing it hears nothing and setting it is undefined.
  @Test func aPropertyWithGetterIsEnabledIsObservedAsEnabledNotIsEnabled() throws {
    let world = try World()
    let toggle = try instance(of: "Toggle", in: world) { cls in
      try cls.addIvar("_enabled", type: .bool)
      try cls.addMethod("isEnabled", types: "B16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_enabled") }
      try cls.addMethod("setEnabled:", types: "v20@0:8B16") { receiver, _, arguments in
        try receiver.setValue(arguments[0], forIvar: "_enabled")
        return .nil
      }
      _ = try cls.addProperty("enabled", attributes: "TB,GisEnabled,V_enabled")
    }
    let (observer, log) = try world.newObserver()
    try toggle.addObserver(observer, forKeyPath: "enabled", options: [.old, .new], context: 1)
    try toggle.addObserver(observer, forKeyPath: "isEnabled", options: [.old, .new], context: 2)
    try world.runtime.msgSend(toggle, "setEnabled:", true)
    try toggle.setValue(false, forKey: "enabled")
    #expect(log.all.map(\.keyPath) == ["enabled", "enabled"])
    #expect(log.all.map(\.change.old) == [false, true])
    #expect(log.all.map(\.change.new) == [true, false])
    #expect(try toggle.value(forKey: "isEnabled") == false)
    let error = #expect(throws: KeyValueError.self) { try toggle.setValue(true, forKey: "isEnabled") }
    #expect(error?.message.hasSuffix("setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key isEnabled.") == true)
  }

  /// `@property (setter=setIsOn:) BOOL on`: KVC's setter search for `on` ends with `setIsOn:`
  /// (Foundation's implementation's third name), so KVO hooks that setter and a direct send of it
  /// notifies observers of `on`; `setValue:forKey:` goes through it too.
  @Test func aPropertyWithSetterSetIsOnIsHookedForTheKeyOn() throws {
    let world = try World()
    let lamp = try instance(of: "Lamp", in: world) { cls in
      try cls.addIvar("_on", type: .bool)
      try cls.addMethod("on", types: "B16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_on") }
      try cls.addMethod("setIsOn:", types: "v20@0:8B16") { receiver, _, arguments in
        try receiver.setValue(arguments[0], forIvar: "_on")
        return .nil
      }
      _ = try cls.addProperty("on", attributes: "TB,SsetIsOn:,V_on")
    }
    let (observer, log) = try world.newObserver()
    try lamp.addObserver(observer, forKeyPath: "on", options: [.old, .new], context: 0)
    try world.runtime.msgSend(lamp, "setIsOn:", true)
    try lamp.setValue(false, forKey: "on")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: true, old: false), Change(kind: .setting, new: false, old: true)])
    #expect(lamp.isa.methodList.map(\.selector.name).contains("setIsOn:"))
  }

  /// A subclass that overrides only the getter of an inherited property: observing an instance
  /// of it hooks the inherited setter, and the old and new values are read through the
  /// subclass's getter, as the message `[object name]` would read them.
  @Test func aSubclassOverridingOnlyTheGetterIsReadThroughItsGetterWhenObserved() throws {
    let world = try World()
    let shouting = try world.runtime.allocateClassPair(superclass: world.person, name: "ShoutingPerson")
    try shouting.addMethod("name", types: "@16@0:8") { receiver, _, _ in
      .string((try receiver.value(ofIvar: "_name").stringValue ?? "").uppercased())
    }
    try world.runtime.registerClassPair(shouting)
    let ann = try #require(try world.runtime.msgSend(shouting, "new").objectValue)
    try world.set(ann, "name", "ann")
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "name", options: [.old, .new], context: 0)
    try world.set(ann, "name", "bea")
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: "BEA", old: "ANN")])
    #expect(ann.isa.name == "NSKVONotifying_ShoutingPerson")
    #expect(try world.runtime.msgSend(ann, "class").objectValue === shouting)
  }

  // MARK: - Manual notification

  /// The KVO guide's manual notification for a readonly property: the class changes its ivar
  /// itself, so only its own will/did tell observers; the old value is read at the will, the new
  /// at the did, both through the getter. Without the pair nothing is sent.
  @Test func aReadonlyPropertyChangedThroughItsIvarNotifiesOnlyThroughAManualPair() throws {
    let world = try World()
    let counter = try instance(of: "Counter", in: world) { cls in
      try cls.synthesizeProperty("count", type: .longLong, options: [.readonly])
      try cls.addMethod("increment", types: "v16@0:8") { receiver, _, _ in
        try receiver.willChangeValue(forKey: "count")
        try receiver.setValue(.int((try receiver.value(ofIvar: "_count").intValue ?? 0) + 1), forIvar: "_count")
        try receiver.didChangeValue(forKey: "count")
        return .nil
      }
      try cls.addMethod("incrementQuietly", types: "v16@0:8") { receiver, _, _ in
        try receiver.setValue(.int((try receiver.value(ofIvar: "_count").intValue ?? 0) + 1), forIvar: "_count")
        return .nil
      }
    }
    let (observer, log) = try world.newObserver()
    try counter.addObserver(observer, forKeyPath: "count", options: [.old, .new, .prior], context: 0)
    try world.runtime.msgSend(counter, "increment")
    try world.runtime.msgSend(counter, "incrementQuietly")
    try world.runtime.msgSend(counter, "increment")
    #expect(log.all.map(\.change.isPrior) == [true, false, true, false])
    #expect(log.all.map(\.change.old) == [0, 0, 2, 2])
    #expect(log.all.map(\.change.new) == [nil, 1, nil, 3])
    #expect(counter.isa.name == "NSKVONotifying_Counter")
    #expect(counter.isa.instanceMethodWithoutResolver(for: "setCount:") == nil)  // no setter to hook
  }

  // MARK: - Observing in init

  /// An `-init` that, after `[super init]`, sets a default and then observes the object itself:
  /// the default is set before anyone observes, so only later changes notify; the isa switch in
  /// the middle of `-init` is invisible to the caller, which gets the same object back.
  @Test func anObjectObservingItselfInItsInitHearsOnlyLaterChanges() throws {
    let world = try World()
    let root = world.runtime.rootClass
    let log = Log<String>()
    let cls = try makeClass("Widget", in: world) { cls in
      try cls.synthesizeProperty("title", type: .object(className: "NSString"))
      try cls.addMethod("init", types: "@16@0:8") { receiver, selector, _ in
        let me = try #require(try Runtime.msgSendSuper(receiver, superclass: root, selector).objectValue)
        try world.runtime.msgSend(me, "setTitle:", "untitled")
        try me.addObserver(me, forKeyPath: "title", options: [.old, .new], context: 0)
        return .object(me)
      }
      try cls.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") { _, _, arguments in
        let change = arguments[2].change
        log.append("\(arguments[0]) \(change?.old?.description ?? "-") -> \(change?.new?.description ?? "-")")
        return .nil
      }
    }
    let allocated = try #require(try world.runtime.msgSend(cls, "alloc").objectValue)
    let widget = try #require(try world.runtime.msgSend(allocated, "init").objectValue)
    #expect(widget === allocated)
    #expect(try world.runtime.msgSend(widget, "class").objectValue === cls)
    try world.runtime.msgSend(widget, "setTitle:", "Report")
    #expect(log.all == ["\"title\" \"untitled\" -> \"Report\""])
    try widget.removeObserver(widget, forKeyPath: "title")
    #expect(widget.isa === cls)
  }

  /// An observer that starts observing another object when made and stops in its own `dealloc`
  /// (the pattern every KVO tutorial shows): freeing it removes its registration cleanly, with no
  /// diagnostic, the observed object's isa goes back, and later changes reach nobody.
  @Test func anObserverThatRemovesItselfInItsDeallocLeavesTheObservedObjectClean() throws {
    let world = try World()
    let root = world.runtime.rootClass
    let heard = Log<String>()
    let problems = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, let message) = event, subsystem == "KVO" { problems.append(message) }
    }
    defer { events.cancel() }
    let watcherClass = try makeClass("Watcher", in: world) { cls in
      try cls.synthesizeProperty("target", type: .object(className: "Person"))
      try cls.addMethod("initWithTarget:", types: "@24@0:8@16") { receiver, _, arguments in
        let me = try #require(try Runtime.msgSendSuper(receiver, superclass: root, "init").objectValue)
        try me.setValue(arguments[0], forIvar: "_target")
        try #require(arguments[0].objectValue).addObserver(me, forKeyPath: "age", options: [.new], context: 7)
        return .object(me)
      }
      try cls.addMethod("dealloc", types: "v16@0:8") { receiver, selector, _ in
        let target = try #require(try receiver.value(ofIvar: "_target").objectValue)
        try target.removeObserver(receiver, forKeyPath: "age", context: 7)
        return try Runtime.msgSendSuper(receiver, superclass: root, selector)
      }
      try cls.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") { _, _, arguments in
        heard.append(arguments[2].change?.new?.description ?? "-")
        return .nil
      }
    }
    let ann = try world.newPerson()
    var watcher: Object? = try world.runtime.msgSend(try world.runtime.msgSend(watcherClass, "alloc").objectValue, "initWithTarget:", .object(ann)).objectValue
    #expect(watcher != nil)
    try world.set(ann, "age", 1)
    #expect(ann.isa.name == "NSKVONotifying_Person")
    watcher = nil
    try world.set(ann, "age", 2)
    #expect(heard.all == ["1"])
    #expect(ann.isa === world.person)
    #expect(ann.observationInfo == nil)
    #expect(problems.all.isEmpty)
  }

  // MARK: - Dependent keys declared both ways

  /// `+keyPathsForValuesAffectingValueForKey:` is what KVO asks; NSObject's answer is
  /// `+keyPathsForValuesAffecting<Key>`. An override that adds to super's answer keeps both; one
  /// that does not call super hides the `<Key>` method, as the KVO guide warns.
  @Test(arguments: [true, false])
  func aGenericDependencyOverrideKeepsTheKeyMethodOnlyWhenItCallsSuper(callsSuper: Bool) throws {
    let world = try World()
    let root = world.runtime.rootClass
    let cls = try makeClass("Label", in: world) { cls in
      try cls.synthesizeProperty("first", type: .object(className: "NSString"))
      try cls.synthesizeProperty("last", type: .object(className: "NSString"))
      try cls.synthesizeProperty("prefix", type: .object(className: "NSString"))
      try cls.addMethod("full", types: "@16@0:8") { receiver, _, _ in
        let parts = try ["prefix", "first", "last"].map { try receiver.value(forKey: $0).stringValue ?? "" }
        return .string(parts.joined(separator: " "))
      }
    }
    try cls.isa.addMethod("keyPathsForValuesAffectingFull", types: "@16@0:8") { _, _, _ in
      .object(try world.runtime.mutableSet(["first", "last"]))
    }
    try cls.isa.addMethod("keyPathsForValuesAffectingValueForKey:", types: "@24@0:8@16") { receiver, selector, arguments in
      let inherited = callsSuper ? try Runtime.msgSendSuper(receiver, superclass: root.isa, selector, arguments[0]) : .nil
      guard arguments[0] == "full" else { return callsSuper ? inherited : .object(try world.runtime.mutableSet([])) }
      let own: [Value] = callsSuper ? (try inherited.collectionContents()?.elements ?? []) : []
      return .object(try world.runtime.mutableSet(Set(own + ["prefix"])))
    }
    let label = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try label.addObserver(observer, forKeyPath: "full", options: [.new], context: 0)
    try world.set(label, "first", "Ann")
    try world.set(label, "prefix", "Dr")
    try world.set(label, "last", "Lee")
    #expect(log.all.map(\.change.new) == (callsSuper ? [" Ann ", "Dr Ann ", "Dr Ann Lee"] : ["Dr Ann "]))
  }

  // MARK: - A key path whose middle object changes class

  /// Observing `friend.name` while the friend is replaced by objects of other classes: each new
  /// friend's `name` is read its own way (a getter of its class, or an ivar when it has none), and
  /// only the current friend's changes notify.
  @Test func aKeyPathFollowsAMiddleObjectThatChangesClass() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(bob, "name", "Bob")
    let dog = try instance(of: "Dog", in: world) { cls in
      try cls.addIvar("_breed", type: .object(className: "NSString"))
      try cls.addMethod("name", types: "@16@0:8") { receiver, _, _ in
        .string("Dog " + (try receiver.value(ofIvar: "_breed").stringValue ?? "?"))
      }
      try cls.addMethod("setBreed:", types: "v24@0:8@16") { receiver, _, arguments in
        try receiver.setValue(arguments[0], forIvar: "_breed")
        return .nil
      }
      try cls.isa.addMethod("keyPathsForValuesAffectingName", types: "@16@0:8") { _, _, _ in
        .object(try world.runtime.mutableSet(["breed"]))
      }
    }
    let cat = try instance(of: "Cat", in: world) { cls in
      try cls.addIvar("name", type: .object(className: "NSString"))  // no accessors: KVC's ivar step
    }
    try cat.setValue("Tom", forKey: "name")
    try world.set(ann, "friend", .object(bob))
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend.name", options: [.old, .new], context: 0)
    try world.set(ann, "friend", .object(dog))
    try world.set(bob, "name", "Bobby")  // bob is off the path
    try world.runtime.msgSend(dog, "setBreed:", "Rex")  // a dependent key of the dog's
    try world.set(ann, "friend", .object(cat))
    try world.runtime.msgSend(dog, "setBreed:", "Max")  // the dog is off the path
    try cat.setValue("Felix", forKey: "name")  // KVC on the ivar notifies
    try world.set(ann, "friend", .object(bob))
    #expect(log.all.map(\.change.old) == ["Bob", "Dog ?", "Dog Rex", "Tom", "Felix"])
    #expect(log.all.map(\.change.new) == ["Dog ?", "Dog Rex", "Tom", "Felix", "Bobby"])
  }

  /// Foundation reads a change's new value at the did, before telling anyone: a new friend with
  /// no `name` makes `valueForUndefinedKey:` raise out of the setter, after the set, and no
  /// observer of the path is told. The next change of the path reads its old value there too.
  @Test func aMiddleObjectWithoutTheKeyRaisesFromTheSetterAndNoObserverIsTold() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(bob, "name", "Bob")
    let rock = try instance(of: "Rock", in: world) { _ in }
    try world.set(ann, "friend", .object(bob))
    let (first, firstLog) = try world.newObserver()
    let (second, secondLog) = try world.newObserver()
    try ann.addObserver(first, forKeyPath: "friend.name", options: [.new], context: 0)
    try ann.addObserver(second, forKeyPath: "friend.name", options: [.old, .new], context: 0)
    let error = #expect(throws: KeyValueError.self) { try world.set(ann, "friend", .object(rock)) }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasPrefix("[<Rock 0x") == true)
    #expect(error?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key name.") == true)
    #expect(try ann.value(forKey: "friend").objectValue === rock)  // the set happened
    #expect(firstLog.all.isEmpty && secondLog.all.isEmpty)
    let again = #expect(throws: KeyValueError.self) { try world.set(ann, "friend", .object(bob)) }  // the old value
    #expect(again?.exceptionName == "NSUnknownKeyException")
    try ann.removeObserver(second, forKeyPath: "friend.name")
    try world.set(ann, "friend", .object(bob))  // wants no old value: reads only bob's name
    #expect(firstLog.all.map(\.change.new) == ["Bob"])
  }

  // MARK: - Nested will/did of one key

  /// The Stack Overflow classic "observeValueForKeyPath: is called twice": a setter that sends
  /// its own will/did while `+automaticallyNotifiesObserversForKey:` still answers YES is wrapped
  /// in the notifying setter's pair, so one key's pairs nest and each did notifies; answering NO
  /// for the key, as the KVO guide's manual notification section says to, leaves one.
  @Test(arguments: [true, false])
  func aSetterSendingItsOwnPairNotifiesTwiceUnlessAutomaticNotificationIsOff(automatic: Bool) throws {
    let world = try World()
    let cls = try makeClass("Account", in: world) { cls in
      try cls.addIvar("_balance", type: .longLong)
      try cls.addMethod("balance", types: "q16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_balance") }
      try cls.addMethod("setBalance:", types: "v24@0:8q16") { receiver, _, arguments in
        try receiver.willChangeValue(forKey: "balance")
        try receiver.setValue(arguments[0], forIvar: "_balance")
        try receiver.didChangeValue(forKey: "balance")
        return .nil
      }
      try cls.isa.addMethod("automaticallyNotifiesObserversOfBalance", types: "B16@0:8") { _, _, _ in .bool(automatic) }
    }
    let account = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try account.addObserver(observer, forKeyPath: "balance", options: [.old, .new], context: 0)
    try world.runtime.msgSend(account, "setBalance:", 10)
    let once = Change(kind: .setting, new: 10, old: 0)
    #expect(log.all.map(\.change) == (automatic ? [once, once] : [once]))
  }

  // MARK: - Through a forwarding proxy

  /// GNUstep-base's proxy test: a root class that forwards every message (as NSProxy does) is
  /// sent `addObserver:forKeyPath:options:context:`, a setter, `setValue:forKey:` and the removal;
  /// each is forwarded, so the target is observed and changes arrive naming the target.
  @Test func observingThroughAForwardingProxyObservesItsTarget() throws {
    let world = try World()
    let runtime = world.runtime
    runtime.installKeyValueObserving()  // what linking Foundation does before anything is sent
    let ann = try world.newPerson()
    let proxy = try forwardingProxy(to: ann, superclass: nil, named: "Proxy", in: runtime)
    let proxyClass = proxy.isa
    let (observer, log) = try world.newObserver()
    let options = Value.uint64(UInt64(ObservingOptions([.old, .new]).rawValue))
    try runtime.msgSend(proxy, "addObserver:forKeyPath:options:context:", .object(observer), "age", options, .pointer(0), returning: .void)
    #expect(ann.isa.name == "NSKVONotifying_Person" && proxy.isa === proxyClass)
    try runtime.msgSend(proxy, "setAge:", 5)
    try runtime.msgSend(proxy, "setValue:forKey:", 6, "age")
    #expect(try runtime.msgSend(proxy, "valueForKey:", "age") == 6)
    #expect(log.all.map(\.change) == [Change(kind: .setting, new: 5, old: 0), Change(kind: .setting, new: 6, old: 5)])
    #expect(log.all.allSatisfy { $0.object === ann })
    try runtime.msgSend(proxy, "removeObserver:forKeyPath:", .object(observer), "age")
    #expect(ann.isa === world.person)
  }
}
