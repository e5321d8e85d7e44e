// ObjC4BehaviourRound30DisposalTests.swift: objc_disposeClassPair refuses a class an image brought,
// as objc4 does for any class objc_allocateClassPair did not make: objc4 asks whether the class and
// its isa carry RW_CONSTRUCTING or RW_CONSTRUCTED, flags only objc_allocateClassPair sets (a
// compiled class's rw has neither), logs "was not allocated with objc_allocateClassPair!" and
// returns. objc_duplicateClass copies its original's rw flags and takes its metaclass, so a copy of
// an image's class is refused too. A failed image load still takes back the classes it made.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound30DisposalTests {
  @Test func disposeClassPairOfAnImagesClassIsRefusedInObjC4sWords() throws {
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { _ in }
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    let twin = try runtime.duplicateClass(animal, name: "Twin")
    for cls in [animal, twin] {
      let error = expectError(.invalidClassState) { try runtime.disposeClassPair(cls) }
      #expect(
        error?.message == "objc_disposeClassPair: class '\(cls.name)' was not allocated with objc_allocateClassPair!")
    }
    #expect(runtime.lookUpClass(named: "Animal") === animal && animal.isRegistered, "nothing changed")
    #expect(runtime.classNames(inImage: "Zoo") == ["Animal"])
    let person = try makePerson(in: runtime)
    let copy = try runtime.duplicateClass(person, name: "Copy")
    try runtime.disposeClassPair(copy)  // a copy of a class made at run time goes, as objc4's
    try runtime.disposeClassPair(person)
    #expect(runtime.lookUpClass(named: "Person") == nil)
    try runtime.checkInvariants()
  }

  @Test func aFailedImageLoadStillTakesBackTheClassesItMade() throws {
    struct Broken: Error {}
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { _ in }
    zoo.addClass("Dog", superclass: "Animal") { _ in throw Broken() }
    #expect(throws: Broken.self) { try runtime.loadImage(zoo) }
    #expect(runtime.lookUpClass(named: "Animal") == nil && runtime.lookUpClass(named: "Dog") == nil)
    #expect(!runtime.classes.contains { $0.name == "Animal" || $0.name == "Dog" })
    #expect(!runtime.imageNames.contains("Zoo"))
    try runtime.checkInvariants()
  }
}
