// KVOControllerImageTests.swift: `_FBKVOSharedController` is a class of KVOController's image
// (KVOControllerImage.swift, decision 0055), loaded once per runtime: it answers the framework's
// path and clang's ivar layout, as a class compiled into the framework does.

import Testing

@testable import KVOController

@Suite struct KVOControllerImageTests {
  @Test func theSharedControllersClassAnswersKVOControllersImage() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    try watcher.kvoController.observe(person, keyPath: "age") { _, _, _ in }
    let cls = try #require(world.runtime.lookUpClass(named: "_FBKVOSharedController"))
    #expect(cls.imageName == Image.kvoControllerPath)
    #expect(cls.ivarLayout == nil)  // clang's for a class without ivars (objc4's empty one for a class pair)
    #expect(world.runtime.classNames(inImage: Image.kvoControllerPath) == ["_FBKVOSharedController"])
    #expect(world.runtime.imageNames.last == Image.kvoControllerPath)
    watcher.kvoController.unobserveAll()
  }

  @Test func theImageIsLoadedOncePerRuntimeWhateverTheSharedControllers() throws {
    // A shared controller lives while a controller does; the next one reuses the image's class.
    let world = try World()
    let person = try world.newPerson()
    var classes: [ObjectIdentifier] = []
    for _ in 0..<2 {
      do {
        let (watcher, _) = try world.newWatcher()
        try watcher.kvoController.observe(person, keyPath: "age") { _, _, _ in }
        try world.setAge(person, 3)
        let cls = try #require(world.runtime.lookUpClass(named: "_FBKVOSharedController"))
        classes.append(ObjectIdentifier(cls))
        watcher.kvoController.unobserveAll()
      }
    }
    #expect(classes.count == 2 && classes[0] == classes[1])
    #expect(world.runtime.imageNames.filter { $0 == Image.kvoControllerPath }.count == 1)
    try world.runtime.checkInvariants()
  }
}
