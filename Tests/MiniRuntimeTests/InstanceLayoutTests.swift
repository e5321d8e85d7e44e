// InstanceLayoutTests.swift: the layout of a class's instances (InstanceLayout.swift,
// Class+Ivars.swift, Runtime+ClassPairs.swift).

import Testing

@testable import MiniRuntime

@Suite struct InstanceLayoutTests {
  @Test func subclassWithoutIvarsSharesItsSuperclassLayout() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let student = try makeSubclass(of: person, named: "Student", in: runtime)
    let layouts = runtime.withState { state in (person.locked(&state).layout, student.locked(&state).layout) }
    #expect(layouts.0 === layouts.1, "so the KVO subclass of Person has exactly Person's layout")
    try runtime.checkInvariants()
  }
}

/// Offsets and sizes in bytes, as objc4 and clang give them on LP64.
@Suite struct ByteLayoutTests {
  /// A registered root subclass with `ivars` (name, encoding) added in order.
  func layout(_ ivars: [(String, String)], in runtime: Runtime, named name: String = "Laid") throws -> Class {
    try makeClass(name, in: runtime) { cls in
      for (ivar, type) in ivars { try cls.addIvar(ivar, type: type) }
    }
  }

  @Test func rootClassIsEightBytesOfIsaAndAMetaclassIsAClassObject() throws {
    let runtime = Runtime()
    #expect(runtime.rootClass.instanceSize == 8)
    #expect(runtime.rootClass.isa.instanceSize == 40, "sizeof(struct objc_class) on LP64")
    let empty = try makeClass("Empty", in: runtime)
    #expect(empty.instanceSize == 8)
  }

  @Test func boolIdBoolCostsMoreThanBoolBoolId() throws {
    let runtime = Runtime()
    let spread = try layout([("_a", "B"), ("_o", "@"), ("_b", "B")], in: runtime, named: "Spread")
    #expect(spread.ivarList.map(\.offset) == [8, 16, 24])
    #expect(spread.instanceSize == 32)
    let packed = try layout([("_a", "B"), ("_b", "B"), ("_o", "@")], in: runtime, named: "Packed")
    #expect(packed.ivarList.map(\.offset) == [8, 9, 16])
    #expect(packed.instanceSize == 24)
  }

  @Test(arguments: [
    ("c", 1, 1), ("B", 1, 1), ("s", 2, 2), ("i", 4, 4), ("f", 4, 4), ("q", 8, 8), ("d", 8, 8),
    ("@", 8, 8), ("#", 8, 8), (":", 8, 8), ("^i", 8, 8), ("*", 8, 8),
    ("{CC=cc}", 2, 1), ("{Mixed=cd}", 16, 8), ("[3s]", 6, 2), ("{Inner={P=ii}c}", 12, 4), ("(U=ic)", 4, 4),
  ])
  func eachIvarSitsAtItsTypesNaturalAlignment(type: String, size: Int, alignment: Int) throws {
    let runtime = Runtime()
    // After a char at offset 8, the next free byte is 9: the ivar goes to 9 rounded up.
    let cls = try layout([("_c", "c"), ("_x", type)], in: runtime)
    let ivar = try #require(cls.ivar(named: "_x"))
    #expect(ivar.size == size)
    #expect(ivar.alignment == alignment)
    #expect(ivar.offset == (9 + alignment - 1) / alignment * alignment)
    #expect(cls.instanceSize == (ivar.offset + size + 7) / 8 * 8, "word-rounded")
  }

  @Test func smallIvarsPackAndASubclassStartsAfterItsSuperclassesUnalignedSize() throws {
    let runtime = Runtime()
    let base = try layout([("_flag", "B")], in: runtime, named: "Base")
    #expect(base.instanceSize == 16)
    let sub = try makeClass("Sub", superclass: base, in: runtime) { cls in
      try cls.addIvar("_c", type: "c")
      try cls.addIvar("_s", type: "s")
      try cls.addIvar("_i", type: "i")
    }
    #expect(sub.ivarList.map(\.offset) == [9, 10, 12], "objc4 starts at the superclass's unaligned size (9)")
    #expect(sub.instanceSize == 16)
  }

  @Test func addIvarHonoursItsLog2AlignmentArgument() throws {
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Aligned")
    try cls.addIvar("_a", size: 1, log2Alignment: 0, type: "B")
    try cls.addIvar("_d", size: 8, log2Alignment: 4, type: "d")
    try cls.addIvar("_e", size: 2, log2Alignment: 0, type: "s")  // a short at an odd offset
    try cls.addIvar("_big", size: 32, log2Alignment: 3, type: "q")  // room beyond the type's size
    try runtime.registerClassPair(cls)
    #expect(cls.ivarList.map(\.offset) == [8, 16, 24, 32])
    #expect(cls.instanceSize == 64)
    let object = try cls.createInstance()
    try object.setValue(.int16(-2), forIvar: "_e")
    try object.setValue(1.5, forIvar: "_d")
    #expect(try object.value(ofIvar: "_e") == .int16(-2))
    #expect(try object.value(ofIvar: "_d") == 1.5)
    expectError(.invalidArgument) { try cls.addIvar("_x", size: 1, log2Alignment: -1, type: "c") }
  }

  @Test func ivarsShareAWordWithoutDisturbingEachOther() throws {
    let runtime = Runtime()
    let cls = try layout([("_a", "c"), ("_b", "s"), ("_c", "i"), ("_d", "C")], in: runtime)
    #expect(cls.ivarList.map(\.offset) == [8, 10, 12, 16])
    let object = try cls.createInstance()
    try object.setValue(.int8(-1), forIvar: "_a")
    try object.setValue(.int16(300), forIvar: "_b")
    try object.setValue(.int32(-70000), forIvar: "_c")
    try object.setValue(.uint8(255), forIvar: "_d")
    try object.setValue(.int16(-5), forIvar: "_b")
    #expect(try object.value(ofIvar: "_a") == .int8(-1))
    #expect(try object.value(ofIvar: "_b") == .int16(-5))
    #expect(try object.value(ofIvar: "_c") == .int32(-70000))
    #expect(try object.value(ofIvar: "_d") == .uint8(255))
  }
}

/// Storage is zero-filled as calloc'd memory: every unset ivar reads as the zero of its type.
@Suite struct ZeroFilledStorageTests {
  static let types = [
    "B", "c", "C", "s", "S", "i", "I", "q", "Q", "f", "d", ":", "^v", "*", "@", "#", "@?",
    "{Point=dd}", "{Rect={Point=dd}{Size=dd}}", "[4i]", "{Tagged=c@}", "[2{Pair=ss}]",
  ]

  @Test(arguments: types)
  func everyUnsetIvarReadsAsTheZeroOfItsType(type: String) throws {
    let runtime = Runtime()
    let encoding = try TypeEncoding(type)
    let cls = try makeClass("Zeroed", in: runtime) { try $0.addIvar("_x", type: encoding) }
    let object = try cls.createInstance()
    #expect(try object.value(ofIvar: "_x") == Value.zero(of: encoding))
  }

  @Test func aStructPropertyReadsAStructOfZeroesThroughItsSynthesizedGetter() throws {
    let runtime = Runtime()
    let shape = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Shape")
    try shape.synthesizeProperty("origin", type: try TypeEncoding("{Point=dd}"))
    try shape.synthesizeProperty("corners", type: try TypeEncoding("[4i]"), options: [.nonatomic])
    try shape.synthesizeProperty("visible", type: .bool)
    try runtime.registerClassPair(shape)
    let square = try new(shape, in: runtime)
    #expect(try runtime.msgSend(square, "origin") == .structure(Structure(name: "Point", fields: [0.0, 0.0])))
    #expect(try runtime.msgSend(square, "corners") == .cArray([.int32(0), .int32(0), .int32(0), .int32(0)]))
    #expect(try runtime.msgSend(square, "visible") == false)
    try runtime.msgSend(square, "setOrigin:", .structure(Structure(name: "Point", fields: [1.5, -2.0])))
    #expect(try runtime.msgSend(square, "origin") == .structure(Structure(name: "Point", fields: [1.5, -2.0])))
  }
}
