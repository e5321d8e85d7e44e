// RootClassTests.swift: NSObject, installed in every runtime, has the methods issue 2 lists, on
// the right side, with well-formed encodings (RootClass.swift).

import Testing

@testable import MiniRuntime

@Suite struct RootClassTests {
  enum Side: String, Sendable, CustomStringConvertible {
    case instance = "-"
    case `class` = "+"
    var description: String { rawValue }
  }

  /// The NSObject methods issue 2 requires, plus the few extras RootClass.swift installs.
  static let required: [(String, Side)] = [
    ("alloc", .class), ("allocWithZone:", .class), ("isAncestorOfObject:", .class), ("new", .class), ("init", .instance), ("class", .instance), ("class", .class),
    ("superclass", .instance), ("superclass", .class), ("isKindOfClass:", .instance), ("isKindOfClass:", .class),
    ("isMemberOfClass:", .instance), ("isMemberOfClass:", .class), ("respondsToSelector:", .instance),
    ("instancesRespondToSelector:", .class), ("description", .instance), ("description", .class),
    ("isEqual:", .instance), ("hash", .instance), ("performSelector:", .instance),
    ("performSelector:withObject:", .instance), ("performSelector:withObject:withObject:", .instance),
    ("dealloc", .instance), ("resolveInstanceMethod:", .class), ("resolveClassMethod:", .class),
    ("forwardingTargetForSelector:", .instance), ("doesNotRecognizeSelector:", .instance),
    ("methodSignatureForSelector:", .instance), ("forwardInvocation:", .instance),
    ("instanceMethodSignatureForSelector:", .class),
    // Extras: not in the list, but installed and relied upon (copy policies, KVO).
    ("self", .instance), ("isProxy", .instance), ("copy", .instance), ("mutableCopy", .instance),
    ("isSubclassOfClass:", .class), ("debugDescription", .instance), ("debugDescription", .class),
    ("methodForSelector:", .instance), ("instanceMethodForSelector:", .class),
    // A class is its own copy (objc4's +[NSObject copy…] return self).
    ("copy", .class), ("mutableCopy", .class), ("copyWithZone:", .class), ("mutableCopyWithZone:", .class),
    // Issue 11: protocols.
    ("conformsToProtocol:", .instance), ("conformsToProtocol:", .class), ("initialize", .class), ("load", .class),
    // objc4's NSObject.mm has both sides of these.
    ("isFault", .instance), ("isFault", .class), ("zone", .instance), ("zone", .class),
    // Manual retain-release, both sides as in objc4's NSObject.mm.
    ("retain", .instance), ("retain", .class), ("release", .instance), ("release", .class),
    ("autorelease", .instance), ("autorelease", .class), ("retainCount", .instance), ("retainCount", .class),
    ("_isDeallocating", .instance), ("_isDeallocating", .class), ("_tryRetain", .instance), ("_tryRetain", .class),
    ("allowsWeakReference", .instance), ("allowsWeakReference", .class),
    ("retainWeakReference", .instance), ("retainWeakReference", .class),
  ]

  func method(_ name: String, _ side: Side, in runtime: Runtime) -> Method? {
    let owner = side == .class ? runtime.rootClass.isa : runtime.rootClass
    return owner.methodList.first { $0.selector.name == name }
  }

  @Test(arguments: required)
  func nsobjectMethodExistsOnTheRightSide(name: String, side: Side) throws {
    let runtime = Runtime()
    let found = try #require(method(name, side, in: runtime), "\(side)[NSObject \(name)] is missing")
    #expect(found.implementation.name == "\(side)[NSObject \(name)]")
    #expect(found.owner.isMetaclass == (side == .class))
    try runtime.checkInvariants()
  }

  @Test(arguments: required)
  func nsobjectMethodEncodingParsesAndMatchesArity(name: String, side: Side) throws {
    let runtime = Runtime()
    let found = try #require(method(name, side, in: runtime))
    let signature = try MethodSignature(found.typeEncoding)
    #expect(signature.description == found.typeEncoding)
    #expect(signature.numberOfArguments - 2 == found.selector.argumentCount)
    #expect(signature.argumentTypes.first == .object(className: nil))
    #expect(signature.argumentTypes.dropFirst().first == .selector)
    // Offsets are the ones clang writes: strip them and recompute.
    var bare = signature
    bare.returnElement.offset = nil
    for index in bare.argumentElements.indices { bare.argumentElements[index].offset = nil }
    #expect(bare.withFrameOffsets() == signature)
    try runtime.checkInvariants()
  }

  @Test func onlyTheListedMethodsAreInstalled() throws {
    let runtime = Runtime()
    let listed = Set(Self.required.map { "\($0.1)\($0.0)" })
    let installed =
      runtime.rootClass.methodList.map { "-\($0.selector.name)" }
      + runtime.rootClass.isa.methodList.map { "+\($0.selector.name)" }
    #expect(Set(installed) == listed)
    #expect(installed.count == listed.count, "no selector is installed twice on one side")
    try runtime.checkInvariants()
  }

  @Test func copySendsCopyWithZone() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    let thing = try makeClass("Thing", in: runtime) { cls in
      try cls.addMethod("copyWithZone:", types: "@24@0:8^v16") { receiver, _, arguments in
        calls.append("copyWithZone: \(arguments[0])")
        return .object(receiver)
      }
      try cls.addMethod("mutableCopyWithZone:", types: "@24@0:8^v16") { receiver, _, _ in
        calls.append("mutableCopyWithZone:")
        return .object(receiver)
      }
    }
    let object = try new(thing, in: runtime)
    #expect(try runtime.msgSend(object, "copy") == .object(object))
    #expect(try runtime.msgSend(object, "mutableCopy") == .object(object))
    #expect(calls.all == ["copyWithZone: nil", "mutableCopyWithZone:"])
    let plain = try new(runtime.rootClass, in: runtime)
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(plain, "copy") }
    #expect(error?.message.hasPrefix("-[NSObject copyWithZone:]") == true)
    try runtime.checkInvariants()
  }

  @Test func aClassIsItsOwnCopy() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    for selector: Selector in ["copy", "mutableCopy"] {
      #expect(try runtime.msgSend(person, selector) == .class(person))
    }
    for selector: Selector in ["copyWithZone:", "mutableCopyWithZone:"] {
      #expect(try runtime.msgSend(person, selector, .nil) == .class(person))
    }
    #expect(try runtime.msgSend(runtime.rootClass, "copy") == .class(runtime.rootClass))
    // Instances still are not: -copy sends copyWithZone:, which NSObject's instances lack.
    let ann = try new(person, in: runtime)
    let error = expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "copy") }
    #expect(error?.message.hasPrefix("-[Person copyWithZone:]") == true)
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "mutableCopy") }
    try runtime.checkInvariants()
  }

  @Test func isProxyIsNoAndSelfIsTheReceiver() throws {
    let runtime = Runtime()
    let object = try new(runtime.rootClass, in: runtime)
    #expect(try runtime.msgSend(object, "isProxy") == false)
    #expect(try runtime.msgSend(object, "self").objectValue === object)
    #expect(
      try runtime.msgSend(runtime.rootClass, "self").objectValue === runtime.rootClass, "-self works on classes too")
    try runtime.checkInvariants()
  }

  @Test func defaultResolversAnswerNo() throws {
    let runtime = Runtime()
    let root = runtime.rootClass
    #expect(try runtime.msgSend(root, "resolveInstanceMethod:", .selector("fly")) == false)
    #expect(try runtime.msgSend(root, "resolveClassMethod:", .selector("fly")) == false)
    #expect(try runtime.msgSend(try new(root, in: runtime), "forwardingTargetForSelector:", .selector("fly")) == .nil)
    try runtime.checkInvariants()
  }

  @Test func everyRuntimeGetsItsOwnNSObjectMethods() throws {
    let first = Runtime()
    let second = Runtime()
    try first.rootClass.replaceMethod("description", types: "@16@0:8", implementation: returning("patched"))
    #expect(try first.msgSend(try new(first.rootClass, in: first), "description") == "patched")
    #expect(try second.msgSend(try new(second.rootClass, in: second), "description") != "patched")
    try first.checkInvariants()
    try second.checkInvariants()
  }

  @Test func debugDescriptionSendsDescriptionSoOverridesShow() throws {
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Described")
    try runtime.registerClassPair(cls)
    let plain = try new(cls, in: runtime)
    #expect(try runtime.msgSend(plain, "debugDescription") == .string("<Described: \(plain.address)>"))
    #expect(try runtime.msgSend(cls, "debugDescription") == "Described")
    try cls.addMethod("description", types: "@16@0:8", implementation: returning("custom"))
    #expect(try runtime.msgSend(plain, "debugDescription") == "custom")
    try runtime.checkInvariants()
  }

  @Test func methodForSelectorAnswersTheImplementationASendWouldRun() throws {
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Imp")
    let age = Implementation(name: "-[Imp age]") { _, _, _ in 7 }
    try cls.addMethod("age", types: "q16@0:8", implementation: age)
    try runtime.registerClassPair(cls)
    let object = try new(cls, in: runtime)
    let found = try runtime.msgSend(object, "methodForSelector:", .selector("age"))
    #expect(found.swiftObject(as: Implementation.self) === age)
    let viaClass = try runtime.msgSend(cls, "instanceMethodForSelector:", .selector("age"))
    #expect(viaClass.swiftObject(as: Implementation.self) === age)
    // A class asked for its own methods gets the class side: +new, not an instance method.
    let classSide = try runtime.msgSend(cls, "methodForSelector:", .selector("new"))
    #expect(try classSide.swiftObject(as: Implementation.self) === runtime.rootClass.isa.methodImplementation(for: "new"))
    // Nothing implements it: the forwarding implementation, as objc4 answers _objc_msgForward.
    let missing = try runtime.msgSend(object, "methodForSelector:", .selector("fly"))
    #expect(missing.swiftObject(as: Implementation.self) === Implementation.forwarding)
    try runtime.checkInvariants()
  }

  @Test func performSelectorOfNilDoesNotRecognizeTheNullSelector() throws {
    // objc4's -performSelector: (and its withObject: forms) sends doesNotRecognizeSelector: for
    // a null selector: the unrecognized selector, named as sel_getName names NULL.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let sends: [(Selector, [Value])] = [
      ("performSelector:", [.nil]), ("performSelector:withObject:", [.nil, 1]),
      ("performSelector:withObject:withObject:", [.nil, 1, 2]), ("performSelector:", [.selector(.null)]),
    ]
    for (selector, arguments) in sends {
      let error = expectError(.unrecognizedSelector) { try runtime.msgSend(ann, selector, arguments: Arguments(arguments)) }
      #expect(error?.message == "-[Person <null selector>]: unrecognized selector sent to instance \(ann.address)")
    }
    try runtime.checkInvariants()
  }

  /// Every runtime's NSObject has the one shared implementation of each resolver (what KVO
  /// compares a class's resolver with), each answering NO.
  @Test func theResolversAreOneSharedImplementationPerSelector() throws {
    for runtime in [Runtime(), Runtime()] {
      let meta = runtime.rootClass.isa
      for shared in [Implementation.defaultInstanceMethodResolver, Implementation.defaultClassMethodResolver] {
        let method = try #require(meta.methodList.first { $0.selector == shared.selector })
        #expect(method.implementation === shared.implementation)
        #expect(try runtime.msgSend(runtime.rootClass, shared.selector, .selector("fly")) == false)
      }
      try runtime.checkInvariants()
    }
  }
}
