// DeallocOrderKVOTests.swift: an observed object's associated objects are released inside
// NSObject's -dealloc, before KVO's notifying subclass checks for observers left registered
// (what FBKVOController's cleanup of a weakly held object relies on).

import Testing

@testable import KVO

@Suite struct DeallocOrderKVOTests {
  @Test func associatedObjectsGoBeforeKVOsLeftoverRegistrationCheck() throws {
    let world = try World()
    let order = Log<String>()
    let tag = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Tag")
    try tag.addMethod("dealloc", types: "v16@0:8") { _, _, _ in
      order.append("associated object released")
      return .nil
    }
    try world.runtime.registerClassPair(tag)
    let (observer, _) = try world.newObserver()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(_, let message) = event, message.contains("still registered") { order.append("KVO check") }
    }
    do {
      let person = try world.newPerson()
      try person.setAssociatedObject(.object(try tag.createInstance()), forKey: AssociationKey("tag"), policy: .retain)
      try person.addObserver(observer, forKeyPath: "age", options: [.new])
    }
    events.cancel()
    #expect(order.all == ["associated object released", "KVO check"])
  }
}
