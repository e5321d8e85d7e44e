// ObjC4BehaviourRound17ProbeTests.swift: the seventeenth round's probes of objc4's runtime test
// suite (runtime/test/*.m) for files no earlier round cited: ismeta.m, copyMethodList.m,
// protocol_copyMethodList.m, declProp.m, super.m, bigrc.m and zone.m. Each assertion is that
// test's answer, restated for MiniRuntime's API.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound17ProbeTests {
  @Test func isMetaClassAnswersForClassesMetaclassesAndTheRootMetaclass() throws {
    // ismeta.m: !class_isMetaClass([TestRoot class]), class_isMetaClass(object_getClass(it)).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(!runtime.rootClass.isMetaclass && runtime.rootClass.isa.isMetaclass)
    #expect(!person.isMetaclass && person.isa.isMetaclass)
    #expect(person.isa.isa.isMetaclass && person.isa.isa === runtime.rootClass.isa)
  }

  @Test func copyMethodListIsEmptyForNoMethodsAndPutsACategorysReplacementFirst() throws {
    // copyMethodList.m: a class with no methods gives NULL and a count of 0; "a replacement
    // category of any particular method should always be before the original".
    let runtime = Runtime()
    var image = Image(named: "Methods")
    image.addClass("NoMethods", superclass: "NSObject") { _ in }
    image.addClass("SuperMethods", superclass: "NSObject") { cls in
      for name in ["SuperMethod1", "SuperMethod2", "bothMethod"] {
        try cls.addMethod(Selector(interning: name), types: "v16@0:8", implementation: returning(name))
      }
    }
    var replacing = try Category(named: "Replacing", on: "SuperMethods")
    try replacing.addInstanceMethod("bothMethod", types: "v16@0:8") { _, _, _ in .nil }
    image.addCategory(replacing)
    try runtime.loadImage(image)
    #expect(try #require(runtime.lookUpClass(named: "NoMethods")).methodList.isEmpty)
    let list = try #require(runtime.lookUpClass(named: "SuperMethods")).methodList
    #expect(list.count == 4)
    let both = list.indices.filter { list[$0].selector == "bothMethod" }
    #expect(both.count == 2)
    #expect(list[both[0]].implementation.name == "-[SuperMethods(Replacing) bothMethod]")
    try runtime.checkInvariants()
  }

  @Test func protocolCopyMethodDescriptionListListsOnlyTheProtocolsOwnList() throws {
    // protocol_copyMethodList.m: each of the four lists separately; an incorporated protocol's
    // methods are not copied; an empty list is NULL with a count of 0.
    let runtime = Runtime()
    let base = try runtime.allocateProtocol(named: "Base")
    try base.addMethodDescription("baseMethod", types: "v16@0:8", isRequired: true, isInstanceMethod: true)
    try runtime.registerProtocol(base)
    let proto = try runtime.allocateProtocol(named: "Proto")
    try proto.addProtocol(base)
    try proto.addMethodDescription("req", types: "v16@0:8", isRequired: true, isInstanceMethod: true)
    try proto.addMethodDescription("opt", types: "v16@0:8", isRequired: false, isInstanceMethod: true)
    try proto.addMethodDescription("reqClass", types: "v16@0:8", isRequired: true, isInstanceMethod: false)
    try runtime.registerProtocol(proto)
    #expect(proto.methodDescriptions(isRequired: true, isInstanceMethod: true).map(\.selector) == ["req"])
    #expect(proto.methodDescriptions(isRequired: false, isInstanceMethod: true).map(\.selector) == ["opt"])
    #expect(proto.methodDescriptions(isRequired: true, isInstanceMethod: false).map(\.selector) == ["reqClass"])
    #expect(proto.methodDescriptions(isRequired: false, isInstanceMethod: false).isEmpty)
    #expect(proto.methodDescription(for: "baseMethod", isRequired: true, isInstanceMethod: true).selector == "baseMethod",
      "protocol_getMethodDescription does search incorporated protocols")
  }

  @Test func getPropertyFindsInheritedAndCategoryPropertiesAndCopyPropertyListOnlyOwn() throws {
    // declProp.m: class_getProperty finds a superclass's property and a category's; the list of
    // a class holds its own (a category's included), not its superclass's.
    let runtime = Runtime()
    var image = Image(named: "Props")
    image.addClass("Super", superclass: "NSObject") { cls in
      _ = try cls.addProperty("superProp", attributes: "Ti,V_superProp")
    }
    image.addClass("Sub", superclass: "Super") { cls in
      _ = try cls.addProperty("subProp", attributes: "Ti,V_subProp")
    }
    var extra = try Category(named: "Extra", on: "Sub")
    try extra.addProperty("catProp", attributes: "Ti")
    image.addCategory(extra)
    try runtime.loadImage(image)
    let sub = try #require(runtime.lookUpClass(named: "Sub"))
    #expect(sub.property(named: "superProp")?.name == "superProp")
    #expect(sub.property(named: "catProp")?.attributes.description == "Ti")
    #expect(Set(sub.propertyList.map(\.name)) == ["subProp", "catProp"])
    #expect(sub.property(named: "missing") == nil)
  }

  @Test func aSuperSendToNilRunsNothingAndAnswersZero() throws {
    // super.m: objc_msgSendSuper with a nil receiver returns 0 and calls nothing.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.addMethod("ping", types: "q16@0:8") { _, _, _ in
      calls.append("ping")
      return .int64(7)
    }
    let sub = try makeSubclass(of: person, named: "Student", in: runtime)
    #expect(try Runtime.msgSendSuper(nil, superclass: person, "ping") == .nil)
    #expect(try Runtime.msgSendSuper(nil, definedIn: sub, "ping") == .nil)
    #expect(calls.all.isEmpty)
  }

  @Test func aRetainCountCountsManyRetainsAndReleasesBack() throws {
    // bigrc.m: LOTS retains give a retainCount of LOTS+1; as many releases give back 1;
    // LOTS autoreleases are as many releases at the pop.
    let runtime = Runtime()
    let ann = try new(try makePerson(in: runtime), in: runtime)
    let lots = 20_000
    for _ in 0..<lots { try Runtime.retain(ann) }
    #expect(ann.retainCount == lots + 1)
    try Runtime.autoreleasepool {
      for _ in 0..<lots { try Runtime.autorelease(ann) }
      #expect(ann.retainCount == lots + 1, "autorelease does not change the count")
    }
    #expect(ann.retainCount == 1)
    #expect(!ann.isDeallocating)
  }

  @Test func zonesAreIgnoredAllocWithZoneMakesAnInstanceAndZoneAnswersTheDefault() throws {
    // zone.m: allocWithZone: ignores its zone; -zone and +zone answer the default zone.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try #require(try runtime.msgSend(person, "allocWithZone:", .nil).objectValue)
    #expect(ann.isa === person)
    let zone = try runtime.msgSend(ann, "zone")
    #expect(zone != .nil)
    #expect(try runtime.msgSend(person, "zone") == zone, "+zone answers the same default zone")
  }
}
