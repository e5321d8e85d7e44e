// FidelityRound17UnionTests.swift: probe round 17, a union property. Foundation's KVC boxes a
// struct (`{…}`) in an NSValue but has no getter or setter for a union (`(…)`): its method
// getter and setter, and its ivar getter and setter, take objects, numbers and structs only, so
// a union accessor or ivar found by the search makes the key undefined (NSUnknownKeyException),
// as a `SEL` or `char *` one does, hiding whatever comes after it (round 19, decision 0046). GNUstep-base 1.28, run here, answers the same for a union getter and
// a union ivar. KVO's notifying setters already refused a union argument.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound17UnionTests {
  private static let union = "(Either=if)"

  @Test func aGetterReturningAUnionIsNoGetter() throws {
    let world = try World()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addMethod("either", types: "\(Self.union)16@0:8") { _, _, _ in .int32(7) }
    }
    let error = #expect(throws: KeyValueError.self) { try thing.value(forKey: "either") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("this class is not key value coding-compliant for the key either.") == true)
  }

  @Test func aUnionIvarIsNoIvarToKVC() throws {
    let world = try World()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addIvar("_either", type: try TypeEncoding(Self.union))
    }
    let read = #expect(throws: KeyValueError.self) { try thing.value(forKey: "either") }
    #expect(read?.exceptionName == "NSUnknownKeyException")
    let write = #expect(throws: KeyValueError.self) { try thing.setValue(3, forKey: "either") }
    #expect(write?.exceptionName == "NSUnknownKeyException")
    #expect(write?.message.hasSuffix("setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key either.") == true)
  }

  /// A union setter is found first and hides the ivar after it: the key is undefined and the
  /// setter is never sent, as a `SEL` setter (round 19: it was passed over for the ivar).
  @Test func aUnionSetterHidesTheIvar() throws {
    let world = try World()
    let calls = Log<String>()
    let thing = try instance(of: "Thing", in: world) { cls in
      try cls.addIvar("_either", type: .object(className: "NSNumber"))
      try cls.addMethod("setEither:", types: "v24@0:8\(Self.union)16") { _, _, _ in
        calls.append("setEither:")
        return .nil
      }
    }
    let error = #expect(throws: KeyValueError.self) { try thing.setValue(5, forKey: "either") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(calls.all == [])
    #expect(try thing.value(forKey: "either") == .nil, "the ivar is untouched")
  }
}
