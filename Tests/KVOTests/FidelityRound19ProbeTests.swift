// FidelityRound19ProbeTests.swift: probe round 19, each case with Foundation's answer. A
// dictionary's `@` keys: `-[NSDictionary valueForKey:]` strips the `@` and sends the rest to
// NSObject's `valueForKey:`, so `@sum` is the undefined key `sum` and `@count` is `-count`;
// `-[NSMutableDictionary setValue:forKey:]` stores any key as it is, `@` included, and an
// immutable dictionary has only NSObject's `setValue:forKey:`. Then two of GNUstep-base's
// Tests/base/KVC value conversions KeyValueConversionTests does not make: a string into an `int`
// is its `intValue` (leading spaces skipped), `@YES` into a `float` its `floatValue`.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound19ProbeTests {
  // MARK: - A dictionary's `@` keys

  /// `@sum` on a dictionary asks NSObject's `valueForKey:` for `sum`: the undefined key is
  /// `sum`, named by the message and the user info (already matched).
  @Test func aDictionarysAtSumIsTheUndefinedKeySum() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let info = try world.runtime.mutableDictionary(["sum": 5, "@sum": 6])
    for path in ["@sum", "@sum.anything"] {
      let error = #expect(throws: KeyValueError.self) {
        path.contains(".") ? try info.value(forKeyPath: path) : try info.value(forKey: path)
      }
      #expect(error?.exceptionName == "NSUnknownKeyException")
      #expect(error?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key sum.") == true)
      #expect(error?.userInfo["NSUnknownUserInfoKey"] == "sum")
    }
    #expect(try info.value(forKey: "@count") == 2)
    #expect(try info.value(forKey: "@self") == .object(info), "-self, not the entry @self")
  }

  /// `setValue:forKey:` on a mutable dictionary stores `@sum` as the key `@sum`; on an immutable
  /// one, NSObject's `setValue:forKey:` finds no setter for `@sum` (already matched).
  @Test func aDictionarysSetValueTakesAnAtKeyAsItIs() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let info = try world.runtime.mutableDictionary([:])
    try info.setValue(7, forKey: "@sum")
    #expect(Value.object(info) == ["@sum": 7])
    try info.setValue(nil, forKey: "@sum")
    #expect(Value.object(info) == [:] as Value)
    let fixed = try #require(try world.runtime.object(bridging: ["a": 1]))
    let error = #expect(throws: KeyValueError.self) { try fixed.setValue(7, forKey: "@sum") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key @sum.") == true)
  }

  // MARK: - GNUstep's scalar conversions

  /// A class with one ivar of each scalar type the conversions below set.
  private func scalars(in world: World) throws -> Object {
    world.runtime.installKeyValueObserving()
    return try instance(of: "Scalars", in: world) { cls in
      for (name, type) in [("_i", "i"), ("_f", "f"), ("_d", "d")] {
        try cls.addIvar(name, type: try TypeEncoding(type))
      }
    }
  }

  /// A string into an `int` is its `intValue` (leading number, else 0); `@YES` into a `float` is
  /// its `floatValue`, 1 (already matched).
  @Test func aStringIntoAnIntAndYesIntoAFloatAreTheirNumberMessages() throws {
    let world = try World()
    let object = try scalars(in: world)
    try object.setValue("12", forKey: "i")
    #expect(try object.value(ofIvar: "_i") == .int32(12))
    try object.setValue(" 42abc", forKey: "i")
    #expect(try object.value(ofIvar: "_i") == .int32(42))
    try object.setValue("abc", forKey: "i")
    #expect(try object.value(ofIvar: "_i") == .int32(0))
    try object.setValue(true, forKey: "f")
    #expect(try object.value(ofIvar: "_f") == .float(1))
    try object.setValue("3.5", forKey: "d")
    #expect(try object.value(ofIvar: "_d") == .double(3.5))
  }
}
