// SnapshotTests.swift: a snapshot is what introspection answers, gathered.

import Testing

@testable import RuntimeRecorder

@Suite struct SnapshotTests {
  @Test func classesComeInTreeOrderWithMetaclassesAfter() throws {
    let runtime = Runtime()
    let animal = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Animal")
    try runtime.registerClassPair(animal)
    let cat = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Cat")
    try runtime.registerClassPair(cat)
    let dog = try runtime.allocateClassPair(superclass: animal, name: "Dog")
    try runtime.registerClassPair(dog)
    let snapshot = Snapshot(objects: [], classes: [dog, cat])
    #expect(
      snapshot.boxes.map(\.id) == [
        "NSObject", "Animal", "Dog", "Cat", "NSObject (meta)", "Animal (meta)", "Dog (meta)", "Cat (meta)",
      ])
    #expect(snapshot.box("NSObject (meta)")?.superclass == "NSObject")
    #expect(snapshot.box("NSObject (meta)")?.isa == "NSObject (meta)")
    #expect(snapshot.box("Dog (meta)")?.isa == "NSObject (meta)")
    #expect(snapshot.box("Dog")?.isa == "Dog (meta)")
    try runtime.checkInvariants()
  }

  @Test func instanceShowsIvarsAssociationsAndItsRealClass() throws {
    let (runtime, person) = try personRuntime()
    let ann = try person.createInstance()
    try ann.setValue("Ann", forIvar: "_name")
    try ann.setValue(42, forIvar: "_age")
    try ann.setAssociatedObject(7, forKey: AssociationKey("lucky"), policy: .retainNonatomic)
    let snapshot = Snapshot(objects: [("ann", ann), ("Person", person)])
    let instance = try #require(snapshot.instance(named: "ann"))
    #expect(snapshot.instances.count == 1, "a class is drawn as a class, not as an instance")
    #expect(instance.isa == "Person")
    #expect(instance.description == ann.description)
    #expect(instance.ivars.map { "\($0.name)=\($0.value)" } == ["_name=\"Ann\"", "_age=42"])
    #expect(instance.associatedObjects == [Snapshot.Field(name: "lucky", value: "7")])
    let methods = snapshot.box("Person")?.methods.map { "\($0.selector) \($0.implementation)" }
    #expect(methods == ["setAge: -[Person setAge:]", "age -[Person age]", "setName: -[Person setName:]", "name -[Person name]"])
    try runtime.checkInvariants()
  }
}
