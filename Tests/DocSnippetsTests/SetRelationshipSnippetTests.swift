// SetRelationshipSnippetTests.swift: the examples of docs/kvo.md's sections on set
// relationships and set mutations, run as tests (`// snippet:` regions, checked by SnippetSyncTests).

import KVO
import Testing

@Suite struct SetRelationshipSnippetTests {
  @Test func theSetProxySendsTheSetAccessorsWhichNotifySetMutations() throws {
    let example = try KVOExample()
    let runtime = example.runtime
    let person = example.person
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    try ann.setValue(.set(["swift"]), forKey: "friends")
    // snippet: docs/kvo.md#set-relationships
    // The unordered accessors of friends, editing the ivar _friends.
    try person.addMethod("addFriendsObject:", types: "v24@0:8@16") { receiver, _, arguments in
      let friends = try receiver.value(ofIvar: "_friends").setElements ?? []
      try receiver.setValue(.set(friends.union([arguments[0]])), forIvar: "_friends")
      return .nil
    }
    try person.addMethod("removeFriendsObject:", types: "v24@0:8@16") { receiver, _, arguments in
      let friends = try receiver.value(ofIvar: "_friends").setElements ?? []
      try receiver.setValue(.set(friends.subtracting([arguments[0]])), forIvar: "_friends")
      return .nil
    }
    let seen = Locked<[Change]>([])
    let token = try ann.observe("friends", options: [.old, .new]) { _, change in seen.withLock { $0.append(change) } }

    let friends = try ann.mutableSetValue(forKey: "friends")  // an NSMutableSet proxy
    #expect(friends.isa.name == "NSKeyValueFastMutableSet")
    try runtime.msgSend(friends, "addObject:", "kvo")  // sends -addFriendsObject:
    try runtime.msgSend(friends, "unionSet:", .set(["objc"]))  // one -addFriendsObject: per object
    try runtime.msgSend(friends, "removeObject:", "swift")  // sends -removeFriendsObject:
    #expect(try ann.value(forKey: "friends") == .set(["kvo", "objc"]))
    #expect(seen.withLock { $0 } == [
      Change(kind: .insertion, new: .set(["kvo"])),
      Change(kind: .insertion, new: .set(["objc"])),
      Change(kind: .removal, old: .set(["swift"])),
    ])
    // end snippet
    token.invalidate()
    try runtime.checkInvariants()
  }

  @Test func aManualSetMutationReportsFoundationsKind() throws {
    let example = try KVOExample()
    let runtime = example.runtime
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    try ann.setValue(.set(["a", "b"]), forKey: "friends")
    // snippet: docs/kvo.md#set-mutations
    let seen = Locked<[Change]>([])
    let token = try ann.observe("friends", options: [.old, .new]) { _, change in seen.withLock { $0.append(change) } }
    try ann.willChangeValue(forKey: "friends", withSetMutation: .set, using: ["b", "c"])
    try ann.setValue(.set(["b", "c"]), forIvar: "_friends")
    try ann.didChangeValue(forKey: "friends", withSetMutation: .set, using: ["b", "c"])
    #expect(seen.withLock { $0 } == [Change(kind: .replacement, new: .set(["c"]), old: .set(["a"]))])
    // end snippet
    token.invalidate()
    try runtime.checkInvariants()
  }
}
