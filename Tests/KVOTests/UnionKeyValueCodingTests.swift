// UnionKeyValueCodingTests.swift: KVC and KVO on a key of union type (MiniRuntime's Union.swift).
// A union value bridges to an NSValue of its bytes, but Foundation's KVC has getters and setters
// for objects, numbers and structs only: a union ivar or accessor is no accessor, and the key is
// undefined (FidelityRound17UnionTests; until round 17 KVC boxed a union).

import MiniFoundation
import Testing

@testable import KVO

@Suite struct UnionKeyValueCodingTests {
  /// `union Number { int i; float f; }`
  static let number = TypeEncoding.union(name: "Number", fields: [.init(.int), .init(.float)])

  /// A registered `Cell` with an ivar-only key `raw` and a synthesized property `number`, both
  /// `union Number`.
  static func makeCell(in runtime: Runtime) throws -> Object {
    let cell = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Cell")
    try cell.addIvar("_raw", type: number)
    try cell.synthesizeProperty("number", type: number)
    try runtime.registerClassPair(cell)
    return try #require(try runtime.msgSend(cell, "new").objectValue)
  }

  @Test func aUnionBridgesToAnNSValueButIsAnUndefinedKeyToValueForKey() throws {
    let world = try World()
    let cell = try Self.makeCell(in: world.runtime)
    let half = Value.union(try Union(Self.number, member: 1, .float(0.5)))
    try cell.setValue(half, forIvar: "_raw")
    let boxed = try #require(try world.runtime.object(bridging: half))
    #expect(boxed.isa.name == "NSConcreteValue")
    #expect(try world.runtime.msgSend(boxed, "objCType") == .cString("(Number=if)"))
    #expect(Value.object(boxed) == half)
    for key in ["raw", "number"] {  // the ivar, and the getter
      let error = #expect(throws: KeyValueError.self) { try cell.value(forKey: key) }
      #expect(error?.exceptionName == "NSUnknownKeyException")
    }
    try world.runtime.checkInvariants()
  }

  @Test func setValueForKeyOfAUnionKeyIsAnUndefinedKeyAndChangesNothing() throws {
    let world = try World()
    let cell = try Self.makeCell(in: world.runtime)
    let seven = Value.union(try Union(Self.number, member: 0, .int32(7)))
    let boxed = Value.object(try #require(try world.runtime.object(bridging: seven)))
    for key in ["raw", "number"] {
      let error = #expect(throws: KeyValueError.self) { try cell.setValue(boxed, forKey: key) }
      #expect(error?.exceptionName == "NSUnknownKeyException")
    }
    #expect(try cell.value(ofIvar: "_raw") == .zero(of: Self.number), "a refused set changes nothing")
    try world.runtime.checkInvariants()
  }
}
