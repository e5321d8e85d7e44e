// VariablePointerTests.swift: pointers to variables as message arguments (VariablePointer.swift).

import Testing

@testable import MiniRuntime

@Suite struct VariablePointerTests {
  @Test func aMethodWritesThroughAPointerArgumentAndTheCallerReadsIt() throws {
    let runtime = Runtime()
    let counter = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Counter")
    try runtime.registerClassPair(counter)
    // - (void)next:(long long *)value { *value += 1; }
    try counter.addMethod("next:", types: "v24@0:8^q16") { _, _, arguments in
      let pointer = try #require(arguments[0].swiftObject(as: VariablePointer.self))
      pointer.pointee = .int((pointer.pointee.intValue ?? 0) + 1)
      return .nil
    }
    let value = VariablePointer(41)
    try runtime.msgSend(try counter.createInstance(), "next:", .swiftObject(value))
    #expect(value.pointee == 42)
    try runtime.checkInvariants()
  }

  @Test func aPointerIsAcceptedForPointerParametersOnly() throws {
    let pointer = Value.swiftObject(VariablePointer())
    #expect(try pointer.converted(to: .pointer(.id)) == pointer)
    #expect(try pointer.converted(to: .pointer(.void)) == pointer)
    #expect(throws: RuntimeError.self) { try pointer.converted(to: .longLong) }
    #expect(throws: RuntimeError.self) { try Value.swiftObject(Runtime()).converted(to: .pointer(.id)) }
  }

  @Test func aNewPointerPointsAtNil() {
    #expect(VariablePointer().pointee == .nil)
  }
}
