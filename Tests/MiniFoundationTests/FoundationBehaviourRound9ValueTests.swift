// FoundationBehaviourRound9ValueTests.swift: NSValue's boxes of an object it does not retain
// (compared by the object's address, as Foundation compares the `void *` it holds) and of C
// bytes of a given type, read and written through a pointer argument as decision 0013 passes one.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound9ValueTests {
  func object(_ runtime: Runtime) throws -> Object {
    try #require(try runtime.msgSend(runtime.rootClass, "new").objectValue)
  }

  @Test func aNonretainedObjectIsHeldWithoutARetainAndComparedByItsAddress() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    let target = try object(runtime)
    let boxed = try send(nsValue, "valueWithNonretainedObject:", .object(target))
    #expect(target.retainCount == 1, "not retained")
    #expect(try send(boxed.objectValue, "nonretainedObjectValue").objectValue === target)
    #expect(try send(boxed.objectValue, "objCType") == .cString("^v"))
    let address = try send(boxed.objectValue, "pointerValue")
    #expect(address == .pointer(UInt(bitPattern: ObjectIdentifier(target))))
    let again = try send(nsValue, "valueWithNonretainedObject:", .object(target))
    #expect(try send(boxed.objectValue, "isEqual:", again) == true)
    #expect(try send(boxed.objectValue, "hash") == (try send(again.objectValue, "hash")))
    #expect(try send(boxed.objectValue, "isEqualToValue:", try send(nsValue, "valueWithPointer:", address)) == true)
    #expect(
      try send(
        boxed.objectValue, "isEqual:", try send(nsValue, "valueWithNonretainedObject:", .object(try object(runtime))))
        == false)
    // Equal strings are two objects: by pointer, not by -isEqual:.
    let text = try #require(try runtime.object(bridging: "kvo"))
    let copy = try send(text, "mutableCopy")
    let first = try send(nsValue, "valueWithNonretainedObject:", .object(text))
    #expect(try send(first.objectValue, "isEqual:", try send(nsValue, "valueWithNonretainedObject:", copy)) == false)
    #expect(try send(nsValue, "valueWithNonretainedObject:", .nil) == (try send(nsValue, "valueWithPointer:", .nil)))
  }

  @Test func aNonretainedObjectStillReadsAfterDestructInstance() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    let target = try object(runtime)
    let boxed = try send(nsValue, "valueWithNonretainedObject:", .object(target))
    try target.destructInstance()  // still allocated; clearDeallocating nils only __weak variables
    #expect(try send(boxed.objectValue, "nonretainedObjectValue").objectValue === target)
    try send(target, "release")
  }

  @Test func aNonretainedObjectThatIsGoneReadsNilAndAPlainPointerIsNoObject() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    let target = try object(runtime)
    let boxed = try send(nsValue, "valueWithNonretainedObject:", .object(target))
    try send(target, "release")  // deallocated: the box did not keep it
    #expect(try send(boxed.objectValue, "nonretainedObjectValue") == .nil)
    #expect(try send(try send(nsValue, "valueWithPointer:", .nil).objectValue, "nonretainedObjectValue") == .nil)
    let stray = try send(nsValue, "valueWithPointer:", .pointer(0x10))
    let refused = expectFoundationError(.invalidArgument) { try send(stray.objectValue, "nonretainedObjectValue") }
    #expect(
      refused?.message
        == "*** -[NSConcreteValue nonretainedObjectValue]: the value holds the address 0x10, not an object it was given"
    )
  }

  @Test func valueWithBytesBoxesWhatThePointerHoldsAsTheTypeItWasGiven() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    let number = try send(nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer(.int64(42))), .cString("i"))
    #expect(number.objectValue?.isa.name == "NSConcreteValue")
    #expect(try send(number.objectValue, "objCType") == .cString("i"))
    let out = VariablePointer()
    try send(number.objectValue, "getValue:", .swiftObject(out))
    #expect(out.pointee == .int32(42))
    if case .int32 = out.pointee {} else { Issue.record("an int comes back as an int, not \(out.pointee)") }
    // The type is kept as given: an unsigned char stays C (an NSNumber would report s).
    let byte = try send(nsValue, "value:withObjCType:", .swiftObject(VariablePointer(.uint8(200))), .cString("C"))
    #expect(try send(byte.objectValue, "objCType") == .cString("C"))
    let point = Value.structure(Structure(name: "CGPoint", fields: [.double(1), .double(2)]))
    let boxed = try send(
      nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer(point)), .cString("{CGPoint=dd}"))
    #expect(try send(boxed.objectValue, "pointValue") == point)
    #expect(try send(boxed.objectValue, "description") == "NSPoint: {1, 2}")
    let sized = VariablePointer()
    try send(boxed.objectValue, "getValue:size:", .swiftObject(sized), .uint64(16))
    #expect(sized.pointee == point)
    let made = try send(
      try send(nsValue, "alloc").objectValue, "initWithBytes:objCType:", .swiftObject(VariablePointer(.double(0.5))),
      .cString("d"))
    #expect(try send(made.objectValue, "objCType") == .cString("d"))
    let target = try object(runtime)
    let asBytes = try send(
      nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer(.object(target))), .cString("@"))
    #expect(try send(asBytes.objectValue, "nonretainedObjectValue").objectValue === target)
    // getValue: of a number writes the number.
    let fromNumber = VariablePointer()
    try runtime.msgSend(bridging: .double(2.5), "getValue:", .swiftObject(fromNumber))
    #expect(fromNumber.pointee == .double(2.5))
  }

  @Test func anUnknownEncodingBytesOfAnotherKindOrAWrongSizeRaise() throws {
    let runtime = Runtime()
    let nsValue = try foundationClass("NSValue", in: runtime)
    let unknown = expectFoundationError(.invalidArgument) {
      try send(nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer(.int32(1))), .cString("{broken"))
    }
    #expect(unknown?.exceptionName == "NSInvalidArgumentException")
    expectFoundationError(.invalidArgument) {
      try send(nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer("text")), .cString("i"))
    }
    expectFoundationError(.invalidArgument) {  // 2.5 is not an int
      try send(nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer(.double(2.5))), .cString("i"))
    }
    expectFoundationError(.invalidArgument) { try send(nsValue, "valueWithBytes:objCType:", .nil, .cString("i")) }
    let number = try send(nsValue, "valueWithBytes:objCType:", .swiftObject(VariablePointer(.int32(7))), .cString("i"))
    let wrongSize = expectFoundationError(.invalidArgument) {
      try send(number.objectValue, "getValue:size:", .swiftObject(VariablePointer()), .uint64(8))
    }
    #expect(wrongSize?.message == "*** -[NSConcreteValue getValue:size:]: the size 8 is not the value's size, 4")
    expectFoundationError(.invalidArgument) { try send(number.objectValue, "getValue:", .nil) }
  }
}
