// ObjC4BehaviourRound30CategoryPropertyTests.swift: a compiled category's property lists end with
// the properties of the protocols it adopts, as a compiled class's do (Round 29's protocol
// property tests). From memory of clang's CGObjCMac: EmitPropertyList, given a category, lists
// the category's own properties, then calls PushProtocolProperties for each protocol the category
// names, which adds that protocol's properties of the same kind whose names the list does not
// hold yet, then those of the protocols it incorporates. The names checked are the category's
// own: a property the class declares is listed again. objc4's attachCategories puts the lists in
// front of the class's (instance properties) and the metaclass's (class properties).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound30CategoryPropertyTests {
  @Test func aCompiledCategoryListsItsProtocolsPropertiesAfterItsOwn() throws {
    // @protocol Identified @property id identifier; @property (class) int count; @end
    // @protocol Named <Identified> @property id name; @property id title; @end
    // @interface Animal : NSObject @property int legs; @property id name; @end
    // @interface Animal (Naming) <Named> @property id title; @property id nickname; @end
    // Animal(Naming): [title, nickname] + Named's [name] + Identified's [identifier]; class
    // properties: Identified's [count].
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
      try cls.addProperty("legs", attributes: "Ti,V_legs")
      try cls.addProperty("name", attributes: "T@,&,V_name")
    }
    var naming = try Category(named: "Naming", on: "Animal")
    naming.addProtocol(named)
    try naming.addProperty("title", attributes: "T@,C")
    try naming.addProperty("nickname", attributes: "T@,C")
    zoo.addCategory(naming)
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(animal.propertyList.map(\.name) == ["title", "nickname", "name", "identifier", "legs", "name"])
    #expect(animal.property(named: "title")?.attributes.description == "T@,C", "the category's own kept")
    #expect(animal.property(named: "name")?.attributes.description == "T@,R", "the category's list comes first")
    #expect(animal.isa.propertyList.map(\.name) == ["count"])
    #expect(naming.instanceProperties.map(\.name) == ["title", "nickname"], "the value keeps what it was given")
    try runtime.checkInvariants()
  }

  @Test func aCategoryAdoptingTheNSObjectProtocolListsItsFourPropertiesAgain() throws {
    // @interface Animal (Debugging) <NSObject> @end: the category's list is hash, superclass,
    // description, debugDescription, though NSObject lists them too.
    let runtime = Runtime()
    let proto = try #require(runtime.protocol(named: "NSObject"))
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { _ in }
    var debugging = try Category(named: "Debugging", on: "Animal")
    debugging.addProtocol(proto)
    zoo.addCategory(debugging)
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(animal.propertyList.map(\.name) == ["hash", "superclass", "description", "debugDescription"])
    #expect(animal.isa.propertyList.isEmpty)
    try runtime.checkInvariants()
  }
}
