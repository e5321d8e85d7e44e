// PropertyTests.swift: property attribute strings, declared properties and synthesized
// accessors (PropertyAttributes.swift, Property.swift, Class+Properties.swift).

import Testing

@testable import MiniRuntime

@Suite struct PropertyTests {
  @Test(arguments: [
    "T@\"NSString\",C,N,V_name", "Tq,N,R,V_x", "Ti,GisOn,SsetOn:,V_on", "Tq", "T@,&,N,V_delegate", "T@,W,N",
    "T{Point=dd},N,V_origin", "Td,D", "T@\"NSArray\",R,C", "T^v,P", "T#,&",
  ])
  func attributeStringParsesAndPrintsBackExactly(attributes: String) throws {
    let parsed = try PropertyAttributes(attributes)
    #expect(parsed.description == attributes)
    #expect(try PropertyAttributes(parsed.description) == parsed)
  }

  @Test func attributeStringParsesIntoItsParts() throws {
    let name = try PropertyAttributes("T@\"NSString\",C,N,V_name")
    #expect(name.type == .object(className: "NSString"))
    #expect(name.isCopy)
    #expect(name.isNonatomic)
    #expect(!name.isReadonly)
    #expect(!name.isWeak)
    #expect(name.ivarName == "_name")
    #expect(name.attributes.map(\.letter) == ["T", "C", "N", "V"])
    let on = try PropertyAttributes("Ti,GisOn,SsetOn:,V_on")
    #expect(on.getterName == "isOn")
    #expect(on.setterName == "setOn:")
    #expect(on.type == .int)
    let x = try PropertyAttributes("Tq,N,R,V_x")
    #expect(x.isReadonly)
    #expect(try PropertyAttributes("T@,W").isWeak)
  }

  @Test(arguments: [
    ("C,N,V_name", "exactly one type attribute 'T'"), ("Tq,N,N", "given twice"), ("Tq,Tq", "given twice"),
    ("Tq,Z", "unknown attribute 'Z'"), ("T@,C,&", "copy cannot be combined"), ("T@,C,W", "copy cannot be combined"),
    ("Tq,SsetOn", "setter 'setOn'"), ("Tq,GisOn:", "getter 'isOn:'"), ("", "empty attribute"),
    ("Tq,", "empty attribute"),
    ("Tz", "unknown type code 'z'"), ("T", "expected a type"), ("Tq,V", "ivar name ''"), ("Tq,V1x", "ivar name '1x'"),
    ("Tq,Nx", "'N' takes no value"), ("Tq,S", "setter ''"),
  ])
  func malformedAttributeStringThrowsInvalidPropertyAttributes(attributes: String, problem: String) {
    let error = expectError(.invalidPropertyAttributes) { _ = try PropertyAttributes(attributes) }
    #expect(error?.message.contains(problem) == true, "\(error?.message ?? "")")
    #expect(error?.message.contains("'\(attributes)'") == true)
  }

  @Test func attributesFromListAreValidatedLikeStrings() throws {
    #expect(try PropertyAttributes([.type(.longLong), .nonatomic, .ivar("_x")]).description == "Tq,N,V_x")
    expectError(.invalidPropertyAttributes) { _ = try PropertyAttributes([.nonatomic]) }
    expectError(.invalidPropertyAttributes) { _ = try PropertyAttributes([.type(.int), .copy, .retain]) }
    expectError(.invalidPropertyAttributes) { _ = try PropertyAttributes([.type(.int), .readonly, .readonly]) }
  }

  @Test func synthesizePropertyCreatesIvarPropertyAndAccessors() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    try runtime.registerClassPair(person)
    #expect(person.ivarList.map(\.description) == ["_age q", "_name @\"NSString\""])
    #expect(person.propertyList.map(\.description) == ["name T@\"NSString\",C,N,V_name", "age Tq,V_age"])  // newest first
    #expect(try person.instanceMethod(for: "age")?.typeEncoding == "q16@0:8")
    #expect(try person.instanceMethod(for: "setAge:")?.typeEncoding == "v24@0:8q16")
    #expect(try person.instanceMethod(for: "name")?.typeEncoding == "@16@0:8")
    #expect(try person.instanceMethod(for: "setName:")?.typeEncoding == "v24@0:8@16")
    #expect(try person.instanceMethod(for: "setAge:")?.implementation.name == "-[Person setAge:]")
    let ann = try new(person, in: runtime)
    try runtime.msgSend(ann, "setAge:", .int32(42))
    #expect(try runtime.msgSend(ann, "age") == .int64(42))
    #expect(try ann.value(ofIvar: "_age").encoding == .longLong)
    try runtime.checkInvariants()
  }

  @Test(arguments: [
    (TypeEncoding.bool, "B16@0:8", "v20@0:8B16"), (.char, "c16@0:8", "v20@0:8c16"), (.int, "i16@0:8", "v20@0:8i16"),
    (.double, "d16@0:8", "v24@0:8d16"), (.float, "f16@0:8", "v20@0:8f16"), (.class, "#16@0:8", "v24@0:8#16"),
    (.selector, ":16@0:8", "v24@0:8:16"), (.object(className: nil), "@16@0:8", "v24@0:8@16"),
  ])
  func synthesizedAccessorEncodingsMatchClang(type: TypeEncoding, getter: String, setter: String) throws {
    let runtime = Runtime()
    let cls = try makeClass("Holder", in: runtime) { try $0.synthesizeProperty("value", type: type) }
    #expect(try cls.instanceMethod(for: "value")?.typeEncoding == getter)
    #expect(try cls.instanceMethod(for: "setValue:")?.typeEncoding == setter)
    try runtime.checkInvariants()
  }

  @Test func cachedSendsOfScalarAccessorsBehaveAsTheAccessorsDo() throws {
    // Once cached, a whole-word scalar accessor is done in place by the send (DirectAccess);
    // every case the in-place path does not take must still reach the accessor's closure.
    let runtime = Runtime()
    let cls = try makeClass("Counter", in: runtime) { cls in
      try cls.synthesizeProperty("count", type: .longLong, options: .nonatomic)
      try cls.synthesizeProperty("ratio", type: .double, options: .nonatomic)
    }
    let counter = try new(cls, in: runtime)
    for round in 0..<3 {  // the first send fills the cache; the others hit it
      try runtime.msgSend(counter, "setCount:", .int64(Int64(round)))
      #expect(try runtime.msgSend(counter, "count") == .int64(Int64(round)))
      try runtime.msgSend(counter, "setCount:", .int32(-7))  // converted as C assignment
      #expect(try runtime.msgSend(counter, "count") == .int64(-7))
      try runtime.msgSend(counter, "setRatio:", .int64(3))
      #expect(try runtime.msgSend(counter, "ratio") == .double(3))
      expectError(.typeMismatch) { try runtime.msgSend(counter, "setCount:", "seven") }
      #expect(try runtime.msgSend(counter, "count") == .int64(-7))
    }
    // Replaced: the next send runs the new implementation, not the old in-place store.
    let setter = try #require(try cls.instanceMethod(for: "setCount:"))
    _ = try setter.setImplementation(Implementation(function: "-[Counter setCount:] (doubled)") { receiver, _, arguments in
      try receiver.setValue(.int64(Int64((arguments[0].intValue ?? 0) * 2)), forIvar: "_count")
      return .nil
    })
    try runtime.msgSend(counter, "setCount:", .int64(21))
    #expect(try runtime.msgSend(counter, "count") == .int64(42))
    try runtime.checkInvariants()
  }

  @Test func oneArgumentSendsNotDoneInPlaceReachTheImplementation() throws {
    // A cached setter of a long long is done in place only for an `.int64` argument (its kind is
    // tested first: ScalarBits.exact): a getter's implementation under a one-colon selector, an
    // argument of another kind, a wrong argument count and a traced send must answer as the
    // implementation and the general send do.
    let runtime = Runtime()
    let cls = try makeClass("Gauge", in: runtime) { cls in
      try cls.synthesizeProperty("level", type: .longLong, options: .nonatomic)
    }
    let gauge = try new(cls, in: runtime)
    let getter = try #require(try cls.instanceMethod(for: "level"))
    #expect(try cls.addMethod("levelGiven:", types: "q24@0:8q16", implementation: getter.implementation))
    for round in 0..<3 {  // the first send fills the cache; the others hit it
      try runtime.msgSend(gauge, "setLevel:", .int64(Int64(round + 5)))
      #expect(try runtime.msgSend(gauge, "levelGiven:", .int64(99)) == .int64(Int64(round + 5)))
      try runtime.msgSend(gauge, "setLevel:", .double(-2.5))  // converted as C assignment
      #expect(try runtime.msgSend(gauge, "level") == .int64(-2))
      expectError(.wrongArgumentCount) { try runtime.msgSend(gauge, "level", .int64(1)) }
    }
    let sends = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver(includingMessageSends: true) { sends.append($0) }
    try runtime.msgSend(gauge, "setLevel:", .int64(8))
    observation.cancel()
    #expect(try runtime.msgSend(gauge, "level") == .int64(8))
    #expect(sends.all.filter { if case .messageSent = $0 { true } else { false } }.count == 1)
    try runtime.checkInvariants()
  }

  @Test func cachedSendsOfObjectGettersBehaveAsTheGettersDo() throws {
    // Once cached, a getter of a one-word object ivar is done in place by the send (DirectAccess):
    // strong, weak, class and boxed values read as the accessor's general path reads them, the
    // read leaves the object's retain count as it was, and a getter moved to an object whose
    // word holds scalars still throws instead of reading it.
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("friend", type: .object(className: nil), options: .nonatomic)
      try cls.synthesizeProperty("buddy", type: .object(className: nil), options: [.weak, .nonatomic])
      try cls.synthesizeProperty("kind", type: .class)
    }
    let counter = try makeClass("Counter", in: runtime) { try $0.synthesizeProperty("count", type: .longLong) }
    _ = try counter.instanceMethod(for: "count")!.setImplementation(try holder.instanceMethod(for: "friend")!.implementation)
    let owner = try new(holder, in: runtime)
    let ann = try new(holder, in: runtime)
    let tally = try new(counter, in: runtime)
    try tally.setValue(5, forIvar: "_count")
    for round in 0..<3 {  // the first send fills the cache; the others hit it
      try runtime.msgSend(owner, "setFriend:", round == 1 ? "text" : .object(ann))
      let count = ann.retainCount
      #expect(try runtime.msgSend(owner, "friend") == (round == 1 ? "text" : .object(ann)))
      #expect(ann.retainCount == count)
      try runtime.msgSend(owner, "setKind:", .class(holder))
      #expect(try runtime.msgSend(owner, "kind") == .class(holder))
      expectError(.incompatibleLayout) { try runtime.msgSend(tally, "count") }
      #expect(try tally.value(ofIvar: "_count") == 5)
      var friend: Object? = try new(holder, in: runtime)
      try runtime.msgSend(owner, "setBuddy:", .object(friend!))
      do {
        let buddy = try Runtime.autoreleasepool { try runtime.msgSend(owner, "buddy") }
        #expect(buddy == .object(friend!))
      }
      friend = nil
      #expect(try runtime.msgSend(owner, "buddy") == .nil)
    }
    try runtime.checkInvariants()
  }

  @Test func readonlyPropertyHasNoSetter() throws {
    let runtime = Runtime()
    let cls = try makeClass("Thing", in: runtime) {
      try $0.synthesizeProperty("identifier", type: .longLong, options: [.readonly])
    }
    #expect(try cls.instanceMethod(for: "identifier") != nil)
    #expect(try cls.instanceMethod(for: "setIdentifier:") == nil)
    #expect(cls.property(named: "identifier")?.setter == nil)
    #expect(cls.property(named: "identifier")?.attributes.description == "Tq,R,V_identifier")
    let thing = try new(cls, in: runtime)
    expectError(.unrecognizedSelector) { try runtime.msgSend(thing, "setIdentifier:", 3) }
    try thing.setValue(3, forIvar: "_identifier")
    #expect(try runtime.msgSend(thing, "identifier") == 3)
    try runtime.checkInvariants()
  }

  @Test func synthesizeKeepsHandWrittenAccessors() throws {
    let runtime = Runtime()
    let cls = try makeClass("Thing", in: runtime) { cls in
      try cls.addMethod("size", types: "q16@0:8") { _, _, _ in 99 }
      try cls.synthesizeProperty("size", type: .longLong)
    }
    let thing = try new(cls, in: runtime)
    try runtime.msgSend(thing, "setSize:", 3)
    #expect(try runtime.msgSend(thing, "size") == 99)
    #expect(try thing.value(ofIvar: "_size") == 3)
    try runtime.checkInvariants()
  }

  @Test func copyPropertySetterSendsCopy() throws {
    let runtime = Runtime()
    let copies = Recorder<String>()
    let tag = try makeClass("Tag", in: runtime) { cls in
      try cls.addMethod("copyWithZone:", types: "@24@0:8^v16") { receiver, _, _ in
        copies.append("copy")
        return .object(try receiver.isa.createInstance())
      }
    }
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("tag", type: .object(className: "Tag"), options: [.copy])
      try cls.synthesizeProperty("strongTag", type: .object(className: "Tag"), options: [.retain])
    }
    let original = try new(tag, in: runtime)
    let object = try new(holder, in: runtime)
    try runtime.msgSend(object, "setTag:", .object(original))
    try runtime.msgSend(object, "setStrongTag:", .object(original))
    #expect(copies.all == ["copy"])
    let stored = try #require(try runtime.msgSend(object, "tag").objectValue)
    #expect(stored !== original)
    #expect(stored.isa === tag)
    #expect(try runtime.msgSend(object, "strongTag").objectValue === original)
    try runtime.msgSend(object, "setTag:", "a string is copied by value")
    #expect(copies.count == 1)
    try runtime.checkInvariants()
  }

  @Test func customGetterAndSetterNamesAreUsed() throws {
    let runtime = Runtime()
    let cls = try makeClass("Switch", in: runtime) { cls in
      try cls.addIvar("_on", type: .bool)
      try cls.addProperty("on", attributes: "TB,GisOn,SsetIsOn:,V_on")
    }
    let property = try #require(cls.property(named: "on"))
    #expect(property.getter == "isOn")
    #expect(property.setter == "setIsOn:")
    #expect(Property.setterName(forKey: "age") == "setAge:")
    #expect(Property.setterName(forKey: "URL") == "setURL:")
    try runtime.checkInvariants()
  }

  @Test func addPropertyAfterRegistrationWorks() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try person.addProperty("nickname", attributes: "T@\"NSString\",C,N"))
    #expect(person.property(named: "nickname")?.attributes.isCopy == true)
    #expect(person.propertyList.map(\.name) == ["nickname", "name", "age"])  // newest first
    try runtime.checkInvariants()
  }

  @Test func replacePropertyChangesAttributesInPlaceOrAdds() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.replaceProperty("age", attributes: "Td,R")
    #expect(person.property(named: "age")?.attributes.description == "Td,R")
    #expect(person.propertyList.map(\.name) == ["name", "age"])  // same place, same count
    try person.replaceProperty("nickname", attributes: "T@\"NSString\",C,N")
    #expect(person.propertyList.map(\.name) == ["nickname", "name", "age"])
    // Malformed input changes nothing.
    #expect(throws: RuntimeError.self) { try person.replaceProperty("age", attributes: "Q{") }
    #expect(throws: RuntimeError.self) { try person.replaceProperty("bad\0name", attributes: "Tq") }  // no C string holds a NUL
    #expect(person.property(named: "age")?.attributes.description == "Td,R")
    try runtime.checkInvariants()
  }

  @Test func duplicatePropertyReturnsFalseAndKeepsTheFirst() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(try person.addProperty("age", attributes: "Td,R") == false)
    #expect(person.property(named: "age")?.attributes.description == "Tq,V_age")
    #expect(person.propertyList.count == 2)
    try runtime.checkInvariants()
  }

  @Test func propertyLookupSearchesSuperclasses() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    #expect(student.property(named: "age")?.attributes.ivarName == "_age")
    #expect(student.propertyList.isEmpty)
    #expect(student.property(named: "nope") == nil)
    try runtime.checkInvariants()
  }

  @Test func invalidPropertyNameOrAttributesThrowAndAddNothing() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    expectError(.invalidName) { try person.addProperty("my\0age", attributes: "Tq") }  // no C string holds a NUL
    expectError(.invalidPropertyAttributes) { try person.addProperty("height", attributes: "q") }
    let draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
    expectError(.invalidName) { try draft.synthesizeProperty("bad name", type: .int) }
    expectError(.invalidTypeEncoding) { try draft.synthesizeProperty("bits", type: .bitField(width: 2)) }
    #expect(draft.ivarList.isEmpty)
    #expect(draft.propertyList.isEmpty)
    #expect(draft.methodList.isEmpty)
    #expect(person.propertyList.count == 2)
    try runtime.checkInvariants()
  }
}
