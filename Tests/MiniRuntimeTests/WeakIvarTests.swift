// WeakIvarTests.swift: `__weak` ivars: a `weak` property's, or those class_setWeakIvarLayout
// covers (Class+IvarLayout.swift, ObjectStorage.swift).

import Testing

@testable import MiniRuntime

@Suite struct WeakIvarTests {
  @Test func weakPropertyIvarDoesNotRetainAndReadsNilOnceItsObjectIsDeallocated() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("delegate", type: .object(className: nil), options: [.weak])
    try person.synthesizeProperty("friend", type: .object(className: "Person"))
    try runtime.registerClassPair(person)
    #expect(person.property(named: "delegate")?.attributes.description == "T@,W,V_delegate")
    #expect(person.ivar(named: "_delegate")?.isWeak == true)
    #expect(person.ivar(named: "_friend")?.isWeak == false)
    let ann = try new(person, in: runtime)
    var bob: Object? = try new(person, in: runtime)
    try runtime.msgSend(ann, "setDelegate:", .object(bob!))
    try Runtime.autoreleasepool {  // the weak getter's objc_loadWeak autoreleases what it reads
      let read = try runtime.msgSend(ann, "delegate")
      #expect(read == .object(bob!))
    }
    bob = nil
    #expect(person.liveInstanceCount == 1, "the weak ivar did not keep bob alive")
    #expect(try runtime.msgSend(ann, "delegate") == .nil)
    #expect(try ann.value(ofIvar: "_delegate") == .nil)
    try runtime.checkInvariants()
  }

  @Test func setWeakIvarLayoutMakesTheWordsItScansWeak() throws {
    let runtime = Runtime()
    let node = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Node")
    try node.addIvar("_next", type: .object(className: "Node"))  // word 0 of the class
    try node.addIvar("_parent", type: .object(className: "Node"))  // word 1
    try node.setWeakIvarLayout([0x11])  // skip 1 word, 1 weak word
    try runtime.registerClassPair(node)
    #expect(node.weakIvarLayout == [0x11])
    #expect(node.ivarLayout == [], "the strong layout was never set: objc4's empty one")
    #expect(node.ivar(named: "_next")?.isWeak == false)
    #expect(node.ivar(named: "_parent")?.isWeak == true)
    expectError(.invalidClassState) { try node.setWeakIvarLayout(nil) }
    let child = try node.createInstance()
    var parent: Object? = try node.createInstance()
    var next: Object? = try node.createInstance()
    try child.setValue(.object(parent!), forIvar: "_parent")
    try child.setValue(.object(next!), forIvar: "_next")
    parent = nil
    next = nil
    #expect(try child.value(ofIvar: "_parent") == .nil, "weak: freed")
    #expect(try child.value(ofIvar: "_next") != .nil, "strong: kept alive")
    #expect(node.liveInstanceCount == 2)
  }

  @Test func clangStyleLayoutStringsForAWeakIvarAfterStrongOnes() throws {
    // A class of an image: its layouts are clang's (one made at run time answers the empty
    // layouts: ObjC4BehaviourRound22IvarLayoutTests).
    let runtime = Runtime()
    var image = Image(named: "Holder.dylib")
    image.addClass("Holder", superclass: "NSObject") { cls in
      try cls.synthesizeProperty("a", type: .object(className: nil))
      try cls.synthesizeProperty("count", type: .longLong)
      try cls.synthesizeProperty("b", type: .object(className: nil))
      try cls.synthesizeProperty("owner", type: .object(className: nil), options: [.weak])
    }
    try runtime.loadImage(image)
    let cls = try #require(runtime.lookUpClass(named: "Holder"))
    #expect(cls.ivarLayout == [0x01, 0x11], "words 0 and 2 strong")
    #expect(cls.weakIvarLayout == [0x31], "word 3 weak")
  }

  @Test func storingADeallocatingObjectInAWeakIvarThrowsAndChangesNothing() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("delegate", type: .object(className: nil), options: [.weak])
    try runtime.registerClassPair(person)
    let ann = try new(person, in: runtime)
    let keeper = try new(person, in: runtime)
    try ann.setValue(.object(keeper), forIvar: "_delegate")
    let errors = Recorder<RuntimeError.Code>()
    try person.addMethod("dealloc", types: "v16@0:8") { [weak ann] receiver, _, _ in
      guard let ann, receiver !== ann else { return .nil }
      do { try ann.setValue(.object(receiver), forIvar: "_delegate") } catch let error as RuntimeError {
        errors.append(error.code)
      }
      return .nil
    }
    do { _ = try new(person, in: runtime) }
    #expect(errors.all == [.deallocatingObject])
    #expect(try ann.value(ofIvar: "_delegate") == .object(keeper))
  }
}
