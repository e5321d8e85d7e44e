// MethodTypesAsObjC4TakesThemTests.swift: class_addMethod stores a type string without checking it
// against the selector, and takes the empty string (MethodSignature.ofMethod,
// Class+MethodEncodings.swift). objc4's own tests add methods with "" and with encodings that do
// not match their selectors; a send never reads the types.

import Testing

@testable import MiniRuntime

@Suite struct MethodTypesAsObjC4TakesThemTests {
  /// An implementation that returns its arguments, unconverted, as an array.
  let echo = Implementation(name: "echo") { _, _, arguments in .array(arguments.values) }

  @Test func theEmptyTypeStringAddsAMethodWhoseTypesAreNotStated() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try person.addMethod("setNickname:", types: "", implementation: echo))
    let method = try #require(try person.instanceMethod(for: "setNickname:"))
    #expect(method.typeEncoding == "")  // method_getTypeEncoding
    #expect(method.signature.numberOfArguments == 0)  // method_getNumberOfArguments
    #expect(method.signature.argumentType(at: 2) == nil)  // method_copyArgumentType: NULL
    let ann = try new(person, in: runtime)
    // No argument is converted: an int stays an int, a string a string.
    #expect(try runtime.msgSend(ann, "setNickname:", .int32(7)) == .array([.int32(7)]))
    #expect(try runtime.msgSend(ann, "setNickname:", "Nan") == .array(["Nan"]))
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("setNickname:")) == true)
    try runtime.checkInvariants()
  }

  @Test(arguments: [("setName:forKey:", "v@:", 2), ("age", "q24@0:8q16", 3), ("greet", "v", 0), ("wave:", "v@:@@", 4)])
  func anEncodingThatParsesIsTakenWhateverItsArgumentsSay(selector: String, types: String, count: Int) throws {
    let runtime = Runtime()
    let cls = try makeClass("Holder", in: runtime)
    let sel = Selector(interning: selector)
    #expect(try cls.addMethod(sel, types: types, implementation: echo))
    let method = try #require(try cls.instanceMethod(for: sel))
    #expect(method.typeEncoding == types, "kept as written")
    #expect(method.signature.numberOfArguments == count, "the encoding's types are counted, as objc4 counts them")
    // The send still takes one argument per colon, passed as given.
    let holder = try new(cls, in: runtime)
    let arguments = (0..<sel.argumentCount).map { Value.string("a\($0)") }
    #expect(try runtime.msgSend(holder, sel, arguments: Arguments(arguments)) == .array(arguments))
    #expect(try cls.replaceMethod(sel, types: "", implementation: returning("replaced")) === echo)
    #expect(try cls.instanceMethod(for: sel)?.typeEncoding == types, "replacing keeps the method's types")
    try runtime.checkInvariants()
  }

  @Test func onlyAnArgumentTheEncodingTypesAsANumberIsConverted() throws {
    let runtime = Runtime()
    let cls = try makeClass("Holder", in: runtime)
    // Two colons, one typed argument: the char is converted as a C call converts it, the rest passes.
    try cls.addMethod("set:and:", types: "v@:c", implementation: echo)
    let holder = try new(cls, in: runtime)
    #expect(try runtime.msgSend(holder, "set:and:", .int64(300), .int64(300)) == .array([.int8(44), .int64(300)]))
  }

  @Test func aResolverMayAddTheMethodItResolvesWithTheEmptyTypeString() throws {
    // objc4's resolve tests: class_addMethod(self, sel, imp, "") from +resolveInstanceMethod:.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      guard let cls = receiver as? Class, let selector = arguments[0].selectorValue else { return false }
      return .bool(try cls.addMethod(selector, types: "", implementation: returning("resolved")))
    }
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "fly") == "resolved")
    #expect(try runtime.msgSend(ann, "flyTo:", "Oslo") == "resolved")
    #expect(try person.instanceMethod(for: "flyTo:")?.typeEncoding == "")
  }

  @Test func aCategoryAndAProtocolTakeTheSameStrings() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var polite = try Category(named: "Polite", on: "Person")
    try polite.addInstanceMethod("greet:", types: "") { _, _, arguments in arguments[0] }
    try polite.addClassMethod("make", types: "v@:@") { _, _, _ in "made" }
    var image = Image(named: "Polite")
    image.addCategory(polite)
    try runtime.loadImage(image)
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet:", "hi") == "hi")
    #expect(try runtime.msgSend(person, "make") == "made")
    #expect(try person.instanceMethod(for: "greet:")?.typeEncoding == "")

    let proto = try runtime.allocateProtocol(named: "Greeting")
    try proto.addMethodDescription("greet:", types: "", isRequired: true, isInstanceMethod: true)
    try proto.addMethodDescription("wave", types: "v@:@", isRequired: false, isInstanceMethod: true)
    #expect(proto.methodDescriptions(isRequired: true, isInstanceMethod: true).map(\.types) == [""] as [String?])
    #expect(proto.methodDescriptions(isRequired: false, isInstanceMethod: true).map(\.types) == ["v@:@"] as [String?])
  }

  @Test func aMethodWithoutTypesHasNoMethodSignatureToForwardBy() throws {
    // -[NSObject methodSignatureForSelector:] makes its answer with +signatureWithObjCTypes:,
    // which Foundation refuses for an empty string.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("untyped", types: "", implementation: returning("x"))
    let ann = try new(person, in: runtime)
    expectError(.invalidTypeEncoding) { try runtime.msgSend(ann, "methodSignatureForSelector:", .selector("untyped")) }
    expectError(.invalidTypeEncoding) { _ = try runtime.methodSignature(objCTypes: "") }
    // A mismatched encoding that parses has one, with the encoding's own arguments.
    try person.addMethod("short:", types: "v@:", implementation: returning("y"))
    let signature = try runtime.msgSend(ann, "methodSignatureForSelector:", .selector("short:"))
    #expect(try runtime.msgSend(signature.objectValue, "numberOfArguments") == .uint64(2))
  }

  @Test(arguments: ["v@:z", "@16@0:8x", "v@:{broken", "q@:^"])
  func aStringThatDoesNotParseIsStillRefusedAndChangesNothing(types: String) throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let before = person.methodList.count
    expectError(.invalidTypeEncoding) { try person.addMethod("greet", types: types, implementation: returning("x")) }
    #expect(person.methodList.count == before)
  }
}
