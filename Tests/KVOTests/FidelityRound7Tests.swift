// FidelityRound7Tests.swift: the seventh round of KVC/KVO behaviour cases, written as Objective-C
// writes them, by messages: `[[ann mutableArrayValueForKey:@"items"] addObject:x]` (the proxy is
// an NSMutableArray, NSKeyValueCoding.h), the `NSIndexSet` a class's
// `insert<Key>:atIndexes:` / `remove<Key>AtIndexes:` receives (the Key-Value Coding Programming
// Guide's mutable indexed accessors) and the one its `willChange:valuesAtIndexes:forKey:`
// override receives (NSKeyValueObserving.h). Each test pins Foundation's answer.

import MiniFoundation
import Testing

@testable import KVO

@Suite struct FidelityRound7Tests {
  // MARK: - The array proxy is an NSMutableArray

  enum ArrayRoute: String, CaseIterable, Sendable { case mutators, setter, ivar }

  /// Person's `items` reached by one route: indexed mutators, its setter, or only its ivar.
  private func itemsHolder(_ route: ArrayRoute, in world: World) throws -> Object {
    switch route {
    case .mutators:
      try world.addItemsMutators()
      return try world.newPerson()
    case .setter:
      return try world.newPerson()
    case .ivar:
      return try instance(of: "Shelf", in: world) { cls in try cls.addIvar("_items", type: .object(className: "NSMutableArray")) }
    }
  }

  /// `mutableArrayValueForKey:` answers an object of a private `NSMutableArray` subclass named by
  /// the route (Foundation's `NSKeyValueFastMutableArray`, `…Slow…`, `…Ivar…`, below
  /// `NSKeyValueMutableArray`), to which NSArray's and NSMutableArray's messages are sent.
  @Test(arguments: [
    (ArrayRoute.mutators, "NSKeyValueFastMutableArray"), (.setter, "NSKeyValueSlowMutableArray"), (.ivar, "NSKeyValueIvarMutableArray"),
  ])
  func theMutableArrayValueForKeyMessageAnswersAnNSMutableArrayOfTheRoutesClass(route: ArrayRoute, className: String) throws {
    let world = try World()
    let holder = try itemsHolder(route, in: world)
    try holder.setValue(.object(try world.runtime.mutableArray(["a", "b"])), forKey: "items")
    let proxy = try #require(try world.runtime.msgSend(holder, "mutableArrayValueForKey:", "items").objectValue)
    #expect(proxy.isa.name == className)
    #expect(proxy.isa.superclass?.name == "NSKeyValueMutableArray")
    let mutableArray = try #require(world.runtime.lookUpClass(named: "NSMutableArray"))
    #expect(try Runtime.msgSend(proxy, "isKindOfClass:", .class(mutableArray)) == true)
    #expect(try Runtime.msgSend(proxy, "count") == .uint64(2))
    #expect(try Runtime.msgSend(proxy, "objectAtIndex:", 1) == "b")
    #expect(try Runtime.msgSend(proxy, "containsObject:", "a") == true)
    #expect(try proxy.value(forKey: "uppercaseString") == ["A", "B"])  // -[NSArray valueForKey:]
    #expect(try proxy.value(forKeyPath: "@count") == 2)
    try Runtime.msgSend(proxy, "addObject:", "c")
    #expect(try holder.value(forKey: "items") == ["a", "b", "c"])
    try world.runtime.checkInvariants()
  }

  /// An index of -1 sent to the array proxy is the `NSUInteger` 18446744073709551615, out of
  /// bounds, whichever message carries it: NSRangeException with the index printed as Foundation
  /// prints it, and nothing changes (the proxy once answered "is not an index" for it).
  @Test(arguments: ArrayRoute.allCases)
  func aNegativeIndexSentToTheArrayProxyIsARangeError(route: ArrayRoute) throws {
    let world = try World()
    let holder = try itemsHolder(route, in: world)
    try holder.setValue(.object(try world.runtime.mutableArray(["a", "b", "c"])), forKey: "items")
    let proxy = try #require(try world.runtime.msgSend(holder, "mutableArrayValueForKey:", "items").objectValue)
    let sends: [(String, [Value])] = [
      ("objectAtIndex:", [-1]), ("removeObjectAtIndex:", [-1]), ("replaceObjectAtIndex:withObject:", [-1, "z"]),
    ]
    for (selector, arguments) in sends {
      // Through the ivar the array itself raises (an edit goes on unchecked: decision 0025).
      let error = #expect(throws: (any Error).self) { try Runtime.msgSend(proxy, Selector(interning: selector), arguments: Arguments(arguments)) }
      let (message, exception) = (error as? KeyValueError).map { ($0.message, $0.exceptionName) }
        ?? (error as? FoundationError).map { ($0.message, $0.exceptionName) } ?? ("", "")
      #expect(exception == "NSRangeException")
      #expect(message.contains("\(selector)]: index 18446744073709551615 beyond bounds [0 .. 2]"), "\(selector)")
    }
    #expect(try holder.value(forKey: "items") == ["a", "b", "c"])
  }

  /// Every edit sent as a message to the proxy reaches the array by the route and notifies as
  /// that route does: through indexed mutators, insertions, removals and replacements with their
  /// indexes; the NSMutableArray messages the proxy does not define itself
  /// (`exchangeObjectAtIndex:withObjectAtIndex:`, `addObjectsFromArray:`) are NSMutableArray's,
  /// written with those primitives.
  @Test func editsSentToTheArrayProxyNotifyWithKindAndIndexes() throws {
    let world = try World()
    let ann = try itemsHolder(.mutators, in: world)
    try world.set(ann, "items", ["a", "b"])
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "items", options: [.new, .old], context: 0)
    let proxy = try #require(try world.runtime.msgSend(ann, "mutableArrayValueForKey:", "items").objectValue)
    try Runtime.msgSend(proxy, "addObject:", "c")
    try Runtime.msgSend(proxy, "insertObject:atIndex:", "z", 0)
    try Runtime.msgSend(proxy, "removeObjectAtIndex:", 1)
    try Runtime.msgSend(proxy, "replaceObjectAtIndex:withObject:", 0, "y")
    #expect(log.all.map(\.change) == [
      Change(kind: .insertion, new: ["c"], indexes: [2]),
      Change(kind: .insertion, new: ["z"], indexes: [0]),
      Change(kind: .removal, old: ["a"], indexes: [1]),
      Change(kind: .replacement, new: ["y"], old: ["z"], indexes: [0]),
    ])
    log.removeAll()
    try Runtime.msgSend(proxy, "exchangeObjectAtIndex:withObjectAtIndex:", 0, 2)  // ["y", "b", "c"] → ["c", "b", "y"]
    try Runtime.msgSend(proxy, "addObjectsFromArray:", ["d"])
    #expect(try ann.value(forKey: "items") == ["c", "b", "y", "d"])
    #expect(log.all.map(\.change.kind).allSatisfy { $0 != .setting })
    let error = #expect(throws: KeyValueError.self) { try Runtime.msgSend(proxy, "objectAtIndex:", 9) }
    #expect(error?.exceptionName == "NSRangeException")
    try world.runtime.checkInvariants()
  }

  /// `mutableArrayValueForKeyPath:` answers the proxy object of the last key too.
  @Test func mutableArrayValueForKeyPathAnswersTheProxyObjectOfTheLastKey() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "friend", .object(bob))
    try world.set(bob, "items", ["x"])
    world.runtime.installKeyValueObserving()  // the category, as Foundation's image has it
    let proxy = try #require(try world.runtime.msgSend(ann, "mutableArrayValueForKeyPath:", "friend.items").objectValue)
    #expect(proxy.isa.name == "NSKeyValueSlowMutableArray")
    try Runtime.msgSend(proxy, "removeLastObject")
    #expect(try bob.value(forKey: "items") == [])
  }

  // MARK: - NSIndexSet arguments

  /// The Key-Value Coding Programming Guide's bulk accessors take an `NSIndexSet`: the proxy
  /// sends `insert<Key>:atIndexes:` and `remove<Key>AtIndexes:` an index set the class can
  /// message (`count`, `firstIndex`) and pass on to its own `NSMutableArray`.
  @Test func bulkMutatorsReceiveAnNSIndexSet() throws {
    let world = try World()
    let seen = Log<String>()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("_rows", type: .object(className: "NSMutableArray"))
      try cls.addMethod("rows", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_rows") }
      try cls.addMethod("insertRows:atIndexes:", types: "v32@0:8@16@24") { receiver, _, arguments in
        let first = try Runtime.msgSend(arguments[1].objectValue, "firstIndex")
        seen.append("insert \(try Runtime.msgSend(arguments[1].objectValue, "count")) at \(first)")
        let rows = try #require(try receiver.value(ofIvar: "_rows").objectValue)
        return try Runtime.msgSend(rows, "insertObjects:atIndexes:", arguments[0], arguments[1])
      }
      try cls.addMethod("removeRowsAtIndexes:", types: "v24@0:8@16") { receiver, _, arguments in
        seen.append("remove \(try Runtime.msgSend(arguments[0].objectValue, "count"))")
        let rows = try #require(try receiver.value(ofIvar: "_rows").objectValue)
        return try Runtime.msgSend(rows, "removeObjectsAtIndexes:", arguments[0])
      }
    }
    try shelf.setValue(.object(try world.runtime.mutableArray(["a"])), forIvar: "_rows")
    let (observer, log) = try world.newObserver()
    try shelf.addObserver(observer, forKeyPath: "rows", options: [.new], context: 0)
    let rows = try shelf.mutableArrayValue(forKey: "rows")
    try rows.insert(["b", "c"], at: [1, 2])
    try rows.remove(at: 0)
    #expect(seen.all == ["insert 2 at 1", "remove 1"])
    #expect(try shelf.value(forKey: "rows") == ["b", "c"])
    #expect(log.all.map(\.change) == [Change(kind: .insertion, new: ["b", "c"], indexes: [1, 2]), Change(kind: .removal, indexes: [0])])
  }

  /// A class's override of `willChange:valuesAtIndexes:forKey:` receives an `NSIndexSet`, both
  /// from an ivar proxy's edit and from the Swift API's `willChange(_:valuesAt:forKey:)`.
  @Test func anOverriddenWillChangeValuesAtIndexesReceivesAnNSIndexSet() throws {
    let world = try World()
    let root = world.runtime.rootClass
    let seen = Log<String>()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("_books", type: .object(className: "NSMutableArray"))
      for name in ["willChange:valuesAtIndexes:forKey:", "didChange:valuesAtIndexes:forKey:"] {
        try cls.addMethod(Selector(interning: name), types: "v40@0:8Q16@24@32") { receiver, selector, arguments in
          let indexes = arguments[1].objectValue
          seen.append("\(selector.name.prefix(3)) \(try Runtime.msgSend(indexes, "count")) from \(try Runtime.msgSend(indexes, "firstIndex"))")
          return try Runtime.msgSendSuper(receiver, superclass: root, selector, arguments: Arguments(arguments.values))
        }
      }
    }
    try shelf.setValue(.object(try world.runtime.mutableArray(["a"])), forIvar: "_books")
    let (observer, log) = try world.newObserver()
    try shelf.addObserver(observer, forKeyPath: "books", options: [.new], context: 0)
    try shelf.mutableArrayValue(forKey: "books").insert(["b", "c"], at: [1, 2])
    try shelf.willChange(.removal, valuesAt: [0], forKey: "books")
    try shelf.didChange(.removal, valuesAt: [0], forKey: "books")
    #expect(seen.all == ["wil 2 from 1", "did 2 from 1", "wil 1 from 0", "did 1 from 0"])
    #expect(log.all.map(\.change.kind) == [.insertion, .removal])
  }
}
