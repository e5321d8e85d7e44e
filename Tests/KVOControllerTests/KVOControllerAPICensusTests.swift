// KVOControllerAPICensusTests.swift: FBKVOController.h and NSObject+FBKVOController.h, method by
// method, against MiniKVO's KVOController.
//
// Docs: docs/kvocontroller.md#api-census. The header's observer is `nullable`
// (`-initWithObserver:retainObserved:`, `-initWithObserver:`, `+controllerWithObserver:`): a
// controller made with nil observes, and calls nothing back, as FB's shared controller skips a
// nil observer.

import Testing

@testable import KVOController

@Suite struct KVOControllerAPICensusTests {
  /// `[FBKVOController controllerWithObserver:nil]` and `initWithObserver:nil`: a controller
  /// whose `observer` is nil, which registers what it observes (the object is observed) and
  /// calls no block back; unobserving removes the registration.
  @Test func aControllerWithANilObserverRegistersAndCallsNothingBack() throws {
    let world = try World()
    let person = try world.newPerson()
    let seen = Log<Int>()
    for controller in [
      KVOController.controller(withObserver: nil), KVOController(observer: nil),
      KVOController(observer: nil, retainObserved: false),
    ] {
      #expect(controller.observer == nil)
      try controller.observe(person, keyPath: "age", options: [.initial, .new]) { _, _, _ in seen.append(1) }
      #expect(controller.observedKeyPaths(of: person) == ["age"])
      #expect(person.observedKeyPaths.count == 1)
      try world.setAge(person, 3)
      controller.unobserve(person)
      #expect(person.observedKeyPaths.isEmpty)
    }
    #expect(seen.count == 0)
  }

  /// FB asserts `[_observer respondsToSelector:action]`, which a nil observer does not: the
  /// action forms are refused, and nothing is registered.
  @Test func aControllerWithANilObserverRefusesAnAction() throws {
    let world = try World()
    let person = try world.newPerson()
    let controller = KVOController(observer: nil)
    #expect(throws: KeyValueError.self) { try controller.observe(person, keyPath: "age", action: "ageChanged:object:") }
    #expect(throws: KeyValueError.self) { try controller.observe(person, keyPaths: ["age"], action: "ageChanged:object:") }
    #expect(person.observedKeyPaths.isEmpty)
  }

  /// FB's `-debugDescription` formats the nil observer with `%@:%p`: `observer:<(null):0x0>`.
  @Test func aControllerWithANilObserverPrintsItAsNull() throws {
    let controller = KVOController(observer: nil)
    #expect(controller.debugDescription.hasPrefix("<FBKVOController:"))
    #expect(controller.debugDescription.hasSuffix(" observer:<(null):0x0>>"))
  }

  /// The rest of the header is there (already matched): `KVOController` and
  /// `KVOControllerNonRetaining` (lazy, settable, retaining or not), the observer property, and
  /// `FBKVONotificationKeyPathKey` (`FBKVONotificationKeyPathKey` in the change a block gets).
  @Test func theCategoryPropertiesAndTheKeyPathKeyAreFBs() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    #expect(watcher.kvoController.retainsObserved)
    #expect(!watcher.kvoControllerNonRetaining.retainsObserved)
    #expect(watcher.kvoController.observer === watcher)
    #expect(watcher.kvoController !== watcher.kvoControllerNonRetaining)
    let replacement = KVOController(observer: watcher, retainObserved: false)
    watcher.kvoController = replacement
    #expect(watcher.kvoController === replacement)
    #expect(ChangeKey.notificationKeyPath.rawValue == "FBKVONotificationKeyPathKey")
  }
}
