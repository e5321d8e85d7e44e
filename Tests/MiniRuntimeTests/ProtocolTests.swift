// ProtocolTests.swift: protocols as objc4 has them: allocation, registration, method
// descriptions, properties, incorporation, conformance of protocols and of classes, and
// NSObject's -conformsToProtocol: (Protocol.swift, Protocol+Declarations.swift,
// Runtime+Protocols.swift, Class+Protocols.swift).

import Testing

@testable import MiniRuntime

@Suite struct ProtocolTests {
  /// A registered protocol `name` declaring `-selector` (`@16@0:8`) as required instance method.
  func makeProtocol(
    _ name: String, in runtime: Runtime, requiring selector: Selector? = nil, incorporating: [Protocol] = []
  ) throws -> Protocol {
    let proto = try runtime.allocateProtocol(named: name)
    if let selector {
      try proto.addMethodDescription(selector, types: "@16@0:8", isRequired: true, isInstanceMethod: true)
    }
    for other in incorporating { try proto.addProtocol(other) }
    try runtime.registerProtocol(proto)
    return proto
  }

  @Test func allocatedProtocolIsFoundByNameOnlyOnceRegistered() throws {
    let runtime = Runtime()
    let named = try runtime.allocateProtocol(named: "Named")
    #expect(named.name == "Named")
    #expect(!named.isRegistered)
    #expect(runtime.protocol(named: "Named") == nil, "objc_getProtocol ignores protocols under construction")
    #expect(runtime.protocols.map(\.name) == ["NSObject"])
    try runtime.registerProtocol(named)
    #expect(named.isRegistered)
    #expect(runtime.protocol(named: "Named") === named)
    #expect(runtime.protocols.map(\.name) == ["NSObject", "Named"])
    #expect(runtime.protocol(named: "Missing") == nil)
    try runtime.checkInvariants()
  }

  @Test func protocolsAreListedInRegistrationOrder() throws {
    let runtime = Runtime()
    let b = try runtime.allocateProtocol(named: "B")
    let a = try runtime.allocateProtocol(named: "A")
    try runtime.registerProtocol(a)
    try runtime.registerProtocol(b)
    #expect(runtime.protocols.map(\.name) == ["NSObject", "A", "B"])
    try runtime.checkInvariants()
  }

  /// The `diagnostic` messages `body` causes.
  func diagnostics(in runtime: Runtime, _ body: () throws -> Void) rethrows -> [String] {
    let messages = Recorder<String>()
    let observation = runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, let message) = event, subsystem == "runtime" { messages.append(message) }
    }
    defer { observation.cancel() }
    try body()
    return messages.all
  }

  @Test func registeredProtocolIgnoresNewDeclarationsWithADiagnostic() throws {
    let runtime = Runtime()
    let named = try makeProtocol("Named", in: runtime, requiring: "name")
    let other = try makeProtocol("Other", in: runtime)
    let messages = try diagnostics(in: runtime) {
      try named.addMethodDescription("age", types: "q16@0:8", isRequired: true, isInstanceMethod: true)
      try named.addProtocol(other)
      try named.addProperty("name", attributes: "T@\"NSString\",R")
    }
    #expect(
      messages == [
        "protocol_addMethodDescription: protocol 'Named' is registered and can no longer change; the call is ignored",
        "protocol_addProtocol: protocol 'Named' is registered and can no longer change; the call is ignored",
        "protocol_addProperty: protocol 'Named' is registered and can no longer change; the call is ignored",
      ])
    #expect(named.methodDescriptions(isRequired: true, isInstanceMethod: true).map(\.selector) == ["name"])
    #expect(named.protocols.isEmpty)
    #expect(named.properties().isEmpty)
    try runtime.checkInvariants()
  }

  @Test func registeringAProtocolTwiceIsIgnoredWithADiagnostic() throws {
    let runtime = Runtime()
    let named = try makeProtocol("Named", in: runtime)
    let messages = try diagnostics(in: runtime) { try runtime.registerProtocol(named) }
    #expect(messages == ["objc_registerProtocol: protocol 'Named' was already registered; the call is ignored"])
    #expect(runtime.protocols.map(\.name) == ["NSObject", "Named"])
    try runtime.checkInvariants()
  }

  @Test func allocatingARegisteredProtocolNameIsRefused() throws {
    let runtime = Runtime()
    _ = try makeProtocol("Named", in: runtime)
    expectError(.duplicateName) { _ = try runtime.allocateProtocol(named: "Named") }
    _ = try runtime.allocateProtocol(named: "not a name")  // objc4 takes any C string (decision 0027)
    _ = try runtime.allocateProtocol(named: "")
    expectError(.invalidName) { _ = try runtime.allocateProtocol(named: "a\0b") }
    try runtime.checkInvariants()
  }

  @Test func methodDescriptionsCarryNameAndTypesInFourLists() throws {
    let runtime = Runtime()
    let proto = try runtime.allocateProtocol(named: "Shape")
    try proto.addMethodDescription("area", types: "d16@0:8", isRequired: true, isInstanceMethod: true)
    try proto.addMethodDescription("color", types: "@16@0:8", isRequired: false, isInstanceMethod: true)
    try proto.addMethodDescription("unit", types: "@16@0:8", isRequired: true, isInstanceMethod: false)
    try proto.addMethodDescription("shapeWithSides:", types: "@24@0:8q16", isRequired: false, isInstanceMethod: false)
    try runtime.registerProtocol(proto)
    #expect(proto.methodDescriptions(isRequired: true, isInstanceMethod: true) == [MethodDescription(selector: "area", types: "d16@0:8")])
    #expect(proto.methodDescriptions(isRequired: false, isInstanceMethod: true).map(\.selector) == ["color"])
    #expect(proto.methodDescriptions(isRequired: true, isInstanceMethod: false).map(\.selector) == ["unit"])
    #expect(proto.methodDescriptions(isRequired: false, isInstanceMethod: false).map(\.types) == ["@24@0:8q16"])
    let area = proto.methodDescription(for: "area", isRequired: true, isInstanceMethod: true)
    #expect(area.selector == "area" && area.types == "d16@0:8")
    // Each list is its own: a required instance method is not an optional or a class one.
    #expect(proto.methodDescription(for: "area", isRequired: false, isInstanceMethod: true).isNull)
    #expect(proto.methodDescription(for: "area", isRequired: true, isInstanceMethod: false).isNull)
    try runtime.checkInvariants()
  }

  @Test func missingMethodDescriptionIsTheNullDescription() throws {
    let runtime = Runtime()
    let proto = try makeProtocol("Named", in: runtime, requiring: "name")
    let missing = proto.methodDescription(for: "age", isRequired: true, isInstanceMethod: true)
    #expect(missing == .null)
    #expect(missing.isNull)
    #expect(missing.selector == Selector.null && missing.types == nil)
    #expect(missing.selector.name == "<null selector>")
    #expect(missing.description == "{NULL, NULL}")
    try runtime.checkInvariants()
  }

  @Test func methodDescriptionsAreValidated() throws {
    let runtime = Runtime()
    let proto = try runtime.allocateProtocol(named: "Bad")
    expectError(.invalidSelectorName) {
      try proto.addMethodDescription(Selector(interning: "bad\0name"), types: "v16@0:8", isRequired: true, isInstanceMethod: true)
    }
    expectError(.invalidTypeEncoding) {
      try proto.addMethodDescription("setAge:", types: "v16@0:8z", isRequired: true, isInstanceMethod: true)
    }
    expectError(.invalidTypeEncoding) {
      try proto.addMethodDescription("age", types: "q16@0:8x", isRequired: true, isInstanceMethod: true)
    }
    #expect(proto.methodDescriptions(isRequired: true, isInstanceMethod: true).isEmpty)
    try runtime.checkInvariants()
  }

  @Test func methodDescriptionLookupSearchesIncorporatedProtocolsButCopiesDoNot() throws {
    let runtime = Runtime()
    let identified = try makeProtocol("Identified", in: runtime, requiring: "identifier")
    let named = try makeProtocol("Named", in: runtime, requiring: "name", incorporating: [identified])
    let found = named.methodDescription(for: "identifier", isRequired: true, isInstanceMethod: true)
    #expect(found.selector == "identifier" && found.types == "@16@0:8")
    #expect(named.methodDescriptions(isRequired: true, isInstanceMethod: true).map(\.selector) == ["name"])
    #expect(named.protocols == [identified])
    try runtime.checkInvariants()
  }

  @Test func conformanceFollowsIncorporatedProtocols() throws {
    let runtime = Runtime()
    let base = try makeProtocol("Base", in: runtime)
    let middle = try makeProtocol("Middle", in: runtime, incorporating: [base])
    let top = try makeProtocol("Top", in: runtime, incorporating: [middle])
    let unrelated = try makeProtocol("Unrelated", in: runtime)
    #expect(top.conforms(to: middle))
    #expect(top.conforms(to: base), "conformance is transitive")
    #expect(top.conforms(to: top), "a protocol conforms to itself")
    #expect(!base.conforms(to: top), "but not the other way")
    #expect(!top.conforms(to: unrelated))
    #expect(top.isEqual(to: top))
    #expect(!top.isEqual(to: base), "protocol_isEqual needs conformance both ways")
    try runtime.checkInvariants()
  }

  @Test func incorporatingAProtocolUnderConstructionIsIgnoredWithADiagnostic() throws {
    let runtime = Runtime()
    let drafting = try runtime.allocateProtocol(named: "Drafting")
    let named = try runtime.allocateProtocol(named: "Named")
    let messages = try diagnostics(in: runtime) { try named.addProtocol(drafting) }
    #expect(
      messages == [
        "protocol_addProtocol: protocol 'Drafting' is still under construction and cannot be incorporated; the call is ignored"
      ])
    #expect(named.protocols.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func protocolPropertiesKeepRequiredOnesOfEachSide() throws {
    let runtime = Runtime()
    let proto = try runtime.allocateProtocol(named: "Named")
    try proto.addProperty("name", attributes: "T@\"NSString\",R,C")
    try proto.addProperty("count", attributes: "Tq,R", isRequired: true, isInstanceProperty: false)
    let optional = try diagnostics(in: runtime) {
      try proto.addProperty("nickname", attributes: "T@\"NSString\"", isRequired: false)  // no throw: ignored
    }
    #expect(optional.first?.contains("optional property 'nickname' is not kept") == true)
    expectError(.invalidPropertyAttributes) { try proto.addProperty("bad", attributes: "X") }
    try runtime.registerProtocol(proto)
    #expect(proto.properties().map(\.name) == ["name"])
    #expect(proto.properties(isInstanceProperty: false).map(\.name) == ["count"])
    #expect(proto.property(named: "name")?.attributes.isCopy == true)
    #expect(proto.property(named: "name", isInstanceProperty: false) == nil)
    #expect(proto.property(named: "name", isRequired: false) == nil)
    let child = try makeProtocol("Child", in: runtime, incorporating: [proto])
    #expect(child.property(named: "name") != nil, "protocol_getProperty searches incorporated protocols")
    #expect(child.properties().isEmpty)
    try runtime.checkInvariants()
  }

  @Test func classAddProtocolTwiceAnswersNoTheSecondTime() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let named = try makeProtocol("Named", in: runtime)
    #expect(try person.addProtocol(named))
    #expect(try !person.addProtocol(named))
    #expect(person.protocols == [named])
    try runtime.checkInvariants()
  }

  @Test func classAddProtocolAnswersNoForAnIncorporatedProtocol() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let base = try makeProtocol("Base", in: runtime)
    let named = try makeProtocol("Named", in: runtime, incorporating: [base])
    #expect(try person.addProtocol(named))
    #expect(person.conforms(to: base))
    #expect(try !person.addProtocol(base), "the class already conforms through Named")
    try runtime.checkInvariants()
  }

  @Test func classCanAdoptProtocolsBeforeAndAfterRegistration() throws {
    let runtime = Runtime()
    let first = try makeProtocol("First", in: runtime)
    let second = try makeProtocol("Second", in: runtime)
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    #expect(try person.addProtocol(first))
    try runtime.registerClassPair(person)
    #expect(try person.addProtocol(second))
    #expect(person.protocols == [second, first], "the most recently added first, as objc4 attaches lists")
    try runtime.checkInvariants()
  }

  @Test func classConformsLooksAtItsOwnListWhileTheMessageWalksSuperclasses() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let named = try makeProtocol("Named", in: runtime)
    try person.addProtocol(named)
    #expect(person.conforms(to: named))
    #expect(!student.conforms(to: named), "class_conformsToProtocol asks the class's own list only")
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(stu, "conformsToProtocol:", .object(named)) == true)
    #expect(try runtime.msgSend(student, "conformsToProtocol:", .object(named)) == true)
    #expect(try runtime.msgSend(runtime.rootClass, "conformsToProtocol:", .object(named)) == false)
    #expect(try runtime.msgSend(stu, "conformsToProtocol:", .nil) == false)
    try runtime.checkInvariants()
  }

  @Test func conformsToProtocolStartsFromTheClaimedClass() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let disguise = try makeClass("Disguise", in: runtime) { cls in
      try cls.addMethod("class", types: "#16@0:8") { _, _, _ in .class(person) }
    }
    let named = try makeProtocol("Named", in: runtime)
    try person.addProtocol(named)
    let object = try new(disguise, in: runtime)
    #expect(try runtime.msgSend(object, "conformsToProtocol:", .object(named)) == true, "[self class] is Person")
    try runtime.checkInvariants()
  }

  @Test func protocolObjectsAnswerMessages() throws {
    let runtime = Runtime()
    let base = try makeProtocol("Base", in: runtime)
    let named = try makeProtocol("Named", in: runtime, incorporating: [base])
    #expect(named.isa.name == "Protocol")
    #expect(try runtime.msgSend(named, "name") == "Named")
    #expect(try runtime.msgSend(named, "conformsTo:", .object(base)) == true)
    #expect(try runtime.msgSend(base, "conformsTo:", .object(named)) == false)
    #expect(try runtime.msgSend(named, "isEqual:", .object(named)) == true)
    #expect(try runtime.msgSend(named, "isEqual:", .object(base)) == false)
    #expect(try runtime.msgSend(named, "hash") == runtime.msgSend(named, "hash"))
    #expect(try runtime.msgSend(named, "isKindOfClass:", .class(runtime.rootClass)) == true)
    #expect(named.runtime === runtime)
    try runtime.checkInvariants()
  }

  @Test func theProtocolClassExistsFromTheStartAndProtocolsShareIt() throws {
    // objc4 defines the class Protocol itself, so it is there before any protocol is made.
    let runtime = Runtime()
    let protocolClass = try #require(runtime.lookUpClass(named: "Protocol"))
    #expect(protocolClass.superclass === runtime.rootClass)
    let events = Recorder<String>()
    let observation = runtime.addEventObserver { events.append($0.description) }
    let named = try runtime.allocateProtocol(named: "Named")
    _ = try runtime.allocateProtocol(named: "Other")
    observation.cancel()
    #expect(named.isa.name == "__IncompleteProtocol", "objc4's isa while under construction")
    try runtime.registerProtocol(named)
    #expect(named.isa === protocolClass)
    #expect(runtime.protocol(named: "NSObject")?.isa === protocolClass)
    #expect(!events.all.contains { $0.contains("class pair Protocol") || $0.contains("class Protocol") })
    try runtime.checkInvariants()
  }

  @Test func protocolClassCannotBeDisposed() throws {
    let runtime = Runtime()
    _ = try makeProtocol("Named", in: runtime)
    let protocolClass = try #require(runtime.lookUpClass(named: "Protocol"))
    expectError(.invalidClassState) { try runtime.disposeClassPair(protocolClass) }
    #expect(runtime.lookUpClass(named: "Protocol") === protocolClass)
    try runtime.checkInvariants()
  }

  @Test func aUserClassCannotTakeTheNameProtocol() throws {
    // The runtime's own class has it from the start, as in objc4 (objc_allocateClassPair: Nil).
    let runtime = Runtime()
    expectError(.duplicateClassName) { _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Protocol") }
    let named = try runtime.allocateProtocol(named: "Named")
    try runtime.registerProtocol(named)
    #expect(named.isa.name == "Protocol")
    try runtime.checkInvariants()
  }

  @Test func protocolsOfAnotherRuntimeAreRefused() throws {
    let runtime = Runtime()
    let other = Runtime()
    let person = try makePerson(in: runtime)
    let foreign = try makeProtocol("Foreign", in: other)
    expectError(.foreignRuntime) { try person.addProtocol(foreign) }
    expectError(.foreignRuntime) { try runtime.registerProtocol(foreign) }
    let local = try runtime.allocateProtocol(named: "Local")
    expectError(.foreignRuntime) { try local.addProtocol(foreign) }
    #expect(person.protocols.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func protocolEventsAreReported() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let events = Recorder<String>()
    let observation = runtime.addEventObserver { events.append($0.description) }
    let named = try makeProtocol("Named", in: runtime)
    try person.addProtocol(named)
    observation.cancel()
    #expect(events.all.contains("registered protocol Named"))
    #expect(events.all.last == "Person adopted protocol Named")
    try runtime.checkInvariants()
  }

  @Test func classDumpListsAdoptedProtocols() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addProtocol(try makeProtocol("Named", in: runtime))
    #expect(person.dump().contains("  protocols: Named"))
    try runtime.checkInvariants()
  }
}
