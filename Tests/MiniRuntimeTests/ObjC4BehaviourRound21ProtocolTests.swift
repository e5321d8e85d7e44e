// ObjC4BehaviourRound21ProtocolTests.swift: the twenty-first round's protocol objects, from
// objc4's nsprotocol.m and Protocol.mm: a registered protocol is an instance of `Protocol`
// (a subclass of NSObject) whose -hash is 23 for every protocol and whose -isEqual: answers NO for
// anything that is not a Protocol; a protocol still under construction is an instance of
// `__IncompleteProtocol`, which answers none of Protocol's messages, until objc_registerProtocol
// changes its isa. Also protocol_copyPropertyList.m's own-versus-incorporated lists.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound21ProtocolTests {
  /// A registered protocol with no declarations.
  private func registered(_ name: String, in runtime: Runtime) throws -> Protocol {
    let proto = try runtime.allocateProtocol(named: name)
    try runtime.registerProtocol(proto)
    return proto
  }

  @Test func everyProtocolHashesTo23() throws {
    // Protocol.mm: `- (NSUInteger)hash { return 23; }`, so that equal protocols (protocol_isEqual
    // compares by name through conformance) always hash alike.
    let runtime = Runtime()
    let named = try registered("Named", in: runtime)
    let other = try registered("Other", in: runtime)
    let nsObject = try #require(runtime.protocol(named: "NSObject"))
    for proto in [named, other, nsObject] {
      #expect(try runtime.msgSend(proto, "hash") == .uint64(23))
    }
    try runtime.checkInvariants()
  }

  @Test func aProtocolIsAnNSObjectAndIsEqualToNothingButAProtocol() throws {
    // nsprotocol.m: Protocol is a subclass of NSObject, so protocols answer NSObject's messages;
    // Protocol's -isEqual: first checks that the other object is a Protocol.
    let runtime = Runtime()
    let named = try registered("Named", in: runtime)
    let protocolClass = try #require(runtime.lookUpClass(named: "Protocol"))
    #expect(protocolClass.superclass === runtime.rootClass)
    #expect(try runtime.msgSend(named, "isKindOfClass:", .class(runtime.rootClass)) == true)
    #expect(try runtime.msgSend(named, "respondsToSelector:", .selector("conformsTo:")) == true)
    #expect(try runtime.msgSend(named, "isEqual:", .object(try new(runtime.rootClass, in: runtime))) == false)
    #expect(try runtime.msgSend(named, "isEqual:", .nil) == false)
    #expect(try runtime.msgSend(named, "isEqual:", .object(named)) == true)
    try runtime.checkInvariants()
  }

  @Test func aProtocolUnderConstructionIsAnIncompleteProtocolUntilRegistered() throws {
    // objc_allocateProtocol makes the protocol with isa `__IncompleteProtocol` (Protocol.mm's
    // empty subclass of NSObject); objc_registerProtocol changes the isa to `Protocol`.
    let runtime = Runtime()
    let draft = try runtime.allocateProtocol(named: "Draft")
    let incomplete = try #require(runtime.lookUpClass(named: "__IncompleteProtocol"))
    #expect(draft.isa === incomplete)
    #expect(incomplete.superclass === runtime.rootClass)
    #expect(incomplete.methodList.isEmpty)
    #expect(try runtime.msgSend(draft, "class") == .class(incomplete))
    expectError(.unrecognizedSelector) { try runtime.msgSend(draft, "name") }
    try runtime.registerProtocol(draft)
    #expect(draft.isa === runtime.lookUpClass(named: "Protocol"))
    #expect(try runtime.msgSend(draft, "name") == "Draft")
    try runtime.checkInvariants()
  }

  @Test func aRegisteredProtocolIsNotEqualToAnIncompleteOneOfTheSameName() throws {
    // Two protocols of one name conform to each other (protocol_conformsToProtocol compares
    // names), so protocol_isEqual answers YES; -isEqual: answers NO while the other is still an
    // __IncompleteProtocol, and YES once it is registered too.
    let runtime = Runtime()
    let first = try runtime.allocateProtocol(named: "Twin")
    let second = try runtime.allocateProtocol(named: "Twin")
    try runtime.registerProtocol(first)
    #expect(first.isEqual(to: second))
    #expect(try runtime.msgSend(first, "isEqual:", .object(second)) == false)
    try runtime.registerProtocol(second)
    #expect(try runtime.msgSend(first, "isEqual:", .object(second)) == true)
    try runtime.checkInvariants()
  }

  @Test func aProtocolListsItsOwnPropertiesButFindsIncorporatedOnes() throws {
    // protocol_copyPropertyList.m (already matched): protocol_copyPropertyList lists the
    // protocol's own required instance properties only, not those of protocols it incorporates,
    // while protocol_getProperty searches them; class properties are a list of their own.
    let runtime = Runtime()
    let base = try runtime.allocateProtocol(named: "Base")
    try base.addProperty("identifier", attributes: "T@\"NSString\",R")
    try runtime.registerProtocol(base)
    let named = try runtime.allocateProtocol(named: "Named")
    try named.addProtocol(base)
    try named.addProperty("name", attributes: "T@\"NSString\",C")
    try named.addProperty("count", attributes: "Tq,R", isInstanceProperty: false)
    try runtime.registerProtocol(named)
    #expect(named.properties().map(\.name) == ["name"])
    #expect(named.properties(isInstanceProperty: false).map(\.name) == ["count"])
    #expect(named.property(named: "identifier")?.attributes.description == "T@\"NSString\",R")
    #expect(named.property(named: "count") == nil && named.property(named: "count", isInstanceProperty: false) != nil)
    try runtime.checkInvariants()
  }

  @Test func theNSObjectProtocolWasNeverIncomplete() throws {
    // The NSObject protocol is compiled into the runtime: it is a `Protocol` from the start, and
    // a runtime whose user made no protocol has made no __IncompleteProtocol either (classes the
    // runtime needs are made on first use, decision 0008).
    let runtime = Runtime()
    #expect(runtime.protocol(named: "NSObject")?.isa === runtime.lookUpClass(named: "Protocol"))
    #expect(!runtime.classes.contains { $0.name == "__IncompleteProtocol" })
    try runtime.checkInvariants()
  }
}
