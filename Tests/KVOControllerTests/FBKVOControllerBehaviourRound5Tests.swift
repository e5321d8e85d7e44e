// FBKVOControllerBehaviourRound5Tests.swift: a fifth round of behaviour cases modelled on
// FBKVOControllerTests.m, its example app and its users' reports. Each test pins
// FBKVOController's answer (or Foundation's, where FB hands the call to KVO).

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound5Tests {
  /// The info of `keyPath` on `object`, for its address.
  func info(_ controller: KVOController, _ object: Object, _ keyPath: String) throws -> KVOController.Info {
    try #require(controller.lock.withLock { controller.entries[ObjectIdentifier(object)]?.infos.first { $0.keyPath == keyPath } })
  }

  @Test func descriptionPrintsActionContextAndBareInfosAndEveryObjectAsFBDoes() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let head = "<FBKVOController:\(Object.address(of: controller)) observer:<Watcher:\(watcher.address)>"
    #expect(controller.debugDescription == head + ">")  // nothing observed: no new line
    try controller.observe(ann, keyPath: "age", action: "ageChanged:object:")
    try controller.observe(ann, keyPath: "name", options: [.initial], context: 7)
    try controller.observe(bob, keyPath: "name", context: .none)  // no options, no context: neither printed
    let age = try info(controller, ann, "age")
    let name = try info(controller, ann, "name")
    let bare = try info(controller, bob, "name")
    #expect(
      controller.debugDescription == """
        \(head)
          <Person: \(ann.address)> -> (
            "<_FBKVOInfo:\(Object.address(of: age)) keyPath:age action:ageChanged:object:>",
            "<_FBKVOInfo:\(Object.address(of: name)) keyPath:name options:NSKeyValueObservingOptionInitial context:0x7>"
        )<Person: \(bob.address)> -> (
            "<_FBKVOInfo:\(Object.address(of: bare)) keyPath:name>"
        )>
        """)  // FB appends each object's "%@ -> %@" with no separator
    #expect(controller.description == "<FBKVOController: \(Object.address(of: controller))>")  // NSObject's
  }

  @Test func contextStyleObserverWithoutObserveValueGetsFoundationsUnhandledMessage() throws {
    let world = try World()
    let plain = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Plain")
    try world.runtime.registerClassPair(plain)
    let observer = try #require(try world.runtime.msgSend(plain, "new").objectValue)
    let ann = try world.newPerson()
    let controller = KVOController(observer: observer)
    try controller.observe(ann, keyPath: "age", options: [.new], context: 7)
    let error = #expect(throws: KeyValueError.self) { try world.setAge(ann, 3) }
    #expect(error?.exceptionName == "NSInternalInconsistencyException")
    #expect(
      error?.message == """
        <Plain: \(observer.address)>: An -observeValueForKeyPath:ofObject:change:context: message was received but not handled.
        Key path: age
        Observed object: <Person: \(ann.address)>
        Change: {
            kind = 1;
            new = 3;
        }
        Context: 0x7
        """)  // the observed object prints as its -description: its own class, not NSKVONotifying_Person
    #expect(try ann.value(forKey: "age") == 3)  // the setter stored before KVO raised
  }

  @Test func observingAKeyTheObjectDoesNotDefineRegistersAsKVODoes() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(ann, keyPath: "nickname") { _, _, _ in }  // KVO reads no value without options
    #expect(controller.observedKeyPaths(of: ann) == ["nickname"])
    #expect(ann.isa.name == "NSKVONotifying_Person")
    controller.unobserve(ann, keyPath: "nickname")
    #expect(ann.isa === world.person)
  }

  @Test func observingAnArrayIsRefusedWithFoundationsTextAndKeepsNothing() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let controller = KVOController(observer: watcher)
    var array: Object? = try world.runtime.object(bridging: [.object(ann)])
    let reference = WeakReference(array)
    let error = #expect(throws: KeyValueError.self) { try controller.observe(array, keyPath: "age") { _, _, _ in } }
    #expect(
      error?.message == "[<__NSArrayI \(array?.address ?? "")> addObserver:forKeyPath:options:context:] is not supported. Key path: age")
    #expect(controller.observedObjectCount == 0)
    array = nil
    #expect(reference.object == nil)  // the refused array is not retained by the controller
  }

  @Test func controllerWithObserverRetainsObservedObjects() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let controller = KVOController.controller(withObserver: watcher)
    #expect(controller.retainsObserved)
    #expect(controller.observer === watcher)
    var ann: Object? = try world.newPerson()
    let reference = WeakReference(ann)
    try controller.observe(ann, keyPath: "age") { _, _, _ in }
    ann = nil
    #expect(reference.object != nil)
    controller.unobserveAll()
    #expect(reference.object == nil)
  }

  @Test func unobservingFromThePriorCallbackSuppressesTheAfterCallback() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let ann = try world.newPerson()
    let controller = KVOController(observer: watcher)
    let seen = Log<Bool>()
    try controller.observe(ann, keyPath: "age", options: [.prior, .new]) { _, object, change in
      seen.append(change.isPrior)
      controller.unobserve(object, keyPath: "age")
    }
    try world.setAge(ann, 4)
    #expect(seen.all == [true])  // removed between will and did: KVO sends no did to it
    #expect(ann.isa === world.person)
  }
}
