// FBKVOControllerBehaviourRound25Tests.swift: round 25's probes of FBKVOController, corners its
// own tests (FBKVOControllerTests.m) and its users' reports reach that earlier rounds did not: a
// controller observing a dependent key beside the key it depends on (one change, two infos), and
// the block's change printed as the NSDictionary FB hands it (its FBKVONotificationKeyPathKey
// entry among KVO's).

import Testing

@testable import KVOController

@Suite struct FBKVOControllerBehaviourRound25Tests {
  /// A person whose `ageText` depends on `age` (`+keyPathsForValuesAffectingAgeText`), and a
  /// controller observing both with `block`, which is given the controller. The controller holds
  /// its observer weakly, so the watcher is returned for the caller to keep.
  private func observeAgeAndAgeText(
    in world: World, _ block: @escaping @Sendable (KVOController?, Change) -> Void
  ) throws -> (person: Object, watcher: Object, controller: KVOController) {
    try world.person.addMethod("ageText", types: "@16@0:8") { receiver, _, _ in
      .string("\(try receiver.value(forKey: "age"))")
    }
    try world.person.isa.addMethod("keyPathsForValuesAffectingAgeText", types: "@16@0:8") { _, _, _ in ["age"] }
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPaths: ["age", "ageText"], options: [.new]) { [weak controller] _, _, change in
      block(controller, change)
    }
    return (person, watcher, controller)
  }

  /// `observe:keyPaths:` of a key and a key depending on it: one setter, one callback per key
  /// path, each change naming its own key path (FB adds the path to each block's change)
  /// (already matched).
  @Test func aKeyAndAKeyDependingOnItAreEachToldOfOneChange() throws {
    let world = try World()
    let seen = Log<String>()
    let (person, watcher, controller) = try observeAgeAndAgeText(in: world) { _, change in
      seen.append("\(change[.notificationKeyPath]?.stringValue ?? "?") \(change.new ?? nil)")
    }
    try world.setAge(person, 4)
    #expect(Set(seen.all) == [#"age 4"#, #"ageText "4""#])
    #expect(seen.count == 2)
    withExtendedLifetime((watcher, controller)) {}
  }

  /// `unobserveAll` from whichever callback of that change comes first: the other info is no
  /// longer the shared controller's when KVO reaches its observance, and FB's shared controller
  /// calls back only the infos it still holds (`[_infos member:context]`), so one callback runs
  /// and the person is left unobserved (already matched).
  @Test func unobserveAllFromTheFirstCallbackOfAChangeSilencesTheDependentKeysCallback() throws {
    let world = try World()
    let seen = Log<String>()
    let (person, watcher, controller) = try observeAgeAndAgeText(in: world) { controller, change in
      seen.append(change[.notificationKeyPath]?.stringValue ?? "?")
      controller?.unobserveAll()
    }
    try world.setAge(person, 4)
    #expect(seen.count == 1)
    #expect(controller.observedObjectCount == 0)
    #expect(person.isa === world.person && person.observationInfo == nil)
    try world.setAge(person, 5)
    #expect(seen.count == 1)
    withExtendedLifetime(watcher) {}
  }

  /// The block's change printed as FB's dictionary prints: NSDictionary sorts string keys, so
  /// `FBKVONotificationKeyPathKey` (an upper-case F) comes before KVO's `kind` and `new` (already
  /// so), and the key path, a plain word, prints bare (was: `"age"`, every string quoted).
  @Test func theBlocksChangePrintsTheKeyPathEntryFirst() throws {
    let world = try World()
    let (watcher, _) = try world.newWatcher()
    let person = try world.newPerson()
    let seen = Log<String>()
    let controller = KVOController(observer: watcher)
    try controller.observe(person, keyPath: "age", options: [.new, .old]) { _, _, change in
      seen.append(change.description)
    }
    try world.setAge(person, 4)
    #expect(seen.all == ["{\n    FBKVONotificationKeyPathKey = age;\n    kind = 1;\n    new = 4;\n    old = 0;\n}"])
    withExtendedLifetime(controller) {}
  }
}
