// ObjC4BehaviourRound22ProtocolTests.swift: Protocol.mm's -descriptionForInstanceMethod: and
// -descriptionForClassMethod:, which answer a `struct objc_method_description *` (the
// selector and the types of a *required* method, found through incorporated protocols too), or
// NULL. MiniRuntime answers a VariablePointer (decision 0013) to the struct, or nil.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound22ProtocolTests {
  /// `Named` (incorporating `Base`, which requires `-identifier`): `-name` required, `-nickname`
  /// optional, `+count` required.
  private func named(in runtime: Runtime) throws -> Protocol {
    let base = try runtime.allocateProtocol(named: "Base")
    try base.addMethodDescription("identifier", types: "@16@0:8", isRequired: true, isInstanceMethod: true)
    try runtime.registerProtocol(base)
    let named = try runtime.allocateProtocol(named: "Named")
    try named.addProtocol(base)
    try named.addMethodDescription("name", types: "@16@0:8", isRequired: true, isInstanceMethod: true)
    try named.addMethodDescription("nickname", types: "@16@0:8", isRequired: false, isInstanceMethod: true)
    try named.addMethodDescription("count", types: "Q16@0:8", isRequired: true, isInstanceMethod: false)
    try runtime.registerProtocol(named)
    return named
  }

  /// The `objc_method_description` a pointer the messages answer points at.
  private func pointee(_ answer: Value) -> Value? {
    answer.swiftObject(as: VariablePointer.self)?.pointee
  }

  private func description(_ name: Selector, _ types: String) -> Value {
    .structure(Structure(name: "objc_method_description", fields: [.selector(name), .cString(types)]))
  }

  @Test func descriptionForInstanceMethodPointsAtTheRequiredMethodsDescription() throws {
    let runtime = Runtime()
    let proto = try named(in: runtime)
    let found = try runtime.msgSend(proto, "descriptionForInstanceMethod:", .selector("name"))
    #expect(pointee(found) == description("name", "@16@0:8"))
    let inherited = try runtime.msgSend(proto, "descriptionForInstanceMethod:", .selector("identifier"))
    #expect(pointee(inherited) == description("identifier", "@16@0:8"), "through the incorporated protocol")
    try runtime.checkInvariants()
  }

  @Test func descriptionForInstanceMethodIsNullForAnOptionalAClassOrAnAbsentMethod() throws {
    // Protocol.mm asks protocol_getMethod for a required method only: an optional one is NULL.
    let runtime = Runtime()
    let proto = try named(in: runtime)
    #expect(try runtime.msgSend(proto, "descriptionForInstanceMethod:", .selector("nickname")) == .nil)
    #expect(try runtime.msgSend(proto, "descriptionForInstanceMethod:", .selector("count")) == .nil)
    #expect(try runtime.msgSend(proto, "descriptionForInstanceMethod:", .selector("absent")) == .nil)
    #expect(try runtime.msgSend(proto, "descriptionForInstanceMethod:", .selector(.null)) == .nil)
    try runtime.checkInvariants()
  }

  @Test func descriptionForClassMethodFindsTheRequiredClassMethodOnly() throws {
    let runtime = Runtime()
    let proto = try named(in: runtime)
    let found = try runtime.msgSend(proto, "descriptionForClassMethod:", .selector("count"))
    #expect(pointee(found) == description("count", "Q16@0:8"))
    #expect(try runtime.msgSend(proto, "descriptionForClassMethod:", .selector("name")) == .nil)
    try runtime.checkInvariants()
  }

  @Test func theNSObjectProtocolDescribesItsRequiredMethods() throws {
    // The NSObject protocol requires -isEqual: (and -hash, -class …).
    let runtime = Runtime()
    let nsObject = try #require(runtime.protocol(named: "NSObject"))
    let isEqual = try runtime.msgSend(nsObject, "descriptionForInstanceMethod:", .selector("isEqual:"))
    let expected = nsObject.methodDescription(for: "isEqual:", isRequired: true, isInstanceMethod: true)
    #expect(!expected.isNull)
    #expect(pointee(isEqual) == description("isEqual:", try #require(expected.types)))
    try runtime.checkInvariants()
  }

  @Test func aProtocolUnderConstructionDoesNotAnswerThem() throws {
    // __IncompleteProtocol is an empty subclass of NSObject.
    let runtime = Runtime()
    let draft = try runtime.allocateProtocol(named: "Draft")
    try draft.addMethodDescription("name", types: "@16@0:8", isRequired: true, isInstanceMethod: true)
    expectError(.unrecognizedSelector) { try runtime.msgSend(draft, "descriptionForInstanceMethod:", .selector("name")) }
    expectError(.unrecognizedSelector) { try runtime.msgSend(draft, "descriptionForClassMethod:", .selector("name")) }
    try runtime.checkInvariants()
  }
}
