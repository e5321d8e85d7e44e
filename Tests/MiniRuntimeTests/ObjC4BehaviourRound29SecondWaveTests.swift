// ObjC4BehaviourRound29SecondWaveTests.swift: a category's protocol list attached as it is
// (objc4's attachLists does not deduplicate, so a protocol the class already declares is listed
// twice) and objc_disposeClassPair's refusals in objc4's words: a class objc_allocateClassPair did
// not make (NSObject, a metaclass of NSObject's hierarchy, whose isa is the compiled root
// metaclass) and a metaclass of a hierarchy made at run time.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound29SecondWaveTests {
  private func registeredProtocol(_ name: String, in runtime: Runtime) throws -> Protocol {
    let proto = try runtime.allocateProtocol(named: name)
    try runtime.registerProtocol(proto)
    return proto
  }

  @Test func aCategoryAdoptingAProtocolTheClassDeclaresListsItTwice() throws {
    let runtime = Runtime()
    let named = try registeredProtocol("Named", in: runtime)
    let pet = try registeredProtocol("Pet", in: runtime)
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in try cls.addProtocol(named) }
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    var pets = try Category(named: "Pets", on: "Animal")
    pets.addProtocol(named)
    pets.addProtocol(pet)
    var extras = Image(named: "Extras")
    extras.addCategory(pets)
    try runtime.loadImage(extras)
    #expect(animal.protocols.map(\.name) == ["Named", "Pet", "Named"], "the category's list in front, as it is")
    #expect(try animal.addProtocol(named) == false, "class_addProtocol: it conforms already")
    #expect(try animal.addProtocol(pet) == false)
    #expect(animal.protocols.count == 3)
    try runtime.checkInvariants()
  }

  @Test func disposeClassPairOfAClassItDidNotMakeSaysSoInObjC4sWords() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    for cls in [runtime.rootClass, runtime.rootClass.isa, person.isa] {
      let error = expectError(.invalidClassState) { try runtime.disposeClassPair(cls) }
      #expect(
        error?.message
          == "objc_disposeClassPair: class '\(cls.name)' was not allocated with objc_allocateClassPair!")
    }
    #expect(runtime.lookUpClass(named: "Person") === person)
    try runtime.checkInvariants()
  }

  @Test func disposeClassPairOfAMetaclassOfARootMadeAtRunTimeSaysItIsAMetaclass() throws {
    let runtime = Runtime()
    let root = try runtime.allocateClassPair(superclass: nil, name: "Root")
    try runtime.registerClassPair(root)
    let leaf = try makeSubclass(of: root, named: "Leaf", in: runtime)
    for cls in [root.isa, leaf.isa] {
      let error = expectError(.invalidClassState) { try runtime.disposeClassPair(cls) }
      #expect(error?.message == "objc_disposeClassPair: class '\(cls.name)' is a metaclass, not a class!")
    }
    try runtime.disposeClassPair(leaf)
    try runtime.disposeClassPair(root)
    #expect(runtime.lookUpClass(named: "Root") == nil)
    try runtime.checkInvariants()
  }
}
