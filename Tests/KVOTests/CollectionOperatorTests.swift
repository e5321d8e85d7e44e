// CollectionOperatorTests.swift: @count, @sum, @avg, @min, @max and the unions.

import Testing

@testable import KVO

@Suite struct CollectionOperatorTests {
  func team(_ world: World, ages: [Value], names: [Value]) throws -> Object {
    let team = try world.newPerson()
    var members: [Value] = []
    for (age, name) in zip(ages, names) {
      let member = try world.newPerson()
      try member.setValue(age, forKey: "age")
      try member.setValue(name, forKey: "name")
      members.append(.object(member))
    }
    try world.set(team, "items", .array(members))
    return team
  }

  @Test func aggregateOperatorsComputeOverTheRightKeyPath() throws {
    let world = try World()
    let team = try team(world, ages: [30, 20, 40, 20], names: ["b", "a", "c", "a"])
    #expect(try team.value(forKeyPath: "items.@count") == 4)
    #expect(try team.value(forKeyPath: "items.@sum.age") == 110)
    #expect(try team.value(forKeyPath: "items.@avg.age") == 27.5)
    #expect(try team.value(forKeyPath: "items.@min.age") == 20)
    #expect(try team.value(forKeyPath: "items.@max.age") == 40)
    #expect(try team.value(forKeyPath: "items.@min.name") == "a")
    #expect(try team.value(forKeyPath: "items.@max.name") == "c")
    #expect(try team.value(forKeyPath: "items.@unionOfObjects.name") == ["b", "a", "c", "a"])
    #expect(try team.value(forKeyPath: "items.@distinctUnionOfObjects.name") == ["b", "a", "c"])
  }

  @Test func emptyCollectionsGiveZeroSumsAndNilExtremes() throws {
    let world = try World()
    let team = try team(world, ages: [], names: [])
    #expect(try team.value(forKeyPath: "items.@count") == 0)
    #expect(try team.value(forKeyPath: "items.@sum.age") == 0)
    #expect(try team.value(forKeyPath: "items.@max.age") == .nil)
    #expect(try team.value(forKeyPath: "items.@min.age") == .nil)
    #expect(try team.value(forKeyPath: "items.@avg.age") == .nil)  // Foundation's nil (GNUstep answers 0)
  }

  /// Records whose `n` is 0.1, 0.2 and missing (nil: a dictionary without the key).
  func records(_ world: World, _ values: [Value?]) throws -> Object {
    let holder = try world.newPerson()
    try world.set(holder, "items", .array(values.map { value in .dictionary(value.map { ["n": $0] } ?? [:]) }))
    return holder
  }

  @Test func sumAddsEveryValueThatIsNotNilAsADecimalNumber() throws {
    let world = try World()
    let holder = try records(world, [0.1, 0.2, nil])
    #expect(try holder.value(forKeyPath: "items.@sum.n") == .double(0.3))  // decimal: not 0.30000000000000004
    #expect(try records(world, [7, nil, 5]).value(forKeyPath: "items.@sum.n") == .int64(12))
    #expect(try records(world, [nil, nil]).value(forKeyPath: "items.@sum.n") == 0)
  }

  @Test func sumAndAverageAnswerAnNSDecimalNumber() throws {
    let world = try World()
    let sum = try records(world, [0.1, 0.2]).value(forKeyPath: "items.@sum.n")
    #expect(sum.objectValue?.isa.name == "NSDecimalNumber")
    #expect(try Runtime.msgSend(sum.objectValue, "description") == "0.3")  // exactly: not 0.30000000000000004
    let average = try records(world, [1, 2]).value(forKeyPath: "items.@avg.n")
    #expect(average.objectValue?.isa.name == "NSDecimalNumber")
    #expect(try Runtime.msgSend(average.objectValue, "description") == "1.5")
    #expect(try records(world, []).value(forKeyPath: "items.@avg.n") == .nil)  // no elements: nil, no division
  }

  @Test func sumOfDecimalNumbersKeepsThirtyDigits() throws {
    let world = try World()
    try world.runtime.installFoundation()
    let decimals = try world.runtime.lookUpClass(named: "NSDecimalNumber").map { cls in
      try ["123456789012345678901234567890", "0.00000001"].map { text in
        try Runtime.msgSend(cls, "decimalNumberWithString:", .string(text))
      }
    }
    let holder = try records(world, try #require(decimals))
    let sum = try holder.value(forKeyPath: "items.@sum.n")
    #expect(try Runtime.msgSend(sum.objectValue, "description") == "123456789012345678901234567890.00000001")
    #expect(sum.decimalValue == Decimal(string: "123456789012345678901234567890.00000001"))
  }

  @Test func averageDividesByEveryElementSoNilCountsAsZero() throws {
    let world = try World()
    #expect(try records(world, [1, 2, nil]).value(forKeyPath: "items.@avg.n") == 1)  // (1 + 2 + 0) / 3
    #expect(try records(world, [0.1, 0.2]).value(forKeyPath: "items.@avg.n") == .double(0.15))
    #expect(try records(world, [1, 2]).value(forKeyPath: "items.@avg.n") == 1.5)
    #expect(try records(world, [nil]).value(forKeyPath: "items.@avg.n") == 0)
  }

  @Test func maxAndMinSkipNilAndAnswerNilWhenEveryValueIsNil() throws {
    let world = try World()
    let holder = try records(world, [nil, 3, nil, 9, 4])
    #expect(try holder.value(forKeyPath: "items.@max.n") == 9)
    #expect(try holder.value(forKeyPath: "items.@min.n") == 3)
    #expect(try records(world, [nil, nil]).value(forKeyPath: "items.@max.n") == .nil)
  }

  @Test func maxAndMinAskTheValuesThemselvesWithCompare() throws {
    let world = try World()
    // Ranks compare in reverse: -compare: answers NSOrderedDescending when the receiver is lower.
    let rank = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Rank")
    try rank.addIvar("_n", type: .longLong)
    try world.runtime.registerClassPair(rank)
    try rank.addMethod("compare:", types: "q24@0:8@16") { receiver, _, arguments in
      let mine = try receiver.value(ofIvar: "_n").intValue ?? 0
      let theirs = try arguments[0].objectValue?.value(ofIvar: "_n").intValue ?? 0
      return .int64(mine < theirs ? 1 : (mine > theirs ? -1 : 0))
    }
    var ranks: [Value] = []
    for n in [2, 1, 3] {
      let object = try rank.createInstance()
      try object.setValue(.int(n), forIvar: "_n")
      ranks.append(.object(object))
    }
    let holder = try world.newPerson()
    try world.set(holder, "items", .array(ranks))
    #expect(try holder.value(forKeyPath: "items.@max.self") == ranks[1])  // n = 1 is "largest" by its compare:
    #expect(try holder.value(forKeyPath: "items.@min.self") == ranks[2])
    try world.set(holder, "items", [1, "a"])
    #expect(throws: (any Error).self) { try holder.value(forKeyPath: "items.@max.self") }  // -[NSNumber compare:] refuses a string
  }

  @Test func countIgnoresTheKeyPathOnItsRight() throws {
    let world = try World()
    let holder = try records(world, [1, nil])
    #expect(try holder.value(forKeyPath: "items.@count.n") == 2)
    #expect(try holder.value(forKeyPath: "items.@count.anything.at.all") == 2)
  }

  @Test func nilValuesAreSkipped() throws {
    let world = try World()
    let team = try team(world, ages: [1, 2], names: ["x", nil])
    #expect(try team.value(forKeyPath: "items.@unionOfObjects.name") == ["x"])
    #expect(try team.value(forKeyPath: "items.@max.name") == "x")
  }

  @Test func nonNumbersCannotBeSummed() throws {
    let world = try World()
    let team = try team(world, ages: [1], names: ["x"])
    #expect(throws: KeyValueError.self) { try team.value(forKeyPath: "items.@sum.name") }
  }

  @Test func unionOfArraysFlattens() throws {
    let world = try World()
    let person = try world.newPerson()
    try world.set(person, "items", [[1, 2], [2, 3]])
    #expect(try person.value(forKeyPath: "items.@unionOfArrays.self") == [1, 2, 2, 3])
  }
}
