// IvarTests.swift: declaring ivars and reading and writing them by name or by Ivar
// (Class+Ivars.swift, Object+Ivars.swift, Ivar.swift, InstanceLayout.swift).

import Testing

@testable import MiniRuntime

@Suite struct IvarTests {
  /// A registered class with one ivar `_v` of `type`, and an instance.
  func makeHolder(_ type: TypeEncoding, in runtime: Runtime) throws -> (cls: Class, object: Object) {
    let cls = try makeClass("Holder", in: runtime) { try $0.addIvar("_v", type: type) }
    return (cls, try cls.createInstance())
  }

  @Test func ivarGetAndSetByName() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try ann.setValue(42, forIvar: "_age")
    try ann.setValue("Ann", forIvar: "_name")
    #expect(try ann.value(ofIvar: "_age") == 42)
    #expect(try ann.value(ofIvar: "_name") == "Ann")
    #expect(try runtime.msgSend(ann, "age") == 42, "the accessor reads the same slot")
    try runtime.checkInvariants()
  }

  @Test func freshObjectIvarsAreZero() throws {
    let runtime = Runtime()
    let cls = try makeClass("Zeroes", in: runtime) { cls in
      for (name, type) in [
        ("_q", "q"), ("_b", "B"), ("_d", "d"), ("_o", "@"), ("_sel", ":"), ("_p", "^v"), ("_s", "*"),
      ] {
        try cls.addIvar(name, type: type)
      }
    }
    let object = try cls.createInstance()
    #expect(try object.value(ofIvar: "_q") == 0)
    #expect(try object.value(ofIvar: "_b") == false)
    #expect(try object.value(ofIvar: "_d") == 0)
    #expect(try object.value(ofIvar: "_o") == .nil)
    #expect(try object.value(ofIvar: "_sel") == .nil)
    #expect(try object.value(ofIvar: "_p") == .nil)
    #expect(try object.value(ofIvar: "_s") == .nil)
    try runtime.checkInvariants()
  }

  @Test func unknownIvarThrowsNamingTheIvar() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let error = expectError(.unknownIvar) { _ = try ann.value(ofIvar: "_nope") }
    #expect(error?.message.contains("'_nope'") == true)
    #expect(error?.message.contains("Person") == true)
    let setError = expectError(.unknownIvar) { try ann.setValue(1, forIvar: "_missing") }
    #expect(setError?.message.contains("'_missing'") == true)
    expectError(.unknownIvar) { _ = try ann.value(ofIvar: "age") }
    try runtime.checkInvariants()
  }

  @Test func typeMismatchThrowsAndKeepsOldValue() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    try ann.setValue(7, forIvar: "_age")
    try ann.setValue("Ann", forIvar: "_name")
    let error = expectError(.typeMismatch) { try ann.setValue("seven", forIvar: "_age") }
    #expect(error?.message.contains("long long") == true, "\(error?.message ?? "")")
    expectError(.typeMismatch) { try ann.setValue(7.5e30, forIvar: "_age") }  // undefined in C
    expectError(.typeMismatch) { try ann.setValue(.selector("age"), forIvar: "_age") }
    expectError(.typeMismatch) { try ann.setValue(.pointer(7), forIvar: "_name") }  // a void * is no object
    expectError(.typeMismatch) { try ann.setValue(.cString("Ann"), forIvar: "_name") }  // nor a char *
    expectError(.typeMismatch) { try runtime.msgSend(ann, "setAge:", "eight") }
    #expect(try ann.value(ofIvar: "_age") == 7)
    #expect(try ann.value(ofIvar: "_name") == "Ann")
    try runtime.checkInvariants()
  }

  @Test(arguments: [
    ("c", Value.int8(-128)), ("c", .int8(127)), ("s", .int16(-32768)), ("i", .int32(Int32.min)), ("i", .int32(-1)),
    ("l", .int32(Int32.max)), ("q", .int64(Int64.min)), ("q", .int64(Int64.max)), ("C", .uint8(255)),
    ("S", .uint16(65535)), ("I", .uint32(UInt32.max)), ("L", .uint32(7)), ("Q", .uint64(UInt64.max)),
    ("f", .float(-1.25)),
    ("f", .float(Float.greatestFiniteMagnitude)), ("d", .double(-0.1)), ("d", .double(Double.leastNonzeroMagnitude)),
    ("B", .bool(true)), ("B", .bool(false)), (":", .selector("setValue:forKey:")), ("^v", .pointer(0xDEAD_BEEF)),
    ("^{Node}", .pointer(UInt.max)), ("*", .cString("C string")), ("@\"NSString\"", .string("Ann")),
    ("{Point=dd}", .structure(Structure(name: "Point", fields: [.double(1.5), .double(-2)]))),
    ("[2q]", .cArray([.int64(1), .int64(2)])), ("@", .array(["a", 1])), ("@", .dictionary(["k": "v"])),
    ("@", .set(["a", 1])), ("@", .null), ("@", 7), ("[3c]", .cArray([.int8(1), .int8(2), .int8(3)])),
  ])
  func ivarValueRoundTrips(encoding: String, value: Value) throws {
    let runtime = Runtime()
    let (_, object) = try makeHolder(try TypeEncoding(encoding), in: runtime)
    try object.setValue(value, forIvar: "_v")
    let read = try object.value(ofIvar: "_v")
    #expect(read == value)
    #expect(read.encoding == value.encoding, "read back as \(read.encoding), wrote \(value.encoding)")
    try runtime.checkInvariants()
  }

  @Test func selectorIvarKeepsArityAndValidity() throws {
    let runtime = Runtime()
    let (_, object) = try makeHolder(.selector, in: runtime)
    try object.setValue(.selector("setValue:forKey:"), forIvar: "_v")
    let read = try #require(try object.value(ofIvar: "_v").selectorValue)
    #expect(read.argumentCount == 2)
    #expect(read.isValid)
    let invalid: Selector = "not valid"
    try object.setValue(.selector(invalid), forIvar: "_v")
    #expect(try object.value(ofIvar: "_v").selectorValue?.isValid == false)
    try object.setValue(.nil, forIvar: "_v")
    #expect(try object.value(ofIvar: "_v") == .nil)
    try runtime.checkInvariants()
  }

  @Test func objectAndClassIvarsRoundTrip() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let cls = try makeClass("Holder", in: runtime) { cls in
      try cls.addIvar("_object", type: "@")
      try cls.addIvar("_person", type: "@\"Person\"")
      try cls.addIvar("_class", type: "#")
      try cls.addIvar("_block", type: "@?")
    }
    let holder = try cls.createInstance()
    try holder.setValue(.object(ann), forIvar: "_object")
    try holder.setValue(.object(ann), forIvar: "_person")
    try holder.setValue(.class(person), forIvar: "_class")
    try holder.setValue(.object(person), forIvar: "_object")
    #expect(try holder.value(ofIvar: "_object").classValue === person, "a class stored as an object reads as a class")
    #expect(try holder.value(ofIvar: "_person").objectValue === ann)
    #expect(try holder.value(ofIvar: "_class") == .class(person))
    expectError(.typeMismatch) { try holder.setValue(.object(ann), forIvar: "_class") }
    try holder.setValue(.swiftObject(Box(3)), forIvar: "_block")
    #expect(try holder.value(ofIvar: "_block").swiftObject(as: Box<Int>.self)?.value == 3)
    try runtime.checkInvariants()
  }

  @Test func objectIvarRetainsAndReleasesItsValue() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let cls = try makeClass("Holder", in: runtime) { try $0.addIvar("_object", type: "@") }
    let holder = try cls.createInstance()
    let weak: WeakReference<Object>
    do {
      let ann = try new(person, in: runtime)
      weak = WeakReference(ann)
      try holder.setValue(.object(ann), forIvar: "_object")
    }
    #expect(weak.object != nil, "the ivar keeps its object alive")
    try holder.setValue(.nil, forIvar: "_object")
    #expect(weak.object == nil, "replacing the value releases the old one")
    let second: WeakReference<Object>
    do {
      let bob = try new(person, in: runtime)
      second = WeakReference(bob)
      try holder.setValue(.object(bob), forIvar: "_object")
    }
    _ = consume holder
    #expect(second.object == nil, "ivars are released when their object dies")
    try runtime.checkInvariants()
  }

  @Test func ivarLookupByIvarChecksTheObjectLayout() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let point = try makeClass("Point", in: runtime) { try $0.addIvar("_x", type: .double) }
    let ann = try new(person, in: runtime)
    let age = try #require(person.ivar(named: "_age"))
    try ann.setValue(5, for: age)
    #expect(try ann.value(for: age) == 5)
    let x = try #require(point.ivar(named: "_x"))
    let error = expectError(.unknownIvar) { _ = try ann.value(for: x) }
    #expect(error?.message.contains("'_x'") == true)
    expectError(.unknownIvar) { try ann.setValue(1.5, for: x) }
    #expect(try ann.value(for: age) == 5)
    try runtime.checkInvariants()
  }

  @Test func ivarDescribesItself() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeClass("Student", superclass: person, in: runtime) {
      try $0.addIvar("_school", type: "@\"NSString\"")
    }
    let school = try #require(student.ivar(named: "_school"))
    #expect(school.description == "_school @\"NSString\"")
    #expect(school.offset == 24, "after Person's isa, _age (8) and _name (16)")
    #expect(school.className == "Student")
    #expect(student.ivarList.map(\.name) == ["_school"])
    #expect(person.ivarList.map(\.name) == ["_age", "_name"])
    #expect(student.ivar(named: "_age")?.offset == 8)
    let stu = try new(student, in: runtime)
    try stu.setValue(3, forIvar: "_age")
    try stu.setValue("MIT", forIvar: "_school")
    #expect(try runtime.msgSend(stu, "age") == 3)
    #expect(try stu.value(ofIvar: "_school") == "MIT")
    try runtime.checkInvariants()
  }

  @Test func synthesizedSetterOnObjectOfAnotherClassThrowsInsteadOfCorrupting() throws {
    let runtime = Runtime()
    let counter = try makeClass("Counter", in: runtime) { try $0.synthesizeProperty("count", type: .longLong) }
    let label = try makeClass("Label", in: runtime) { cls in
      try cls.synthesizeProperty("text", type: .object(className: "NSString"))
      try cls.synthesizeProperty("size", type: .double)
    }
    // Swap -[Counter setCount:] with -[Label setText:] (slot 0, a reference slot) and
    // -[Counter count] with -[Label size] (slot 1, which a Counter does not have).
    try counter.instanceMethod(for: "setCount:")!.exchangeImplementation(with: try label.instanceMethod(for: "setText:")!)
    try counter.instanceMethod(for: "count")!.exchangeImplementation(with: try label.instanceMethod(for: "size")!)
    let c = try new(counter, in: runtime)
    try c.setValue(5, forIvar: "_count")
    let error = expectError(.incompatibleLayout) { try runtime.msgSend(c, "setCount:", "text") }
    #expect(error?.message.contains("_text") == true, "\(error?.message ?? "")")
    expectError(.incompatibleLayout) { try runtime.msgSend(c, "count") }
    #expect(try c.value(ofIvar: "_count") == 5)
    let l = try new(label, in: runtime)
    expectError(.incompatibleLayout) { try runtime.msgSend(l, "setText:", 9) }
    expectError(.incompatibleLayout) { try runtime.msgSend(l, "size") }
    #expect(try l.value(ofIvar: "_text") == .nil)
    #expect(try runtime.msgSend(l, "text") == .nil, "Label's unswapped accessors still work")
    try runtime.checkInvariants()
  }
}
