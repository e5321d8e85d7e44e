// ObjC4BehaviourRound29ProtocolPropertyTests.swift: a compiled class's property list ends with the
// properties of the protocols it adopts. From memory of clang's CGObjCMac: EmitPropertyList lists
// the class's own properties, then calls PushProtocolProperties for each protocol the class
// references, which adds that protocol's properties of the same kind (instance or class) whose
// names are not listed yet, then recurses into the protocols it incorporates. So
// class_copyPropertyList([NSObject class]) answers hash, superclass, description and
// debugDescription (the properties of @protocol NSObject), as seen on Apple's platforms, and a class
// made at run time gains no property from class_addProtocol.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound29ProtocolPropertyTests {
  @Test func nsobjectListsThePropertiesOfTheNSObjectProtocol() throws {
    let runtime = Runtime()
    let root = runtime.rootClass
    #expect(root.propertyList.map(\.name) == ["hash", "superclass", "description", "debugDescription"])
    #expect(root.property(named: "hash")?.attributes.description == "TQ,R")
    #expect(root.property(named: "description")?.attributes.description == "T@\"NSString\",R,C")
    #expect(root.isa.propertyList.isEmpty, "the protocol declares no class property")
    let person = try makePerson(in: runtime)
    #expect(person.propertyList.allSatisfy { $0.name != "hash" }, "a subclass lists its own only")
    #expect(person.property(named: "hash")?.name == "hash", "class_getProperty walks up to NSObject")
    try runtime.checkInvariants()
  }

  @Test func aCompiledClassListsItsProtocolsPropertiesAfterItsOwn() throws {
    // @protocol Identified @property id identifier; @property (class) int count; @end
    // @protocol Named <Identified> @property id name; @property id title; @end
    // @interface Animal : NSObject <Named> @property int legs; @property id title; @end
    // clang: [legs, title] + Named's [name] (title is listed) + Identified's [identifier];
    // class properties: Identified's [count].
    let runtime = Runtime()
    let identified = try runtime.allocateProtocol(named: "Identified")
    try identified.addProperty("identifier", attributes: "T@,R")
    try identified.addProperty("count", attributes: "Ti,R", isInstanceProperty: false)
    try runtime.registerProtocol(identified)
    let named = try runtime.allocateProtocol(named: "Named")
    try named.addProtocol(identified)
    try named.addProperty("name", attributes: "T@,R")
    try named.addProperty("title", attributes: "T@,R")
    try runtime.registerProtocol(named)
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.addProtocol(named)
      try cls.addProperty("legs", attributes: "Ti,V_legs")
      try cls.addProperty("title", attributes: "T@,&,V_title")
    }
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(animal.propertyList.map(\.name) == ["legs", "title", "name", "identifier"])
    #expect(animal.property(named: "title")?.attributes.description == "T@,&,V_title", "the class's own kept")
    #expect(animal.isa.propertyList.map(\.name) == ["count"])
    try runtime.checkInvariants()
  }

  @Test func aProtocolAdoptedAtRunTimeAddsNoProperty() throws {
    // class_addProtocol adds the protocol to the class's list only; properties come from clang.
    let runtime = Runtime()
    let named = try runtime.allocateProtocol(named: "Named")
    try named.addProperty("name", attributes: "T@,R")
    try runtime.registerProtocol(named)
    let person = try makePerson(in: runtime)
    let before = person.propertyList.map(\.name)
    #expect(try person.addProtocol(named))
    #expect(person.propertyList.map(\.name) == before)
    try runtime.checkInvariants()
  }
}
