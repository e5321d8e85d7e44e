// ContextTableTests.swift: the shared controller's context table agrees with a plain dictionary
// (ContextTable.swift).

import Testing

@testable import KVOController

@Suite struct ContextTableTests {
  /// Random inserts and removals, checked after each step against a `Dictionary` keyed the same
  /// way: every present info is found under its context, every removed one is not.
  @Test func tableAgreesWithADictionaryThroughInsertsRemovalsAndGrowth() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let infos = (0..<300).map { _ in
      KVOController.Info(
        keyPath: "age", options: [], target: .context(.none), delivery: .callerThread, observer: watcher, object: person)
    }
    var table = SharedController.ContextTable()
    var reference: [UInt: KVOController.Info] = [:]
    var generator = SystemRandomNumberGenerator()
    for step in 0..<3_000 {
      let info = infos[Int.random(in: 0..<infos.count, using: &generator)]
      let key = SharedController.ContextTable.key(info)
      if step % 3 == 2 {
        table.remove(info)
        reference[key] = nil
      } else {
        table.insert(info)
        reference[key] = info
      }
      #expect(table.count == reference.count)
    }
    for info in infos {
      let key = SharedController.ContextTable.key(info)
      #expect(table[key] === reference[key])
    }
    #expect(Set(table.infos.map(ObjectIdentifier.init)) == Set(reference.values.map(ObjectIdentifier.init)))
    #expect(table[0] == nil && table[1] == nil)
  }
}
