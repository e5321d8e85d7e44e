// ProxyClassImageTests.swift: key-value coding's private collection proxy classes are
// Foundation's (FoundationImage+KeyValueProxies.swift, decision 0055): they exist once Foundation
// is loaded, answer Foundation's image and clang's ivar layout, and carry KVO's methods once KVO
// is installed. The notifying subclass, which Foundation makes at run time with
// objc_allocateClassPair, belongs to no image.

import Testing

@testable import KVO

@Suite struct ProxyClassImageTests {
  @Test func theProxyClassesAreFoundationsFromTheStart() throws {
    // Apple: class_getImageName(objc_getClass("NSKeyValueFastMutableSet")) is Foundation's path
    // in any process that links Foundation, before any proxy was asked for.
    let runtime = Runtime()
    try runtime.installFoundation()
    for name in ["NSKeyValueMutableSet", "NSKeyValueFastMutableSet", "NSKeyValueArray", "NSKeyValueIvarMutableArray"] {
      let cls = try #require(runtime.lookUpClass(named: name), "\(name)")
      #expect(cls.imageName == Image.foundationPath, "\(name)")
    }
    #expect(runtime.classNames(inImage: Image.foundationPath).contains("NSKeyValueSlowMutableOrderedSet"))
  }

  @Test func aProxysClassIsFoundationsAndHasClangsIvarLayout() throws {
    // The base class holds two object ivars, so clang's layout scans them: the same layout a
    // compiled class with the same ivars has.
    let world = try World()
    let person = try world.newPerson()
    try person.setValue(.object(try world.runtime.mutableSet()), forKey: "items")
    let proxy = try person.mutableSetValue(forKey: "items")
    #expect(proxy.isa.imageName == Image.foundationPath)
    var image = Image(named: "Same")
    image.addClass("SameIvars", superclass: "NSMutableSet") { cls in
      try cls.addIvar("_container", type: .object(className: nil))
      try cls.addIvar("_key", type: .object(className: "NSString"))
    }
    try world.runtime.loadImage(image)
    let base = try #require(proxy.isa.superclass)
    #expect(base.name == "NSKeyValueMutableSet")
    #expect(base.ivarLayout != nil && base.ivarLayout != [])
    #expect(base.ivarLayout == world.runtime.lookUpClass(named: "SameIvars")?.ivarLayout)
    #expect(proxy.isa.ivarLayout == nil)  // no ivars of its own
  }

  @Test func theProxyClassesHaveKVOsMethodsOnceKVOIsInstalled() throws {
    // Foundation's proxy classes are compiled with their methods; here KVO adds them when it is
    // installed beside Foundation, whichever comes first, before any proxy is made.
    for foundationFirst in [true, false] {
      let runtime = Runtime()
      if foundationFirst { try runtime.installFoundation() }
      runtime.installKeyValueObserving()
      if !foundationFirst { try runtime.installFoundation() }
      let base = try #require(runtime.lookUpClass(named: "NSKeyValueMutableSet"))
      #expect(base.methodList.map(\.selector.name).contains("count"))
      let getter = try #require(runtime.lookUpClass(named: "NSKeyValueArray"))
      #expect(getter.methodList.map(\.selector.name).contains("objectAtIndex:"))
    }
  }

  @Test func theNotifyingSubclassBelongsToNoImage() throws {
    // Already matched: Foundation makes NSKVONotifying_Person with objc_allocateClassPair, so
    // class_getImageName answers NULL and its layout is objc4's empty one.
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    #expect(person.isa.name == "NSKVONotifying_Person")
    #expect(person.isa.imageName == nil)
    #expect(person.isa.ivarLayout == [])
    try person.removeObserver(observer, forKeyPath: "age")
  }
}
