// AssociationHookTests.swift: classes that forbid associated objects (objc4's
// RO_FORBIDS_ASSOCIATED_OBJECTS) and the objc_setHook_setAssociatedObject hook
// (AssociatedObjects.swift).

import Testing

@testable import MiniRuntime

@Suite struct AssociationHookTests {
  final class Chain: @unchecked Sendable {
    var previous: SetAssociatedObjectHook?
  }

  @Test func aClassThatForbidsAssociatedObjectsRefusesThemWithObjc4sMessage() throws {
    let runtime = Runtime()
    let sealed = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Sealed")
    try sealed.forbidAssociatedObjects()
    try runtime.registerClassPair(sealed)
    let child = try makeSubclass(of: sealed, named: "SealedChild", in: runtime)
    #expect(sealed.forbidsAssociatedObjects && child.forbidsAssociatedObjects, "subclasses inherit the flag")
    #expect(!runtime.rootClass.forbidsAssociatedObjects)
    let key = AssociationKey("k")
    let object = try child.createInstance()
    let error = expectError(.associationsForbidden) { try object.setAssociatedObject("x", forKey: key, policy: .retain) }
    #expect(
      error?.message
        == "objc_setAssociatedObject called on instance (\(object.address)) of class SealedChild which does not allow associated objects"
    )
    #expect(object.associatedObject(forKey: key) == .nil)
    try sealed.setAssociatedObject("on the class", forKey: key, policy: .retain)
    #expect(sealed.associatedObject(forKey: key) == "on the class", "the class object itself still accepts them")
    expectError(.invalidClassState) { try sealed.forbidAssociatedObjects() }
  }

  @Test func theHookSeesEverySetAndDecidesWhetherItHappens() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let seen = Recorder<String>()
    let chain = Chain()
    chain.previous = runtime.setAssociatedObjectHook { object, key, value, policy in
      seen.append("\(key.name)=\(value)")
      if key.name == "secret" { return }  // swallowed: the previous hook is not called
      try chain.previous?(object, key, value, policy)
    }
    let note = AssociationKey("note")
    let secret = AssociationKey("secret")
    try ann.setAssociatedObject("hello", forKey: note, policy: .retain)
    try ann.setAssociatedObject("hidden", forKey: secret, policy: .retain)
    #expect(seen.all == ["note=\"hello\"", "secret=\"hidden\""])
    #expect(ann.associatedObject(forKey: note) == "hello")
    #expect(ann.associatedObject(forKey: secret) == .nil)
    let other = Runtime()
    let elsewhere = try new(try makePerson(in: other), in: other)
    try elsewhere.setAssociatedObject("x", forKey: note, policy: .retain)
    #expect(seen.all.count == 2, "a hook belongs to one runtime")
  }
}
