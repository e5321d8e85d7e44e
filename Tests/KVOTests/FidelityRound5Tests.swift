// FidelityRound5Tests.swift: the fifth round of KVC/KVO behaviour cases on ordinary objects,
// probed as a user porting GNUstep-base's NSKVOSupport and KVC tests, DIS_KVC_KVO's tests and the
// examples of Apple's KVC/KVO guides would write them. Each test pins Foundation's answer: an
// operator with no key path after it, the types KVC can box, and the cases those suites hold
// that earlier rounds had not pinned.

import Testing

@testable import KVO

@Suite struct FidelityRound5Tests {
  /// A new class `name` built by `build`, registered, and one instance of it.
  func instance(of name: String, in world: World, _ build: (Class) throws -> Void) throws -> Object {
    let cls = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: name)
    try build(cls)
    try world.runtime.registerClassPair(cls)
    return try #require(try world.runtime.msgSend(cls, "new").objectValue)
  }

  // MARK: - An operator with no key path after it

  /// Foundation's `-[NSArray valueForKeyPath:]` hands the operator the rest of the path, nil
  /// here, and `@sum`, `@avg`, `@max`, `@min` and the unions send each element
  /// `valueForKeyPath:` with it; NSObject's answer is `valueForUndefinedKey:` nil.
  @Test func anOperatorWithoutARightPathAsksEachElementForTheNilKeyPath() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", [.object(try world.newPerson())])
    for op in ["@sum", "@avg", "@max", "@min", "@unionOfObjects"] {
      let error = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.\(op)") }
      #expect(error?.exceptionName == "NSUnknownKeyException")
      #expect(error?.message.hasPrefix("[<Person 0x") == true)
      #expect(error?.message.hasSuffix("> valueForUndefinedKey:]: this class is not key value coding-compliant for the key (null).") == true)
    }
    try world.set(ann, "items", [1, 2])
    let number = #expect(throws: KeyValueError.self) { try ann.value(forKeyPath: "items.@max") }
    #expect(number?.message.hasPrefix("[<__NSCFNumber 0x") == true)
    #expect(try ann.value(forKeyPath: "items.@count") == 2)  // @count asks nothing of its elements
  }

  @Test func anElementThatAnswersTheNilKeyPathIsAggregated() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.person.addMethod("valueForUndefinedKey:", types: "@24@0:8@16") { receiver, _, arguments in
      arguments[0].isNil ? try receiver.value(forKey: "age") : .nil
    }
    let bob = try world.newPerson()
    let cy = try world.newPerson()
    try world.set(bob, "age", 3)
    try world.set(cy, "age", 4)
    try world.set(ann, "items", [.object(bob), .object(cy)])
    #expect(try ann.value(forKeyPath: "items.@sum") == 7)
    #expect(try ann.value(forKeyPath: "items.@max") == 4)
    #expect(try ann.value(forKeyPath: "items.@unionOfObjects") == [3, 4])
  }
}
