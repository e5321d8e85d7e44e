// MethodTableTests.swift: a class's methods by selector (MethodTable.swift).

import Testing

@testable import MiniRuntime

@Suite struct MethodTableTests {
  /// `count` methods of a fresh class, named `m0`, `m1`, …, with their selectors.
  private func methods(_ count: Int, in runtime: Runtime) throws -> [Method] {
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Table\(count)")
    for number in 0..<count {
      try cls.addMethod(Selector(interning: "m\(number)"), types: "@16@0:8", implementation: returning("m\(number)"))
    }
    return cls.methodList
  }

  @Test func tableFindsEveryMethodItHoldsAndNothingElse() throws {
    let runtime = Runtime()
    var table = MethodTable()
    #expect(table["m0"] == nil, "an empty table holds nothing")
    let all = try methods(200, in: runtime)  // grows the table several times
    for method in all { table[method.selector] = method }
    #expect(table.count == 200)
    #expect(all.allSatisfy { table[$0.selector] === $0 })
    #expect(table["neverAddedToTheTable"] == nil)
  }

  @Test func settingASelectorAgainReplacesItsMethod() throws {
    let runtime = Runtime()
    let all = try methods(2, in: runtime)
    var table = MethodTable()
    table[all[0].selector] = all[0]
    table[all[0].selector] = all[1]
    #expect(table.count == 1)
    #expect(table[all[0].selector] === all[1])
  }

  @Test func removingMethodsKeepsTheOthersReachable() throws {
    let runtime = Runtime()
    let all = try methods(100, in: runtime)
    var table = MethodTable()
    for method in all { table[method.selector] = method }
    for method in all.enumerated() where method.offset % 3 == 0 { table[method.element.selector] = nil }
    table["neverAddedToTheTable"] = nil  // removing what is not there changes nothing
    for (offset, method) in all.enumerated() {
      #expect(table[method.selector] === (offset % 3 == 0 ? nil : method), "\(method.selector)")
    }
    #expect(table.count == all.count - (all.count + 2) / 3)
  }

  @Test func aCopyIsIndependentOfTheOriginal() throws {
    let runtime = Runtime()
    let all = try methods(3, in: runtime)
    var table = MethodTable()
    table[all[0].selector] = all[0]
    var copy = table
    copy[all[1].selector] = all[1]
    copy[all[0].selector] = nil
    #expect(table[all[0].selector] === all[0] && table[all[1].selector] == nil && table.count == 1)
    #expect(copy[all[0].selector] == nil && copy[all[1].selector] === all[1] && copy.count == 1)
  }
}
