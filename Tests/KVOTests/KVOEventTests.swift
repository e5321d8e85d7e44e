// KVOEventTests.swift: what KVO reports through the runtime's event stream, and when.

import Testing

@testable import KVO

@Suite struct KVOEventTests {
  @Test func isaSwitchEventsArriveAfterKVOReleasedItsLocks() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    // An event observer that calls back into KVO on the very object being switched: it would
    // deadlock if the event were delivered under the object's observation lock.
    let seen = Log<String>()
    let events = world.runtime.addEventObserver { event in
      guard case .isaChanged(_, let from, let to) = event else { return }
      seen.append("\(from) -> \(to): \(person.observedKeyPaths) isa=\(person.isa.name)")
      _ = try? person.value(forKey: "age")
    }
    try person.addObserver(observer, forKeyPath: "age", options: .new)
    try person.removeObserver(observer, forKeyPath: "age")
    events.cancel()
    #expect(
      seen.all == [
        "Person -> NSKVONotifying_Person: [\"age\"] isa=NSKVONotifying_Person",
        "NSKVONotifying_Person -> Person: [] isa=Person",
      ])
  }

  @Test func classCreationEventsArriveInOrderAfterKVOsSectionIsDone() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    let seen = Log<String>()
    let events = world.runtime.addEventObserver { event in
      switch event {
      case .classAllocated(let name, _), .classRegistered(let name):
        // Starting another observation from inside the event handler needs KVO's registry lock.
        seen.append("\(event) (lookUp: \(world.runtime.lookUpClass(named: name)?.name ?? "none"))")
      case .methodAdded(let cls, let selector, _, _) where cls.hasPrefix("NSKVONotifying_"):
        seen.append("added \(selector.name)")
      case .isaChanged:
        seen.append("isa changed")
      default: break
      }
    }
    try person.addObserver(observer, forKeyPath: "age")
    events.cancel()
    #expect(
      seen.all == [
        // Delivered once KVO's section is done: by then the class is registered.
        "allocated class pair NSKVONotifying_Person : Person (lookUp: NSKVONotifying_Person)",
        // One method list, attached before registration, in the order it lists them.
        "added setAge:", "added class", "added dealloc", "added _isKVOA",
        "registered class NSKVONotifying_Person (lookUp: NSKVONotifying_Person)",
        "isa changed",
      ])
  }
}
