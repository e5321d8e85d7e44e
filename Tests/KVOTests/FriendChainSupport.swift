// FriendChainSupport.swift: the setups of the `friend.age` chain tests (KeyPathChainTests,
// LinkedChangeTests, RefreshedGetterTests and the sweeps): a person, its friend or friends, and
// an observer of the person's `friend.age` asking for old and new values.

import Testing

@testable import KVO

extension World {
  /// A person whose friend is a new person, and an observer of the person's `friend.age` with
  /// old and new values (the friend's age is 0).
  func observedFriend() throws -> (person: Object, friend: Object, observer: Object, log: Log<Received>) {
    let person = try newPerson()
    let friend = try newPerson()
    try set(person, "friend", .object(friend))
    let (observer, log) = try newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.old, .new])
    return (person, friend, observer, log)
  }

  /// A person whose friend is `old` (age 1), a second person `new` (age 2) nobody links to yet,
  /// and an observer of the person's `friend.age` with old and new values: the start of the tests
  /// that replace the friend under the chain.
  func observedFriendSwap() throws -> (person: Object, old: Object, new: Object, observer: Object, log: Log<Received>) {
    let person = try newPerson()
    let old = try newPerson()
    let new = try newPerson()
    try set(old, "age", 1)
    try set(new, "age", 2)
    try set(person, "friend", .object(old))
    let (observer, log) = try newObserver()
    try person.addObserver(observer, forKeyPath: "friend.age", options: [.old, .new])
    return (person, old, new, observer, log)
  }
}
