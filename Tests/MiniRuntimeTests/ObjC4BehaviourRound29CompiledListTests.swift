// ObjC4BehaviourRound29CompiledListTests.swift: the protocol and property lists of a compiled
// class (an image's, NSObject), and class_copyProtocolList and class_conformsToProtocol of its
// metaclass. From memory of clang's CGObjCMac
// (BuildClassRoTInitializer): one protocol list, the class's declared protocols, is written into
// the class_ro_t of both the class and its metaclass, and objc4's methodizeClass attaches each
// ro's baseProtocols to its own class. A category's protocols go to the class only
// (category_t::protocolsForMeta answers NULL for a metaclass), and class_addProtocol adds to the
// class it is given. So a compiled class's metaclass lists the class's protocols, NSObject's the
// NSObject protocol, and a class made by objc_allocateClassPair + class_addProtocol lists none.
// Each compiled list keeps the declared order, where class_addProtocol and class_addProperty at
// run time attach each new one-entry list in front.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound29CompiledListTests {
  private func registeredProtocol(_ name: String, in runtime: Runtime) throws -> Protocol {
    let proto = try runtime.allocateProtocol(named: name)
    try runtime.registerProtocol(proto)
    return proto
  }

  @Test func aCompiledClassesMetaclassListsTheProtocolsTheClassDeclares() throws {
    let runtime = Runtime()
    let named = try registeredProtocol("Named", in: runtime)
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in try cls.addProtocol(named) }
    zoo.addClass("Dog", superclass: "Animal") { _ in }
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    let dog = try #require(runtime.lookUpClass(named: "Dog"))
    #expect(animal.protocols.map(\.name) == ["Named"])
    #expect(animal.isa.protocols.map(\.name) == ["Named"], "clang writes the list into the metaclass's ro too")
    #expect(animal.isa.conforms(to: named))
    #expect(dog.isa.protocols.isEmpty && !dog.isa.conforms(to: named), "Dog declares none of its own")
    #expect(try !animal.isa.addProtocol(named), "class_addProtocol finds it there already")
    try runtime.checkInvariants()
  }

  @Test func nsobjectsMetaclassListsTheNSObjectProtocol() throws {
    // NSObject.mm's @interface NSObject <NSObject> is compiled by clang like any class.
    let runtime = Runtime()
    let proto = try #require(runtime.protocol(named: "NSObject"))
    #expect(runtime.rootClass.isa.protocols.map(\.name) == ["NSObject"])
    #expect(runtime.rootClass.isa.conforms(to: proto))
    let person = try makePerson(in: runtime)
    #expect(person.isa.protocols.isEmpty && !person.isa.conforms(to: proto), "made at run time")
    try runtime.checkInvariants()
  }

  @Test func aCategorysProtocolsAndOnesAddedAtRunTimeStayOffTheMetaclass() throws {
    let runtime = Runtime()
    let named = try registeredProtocol("Named", in: runtime)
    let flyer = try registeredProtocol("Flyer", in: runtime)
    let pet = try registeredProtocol("Pet", in: runtime)
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in try cls.addProtocol(named) }
    var flying = try Category(named: "Flying", on: "Animal")
    flying.addProtocol(flyer)
    zoo.addCategory(flying)
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(try animal.addProtocol(pet))
    #expect(animal.protocols.map(\.name) == ["Pet", "Flyer", "Named"])
    #expect(animal.isa.protocols.map(\.name) == ["Named"], "only the compiled list")
    #expect(!animal.isa.conforms(to: flyer) && !animal.isa.conforms(to: pet))
    try runtime.checkInvariants()
  }

  @Test func aCompiledClassListsItsDeclaredProtocolsInDeclarationOrder() throws {
    // @interface Animal : NSObject <Named, Pet>: clang emits [Named, Pet] as one list, which
    // class_copyProtocolList answers in that order (class_addProtocol at run time puts each
    // new list in front instead).
    let runtime = Runtime()
    let named = try registeredProtocol("Named", in: runtime)
    let pet = try registeredProtocol("Pet", in: runtime)
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.addProtocol(named)
      try cls.addProtocol(pet)
    }
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(animal.protocols.map(\.name) == ["Named", "Pet"])
    #expect(animal.isa.protocols.map(\.name) == ["Named", "Pet"])
    let person = try makePerson(in: runtime)
    try person.addProtocol(named)
    try person.addProtocol(pet)
    #expect(person.protocols.map(\.name) == ["Pet", "Named"], "made at run time: newest first")
    try runtime.checkInvariants()
  }

  @Test func aCompiledClassListsItsPropertiesInDeclarationOrder() throws {
    // @property int legs; @property id name; @property (class) int count; @property (class) id
    // shared: clang's _OBJC_$_PROP_LIST_Animal and _OBJC_$_CLASS_PROP_LIST_Animal hold them in
    // that order, which class_copyPropertyList answers; a category's list goes in front.
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.addProperty("legs", attributes: "Ti,V_legs")
      try cls.addProperty("name", attributes: "T@,&,V_name")
      try cls.isa.addProperty("count", attributes: "Ti,R")
      try cls.isa.addProperty("shared", attributes: "T@,R")
    }
    var flying = try Category(named: "Flying", on: "Animal")
    try flying.addProperty("wings", attributes: "Ti,R")
    zoo.addCategory(flying)
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(animal.propertyList.map(\.name) == ["wings", "legs", "name"])
    #expect(animal.isa.propertyList.map(\.name) == ["count", "shared"])
    #expect(try animal.addProperty("age", attributes: "Tq"))
    #expect(animal.propertyList.map(\.name) == ["age", "wings", "legs", "name"], "added at run time: in front")
    try runtime.checkInvariants()
  }

  @Test func aDuplicateOfACompiledClassKeepsItsListAndSharesTheMetaclassThatListsIt() throws {
    // Already matched: objc_duplicateClass copies the class's protocol list and takes the
    // original's metaclass as its isa, so the duplicate's metaclass is the one clang filled.
    let runtime = Runtime()
    let named = try registeredProtocol("Named", in: runtime)
    let pet = try registeredProtocol("Pet", in: runtime)
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.addProtocol(named)
      try cls.addProtocol(pet)
    }
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    let copy = try runtime.duplicateClass(animal, name: "AnimalCopy")
    #expect(copy.protocols.map(\.name) == ["Named", "Pet"])
    #expect(copy.isa === animal.isa && copy.isa.protocols.map(\.name) == ["Named", "Pet"])
    try runtime.checkInvariants()
  }

  @Test func aSubclassMadeAtRunTimeOfACompiledClassHasAnEmptyMetaclassList() throws {
    // Already matched: objc_allocateClassPair's metaclass starts with no protocols whatever its
    // superclass's metaclass lists; +conformsToProtocol: still finds Animal's through the class
    // chain, and class_conformsToProtocol of either Dog side answers NO.
    let runtime = Runtime()
    let named = try registeredProtocol("Named", in: runtime)
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in try cls.addProtocol(named) }
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    let dog = try makeSubclass(of: animal, named: "Dog", in: runtime)
    #expect(dog.protocols.isEmpty && dog.isa.protocols.isEmpty)
    #expect(!dog.conforms(to: named) && !dog.isa.conforms(to: named))
    #expect(try runtime.msgSend(dog, "conformsToProtocol:", .object(named)) == true)
    try runtime.checkInvariants()
  }
}
