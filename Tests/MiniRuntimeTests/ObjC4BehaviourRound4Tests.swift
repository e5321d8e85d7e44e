// ObjC4BehaviourRound4Tests.swift: a fourth round of behaviour cases modelled on objc4's test
// suite (protocol.m, nsobject.m, classpair.m, ivar.m, ...), on what the first three rounds left
// out: the NSObject protocol and the Protocol class present from launch, NSObject's -zone and
// -isFault. Each test pins objc4's semantics; a failure here is a gap between MiniRuntime and objc4.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound4NSObjectProtocolTests {
  @Test func theNSObjectProtocolExistsFromTheStart() throws {
    // objc_getProtocol("NSObject") answers before any user code has made a protocol.
    let runtime = Runtime()
    let proto = try #require(runtime.protocol(named: "NSObject"))
    #expect(proto.isRegistered)
    #expect(proto.isa === runtime.lookUpClass(named: "Protocol"))
    #expect(try runtime.msgSend(proto, "isKindOfClass:", .class(runtime.rootClass)) == true)
    #expect(try runtime.msgSend(proto, "name") == .string("NSObject"))
    #expect(proto.protocols.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func nsobjectAdoptsTheNSObjectProtocolAndSubclassesConformThroughIt() throws {
    let runtime = Runtime()
    let proto = try #require(runtime.protocol(named: "NSObject"))
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(runtime.rootClass.protocols.map(\.name) == ["NSObject"])  // class_copyProtocolList
    #expect(runtime.rootClass.isa.protocols.map(\.name) == ["NSObject"])  // compiled: the metaclass too (Round 29)
    #expect(runtime.rootClass.conforms(to: proto))  // class_conformsToProtocol
    #expect(!person.conforms(to: proto))  // the class's own list only
    #expect(person.protocols.isEmpty)
    #expect(try runtime.msgSend(ann, "conformsToProtocol:", .object(proto)) == true)
    #expect(try runtime.msgSend(person, "conformsToProtocol:", .object(proto)) == true)
    #expect(try runtime.msgSend(runtime.rootClass, "conformsToProtocol:", .object(proto)) == true)
    #expect(try runtime.msgSend(proto, "conformsToProtocol:", .object(proto)) == true)  // a Protocol is an NSObject
  }

  @Test func nsobjectProtocolDescribesItsRequiredInstanceMethods() throws {
    let runtime = Runtime()
    let proto = try #require(runtime.protocol(named: "NSObject"))
    let required: [(Selector, String)] = [
      ("isEqual:", "B24@0:8@16"), ("hash", "Q16@0:8"), ("class", "#16@0:8"), ("superclass", "#16@0:8"),
      ("respondsToSelector:", "B24@0:8:16"), ("description", "@16@0:8"), ("isKindOfClass:", "B24@0:8#16"),
      ("conformsToProtocol:", "B24@0:8@16"), ("zone", "^{_NSZone=}16@0:8"), ("release", "Vv16@0:8"),
    ]
    for (selector, types) in required {
      #expect(proto.methodDescription(for: selector, isRequired: true, isInstanceMethod: true).types == types, "\(selector)")
      #expect(proto.methodDescription(for: selector, isRequired: false, isInstanceMethod: true).isNull)
      #expect(proto.methodDescription(for: selector, isRequired: true, isInstanceMethod: false).isNull)
    }
    let optional = proto.methodDescription(for: "debugDescription", isRequired: false, isInstanceMethod: true)
    #expect(optional.types == "@16@0:8")
    #expect(proto.methodDescription(for: "debugDescription", isRequired: true, isInstanceMethod: true).isNull)
    #expect(proto.methodDescriptions(isRequired: true, isInstanceMethod: true).count == 19)
    #expect(proto.methodDescriptions(isRequired: false, isInstanceMethod: true).map(\.selector) == ["debugDescription"])
    #expect(proto.methodDescriptions(isRequired: true, isInstanceMethod: false).isEmpty)
    #expect(proto.methodDescriptions(isRequired: false, isInstanceMethod: false).isEmpty)
  }

  @Test func nsobjectProtocolListsItsPropertiesAsClangCompilesThem() throws {
    // protocol_copyPropertyList: one list, the @optional debugDescription included.
    let runtime = Runtime()
    let proto = try #require(runtime.protocol(named: "NSObject"))
    #expect(proto.properties().map(\.name) == ["hash", "superclass", "description", "debugDescription"])
    #expect(proto.property(named: "hash")?.attributes.description == "TQ,R")
    #expect(proto.property(named: "description")?.attributes.description == "T@\"NSString\",R,C")
    #expect(proto.properties(isRequired: true, isInstanceProperty: false).isEmpty)
  }

  @Test func nsobjectImplementsEveryRequiredMethodOfTheProtocol() throws {
    // Every required method is answered by NSObject with the protocol's encoding, the manual
    // retain-count messages included (ManualRetainRelease.swift).
    let runtime = Runtime()
    let proto = try #require(runtime.protocol(named: "NSObject"))
    for description in proto.methodDescriptions(isRequired: true, isInstanceMethod: true) {
      let method = try #require(try runtime.rootClass.instanceMethod(for: description.selector), "\(description.selector)")
      #expect(method.typeEncoding == description.types, "\(description.selector)")
    }
  }

  @Test func aProtocolIncorporatingNSObjectConformsToIt() throws {
    // @protocol Named <NSObject>: protocol_conformsToProtocol follows the chain to NSObject.
    let runtime = Runtime()
    let base = try #require(runtime.protocol(named: "NSObject"))
    let named = try runtime.allocateProtocol(named: "Named")
    try named.addProtocol(base)
    try runtime.registerProtocol(named)
    let titled = try runtime.allocateProtocol(named: "Titled")
    try titled.addProtocol(named)
    try runtime.registerProtocol(titled)
    #expect(titled.conforms(to: base) && named.conforms(to: base) && !base.conforms(to: titled))
    #expect(titled.methodDescription(for: "hash", isRequired: true, isInstanceMethod: true).types == "Q16@0:8")
    let person = try makeClass("Person", in: runtime) { _ = try $0.addProtocol(titled) }
    #expect(person.conforms(to: base))
    expectError(.duplicateName) { _ = try runtime.allocateProtocol(named: "NSObject") }  // objc4: nil
  }
}

@Suite struct ObjC4BehaviourRound4NSObjectTests {
  @Test func zoneIsTheDefaultZoneForEveryObjectAndClass() throws {
    // -[NSObject zone] and +[NSObject zone] answer malloc_default_zone(): one non-NULL zone.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let zone = try runtime.msgSend(ann, "zone")
    guard case .pointer(let address) = zone else { Issue.record("zone answered \(zone)"); return }
    #expect(address != 0)
    #expect(try runtime.msgSend(new(person, in: runtime), "zone") == zone)
    #expect(try runtime.msgSend(person, "zone") == zone)
    let other = Runtime()
    #expect(try other.msgSend(other.rootClass, "zone") == zone)
    #expect(try runtime.msgSend(person, "allocWithZone:", zone).objectValue?.isa === person)
  }

  @Test func isFaultIsNoOnBothSides() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try runtime.msgSend(new(person, in: runtime), "isFault") == false)
    #expect(try runtime.msgSend(person, "isFault") == false)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("isFault")) == true)
  }
}

@Suite struct ObjC4BehaviourRound4MessagingTests {
  @Test func respondsToSelectorAndInstancesRespondToSelectorAskDifferentSides() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("age")) == false)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("age")) == true)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("new")) == true)
    #expect(try runtime.msgSend(person, "instancesRespondToSelector:", .selector("new")) == false)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("new")) == false)
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("class")) == true)
    #expect(person.instancesRespond(to: "age") && !person.instancesRespond(to: "new"))
    #expect(person.isa.instancesRespond(to: "new"))  // class_respondsToSelector(meta, @selector(new))
  }

  @Test func exchangeImplementationsIsSeenByCachedSends() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try addReturning(person, "left", "L")
    try addReturning(person, "right", "R")
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "left") == "L")
    #expect(try runtime.msgSend(ann, "right") == "R")
    let left = try #require(try person.instanceMethod(for: "left"))
    let right = try #require(try person.instanceMethod(for: "right"))
    try left.exchangeImplementation(with: right)
    #expect(try runtime.msgSend(ann, "left") == "R")
    #expect(try runtime.msgSend(ann, "right") == "L")
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let stu = try new(student, in: runtime)
    #expect(try runtime.msgSend(stu, "left") == "R")  // cached in the subclass too
    try left.exchangeImplementation(with: right)
    #expect(try runtime.msgSend(stu, "left") == "L")
    try runtime.checkInvariants()
  }

  @Test func nilMethodSignatureSendsDoesNotRecognizeSelectorWithoutForwardInvocation() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    let proxy = try makeClass("Proxy", in: runtime) { cls in
      try cls.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { _, _, arguments in
        calls.append("signature \(arguments[0].selectorValue?.name ?? "?")")
        return .nil
      }
      try cls.addMethod("forwardInvocation:", types: "v24@0:8@16") { _, _, _ in
        calls.append("forwardInvocation")
        return .nil
      }
      try cls.addMethod("doesNotRecognizeSelector:", types: "v24@0:8:16") { receiver, selector, arguments in
        calls.append("doesNotRecognize \(arguments[0].selectorValue?.name ?? "?")")
        return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass, selector, arguments[0])
      }
    }
    let object = try new(proxy, in: runtime)
    expectError(.unrecognizedSelector) { _ = try runtime.msgSend(object, "fly") }
    #expect(calls.all == ["signature fly", "doesNotRecognize fly"])
  }

  @Test func forwardingTargetNilFallsThroughToTheInvocationPath() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    let proxy = try makeClass("Proxy", in: runtime) { cls in
      try cls.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, _ in
        calls.append("target")
        return .nil
      }
      try cls.addMethod("methodSignatureForSelector:", types: "@24@0:8:16") { receiver, selector, _ in
        calls.append("signature")  // NSObject's answer for a method it has: v@: is enough to forward
        return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass, selector, .selector("description"))
      }
      try cls.addMethod("forwardInvocation:", types: "v24@0:8@16") { _, _, _ in
        calls.append("forwardInvocation")
        return .nil
      }
    }
    let object = try new(proxy, in: runtime)
    _ = try runtime.msgSend(object, "fly")
    #expect(calls.all == ["target", "signature", "forwardInvocation"])
  }

  @Test func resolverReturningYesWithoutAddingIsAskedOnceThenTheSelectorIsUnrecognized() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let calls = Recorder<String>()
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { _, _, arguments in
      calls.append(arguments[0].selectorValue?.name ?? "?")
      return true  // a lie: nothing was added
    }
    let ann = try new(person, in: runtime)
    expectError(.unrecognizedSelector) { _ = try runtime.msgSend(ann, "fly") }
    expectError(.unrecognizedSelector) { _ = try runtime.msgSend(ann, "fly") }
    #expect(calls.all == ["fly"])  // the negative entry is cached after the first resolution
  }

  @Test func removeAssociatedObjectsReleasesEveryValueAtOnce() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let tag = try makeClass("Tag", in: runtime)
    let ann = try new(person, in: runtime)
    let weak = WeakVariable()
    do {
      let value = try new(tag, in: runtime)
      try weak.store(value)
      try ann.setAssociatedObject(.object(value), forKey: AssociationKey("a"), policy: .retain)
      try ann.setAssociatedObject(.object(value), forKey: AssociationKey("b"), policy: .assign)
    }
    try Runtime.autoreleasepool { #expect(weak.load() != nil) }  // objc_loadWeak's +1 goes at the pop
    ann.removeAssociatedObjects()
    #expect(weak.load() == nil)
    #expect(ann.associatedObject(forKey: AssociationKey("a")) == .nil)
    #expect(ann.associatedObject(forKey: AssociationKey("b")) == .nil)
  }

  @Test func classVariableIsTheMetaclassChainsIvar() throws {
    // class_getClassVariable(cls, name) is class_getInstanceVariable(cls->ISA(), name): the root
    // metaclass inherits from NSObject, so a class's "isa" class variable is NSObject's isa ivar.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(person.classVariable(named: "isa") === runtime.rootClass.ivar(named: "isa"))
    #expect(person.classVariable(named: "_age") == nil)
    #expect(person.isa.ivarList.isEmpty && runtime.rootClass.isa.ivarList.isEmpty)
  }

  @Test func selectorsRoundTripTheirNames() throws {
    let made = try Selector(validating: "take:and:")
    #expect(made.name == "take:and:")
    #expect(made == Selector("take:and:") && made == Selector(interning: "take:and:"))
    #expect(Selector(lookingUp: made.name) == made)
    #expect(made.description == "take:and:")
  }

  @Test func methodForSelectorMatchesInstanceMethodForSelector() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let viaObject = try runtime.msgSend(ann, "methodForSelector:", .selector("age"))
    let viaClass = try runtime.msgSend(person, "instanceMethodForSelector:", .selector("age"))
    guard case .swiftObject(let a) = viaObject, case .swiftObject(let b) = viaClass else {
      Issue.record("not implementations: \(viaObject) \(viaClass)")
      return
    }
    let implementation = try #require(try person.instanceMethod(for: "age")).implementation
    #expect(ObjectIdentifier(a) == ObjectIdentifier(b))
    #expect(ObjectIdentifier(a) == ObjectIdentifier(implementation))
  }
}
