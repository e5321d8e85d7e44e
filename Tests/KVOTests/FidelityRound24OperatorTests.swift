// FidelityRound24OperatorTests.swift: a collection operator is a method. Foundation's
// `-[NSArray valueForKeyPath:]` (and NSSet's, NSOrderedSet's) reads a piece `@name` by building
// the selector `_<name>ForKeyPath:`, finding it with `class_getInstanceMethod` on the collection's
// class and invoking it with the rest of the path (nil when there is none); only when the class
// has no such method does it refuse, "does not implement the name operation" (DIS_KVC_KVO's
// reconstruction; the custom-operator trick of NSHipster's "KVC Collection Operators" rests on
// it). So a category method `_medianForKeyPath:` makes `@median` work, and one that replaces
// `_sumForKeyPath:` changes what `@sum` answers (docs/kvo.md#collection-operators).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound24OperatorTests {
  /// Ann, whose items are three people aged 3, 9 and 5 (World.newPersonWithItems).
  private func annWithItems(_ world: World) throws -> Object {
    try world.runtime.installFoundation()
    return try world.newPersonWithItems()
  }

  /// Adds `-[<className>(Median) _medianForKeyPath:]`, which logs its receiver's class and its
  /// argument and answers the median of the values the argument names.
  private func addMedian(to className: String, in world: World, log: Log<String>) throws {
    let cls = try #require(world.runtime.lookUpClass(named: className))
    try cls.addMethod("_medianForKeyPath:", types: "@24@0:8@16") { receiver, _, arguments in
      log.append("\(receiver.isa.name) \(arguments[0].stringValue ?? "nil")")
      guard let path = arguments[0].stringValue else { return .nil }
      let values = try receiver.value(forKeyPath: path).collectionContents()?.elements ?? []
      let sorted = values.compactMap(\.intValue).sorted()
      return sorted.isEmpty ? .nil : .int(sorted[sorted.count / 2])
    }
  }

  /// A category's `_medianForKeyPath:` on NSArray is sent for `@median`, with the rest of the
  /// path as its argument, and its answer is the path's value.
  @Test func aCategoryMethodOnNSArrayMakesACustomOperator() throws {
    let world = try World()
    let ann = try annWithItems(world)
    let log = Log<String>()
    try addMedian(to: "NSArray", in: world, log: log)
    #expect(try ann.value(forKeyPath: "items.@median.age") == 5)
    #expect(log.all == ["__NSArrayI age"])
  }

  /// The rest of the path goes to the operator whole, dots and operators included, and nothing
  /// after the operator is nil.
  @Test func aCustomOperatorGetsTheWholeRestOfThePathOrNil() throws {
    let world = try World()
    let ann = try annWithItems(world)
    let log = Log<String>()
    try addMedian(to: "NSArray", in: world, log: log)
    _ = try ann.value(forKeyPath: "items.@median.friend.age")
    _ = try ann.value(forKeyPath: "items.@median")
    _ = try ann.value(forKeyPath: "items.@median.@count")
    #expect(log.all == ["__NSArrayI friend.age", "__NSArrayI nil", "__NSArrayI @count"])
  }

  /// NSSet's `valueForKeyPath:` reads operators the same way: a category's method on NSSet is
  /// sent for a set; an array, whose class lacks it, still refuses.
  @Test func aCategoryMethodOnNSSetMakesACustomOperatorForSetsOnly() throws {
    let world = try World()
    let ann = try annWithItems(world)
    let log = Log<String>()
    try addMedian(to: "NSSet", in: world, log: log)
    let set = try #require(try world.runtime.object(bridging: .set([3, 9, 5])))
    #expect(try set.value(forKeyPath: "@median.self") == 5)
    #expect(log.all == ["__NSSetI self"])
    let refused = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@median.age") }
    #expect(refused?.message.hasSuffix("valueForKeyPath:]: this class does not implement the median operation.") == true)
  }

  /// The operator's selector is found as `class_getInstanceMethod` finds it: a class that adds
  /// `_medianForKeyPath:` in `+resolveInstanceMethod:` has the operator.
  @Test func aCustomOperatorMethodAddedByTheResolverIsFound() throws {
    let world = try World()
    let ann = try annWithItems(world)
    let array = try #require(world.runtime.lookUpClass(named: "NSArray"))
    try array.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
      guard case .selector(let selector) = arguments[0], selector == "_medianForKeyPath:", let cls = receiver as? Class else {
        return .bool(false)
      }
      return .bool(try cls.addMethod("_medianForKeyPath:", types: "@24@0:8@16") { _, _, _ in "resolved" })
    }
    #expect(try ann.value(forKeyPath: "items.@median.age") == "resolved")
  }

  /// The built-in operators are NSArray's methods too: `_sumForKeyPath:` sent directly answers
  /// what `@sum` does, NSSet has no `_unionOfObjectsForKeyPath:`, and NSOrderedSet has it.
  @Test func theBuiltInOperatorsAreMethodsOfTheCollectionClasses() throws {
    let world = try World()
    let ann = try annWithItems(world)
    let items = try #require(try world.runtime.object(bridging: try ann.value(forKey: "items")))
    #expect(try world.runtime.msgSend(items, "_sumForKeyPath:", "age") == 17)
    #expect(try world.runtime.msgSend(items, "_countForKeyPath:", .nil) == 3)
    #expect(try world.runtime.msgSend(items, "_maxForKeyPath:", "age") == 9)
    let array = try #require(world.runtime.lookUpClass(named: "NSArray"))
    let set = try #require(world.runtime.lookUpClass(named: "NSSet"))
    let orderedSet = try #require(world.runtime.lookUpClass(named: "NSOrderedSet"))
    for op in CollectionOperator.allCases {
      let selector = Selector(interning: "_\(op.rawValue)ForKeyPath:")
      #expect(try array.instanceMethod(for: selector)?.implementation.name == "-[NSArray(NSKeyValueCoding) _\(op.rawValue)ForKeyPath:]")
      #expect(try orderedSet.instanceMethod(for: selector) != nil)
      #expect((try set.instanceMethod(for: selector) != nil) == op.isImplementedBySets)
    }
  }

  /// A category that replaces NSArray's `_sumForKeyPath:` changes what `@sum` answers: the
  /// operator is the method the class has now.
  @Test func aReplacedBuiltInOperatorMethodIsWhatTheOperatorRuns() throws {
    let world = try World()
    let ann = try annWithItems(world)
    #expect(try ann.value(forKeyPath: "items.@sum.age") == 17)
    let array = try #require(world.runtime.lookUpClass(named: "NSArray"))
    let original = try array.replaceMethod("_sumForKeyPath:", types: "@24@0:8@16") { receiver, selector, arguments in
      let log = "sum of \(arguments[0].stringValue ?? "nil") over \(try Runtime.msgSend(receiver, "count"))"
      return .string(log)
    }
    #expect(original?.name == "-[NSArray(NSKeyValueCoding) _sumForKeyPath:]")
    #expect(try ann.value(forKeyPath: "items.@sum.age") == "sum of age over 3")
  }

  /// The operator runs the body its selector has now, even another operator's built-in body:
  /// with NSArray's `_maxForKeyPath:` and `_minForKeyPath:` exchanged, `@max` answers the least
  /// and `@min` the greatest, and `_sumForKeyPath:`'s body added as `_medianForKeyPath:` makes
  /// `@median` a sum.
  @Test func anOperatorRunsTheBodyItsSelectorHasEvenAnotherOperators() throws {
    let world = try World()
    let ann = try annWithItems(world)
    #expect(try ann.value(forKeyPath: "items.@max.age") == 9)  // KVO's categories are installed
    let array = try #require(world.runtime.lookUpClass(named: "NSArray"))
    let max = try #require(try array.instanceMethod(for: "_maxForKeyPath:"))
    let min = try #require(try array.instanceMethod(for: "_minForKeyPath:"))
    try max.exchangeImplementation(with: min)
    #expect(try ann.value(forKeyPath: "items.@max.age") == 3)
    #expect(try ann.value(forKeyPath: "items.@min.age") == 9)
    let sum = try #require(try array.instanceMethod(for: "_sumForKeyPath:"))
    #expect(try array.addMethod("_medianForKeyPath:", types: "@24@0:8@16", implementation: sum.implementation))
    #expect(try ann.value(forKeyPath: "items.@median.age") == 17)
  }

  /// A subclass of NSArray overriding `_maxForKeyPath:` and calling super gets its own answer
  /// for `@max`, built on NSArray's.
  @Test func aSubclassOverrideOfABuiltInOperatorIsSentAndCanCallSuper() throws {
    let world = try World()
    try world.runtime.installFoundation()
    let runtime = world.runtime
    let array = try #require(runtime.lookUpClass(named: "NSArray"))
    let ages = try runtime.allocateClassPair(superclass: array, name: "Ages")
    try ages.addMethod("count", types: "Q16@0:8") { _, _, _ in .uint64(3) }
    try ages.addMethod("objectAtIndex:", types: "@24@0:8Q16") { _, _, arguments in .int(10 * (arguments[0].intValue ?? 0) + 1) }
    try ages.addMethod("_maxForKeyPath:", types: "@24@0:8@16") { receiver, _, arguments in
      let inherited = try Runtime.msgSendSuper(receiver, superclass: array, "_maxForKeyPath:", arguments[0])
      return .string("max \(inherited)")
    }
    try runtime.registerClassPair(ages)
    let list = try #require(try runtime.msgSend(ages, "new").objectValue)
    #expect(try list.value(forKeyPath: "@max.self") == "max 21")
    #expect(try list.value(forKeyPath: "@min.self") == 1)  // not overridden: NSArray's
  }

  // MARK: - Probes that already matched

  /// A category on NSObject reaches every collection, but only a collection reads `@median` as
  /// an operator: any other object takes it as a key (NSObject's valueForKey:, undefined), and
  /// so does an array's `valueForKey:`, which asks NSObject for `median` (already matched).
  @Test func aCustomOperatorOnNSObjectIsAnOperatorToCollectionsOnly() throws {
    let world = try World()
    let ann = try annWithItems(world)
    let log = Log<String>()
    try addMedian(to: "NSObject", in: world, log: log)
    #expect(try ann.value(forKeyPath: "items.@median.age") == 5)
    let onObject = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "@median.age") }
    #expect(onObject?.message.hasSuffix("for the key @median.") == true)
    let items = try #require(try world.runtime.object(bridging: try ann.value(forKey: "items")))
    let asKey = #expect(throws: KeyValueError.self) { try items.value(forKey: "@median") }
    #expect(asKey?.message.hasSuffix("for the key median.") == true)
    #expect(log.all == ["__NSArrayI age"])
  }

  /// The proxy array `valueForKey:` makes from `countOf<Key>` and `objectIn<Key>AtIndex:` is an
  /// NSArray subclass, so NSArray's category operator serves it, read through its primitives
  /// (already matched).
  @Test func aCustomOperatorServesTheProxyArrayOfIndexedAccessors() throws {
    let world = try World()
    try world.runtime.installFoundation()
    let log = Log<String>()
    try addMedian(to: "NSArray", in: world, log: log)
    let table = try instance(of: "Table", in: world) { cls in
      try cls.addMethod("countOfRows", types: "Q16@0:8") { _, _, _ in .uint64(3) }
      try cls.addMethod("objectInRowsAtIndex:", types: "@24@0:8Q16") { _, _, arguments in .int(7 - 2 * (arguments[0].intValue ?? 0)) }
    }
    #expect(try table.value(forKeyPath: "rows.@median.self") == 5)
    #expect(log.all == ["NSKeyValueArray self"])
  }
}
