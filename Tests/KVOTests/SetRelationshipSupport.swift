// SetRelationshipSupport.swift: a `Club` class with a set relationship `members`, reachable by
// each of the routes Foundation's set proxy takes, for the set-mutation and proxy tests.

import Testing

@testable import KVO

extension World {
  /// How a `Club`'s `members` is reached.
  enum SetRoute: String, CaseIterable, CustomStringConvertible {
    /// `addMembersObject:`, `removeMembersObject:`, `addMembers:`, `removeMembers:`,
    /// `intersectMembers:` editing `_members`, plus the synthesized getter and setter.
    case mutators
    /// The synthesized `members` getter and setter only.
    case setter
    /// Only the ivar `_members`.
    case ivar
    var description: String { rawValue }
  }

  /// A new class `name` with a set relationship `members` reached by `route`, and an instance
  /// whose members are `initial`.
  func club(_ route: SetRoute, members initial: Set<Value> = ["a", "b"], name: String = "Club") throws -> Object {
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: name)
    if route == .ivar {
      try cls.addIvar("_members", type: .object(className: "NSSet"))
    } else {
      try cls.synthesizeProperty("members", type: .object(className: "NSSet"))
    }
    try runtime.registerClassPair(cls)
    if route == .mutators {
      @Sendable func edit(_ receiver: Object, _ body: (inout Set<Value>) -> Void) throws {
        var members = try receiver.value(ofIvar: "_members").setElements ?? []
        body(&members)
        try receiver.setValue(.set(members), forIvar: "_members")
      }
      @Sendable func set(_ value: Value) -> Set<Value> { value.setElements ?? [] }
      try cls.addMethod("addMembersObject:", types: "v24@0:8@16") { receiver, _, arguments in
        try edit(receiver) { $0.insert(arguments[0]) }
        return .nil
      }
      try cls.addMethod("removeMembersObject:", types: "v24@0:8@16") { receiver, _, arguments in
        try edit(receiver) { $0.remove(arguments[0]) }
        return .nil
      }
      try cls.addMethod("addMembers:", types: "v24@0:8@16") { receiver, _, arguments in
        try edit(receiver) { $0.formUnion(set(arguments[0])) }
        return .nil
      }
      try cls.addMethod("removeMembers:", types: "v24@0:8@16") { receiver, _, arguments in
        try edit(receiver) { $0.subtract(set(arguments[0])) }
        return .nil
      }
      try cls.addMethod("intersectMembers:", types: "v24@0:8@16") { receiver, _, arguments in
        try edit(receiver) { $0.formIntersection(set(arguments[0])) }
        return .nil
      }
    }
    let club = try #require(try runtime.msgSend(cls, "new").objectValue)
    try club.setValue(.set(initial), forIvar: "_members")
    return club
  }

  /// The members of a club, read through its ivar (whatever the route).
  func members(of club: Object) throws -> Set<Value> {
    let value = try club.value(ofIvar: "_members")
    if value.isNil { return [] }
    return Set(try #require(try value.collectionContents()).elements)
  }
}
