// TourStepTests.swift: every step of the tour, run for real, checked on its key facts.

import Testing

@testable import Tour

@Suite struct TourStepTests {
  /// The result of step `number` of a tour in a fresh runtime, with that runtime.
  func run(_ number: Int) throws -> (StepResult, Runtime) {
    let runtime = Runtime()
    let result = try Tour(runtime: runtime).run(step: number)
    return (result, runtime)
  }

  @Test func stepOneDefinesPersonWithAccessorsAndAnEmptyMetaclass() throws {
    let (result, runtime) = try run(1)
    #expect(result.facts.newClasses == ["Person"])
    #expect(result.facts.methods["Person"] == ["setAge:", "age", "setName:", "name"])  // newest first
    #expect(result.facts.superclasses["Person"] == "NSObject")
    #expect(result.facts.isa == nil)
    #expect(result.graph.target(of: "Person", .isa) == "Person (meta)")
    #expect(result.graph.target(of: "Person (meta)", .superclass) == "NSObject (meta)")
    #expect(result.graph.target(of: "Person (meta)", .isa) == "NSObject (meta)")
    #expect(result.graph.target(of: "NSObject (meta)", .isa) == "NSObject (meta)")
    #expect(result.graph.target(of: "NSObject (meta)", .superclass) == "NSObject")
    #expect(result.lines.contains(TourLine(.fact, "class_copyMethodList(object_getClass(Person)) = (none)")))
    try runtime.checkInvariants()
  }

  @Test func stepTwoInstanceIsAndClaimsPerson() throws {
    let (result, runtime) = try run(2)
    #expect(result.facts.isa == "Person")
    #expect(result.facts.claimedClass == "Person")
    #expect(result.facts.newClasses.isEmpty)
    #expect(result.graph.target(of: "ann", .isa) == "Person")
    #expect(result.lines.contains(TourLine(.fact, "[ann class] == object_getClass(ann) = YES")))
    try runtime.checkInvariants()
  }

  @Test func stepThreeShowsNotifyingSubclassAsIsa() throws {
    let (result, runtime) = try run(3)
    let facts = result.facts
    #expect(facts.isa == "NSKVONotifying_Person")
    #expect(facts.claimedClass == "Person")
    #expect(facts.newClasses == ["Observer", "NSKVONotifying_Person"])
    #expect(facts.superclasses["NSKVONotifying_Person"] == "Person")
    #expect(Set(facts.methods["NSKVONotifying_Person"] ?? []) == ["setAge:", "class", "dealloc", "_isKVOA"])
    #expect(
      facts.events.contains { $0.hasPrefix("isa of <Person: ") && $0.hasSuffix(": Person -> NSKVONotifying_Person") })
    #expect(result.graph.target(of: "ann", .isa) == "NSKVONotifying_Person")
    #expect(result.graph.target(of: "NSKVONotifying_Person", .superclass) == "Person")
    #expect(result.graph.target(of: "NSKVONotifying_Person", .isa) == "NSKVONotifying_Person (meta)")
    try runtime.checkInvariants()
  }

  @Test func stepFourDeliversOldAndNewAgeBetweenWillAndDidChange() throws {
    let (result, runtime) = try run(4)
    let changes = result.facts.changes
    #expect(changes.count == 1)
    #expect(changes.first?.receiver == "watcher")
    #expect(changes.first?.keyPath == "age")
    #expect(changes.first?.change.kind == .setting)
    #expect(changes.first?.change.old == 42)
    #expect(changes.first?.change.new == 43)
    #expect(
      result.facts.callOrder == [
        "willChangeValueForKey:", "super setAge:", "didChangeValueForKey:",
        "observeValueForKeyPath:ofObject:change:context:",
      ])
    #expect(result.facts.isa == "NSKVONotifying_Person")
    try runtime.checkInvariants()
  }

  @Test func stepFiveAddsTheNameSetterToTheSameSubclass() throws {
    let (result, runtime) = try run(5)
    let facts = result.facts
    #expect(facts.newClasses.isEmpty)
    #expect(facts.isa == "NSKVONotifying_Person")
    #expect(
      Set(facts.methods["NSKVONotifying_Person"] ?? []) == ["setAge:", "setName:", "class", "dealloc", "_isKVOA"])
    #expect(facts.events.contains("added method -[NSKVONotifying_Person setName:] 'v24@0:8@16'"))
    #expect(result.lines.contains(TourLine(.fact, "the same class object as in step 3 = YES")))
    #expect(facts.changes.map(\.keyPath) == ["name"])
    #expect(facts.changes.first?.change.old == "Ann")
    #expect(facts.changes.first?.change.new == "Bea")
    try runtime.checkInvariants()
  }

  @Test func stepSixRestoresIsaAndKeepsTheSubclassRegistered() throws {
    let (result, runtime) = try run(6)
    let facts = result.facts
    #expect(facts.isa == "Person")
    #expect(facts.claimedClass == "Person")
    #expect(facts.classes.contains("NSKVONotifying_Person"))
    #expect(facts.changes.isEmpty)
    #expect(facts.events.contains { $0.hasSuffix(": NSKVONotifying_Person -> Person") })
    #expect(result.graph.target(of: "ann", .isa) == "Person")
    #expect(result.graph.target(of: "NSKVONotifying_Person", .superclass) == "Person")
    #expect(result.lines.contains(TourLine(.fact, "notifications received = (none)")))
    try runtime.checkInvariants()
  }

  @Test func stepSevenControllerObservesAndItsReleaseRestoresIsa() throws {
    let (result, runtime) = try run(7)
    let facts = result.facts
    // The notifying subclass is reused; the only new class is the shared controller's, the one
    // KVO observer behind every controller (FBKVOController's `_FBKVOSharedController`).
    #expect(facts.newClasses == ["_FBKVOSharedController"])
    #expect(facts.isa == "Person")
    #expect(facts.changes.count == 1)
    let change = try #require(facts.changes.first)
    #expect(change.receiver == "block")
    #expect(change.change.old == 44)
    #expect(change.change.new == 45)
    #expect(change.change[.notificationKeyPath] == "age")
    let swaps = facts.events.filter { $0.hasPrefix("isa of ") }
    #expect(swaps.count == 2)
    #expect(swaps.first?.hasSuffix(": Person -> NSKVONotifying_Person") == true)
    #expect(swaps.last?.hasSuffix(": NSKVONotifying_Person -> Person") == true)
    try runtime.checkInvariants()
  }

  @Test func stepEightReportsDependentChainAndToManyChanges() throws {
    let (result, runtime) = try run(8)
    let changes = result.facts.changes
    #expect(changes.map(\.keyPath) == ["displayName", "leader.name", "members", "tags"])
    #expect(changes[0].change.old == "Bea (46)")
    #expect(changes[0].change.new == "Bea (47)")
    #expect(changes[1].change.old == "Bob")
    #expect(changes[1].change.new == "Robert")
    #expect(changes[2].change.kind == .insertion)
    #expect(changes[2].change.indexes == [0])
    #expect(changes[2].change.new?.arrayValue?.count == 1)
    try runtime.checkInvariants()
  }

  @Test func stepEightAddsToASetRelationshipThroughItsProxyAndSeesAnInsertion() throws {
    let (result, runtime) = try run(8)
    let tags = try #require(result.facts.changes.last)
    #expect(tags.keyPath == "tags")
    #expect(tags.change.kind == .insertion)  // kind 2, as for an array, but without indexes
    #expect(tags.change.new == .set(["kvo"]))  // the set of objects added
    #expect(tags.change.old == nil)
    #expect(tags.change.indexes == nil)
    #expect(result.facts.methods["NSKVONotifying_Team"]?.contains("addTagsObject:") == true)
    #expect(result.lines.contains(TourLine(.fact, "team.tags = {(\"kvo\")}")))
    // Foundation is loaded before the tour starts: no step prints its classes being made.
    #expect(!result.facts.newClasses.contains("NSKeyValueMutableSet"))
    #expect(result.facts.newClasses == ["Team", "NSKVONotifying_Team"])
    #expect(result.graph.target(of: "team", .isa) == "NSKVONotifying_Team")
    #expect(result.graph.target(of: "bob", .isa) == "NSKVONotifying_Person")
    try runtime.checkInvariants()
  }

  @Test(arguments: 1...8)
  func eachStepAloneMatchesTheSameStepOfTheWholeTour(number: Int) throws {
    let whole = try Tour(runtime: Runtime()).runRemainingSteps()[number - 1]
    let (alone, _) = try run(number)
    #expect(alone.facts.isa == whole.facts.isa)
    #expect(alone.facts.claimedClass == whole.facts.claimedClass)
    #expect(alone.facts.classes == whole.facts.classes)
    #expect(alone.facts.methods == whole.facts.methods)
    #expect(alone.facts.changes.map(\.keyPath) == whole.facts.changes.map(\.keyPath))
    #expect(alone.graph == whole.graph)
  }

  @Test func everyEventOfAStepIsPrintedUnderItsAction() throws {
    let tour = Tour(runtime: Runtime())
    for result in try tour.runRemainingSteps() {
      let printed = result.lines.filter { $0.kind == .event }.map(\.text)
      #expect(printed == result.facts.events, "step \(result.step.number)")
    }
  }

  @Test func theTourOnlyGoesForward() throws {
    let tour = Tour(runtime: Runtime())
    _ = try tour.run(step: 3)
    #expect(throws: TourError.alreadyRun(2)) { try tour.run(step: 2) }
    #expect(throws: TourError.alreadyRun(3)) { try tour.run(step: 3) }
    #expect(try tour.run(step: 4).step.number == 4)
  }

  @Test(arguments: [0, 9, -1])
  func stepsOutsideOneToEightDoNotExist(number: Int) {
    #expect(throws: TourError.noSuchStep(number)) { try Tour(runtime: Runtime()).run(step: number) }
  }

  @Test func stepsAreNumberedFromOneInOrder() {
    #expect(Tour.steps.map(\.number) == Array(1...8))
  }
}
