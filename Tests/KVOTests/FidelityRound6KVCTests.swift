// FidelityRound6KVCTests.swift: the sixth round's KVC cases on ordinary objects: what Foundation
// answers for a value of the wrong kind on a struct or `Class` property, and for `@max`/`@min`
// over a number and an `NSNull`, with GNUstep-base's source and its run on this machine as
// evidence where Apple documents nothing. KVO cases are in FidelityRound6Tests.swift.

import Testing

@testable import KVO

@Suite struct FidelityRound6KVCTests {
  // MARK: - Structs

  /// An `NSNumber` is an `NSValue`: Foundation sends it the struct's unboxing message, which an
  /// NSValue of another type refuses with `NSInvalidArgumentException` (GNUstep-base's
  /// `[NSIntNumber-pointValue] should be overridden by subclass`); nothing is stored and no
  /// observer is told. An `NSValue` of another struct is refused the same way.
  @Test func aNumberForAStructPropertyIsRefusedAsAnNSValueOfAnotherType() throws {
    let world = try World()
    let shape = try instance(of: "Shape", in: world) { cls in
      try cls.synthesizeProperty("origin", type: try TypeEncoding("{CGPoint=dd}"))
      try cls.addIvar("_extent", type: try TypeEncoding("{ThreeFloats=fff}"))
    }
    let (observer, log) = try world.newObserver()
    try shape.addObserver(observer, forKeyPath: "origin", options: [.new], context: 0)
    let point = #expect(throws: KeyValueError.self) { try shape.setValue(3, forKey: "origin") }
    #expect(point?.exceptionName == "NSInvalidArgumentException")
    #expect(point?.message == "-[__NSCFNumber pointValue]: the value's objCType is \"q\", not \"{CGPoint=dd}\"")
    let range = Value.range(1..<3)
    let other = #expect(throws: KeyValueError.self) { try shape.setValue(range, forKey: "origin") }
    #expect(other?.message == "-[NSConcreteValue pointValue]: the value's objCType is \"{_NSRange=QQ}\", not \"{CGPoint=dd}\"")
    let extent = #expect(throws: KeyValueError.self) { try shape.setValue(2.5, forKey: "extent") }
    #expect(extent?.message == "-[__NSCFNumber getValue:]: the value's objCType is \"d\", not \"{ThreeFloats=fff}\"")
    #expect(try shape.value(forKey: "origin") == .structure(Structure(name: "CGPoint", fields: [.double(0), .double(0)])))
    #expect(log.all.isEmpty)
  }

  // MARK: - Class properties

  /// A `Class` property takes a class, and `valueForKey:` answers it. Foundation's KVC treats `#`
  /// as an object type and stores any object there unchecked (GNUstep-base, run here, stores a
  /// string); MiniKVO's runtime keeps a `Class` slot for classes (the isa is one), so it refuses
  /// an object that is no class, `NSInvalidArgumentException`, and stores nothing (kvo.md).
  @Test func aClassPropertyTakesAClassAndRefusesAnObjectThatIsNoClass() throws {
    let world = try World()
    let holder = try instance(of: "Factory", in: world) { cls in
      try cls.synthesizeProperty("product", type: .class)
    }
    try holder.setValue(.object(world.person), forKey: "product")
    #expect(try holder.value(forKey: "product").objectValue === world.person)
    let error = #expect(throws: KeyValueError.self) { try holder.setValue("Person", forKey: "product") }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasPrefix("[<Factory 0x") == true)
    #expect(error?.message.hasSuffix("> setValue:forKey:]: key product: cannot use String \"Person\" as Class ('#')") == true)
    let instance = #expect(throws: KeyValueError.self) { try holder.setValue(.object(try world.newPerson()), forKey: "product") }
    #expect(instance?.code == .invalidValue)
    #expect(try holder.value(forKey: "product").objectValue === world.person)  // nothing stored
  }

  // MARK: - @max and @min over a number and NSNull

  /// `@max` and `@min` send `compare:` to the best value so far. `NSNumber`'s asks its argument
  /// for its `objCType` first (GNUstep-base's source; run here, `NSNull(instance) does not
  /// recognize objCType`), which `NSNull` and `NSString` do not implement: the runtime's
  /// unrecognized selector, as when `NSNull` comes first and is sent `compare:` itself.
  @Test func maxAndMinOfANumberThenNSNullAskTheNullForItsObjCType() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [1, .null])
    for op in ["@max", "@min"] {
      let error = #expect(throws: RuntimeError.self) { try ann.value(forKeyPath: "items.\(op).self") }
      #expect(error?.message.hasPrefix("-[NSNull objCType]: unrecognized selector sent to instance 0x") == true)
    }
    try world.set(ann, "items", [1, "x"])
    let string = #expect(throws: RuntimeError.self) { try ann.value(forKeyPath: "items.@max.self") }
    #expect(string?.message.hasPrefix("-[__NSCFString objCType]: unrecognized selector sent to instance 0x") == true)
    try world.set(ann, "items", [1, .range(0..<1)])  // an NSValue has an objCType, but is no number
    let value = #expect(throws: FoundationError.self) { try ann.value(forKeyPath: "items.@max.self") }
    #expect(value?.message.hasPrefix("*** -[__NSCFNumber compare:]: ") == true)
  }
}
