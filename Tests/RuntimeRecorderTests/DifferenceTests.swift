// DifferenceTests.swift: what the page highlights from one frame to the next.

import Testing

@testable import RuntimeRecorder

@Suite struct DifferenceTests {
  @Test func exchangedImplementationsAreBothChanged() throws {
    let (runtime, person) = try personRuntime()
    let before = Snapshot(objects: [], classes: [person])
    let name = try #require(try person.instanceMethod(for: "name"))
    let age = try #require(try person.instanceMethod(for: "age"))
    try name.exchangeImplementation(with: age)
    let after = Snapshot(objects: [], classes: [person])
    let differences = Difference.between(before, after, events: [])
    #expect(
      differences == [
        .implementationChanged(class: "Person", selector: "age", from: "-[Person age]", to: "-[Person name]"),
        .implementationChanged(class: "Person", selector: "name", from: "-[Person name]", to: "-[Person age]"),
      ])  // in method-list order: newest first
    #expect(differences[0].description == "implementation of -[Person age] changed: -[Person age] → -[Person name]")
    try runtime.checkInvariants()
  }

  @Test func aClassEnteringThePictureIsNewOnlyIfItWasMadeInTheFrame() throws {
    let (runtime, person) = try personRuntime()
    let empty = Snapshot(objects: [])
    let drawn = Snapshot(objects: [], classes: [person])
    #expect(Difference.between(empty, drawn, events: []).isEmpty)
    let made: [RuntimeEvent] = [.classAllocated(name: "Person", superclass: "NSObject"), .classRegistered(name: "Person")]
    #expect(Difference.between(empty, drawn, events: made) == [.classAdded("Person"), .classAdded("Person (meta)")])
    try runtime.checkInvariants()
  }

  @Test func ivarAndAssociationChangesAreNamed() throws {
    let (runtime, person) = try personRuntime()
    let ann = try person.createInstance()
    let before = Snapshot(objects: [("ann", ann)])
    try ann.setValue(42, forIvar: "_age")
    try ann.setAssociatedObject("tag", forKey: AssociationKey("note"), policy: .retain)
    let after = Snapshot(objects: [("ann", ann)])
    #expect(
      Difference.between(before, after, events: []) == [
        .ivarChanged(instance: "ann", ivar: "_age", from: "0", to: "42"),
        .associationChanged(instance: "ann", key: "note"),
      ])
    try runtime.checkInvariants()
  }

  @Test func flushedCachesComeFromTheEventsOncePerClass() {
    let snapshot = Snapshot(objects: [])
    let events: [RuntimeEvent] = [
      .cacheFlushed(class: "Person", isMetaclass: false), .cacheFlushed(class: "Person", isMetaclass: true),
      .cacheFlushed(class: "Person", isMetaclass: false),
    ]
    #expect(
      Difference.between(snapshot, snapshot, events: events) == [
        .cacheFlushed(class: "Person"), .cacheFlushed(class: "Person (meta)"),
      ])
  }

  @Test(arguments: [
    (Difference.classAdded("Person"), "new class Person"),
    (.isaMoved(instance: "ann", from: "Person", to: "NSKVONotifying_Person"), "isa of ann moved: Person → NSKVONotifying_Person"),
    (.methodAdded(class: "Person (meta)", selector: "make"), "method added: +[Person make]"),
    (.cacheFlushed(class: "Person"), "method cache of Person flushed"),
    (.instanceRemoved("ann"), "ann deallocated"),
  ])
  func differenceDescribesItselfInOneLine(difference: Difference, text: String) {
    #expect(difference.description == text)
  }
}
