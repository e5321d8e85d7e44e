// MemoryDumpTests.swift: pictures of a class's instance layout and of an object's bytes
// (MemoryDump.swift), checked against ivar_getOffset and class_getInstanceSize.

import Testing

@testable import MiniRuntime

@Suite struct MemoryDumpTests {
  func makeFlags(in runtime: Runtime) throws -> Class {
    try makeClass("Flags", in: runtime) { cls in
      try cls.addIvar("_first", type: .bool)
      try cls.addIvar("_object", type: .object(className: nil))
      try cls.addIvar("_second", type: .bool)
    }
  }

  @Test func layoutDumpOfBoolBoolIdHasNoTailPadding() throws {
    // BOOL, id, BOOL is drawn in docs/runtime.md#memory-layout (MemorySnippetTests); this order
    // packs the two BOOLs into one word and needs 8 bytes less.
    let runtime = Runtime()
    let packed = try makeClass("Packed", in: runtime) { cls in
      try cls.addIvar("_first", type: .bool)
      try cls.addIvar("_second", type: .bool)
      try cls.addIvar("_object", type: .object(className: nil))
    }
    #expect(
      packed.layoutDump() == """
        Packed: 24 bytes (class_getInstanceSize), 24 used
          offset  size  field
               0     8  isa
               8     1  _first  B
               9     1  _second  B
              10     6  (padding: _object needs 8-byte alignment)
              16     8  _object  @
        """)
    #expect(packed.ivarList.map(\.offset) == [8, 9, 16])
  }

  @Test func memoryDumpShowsTheBytesLittleEndianAndEachValue() throws {
    let runtime = Runtime()
    let flags = try makeFlags(in: runtime)
    let object = try flags.createInstance(extraBytes: 2)
    try object.setValue(true, forIvar: "_first")
    try object.setValue(.object(object), forIvar: "_object")
    let lines = object.memoryDump().split(separator: "\n").map(String.init)
    #expect(lines.first == "\(object.description): 34 bytes, class Flags (class_getInstanceSize 32)")
    #expect(lines.contains { $0.hasPrefix("       0  ") && $0.hasSuffix("  isa → Flags") })
    #expect(lines.contains("       8  01                       _first  B  = YES"))
    #expect(lines.contains("       9  00 00 00 00 00 00 00     (padding: _object needs 8-byte alignment)"))
    let address = UInt(bitPattern: ObjectIdentifier(object))
    let pointerBytes = (0..<8).map { String(UInt8(truncatingIfNeeded: address >> (8 * $0)), radix: 16) }
      .map { $0.count == 1 ? "0" + $0 : $0 }.joined(separator: " ")
    #expect(lines.contains("      16  \(pointerBytes)  _object  @  = \(object.description)"))
    #expect(lines.contains("      24  00                       _second  B  = NO"))
    #expect(lines.contains("      32  00 00                    (indexed ivars: object_getIndexedIvars)"))
    try object.setValue(.nil, forIvar: "_object")  // break the cycle
  }

  @Test func aSmallObjectIsSixteenBytesAndTheDumpSaysWhy() throws {
    let runtime = Runtime()
    let empty = try makeClass("Empty", in: runtime)
    let object = try empty.createInstance()
    let lines = object.memoryDump().split(separator: "\n").map(String.init)
    #expect(lines.first == "\(object.description): 16 bytes, class Empty (class_getInstanceSize 8)")
    #expect(lines.last == "       8  00 00 00 00 00 00 00 00  (unused: objects are at least 16 bytes)")
  }
}
