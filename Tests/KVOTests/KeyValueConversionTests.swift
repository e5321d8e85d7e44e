// KeyValueConversionTests.swift: setValue:forKey: converts a value for a scalar property as
// Foundation does, by sending it the NSNumber message for the property's type.

import Testing

@testable import KVO

@Suite struct KeyValueConversionTests {
  /// A runtime with `Gauge`: properties of every number type, and an ivar-only key `raw` (int).
  struct Gauges {
    let runtime = Runtime()
    let gauge: Class
    let object: Object

    init() throws {
      gauge = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Gauge")
      try gauge.synthesizeProperty("total", type: .longLong)
      try gauge.synthesizeProperty("level", type: .char)
      try gauge.synthesizeProperty("small", type: .short)
      try gauge.synthesizeProperty("count", type: .int)
      try gauge.synthesizeProperty("mask", type: .unsignedInt)
      try gauge.synthesizeProperty("big", type: .unsignedLongLong)
      try gauge.synthesizeProperty("ratio", type: .float)
      try gauge.synthesizeProperty("weight", type: .double)
      try gauge.synthesizeProperty("flag", type: .bool)
      try gauge.addIvar("_raw", type: .int)
      try runtime.registerClassPair(gauge)
      object = try #require(try runtime.msgSend(gauge, "new").objectValue)
    }
  }

  // A bridged number already of the property's type is stored as it is (KVC's shortcut); one
  // of another width still converts as -<type>Value does (300 in a char is 44).
  @Test func aNumberOfThePropertysOwnTypeIsStoredAsItIsAndAnotherWidthConverts() throws {
    let g = try Gauges()
    let exact: [(String, Value)] = [
      ("total", .int64(1 << 40)), ("level", .int8(-7)), ("small", .int16(-300)), ("count", .int32(-70_000)),
      ("mask", .uint32(4_000_000_000)), ("big", .uint64(1 << 63)), ("ratio", .float(0.25)), ("weight", .double(-1.5)),
      ("flag", .bool(true)),
    ]
    for (key, value) in exact {
      try g.object.setValue(value, forKey: key)
      #expect(try g.object.value(forKey: key) == value, "\(key)")
    }
    try g.object.setValue(.int64(300), forKey: "level")
    #expect(try g.object.value(forKey: "level") == .int8(44))
    try g.object.setValue(.int32(7), forKey: "total")
    #expect(try g.object.value(forKey: "total") == .int64(7))
    try g.object.setValue(.int64(5), forKey: "raw")  // the ivar route
    #expect(try g.object.value(forKey: "raw") == .int32(5))
    try g.runtime.checkInvariants()
  }

  @Test func settingTwoPointFiveOnALongLongStoresTwo() throws {
    let g = try Gauges()
    try g.object.setValue(2.5, forKey: "total")
    #expect(try g.object.value(forKey: "total") == .int64(2))
    try g.object.setValue(-2.5, forKey: "total")
    #expect(try g.object.value(forKey: "total") == .int64(-2))  // toward zero, as -longLongValue
    try g.runtime.checkInvariants()
  }

  @Test func settingThreeHundredOnACharStoresFortyFour() throws {
    let g = try Gauges()
    try g.object.setValue(300, forKey: "level")
    let stored = try g.object.value(forKey: "level")
    #expect(stored == .int8(44))  // C truncation through -charValue
    #expect(stored.encoding == .char)  // valueForKey: answers a number of the ivar's type
    try g.object.setValue(70000, forKey: "small")
    #expect(try g.object.value(forKey: "small") == .int16(4464))
  }

  @Test func settingSixteenMillionAndOneOnAFloatRoundsToTheNearestFloat() throws {
    let g = try Gauges()
    try g.object.setValue(16_777_217, forKey: "ratio")
    #expect(try g.object.value(forKey: "ratio") == .float(16_777_216))
    try g.object.setValue(0.1, forKey: "ratio")
    #expect(try g.object.value(forKey: "ratio") == .float(Float(0.1)))
  }

  @Test func settingANumberOnABoolStoresItsBoolValue() throws {
    let g = try Gauges()
    try g.object.setValue(2, forKey: "flag")
    #expect(try g.object.value(forKey: "flag") == .bool(true))
    try g.object.setValue(0, forKey: "flag")
    #expect(try g.object.value(forKey: "flag") == .bool(false))
    try g.object.setValue(0.5, forKey: "flag")
    #expect(try g.object.value(forKey: "flag") == .bool(true))  // non-zero is YES
  }

  @Test func settingMinusOneOnAnUnsignedLongLongWrapsAsACCast() throws {
    let g = try Gauges()
    try g.object.setValue(-1, forKey: "big")
    #expect(try g.object.value(forKey: "big") == .uint64(.max))
    try g.object.setValue(-1, forKey: "mask")
    #expect(try g.object.value(forKey: "mask") == .uint32(.max))
  }

  @Test func aNumberObjectIsSentTheConversionMessage() throws {
    let g = try Gauges()
    let number = try #require(try g.runtime.object(bridging: 2.75))
    try g.object.setValue(.object(number), forKey: "count")
    #expect(try g.object.value(forKey: "count") == .int32(2))
  }

  @Test func aStringForALongLongIsReadWithLongLongValue() throws {
    let g = try Gauges()
    try g.object.setValue("42", forKey: "total")
    #expect(try g.object.value(forKey: "total") == .int64(42))
    try g.object.setValue("abc", forKey: "total")
    #expect(try g.object.value(forKey: "total") == .int64(0))
    try g.object.setValue("12abc", forKey: "count")  // -intValue reads the leading number
    #expect(try g.object.value(forKey: "count") == .int32(12))
  }

  @Test func aStringForADoubleOrFloatIsReadWithDoubleValueOrFloatValue() throws {
    let g = try Gauges()
    try g.object.setValue("3.7", forKey: "weight")
    #expect(try g.object.value(forKey: "weight") == .double(3.7))
    try g.object.setValue("2.5", forKey: "ratio")
    #expect(try g.object.value(forKey: "ratio") == .float(2.5))
  }

  @Test(arguments: [("YES", true), ("Y", true), ("t", true), ("7", true), ("NO", false), ("0", false), ("abc", false)])
  func aStringForABoolIsReadWithBoolValue(text: String, expected: Bool) throws {
    let g = try Gauges()
    try g.object.setValue(.bool(!expected), forKey: "flag")
    try g.object.setValue(.string(text), forKey: "flag")
    #expect(try g.object.value(forKey: "flag") == .bool(expected))
  }

  @Test(arguments: [("level", "charValue"), ("small", "shortValue"), ("mask", "unsignedIntValue"), ("big", "unsignedLongLongValue")])
  func aStringForATypeNSStringCannotReadIsAnUnrecognizedSelector(key: String, message: String) throws {
    let g = try Gauges()
    try g.object.setValue(1, forKey: key)
    let error = #expect(throws: RuntimeError.self) { try g.object.setValue("42", forKey: key) }
    #expect(error?.code == .unrecognizedSelector)
    #expect(error?.message.hasPrefix("-[__NSCFString \(message)]: unrecognized selector sent to instance") == true)
    #expect(try g.object.value(forKey: key) == 1)  // nothing stored
  }

  @Test func anObjectWithoutTheMessageIsAnUnrecognizedSelector() throws {
    let g = try Gauges()
    let other = try #require(try g.runtime.msgSend(g.gauge, "new").objectValue)
    let error = #expect(throws: RuntimeError.self) { try g.object.setValue(.object(other), forKey: "total") }
    #expect(error?.message.hasPrefix("-[Gauge longLongValue]: unrecognized selector") == true)
    #expect(try g.object.value(forKey: "total") == 0)
  }

  @Test func anObjectThatAnswersTheMessageHasItsAnswerStored() throws {
    let runtime = Runtime()
    let meter = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Meter")
    try meter.addMethod("longLongValue", types: "q16@0:8") { _, _, _ in .int64(9) }
    try runtime.registerClassPair(meter)
    let gauge = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Gauge")
    try gauge.synthesizeProperty("total", type: .longLong)
    try runtime.registerClassPair(gauge)
    let object = try #require(try runtime.msgSend(gauge, "new").objectValue)
    try object.setValue(.object(try meter.createInstance()), forKey: "total")
    #expect(try object.value(forKey: "total") == .int64(9))
  }

  @Test func anIvarSetDirectlyIsConvertedTheSameWay() throws {
    let g = try Gauges()
    try g.object.setValue(2.9, forKey: "raw")  // no -setRaw:: the ivar _raw
    #expect(try g.object.value(ofIvar: "_raw") == .int32(2))
    try g.object.setValue("17", forKey: "raw")
    #expect(try g.object.value(ofIvar: "_raw") == .int32(17))
  }

  @Test func observersSeeTheConvertedValue() throws {
    let g = try Gauges()
    let seen = Locked<[Change]>([])
    let observation = try g.object.observe("total", options: [.new, .old]) { _, change in
      seen.withLock { $0.append(change) }
    }
    try g.object.setValue(2.5, forKey: "total")
    #expect(seen.withLock { $0 } == [Change(kind: .setting, new: 2, old: 0)])
    observation.invalidate()
    try g.runtime.checkInvariants()
  }

  @Test func theRuntimesTypedSetterConvertsAsCAssignmentObservedOrNot() throws {
    let g = try Gauges()
    try g.runtime.msgSend(g.object, "setTotal:", 2.5)  // [gauge setTotal:2.5]: C converts the argument
    #expect(try g.object.value(ofIvar: "_total") == .int64(2))
    let seen = Locked<[Change]>([])
    let observation = try g.object.observe("total", options: [.new]) { _, change in
      seen.withLock { $0.append(change) }
    }
    try g.runtime.msgSend(g.object, "setTotal:", -3.7)  // the notifying setter converts the same way
    #expect(seen.withLock { $0 } == [Change(kind: .setting, new: -3)])
    let error = #expect(throws: RuntimeError.self) { try g.runtime.msgSend(g.object, "setTotal:", Value.double(.nan)) }
    #expect(error?.code == .typeMismatch)  // undefined in C: refused before anyone is told
    #expect(seen.withLock { $0 }.count == 1)
    observation.invalidate()
    try g.runtime.checkInvariants()
  }
}
