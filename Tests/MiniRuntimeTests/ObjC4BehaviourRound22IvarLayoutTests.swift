// ObjC4BehaviourRound22IvarLayoutTests.swift: the ivar layout strings objc4 answers for a class
// made at run time (objc-runtime-new.mm, from memory: objc_initializeClassPair_internal points
// both layouts of the class at an empty string, class_addIvar and objc_registerClassPair leave
// them, only class_setIvarLayout / class_setWeakIvarLayout replace them) against a class of an
// image, whose layouts are the ones clang emits for its ivars.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound22IvarLayoutTests {
  /// `Holder` with a strong, a scalar, a strong and a weak property, in that order.
  private func addHolderProperties(to cls: Class) throws {
    try cls.synthesizeProperty("a", type: .object(className: nil))
    try cls.synthesizeProperty("count", type: .longLong)
    try cls.synthesizeProperty("b", type: .object(className: nil))
    try cls.synthesizeProperty("owner", type: .object(className: nil), options: [.weak])
  }

  @Test func aRuntimeMadeClassAnswersTheEmptyLayoutsWhateverItsIvars() throws {
    // objc4: class_getIvarLayout and class_getWeakIvarLayout of an objc_allocateClassPair class
    // answer "" (a non-NULL empty string) before and after registration; class_addIvar and a
    // weak property do not change them.
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Holder")
    #expect(cls.ivarLayout == [] && cls.weakIvarLayout == [])
    try addHolderProperties(to: cls)
    #expect(cls.ivarLayout == [] && cls.weakIvarLayout == [], "class_addIvar does not update them")
    try runtime.registerClassPair(cls)
    #expect(cls.ivarLayout == [], "not NULL, not clang's [0x01, 0x11]")
    #expect(cls.weakIvarLayout == [], "not NULL, not clang's [0x31]")
    #expect(cls.ivar(named: "_owner")?.isWeak == true, "the weak property's ivar is still weak")
    #expect(cls.ivar(named: "_a")?.isWeak == false)
    #expect(cls.isa.ivarLayout == nil && cls.isa.weakIvarLayout == nil, "the metaclass's stay NULL")
    try runtime.checkInvariants()
  }

  @Test func aRuntimeMadeClassWithoutIvarsAnswersTheEmptyLayoutNotNull() throws {
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Empty")
    try runtime.registerClassPair(cls)
    #expect(cls.ivarLayout == [] && cls.weakIvarLayout == [])
    let root = try runtime.allocateClassPair(superclass: nil, name: "Root")
    #expect(root.ivarLayout == [] && root.weakIvarLayout == [], "a new root class too")
    try runtime.checkInvariants()
  }

  @Test func aClassOfAnImageKeepsClangsLayouts() throws {
    // A compiled class: its class_ro_t carries the layouts clang emitted for its ivars.
    let runtime = Runtime()
    var image = Image(named: "Holder.dylib")
    image.addClass("Holder", superclass: "NSObject") { cls in try addHolderProperties(to: cls) }
    image.addClass("Plain", superclass: "NSObject") { cls in try cls.addIvar("_n", type: .int) }
    try runtime.loadImage(image)
    let holder = try #require(runtime.lookUpClass(named: "Holder"))
    #expect(holder.ivarLayout == [0x01, 0x11], "words 0 and 2 strong")
    #expect(holder.weakIvarLayout == [0x31], "word 3 weak")
    let plain = try #require(runtime.lookUpClass(named: "Plain"))
    #expect(plain.ivarLayout == nil && plain.weakIvarLayout == nil, "clang emits NULL when nothing is scanned")
    #expect(runtime.rootClass.ivarLayout == nil, "NSObject is compiled too")
    try runtime.checkInvariants()
  }

  @Test func theSettersReplaceTheEmptyLayoutAndNullClearsItToNull() throws {
    // class_setIvarLayout(cls, NULL) stores NULL (ustrdupMaybeNil), not the empty layout again.
    let runtime = Runtime()
    let node = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Node")
    try node.addIvar("_next", type: .object(className: "Node"))
    try node.setIvarLayout([0x01])
    #expect(node.ivarLayout == [0x01])
    try node.setIvarLayout(nil)
    #expect(node.ivarLayout == nil)
    try node.setWeakIvarLayout(nil)
    #expect(node.weakIvarLayout == nil)
    try node.setWeakIvarLayout([0x00])
    #expect(node.weakIvarLayout == [], "a layout that is only its terminator is the empty one")
    try runtime.registerClassPair(node)
    #expect(node.ivarLayout == nil && node.weakIvarLayout == [])
    #expect(node.ivar(named: "_next")?.isWeak == false)
    let twin = try runtime.duplicateClass(node, name: "Twin")
    #expect(twin.ivarLayout == nil && twin.weakIvarLayout == [], "objc_duplicateClass copies them")
    try runtime.checkInvariants()
  }

  @Test func theRuntimesOwnClassesAreCompiledOnes() throws {
    // NSMethodSignature (Foundation's) and Protocol (objc4's) are compiled classes; neither
    // has a scanned ivar, so clang's layouts are NULL.
    let runtime = Runtime()
    let signatureClass = try runtime.methodSignatureClass()
    #expect(signatureClass.ivarLayout == nil && signatureClass.weakIvarLayout == nil)
    let protocolClass = try #require(runtime.lookUpClass(named: "Protocol"))
    #expect(protocolClass.ivarLayout == nil && protocolClass.weakIvarLayout == nil)
  }
}
