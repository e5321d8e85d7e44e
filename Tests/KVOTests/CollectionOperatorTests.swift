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
