// CategoryTests.swift: categories as objc4 attaches them: methods in front of the class's own
// (so they win, the latest category first), the original kept in the method list after them,
// class methods on the metaclass, properties and protocols too, and every cache that could see
// the change flushed (Category.swift, Class+Categories.swift).

import Testing

@testable import MiniRuntime

@Suite struct CategoryTests {
  /// Loads an image holding only `categories`.
  func attach(_ categories: Category..., in runtime: Runtime, image: String = "Categories") throws {
    var loaded = Image(named: image)
    for category in categories { loaded.addCategory(category) }
    try runtime.loadImage(loaded)
  }

  @Test func categoryMethodWinsOverTheClassesOwnAndTheOriginalStaysListedAfterIt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "greet", "hello")
    var polite = try Category(named: "Polite", on: "Person")
    try polite.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "good day" }
    try attach(polite, in: runtime)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet") == "good day")
    let greets = person.methodList.filter { $0.selector == "greet" }
    #expect(greets.map(\.implementation.name) == ["-[Person(Polite) greet]", "hello"], "category first, original after")
    #expect(person.methodList.first?.selector == "greet")
    #expect(try person.instanceMethod(for: "greet")?.implementation.name == "-[Person(Polite) greet]")
    try runtime.checkInvariants()
  }

  @Test func methodAddedAfterACategoryIsListedBeforeIt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var polite = try Category(named: "Polite", on: "Person")
    try polite.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "good day" }
    try polite.addInstanceMethod("bow", types: "@16@0:8") { _, _, _ in "bows" }
    try attach(polite, in: runtime)
    try addReturning(person, "wave", "waves")
    // Each attached list goes in front (objc4's attachLists): the newest method, then the
    // category's list in its own order, then the class's methods, newest first.
    #expect(person.methodList.map(\.selector.name) == ["wave", "greet", "bow", "setName:", "name", "setAge:", "age"])
    try runtime.checkInvariants()
  }

  @Test func laterCategoryWinsOverAnEarlierOne() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var first = try Category(named: "First", on: "Person")
    try first.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "first" }
    var second = try Category(named: "Second", on: "Person")
    try second.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "second" }
    try attach(first, second, in: runtime)
    var third = try Category(named: "Third", on: "Person")
    try third.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "third" }
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet") == "second")
    try attach(third, in: runtime, image: "Later")
    #expect(try runtime.msgSend(ann, "greet") == "third", "a category attached later wins, even over a cached answer")
    #expect(
      person.methodList.filter { $0.selector == "greet" }.map(\.implementation.name) == [
        "-[Person(Third) greet]", "-[Person(Second) greet]", "-[Person(First) greet]",
      ])
    try runtime.checkInvariants()
  }

  @Test func attachingACategoryFlushesTheCachesThatCanSeeIt() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    try addReturning(person, "greet", "hello")
    try addReturning(person, "wave", "waving")
    let ann = try new(person, in: runtime)
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(ann, "greet") == "hello")
    #expect(try runtime.msgSend(stu, "greet") == "hello")  // both caches hold the old answer
    #expect(try runtime.msgSend(stu, "wave") == "waving")
    var polite = try Category(named: "Polite", on: "Person")
    try polite.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "good day" }
    let events = Recorder<String>()
    let observation = runtime.addEventObserver { events.append($0.description) }
    try attach(polite, in: runtime)
    observation.cancel()
    #expect(try runtime.msgSend(ann, "greet") == "good day")
    #expect(try runtime.msgSend(stu, "greet") == "good day")
    #expect(events.all.first == "attached category Person(Polite)", "cause before effect")
    #expect(events.all.contains("flushed 1 cache entry for greet of Person"))
    #expect(events.all.contains("flushed 1 cache entry for greet of Student"))
    #expect(!events.all.contains { $0.hasPrefix("flushed method cache") }, "only the category's selectors")
    #expect(runtime.withState { state in student.cache.entries(&state).count { $0.implementation.implementation.name == "waving" } } == 1,
      "the other selectors' entries stay")
    try runtime.checkInvariants()
  }

  @Test func categoryClassMethodsPropertiesAndProtocolsAreAttached() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let named = try runtime.allocateProtocol(named: "Named")
    try runtime.registerProtocol(named)
    var extras = try Category(named: "Extras", on: "Person")
    try extras.addClassMethod("species", types: "@16@0:8") { _, _, _ in "human" }
    try extras.addProperty("nickname", attributes: "T@\"NSString\",C")
    try extras.addProperty("population", attributes: "Tq,R", isClassProperty: true)
    extras.addProtocol(named)
    try attach(extras, in: runtime)
    #expect(try runtime.msgSend(person, "species") == "human")
    #expect(try person.classMethod(for: "species")?.implementation.name == "+[Person(Extras) species]")
    #expect(try person.instanceMethod(for: "species") == nil, "class methods go on the metaclass")
    #expect(person.propertyList.first?.name == "nickname")
    #expect(person.isa.propertyList.map(\.name) == ["population"])
    #expect(person.conforms(to: named))
    try runtime.checkInvariants()
  }

  @Test func categoryOnAClassMadeByAllocateClassPairWorks() throws {
    let runtime = Runtime()
    let robot = try makeClass("Robot", in: runtime)
    var talking = try Category(named: "Talking", on: "Robot")
    try talking.addInstanceMethod("talk", types: "@16@0:8") { _, _, _ in "beep" }
    try attach(talking, in: runtime)
    #expect(try runtime.msgSend(try new(robot, in: runtime), "talk") == "beep")
    try runtime.checkInvariants()
  }

  @Test func addMethodAnswersNoAndReplaceMethodReplacesTheCategorysMethod() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "greet", "hello")
    var polite = try Category(named: "Polite", on: "Person")
    try polite.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "good day" }
    try attach(polite, in: runtime)
    #expect(try !addReturning(person, "greet", "again"), "class_addMethod sees the category's method")
    let old = try person.replaceMethod("greet", types: "@16@0:8", implementation: returning("hi"))
    #expect(old?.name == "-[Person(Polite) greet]", "class_replaceMethod replaces the first in the list")
    #expect(try runtime.msgSend(try new(person, in: runtime), "greet") == "hi")
    #expect(person.methodList.filter { $0.selector == "greet" }.last?.implementation.name == "hello")
    try runtime.checkInvariants()
  }

  @Test func categoryBuilderRefusesBadEntries() throws {
    expectError(.invalidName) { _ = try Category(named: "bad\0name", on: "Person") }  // no C string holds a NUL
    expectError(.invalidName) { _ = try Category(named: "Good", on: "Per\0son") }
    var category = try Category(named: "Good", on: "Person")
    try category.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "hi" }
    expectError(.duplicateName) { try category.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "again" } }
    try category.addClassMethod("greet", types: "@16@0:8") { _, _, _ in "class side is another list" }
    expectError(.invalidTypeEncoding) { try category.addInstanceMethod("setAge:", types: "v16@0:8z") { _, _, _ in .nil } }
    expectError(.invalidSelectorName) { try category.addInstanceMethod(.null, types: "v16@0:8") { _, _, _ in .nil } }
    try category.addProperty("nickname", attributes: "T@\"NSString\"")
    expectError(.duplicateName) { try category.addProperty("nickname", attributes: "T@\"NSString\"") }
    #expect(category.instanceMethods.map(\.selector) == ["greet"])
    #expect(category.classMethods.map(\.selector) == ["greet"])
    #expect(category.label == "Person(Good)")
  }

  @Test func categoryOnAClassNotLoadedYetWaitsAndIsAttachedWhenTheClassArrives() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    var haunting = try Category(named: "Haunting", on: "Ghost")
    try haunting.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "boo" }
    try haunting.addClassMethod("load", types: "v16@0:8") { _, _, _ in calls.append("+[Ghost(Haunting) load]"); return .nil }
    var fine = try Category(named: "Fine", on: "Person")
    try fine.addInstanceMethod("fine", types: "@16@0:8") { _, _, _ in "fine" }
    try attach(fine, haunting, in: runtime)
    #expect(try person.instanceMethod(for: "fine") != nil, "the category whose class is here is attached")
    #expect(runtime.unattachedCategoryLabels == ["Ghost(Haunting)"])
    #expect(calls.all.isEmpty, "a waiting category's +load waits for its class")

    var spooky = Image(named: "Spooky")
    spooky.addClass("Ghost", superclass: "NSObject") { cls in
      try cls.addMethod("greet", types: "@16@0:8") { _, _, _ in "hello" }
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in calls.append("+[Ghost load]"); return .nil }
    }
    try runtime.loadImage(spooky)
    let ghost = try #require(runtime.lookUpClass(named: "Ghost"))
    #expect(try runtime.msgSend(try new(ghost, in: runtime), "greet") == "boo", "attached when the class arrived")
    #expect(ghost.methodList.filter { $0.selector == "greet" }.map(\.implementation.name).first == "-[Ghost(Haunting) greet]")
    #expect(calls.all == ["+[Ghost load]", "+[Ghost(Haunting) load]"], "class first, then the category, once each")
    #expect(runtime.unattachedCategoryLabels.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func aClassMadeByAllocateClassPairDoesNotTakeAWaitingCategory() throws {
    let runtime = Runtime()
    var haunting = try Category(named: "Haunting", on: "Ghost")
    try haunting.addInstanceMethod("boo", types: "@16@0:8") { _, _, _ in "boo" }
    try attach(haunting, in: runtime)
    let ghost = try makeSubclass(of: try #require(runtime.lookUpClass(named: "NSObject")), named: "Ghost", in: runtime)
    #expect(try ghost.instanceMethod(for: "boo") == nil, "objc4 attaches categories when it realizes an image's class")
    #expect(runtime.unattachedCategoryLabels == ["Ghost(Haunting)"])
    try runtime.checkInvariants()
  }
}
