// RosettaTests+Protocols.swift: the Rosetta rows for protocols and selectors by name, exercised
// (see RosettaTests.swift for the convention; RosettaTableTests.swift reads this file too).

import MiniRuntime
import Testing

@Suite struct RosettaProtocolTests {
  @Test func protocolFunctionsAreMembersOfProtocolRuntimeAndClass() throws {
    let runtime = Runtime()
    // Rosetta: objc_allocateProtocol
    let identified = try runtime.allocateProtocol(named: "Identified")
    // Rosetta: protocol_addMethodDescription
    try identified.addMethodDescription("identifier", types: "@16@0:8", isRequired: true, isInstanceMethod: true)
    // Rosetta: protocol_addProperty
    try identified.addProperty("identifier", attributes: "T@\"NSString\",R", isRequired: true, isInstanceProperty: true)
    // Rosetta: objc_registerProtocol
    try runtime.registerProtocol(identified)
    let named = try runtime.allocateProtocol(named: "Named")
    // Rosetta: protocol_addProtocol
    try named.addProtocol(identified)
    try runtime.registerProtocol(named)
    // Rosetta: objc_getProtocol
    #expect(runtime.protocol(named: "Named") === named)
    // Rosetta: objc_copyProtocolList
    #expect(runtime.protocols.map(\.name) == ["NSObject", "Identified", "Named"])
    // Rosetta: protocol_getName
    #expect(named.name == "Named")
    // Rosetta: protocol_copyProtocolList
    #expect(named.protocols == [identified])
    // Rosetta: protocol_getMethodDescription
    let found = named.methodDescription(for: "identifier", isRequired: true, isInstanceMethod: true)
    // Rosetta: objc_method_description
    let description: MethodDescription = found
    #expect(description.selector == "identifier" && description.types == "@16@0:8" && !description.isNull)
    #expect(named.methodDescription(for: "age", isRequired: true, isInstanceMethod: true) == MethodDescription.null)
    // Rosetta: protocol_copyMethodDescriptionList
    #expect(identified.methodDescriptions(isRequired: true, isInstanceMethod: true).count == 1)
    // Rosetta: protocol_getProperty
    #expect(named.property(named: "identifier", isRequired: true, isInstanceProperty: true) != nil)
    // Rosetta: protocol_copyPropertyList2
    #expect(identified.properties(isRequired: true, isInstanceProperty: true).map(\.name) == ["identifier"])
    // Rosetta: protocol_conformsToProtocol
    #expect(named.conforms(to: identified))
    // Rosetta: protocol_isEqual
    #expect(named.isEqual(to: named) && !named.isEqual(to: identified))
    // Rosetta: Protocol
    let proto: Protocol = named
    #expect(proto.isa.name == "Protocol")

    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    // Rosetta: class_addProtocol
    #expect(try person.addProtocol(named))
    // Rosetta: class_conformsToProtocol
    #expect(person.conforms(to: identified))
    // Rosetta: class_copyProtocolList
    #expect(person.protocols == [named])
    // Rosetta: -[NSObject conformsToProtocol:]
    #expect(try runtime.msgSend(try person.createInstance(), "conformsToProtocol:", .object(named)) == true)
    try runtime.checkInvariants()
  }

  @Test func selectorsCanBeLookedUpWithoutRegistering() throws {
    // Rosetta: sel_lookUpByName
    let registered = Selector("setAge:")  // using a selector registers it
    #expect(Selector(lookingUp: "setAge:") == registered)
    #expect(Selector(lookingUp: "rosettaNameNobodyEverUses" + String(42 * 42)) == nil)
    // Rosetta: (SEL)0
    #expect(Selector.null.isNull && Selector.null.name == "<null selector>")
    // Rosetta: sel_isMapped
    #expect(registered.isMapped && !Selector.null.isMapped)
    // Rosetta: sel_getUid
    #expect(Selector(interning: "setAge:") == registered)
  }

  @Test func enumerationMutationCallsTheHandler() throws {
    let runtime = Runtime()
    let list = try runtime.rootClass.createInstance()
    // Rosetta: objc_enumerationMutation
    #expect(throws: RuntimeError.self) { try runtime.enumerationMutation(list) }
    // Rosetta: objc_setEnumerationMutationHandler
    runtime.setEnumerationMutationHandler({ _ in })
    try runtime.enumerationMutation(list)
  }

  @Test func superSendsRelativeToTheDefiningClass() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()
    // Rosetta: objc_msgSendSuper2
    #expect(try Runtime.msgSendSuper(ann, definedIn: person, "class") == .class(person))
    #expect(try runtime.msgSendSuper(ann, definedIn: person, "isKindOfClass:", .class(person)) == true)
    try runtime.checkInvariants()
  }
}
