// MemorySnippetTests.swift: the examples of docs/runtime.md#memory-layout, run.

import MiniRuntime
import Testing

@Suite struct MemorySnippetTests {
  func makeFlags(in runtime: Runtime) throws -> Class {
    // snippet: docs/runtime.md#memory-layout
    let flags = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Flags")
    try flags.addIvar("_first", type: .bool)
    try flags.addIvar("_object", type: .object(className: nil))
    try flags.addIvar("_second", type: .bool)
    try runtime.registerClassPair(flags)
    #expect(flags.ivarList.map(\.offset) == [8, 16, 24])  // ivar_getOffset
    #expect(flags.instanceSize == 32)  // class_getInstanceSize
    #expect(
      flags.layoutDump() == """
        Flags: 32 bytes (class_getInstanceSize), 25 used
          offset  size  field
               0     8  isa
               8     1  _first  B
               9     7  (padding: _object needs 8-byte alignment)
              16     8  _object  @
              24     1  _second  B
              25     7  (padding to a word)
        """)
    // end snippet
    return flags
  }

  @Test func boolIdBoolIsDrawnWithItsPadding() throws {
    let runtime = Runtime()
    _ = try makeFlags(in: runtime)
  }

  @Test func unsetIvarsReadAsZeroes() throws {
    let runtime = Runtime()
    // snippet: docs/runtime.md#memory-layout (2)
    let shape = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Shape")
    try shape.synthesizeProperty("origin", type: try TypeEncoding("{Point=dd}"))
    try runtime.registerClassPair(shape)
    let square = try #require(try runtime.msgSend(shape, "new").objectValue)
    #expect(try runtime.msgSend(square, "origin") == .structure(Structure(name: "Point", fields: [0.0, 0.0])))
    // end snippet
  }

  @Test func indexedIvarsCopiesAndDisposal() throws {
    let runtime = Runtime()
    let flags = try makeFlags(in: runtime)
    // snippet: docs/runtime.md#memory-layout (3)
    let buffer = try flags.createInstance(extraBytes: 4)
    buffer.withIndexedIvars { bytes in bytes[0] = 42 }
    try buffer.setValue(true, forIvar: "_first")
    let twin = try buffer.copy(extraBytes: 4)
    #expect(try twin.value(ofIvar: "_first") == true)
    #expect(twin.withIndexedIvars { $0[0] } == 42)
    try twin.dispose()  // no dealloc is sent
    #expect(try twin.value(ofIvar: "_first") == false)
    // end snippet
  }

  @Test func nsObjectsIsaIvarIsTheIsaWordAtOffsetZero() throws {
    let runtime = Runtime()
    let flags = try makeFlags(in: runtime)
    // snippet: docs/runtime.md#memory-layout (4)
    let isa = try #require(runtime.rootClass.ivar(named: "isa"))
    #expect(isa.offset == 0 && isa.type.description == "#")  // ivar_getOffset, ivar_getTypeEncoding
    #expect(flags.ivar(named: "isa") === isa)  // class_getInstanceVariable walks the superclasses
    #expect(!flags.ivarList.contains { $0 === isa })  // class_copyIvarList(Flags): its own only
    #expect(runtime.rootClass.instanceSize == 8)  // still just the isa
    let item = try flags.createInstance()
    #expect(try item.value(for: isa) == .class(flags))  // object_getIvar: object_getClass
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func weakVariablesReadNilAndRefuseADeallocatingObject() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    // snippet: docs/runtime.md#weak-references (2)
    let variable = WeakVariable()
    try person.addMethod("dealloc") { receiver, _, _ in
      let error = #expect(throws: RuntimeError.self) { try variable.store(receiver) }
      #expect(error?.code == .deallocatingObject)
      return .nil
    }
    var ann: Object? = try person.createInstance()
    try variable.store(ann)
    try Runtime.autoreleasepool { #expect(variable.load() === ann) }  // the load's +1 goes here
    ann = nil  // dealloc runs; the variable reads nil
    #expect(variable.load() == nil)
    // end snippet
  }
}
