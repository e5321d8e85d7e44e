// FidelityRound23StructTests.swift: which structs Foundation's KVO and KVC single out. Foundation
// compares a setter's argument type with `strcmp` against `@encode(NSPoint)`, `@encode(NSSize)`,
// `@encode(NSRect)` and `@encode(NSRange)` (the reconstructions of `_NSKVONotifyingEnableForInfoAndKey`
// and of NSKeyValueAccessor's method setter show it; docs/kvo.md#value-conversion), so only the
// exact 64-bit encodings count, not a struct that is only named alike (MiniFoundation's FoundationStruct.swift).

import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound23StructTests {
  /// The notifying setter's flavour follows the whole encoding: `{CGPoint=dd}` is NSPoint's, a
  /// CGPoint of floats, an `_NSPoint` or an `NSRange` without the underscore are plain structs
  /// (`_NSSetValueAndNotify`). Either way the setter notifies.
  @Test(arguments: [
    ("v32@0:8{CGPoint=dd}16", "_NSSetPointValueAndNotify"),
    ("v32@0:8{CGSize=dd}16", "_NSSetSizeValueAndNotify"),
    ("v48@0:8{CGRect={CGPoint=dd}{CGSize=dd}}16", "_NSSetRectValueAndNotify"),
    ("v32@0:8{_NSRange=QQ}16", "_NSSetRangeValueAndNotify"),
    ("v24@0:8{CGPoint=ff}16", "_NSSetValueAndNotify"),
    ("v32@0:8{_NSPoint=dd}16", "_NSSetValueAndNotify"),
    ("v32@0:8{NSSize=dd}16", "_NSSetValueAndNotify"),
    ("v32@0:8{CGRect={CGPoint=ff}{CGSize=ff}}16", "_NSSetValueAndNotify"),
    ("v32@0:8{NSRange=QQ}16", "_NSSetValueAndNotify"),
  ])
  func aStructSetterGetsTheFlavourOfItsExactEncoding(types: String, flavour: String) throws {
    let (world, object, diagnostics, log, observer) = try NotifyingSetterTests().observeGadget(setterTypes: types)
    #expect(object.isa.methodList.first { $0.selector == "setKey:" }?.implementation.name == flavour)
    #expect(diagnostics.all.isEmpty)
    let signature = try #require(try object.isa.instanceMethod(for: "setKey:")).signature
    let argument = try #require(signature.messageArgumentTypes.first)
    try world.runtime.msgSend(object, "setKey:", Value.zero(of: argument))
    #expect(log.count == 1)
    withExtendedLifetime(observer) {}
  }

  /// KVC unboxes a struct named like NSPoint but not encoded as it with `getValue:`, not
  /// `-pointValue`: an object that answers only `-pointValue` is an unrecognized selector, and
  /// nothing is stored.
  @Test(arguments: ["{_NSPoint=dd}", "{NSPoint=dd}", "{CGPoint=ff}"])
  func aStructOnlyNamedLikeNSPointIsUnboxedWithGetValue(encoding: String) throws {
    let world = try World()
    let spot = try instance(of: "Spot", in: world) { cls in
      try cls.addMethod("pointValue", types: "{CGPoint=dd}16@0:8") { _, _, _ in
        .structure(Structure(name: "CGPoint", fields: [.double(3), .double(4)]))
      }
    }
    let type = try TypeEncoding(encoding)
    let shape = try instance(of: "Shape", in: world) { cls in
      try cls.synthesizeProperty("origin", type: type)
    }
    let before = try shape.value(forKey: "origin")
    let error = #expect(throws: RuntimeError.self) { try shape.setValue(.object(spot), forKey: "origin") }
    #expect(error?.message.hasPrefix("-[Spot getValue:]: unrecognized selector sent to instance 0x") == true)
    #expect(try shape.value(forKey: "origin") == before)
  }

  /// An ivar's encoding names its members (`{CGPoint="x"d"y"d}`): it is still NSPoint's, so KVC
  /// sends `-pointValue` and stores the answer (already matched).
  @Test func anIvarOfNSPointWithNamedMembersIsUnboxedWithPointValue() throws {
    let world = try World()
    let point = Value.structure(Structure(name: "CGPoint", fields: [.double(3), .double(4)]))
    let spot = try instance(of: "Spot", in: world) { cls in
      try cls.addMethod("pointValue", types: "{CGPoint=dd}16@0:8") { _, _, _ in point }
    }
    let shape = try instance(of: "Shape", in: world) { cls in
      try cls.addIvar("_origin", type: try TypeEncoding(#"{CGPoint="x"d"y"d}"#))
    }
    try shape.setValue(.object(spot), forKey: "origin")
    #expect(try shape.value(ofIvar: "_origin") == point)
  }
}
