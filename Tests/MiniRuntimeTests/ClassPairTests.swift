// ClassPairTests.swift: allocating, registering, disposing and finding classes
// (Runtime+ClassPairs.swift, Class+Ivars.swift).

import Testing

@testable import MiniRuntime

@Suite struct ClassPairTests {
  @Test func allocateClassPairMakesAnUnregisteredClass() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    #expect(person.name == "Person")
    #expect(person.superclass === runtime.rootClass)
    #expect(!person.isRegistered)
    #expect(runtime.lookUpClass(named: "Person") == nil, "only registered classes are found")
    #expect(runtime.classes.contains { $0 === person }, "listed from its allocation (decision 0028)")
    try runtime.registerClassPair(person)
    #expect(person.isRegistered)
    #expect(person.isa.isRegistered)
    #expect(runtime.lookUpClass(named: "Person") === person)
    try runtime.checkInvariants()
  }

  @Test func nameClashThrowsDuplicateClassNameAndChangesNothing() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let classesBefore = runtime.classes
    let error = expectError(.duplicateClassName) {
      _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    }
    #expect(error?.message.contains("'Person'") == true)
    #expect(runtime.classes.map(ObjectIdentifier.init) == classesBefore.map(ObjectIdentifier.init))
    #expect(runtime.lookUpClass(named: "Person") === person)
    #expect(runtime.rootClass.subclasses.filter { $0.name == "Person" }.count == 1)
    #expect(try person.instanceMethod(for: "age") != nil)
    try runtime.checkInvariants()
  }

  @Test func nameClashWithARegisteredClassThrowsAndAnUnregisteredOneReservesNoName() throws {
    // objc4 checks the named-class table, which registration fills (ClassUnderConstructionTests).
    let runtime = Runtime()
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    let other = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    #expect(draft !== other)
    try runtime.registerClassPair(draft)
    expectError(.duplicateClassName) { _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft") }
    expectError(.duplicateClassName) { _ = try runtime.allocateClassPair(superclass: nil, name: "NSObject") }
    try runtime.checkInvariants()
  }

  @Test(arguments: ["", "1Person", "Per son", "Per-son", "Person:", "Pérson", " Person"])
  func anyClassNameMakesAClassAsObjc4Does(name: String) throws {
    // objc4's objc_allocateClassPair checks no name (decision 0027).
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: name)
    try runtime.registerClassPair(cls)
    #expect(runtime.lookUpClass(named: name) === cls)
    #expect(cls.name == name && cls.isa.name == name)
    try runtime.checkInvariants()
  }

  @Test func aClassNameWithANulIsRefused() throws {
    let runtime = Runtime()
    let error = expectError(.invalidClassName) {
      _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Per\0son")
    }
    #expect(error?.message.contains("a C string cannot hold a NUL") == true)
    #expect(runtime.classes.map(\.name) == ["NSObject", "Protocol"])
  }

  @Test func registeringTwiceIsIgnoredWithObjc4sLogLine() throws {
    // objc4's objc_registerClassPair logs "already registered!" and returns.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let events = Locked<[String]>([])
    let observation = runtime.addEventObserver { event in
      if case .diagnostic(_, let message) = event { events.withLock { $0.append(message) } }
    }
    try runtime.registerClassPair(person)
    observation.cancel()
    #expect(events.withLock { $0 } == ["objc_registerClassPair: class 'Person' was already registered!"])
    #expect(runtime.classes.filter { $0 === person }.count == 1)
    expectError(.invalidClassState) { try runtime.registerClassPair(person.isa) }
    try runtime.checkInvariants()
  }

  @Test func ivarAfterRegistrationAnswersNoAndChangesNothing() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ivarsBefore = person.ivarList.map(\.name)
    let sizeBefore = person.instanceSize
    #expect(try !person.addIvar("_extra", type: .int), "class_addIvar returns NO once registered")
    #expect(try !person.addIvar("_extra", size: 4, log2Alignment: 2, type: "i"))
    #expect(person.ivarList.map(\.name) == ivarsBefore)
    #expect(person.instanceSize == sizeBefore)
    #expect(person.ivar(named: "_extra") == nil)
    expectError(.invalidClassState) { try person.synthesizeProperty("extra", type: .int) }
    #expect(person.property(named: "extra") == nil)
    #expect(try person.instanceMethod(for: "extra") == nil)
    try runtime.checkInvariants()
  }

  @Test func ivarRulesBeforeRegistration() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.addIvar("_age", type: "q")
    #expect(try !person.addIvar("_age", type: .int), "a name the class already has: NO, as objc4")
    #expect(person.ivar(named: "_age")?.type == .longLong, "the first ivar is unchanged")
    expectError(.invalidName) { try person.addIvar("my\0age", type: .int) }  // no C string holds a NUL
    expectError(.invalidTypeEncoding) { try person.addIvar("_z", type: "z") }
    #expect(try !person.isa.addIvar("_meta", type: .int), "no class variables: NO, as objc4")
    #expect(person.ivarList.map(\.name) == ["_age"])
    #expect(person.instanceSize == 16)
    // Bit fields and unions reserve their bytes too, as objc4's class_addIvar does for any type.
    try person.addIvar("_bits", type: .bitField(width: 3))
    try person.addIvar("_u", type: "(U=ic)")
    #expect(person.ivar(named: "_bits")?.offset == 16)
    #expect(person.ivar(named: "_u")?.offset == 20, "the union of an int and a char is 4-aligned")
    #expect(person.instanceSize == 24)
    try runtime.registerClassPair(person)
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    try student.addIvar("_age", type: .int)  // shadows Person's, as in objc4
    #expect(try !student.addIvar("_age", type: .int))
    try student.addIvar("_school", type: .object(className: "NSString"))
    try runtime.registerClassPair(student)
    #expect(student.ivar(named: "_age")?.offset == 24, "a subclass's ivars start after the superclass's size")
    #expect(student.ivar(named: "_school")?.offset == 32)
    #expect(student.instanceSize == 40)
    #expect(student.ivar(named: "_age")?.className == "Student")
    #expect(person.ivar(named: "_age")?.offset == 8)
    try runtime.checkInvariants()
  }

  @Test func disposeIsRefusedWhileInstancesExist() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    do {
      let ann = try new(person, in: runtime)
      let bob = try new(person, in: runtime)
      #expect(person.liveInstanceCount == 2)
      let error = expectError(.classInUse) { try runtime.disposeClassPair(person) }
      #expect(error?.message.contains("'Person'") == true)
      #expect(error?.message.contains("2 live instance") == true, "\(error?.message ?? "")")
      #expect(runtime.lookUpClass(named: "Person") === person)
      #expect(try runtime.msgSend(ann, "age") == 0)
      withExtendedLifetime((ann, bob)) {}
    }
    #expect(person.liveInstanceCount == 0)
    try runtime.disposeClassPair(person)
    #expect(runtime.lookUpClass(named: "Person") == nil)
    try runtime.checkInvariants()
  }

  @Test func disposeIsRefusedWhileSubclassesExist() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let error = expectError(.classInUse) { try runtime.disposeClassPair(person) }
    #expect(error?.message.contains("Student") == true)
    #expect(person.isRegistered)
    try runtime.disposeClassPair(student)
    try runtime.disposeClassPair(person)
    #expect(runtime.classes.map(\.name) == ["NSObject", "Protocol"])
    try runtime.checkInvariants()
  }

  @Test func disposeOfRootClassIsRefused() throws {
    let runtime = Runtime()
    let error = expectError(.invalidClassState) { try runtime.disposeClassPair(runtime.rootClass) }
    #expect(error?.message.contains("NSObject") == true)
    #expect(runtime.lookUpClass(named: "NSObject") === runtime.rootClass)
    expectError(.invalidClassState) { try runtime.disposeClassPair(runtime.rootClass.isa) }
    try runtime.checkInvariants()
  }

  @Test func disposedClassIsGoneFromTheRuntime() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try runtime.disposeClassPair(person)
    #expect(runtime.lookUpClass(named: "Person") == nil)
    #expect(!runtime.classes.contains { $0 === person })
    #expect(!runtime.rootClass.subclasses.contains { $0 === person })
    #expect(!runtime.rootClass.isa.subclasses.contains { $0 === person.isa })
    #expect(!person.isRegistered)
    expectError(.invalidClassState) { try runtime.disposeClassPair(person) }
    expectError(.invalidClassState) { _ = try person.createInstance() }
    expectError(.invalidClassState) { try person.addMethod("late", types: "v16@0:8") { _, _, _ in .nil } }
    expectError(.invalidClassState) { _ = try runtime.allocateClassPair(superclass: person, name: "Orphan") }
    let again = try makePerson(in: runtime)
    #expect(again !== person)
    #expect(runtime.lookUpClass(named: "Person") === again)
    try runtime.checkInvariants()
  }

  @Test func disposeOfUnregisteredClassSucceeds() throws {
    let runtime = Runtime()
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    try runtime.disposeClassPair(draft)
    _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    try runtime.checkInvariants()
  }

  @Test func disposeOfNewRootClassWithoutInstancesSucceeds() throws {
    let runtime = Runtime()
    let root = try runtime.allocateClassPair(superclass: nil, name: "MyRoot")
    try runtime.registerClassPair(root)
    try runtime.disposeClassPair(root)
    #expect(runtime.lookUpClass(named: "MyRoot") == nil)
    try runtime.checkInvariants()
  }

  @Test func subclassingUnregisteredClassIsRefused() throws {
    let runtime = Runtime()
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    let error = expectError(.invalidClassState) { _ = try runtime.allocateClassPair(superclass: draft, name: "Child") }
    #expect(error?.message.contains("Draft") == true)
    #expect(draft.subclasses.isEmpty)
    expectError(.invalidClassState) {
      _ = try runtime.allocateClassPair(superclass: runtime.rootClass.isa, name: "Meta")
    }
    try runtime.checkInvariants()
  }

  @Test func createInstanceOfAMetaclassOrADisposedClassIsRefused() throws {
    // A class under construction makes instances, as objc4's does (ClassUnderConstructionTests).
    let runtime = Runtime()
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    expectError(.invalidClassState) { _ = try draft.isa.createInstance() }
    try runtime.disposeClassPair(draft)
    let error = expectError(.invalidClassState) { _ = try draft.createInstance() }
    #expect(error?.message.contains("'Draft' is disposed") == true)
    #expect(draft.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func classesListsClassesInTheOrderTheyWereMade() throws {
    // objc_copyClassList lists allocated classes, registered or not (decision 0028).
    let runtime = Runtime()
    let zebra = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Zebra")
    let apple = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Apple")
    _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Unregistered")
    try runtime.registerClassPair(apple)
    try runtime.registerClassPair(zebra)
    let mango = try makeSubclass(of: apple, named: "Mango", in: runtime)
    #expect(runtime.classes.map(\.name) == ["NSObject", "Protocol", "Zebra", "Apple", "Unregistered", "Mango"])
    try runtime.disposeClassPair(zebra)
    #expect(runtime.classes.map(\.name) == ["NSObject", "Protocol", "Apple", "Unregistered", "Mango"])
    _ = mango
    try runtime.checkInvariants()
  }

  @Test func subclassesListsDirectSubclassesOnly() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let teacher = try makeSubclass(of: person, named: "Teacher", in: runtime)
    _ = try makeSubclass(of: student, named: "GradStudent", in: runtime)
    #expect(person.subclasses.map(\.name) == ["Student", "Teacher"])
    #expect(student.subclasses.map(\.name) == ["GradStudent"])
    #expect(teacher.subclasses.isEmpty)
    #expect(runtime.rootClass.subclasses.map(\.name) == ["Protocol", "Person"], "the root metaclass is not on the class side")
    #expect(runtime.rootClass.isa.subclasses.map(\.name) == ["Protocol", "Person"])
    #expect(runtime.rootClass.isa.subclasses.allSatisfy { $0.isMetaclass })
    try runtime.checkInvariants()
  }

  @Test func runtimesDoNotShareClasses() throws {
    let first = Runtime()
    let second = Runtime()
    let person = try makePerson(in: first)
    #expect(second.lookUpClass(named: "Person") == nil)
    #expect(second.classes.map(\.name) == ["NSObject", "Protocol"])
    #expect(first.rootClass !== second.rootClass)
    let other = try makePerson(in: second)
    #expect(other !== person)
    #expect(first.lookUpClass(named: "Person") === person)
    #expect(second.lookUpClass(named: "Person") === other)
    try addReturning(person, "greet", "first")
    #expect(try other.instanceMethod(for: "greet") == nil)
    expectError(.foreignRuntime) { _ = try second.allocateClassPair(superclass: person, name: "Student") }
    expectError(.foreignRuntime) { try second.registerClassPair(person) }
    expectError(.foreignRuntime) { try second.disposeClassPair(person) }
    try first.checkInvariants()
    try second.checkInvariants()
  }

  @Test func classPairWorksAfterOtherRuntimeIsGone() throws {
    var doomed: Runtime? = Runtime()
    let weakRuntime = WeakReference(doomed)
    _ = try makePerson(in: doomed!)
    doomed = nil
    #expect(weakRuntime.object == nil, "a runtime with classes but no instances is freed")
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try runtime.msgSend(try new(person, in: runtime), "age") == 0)
    try runtime.checkInvariants()
  }
}
