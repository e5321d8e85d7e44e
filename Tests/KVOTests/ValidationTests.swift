// ValidationTests.swift: validateValue:forKey:error: and validateValue:forKeyPath:error:
// (KeyValueCoding+Validation.swift), with Foundation's search for validate<Key>:error:.

import Testing

@testable import KVO

@Suite struct ValidationTests {
  /// Person's `-validateName:error:`: trims spaces (a replacement), refuses the empty name with
  /// an error string written through `NSError **`, accepts anything else as it is.
  func worldWithNameValidator(_ calls: Log<String>? = nil) throws -> World {
    let world = try World()
    try world.person.addMethod("validateName:error:", types: "B32@0:8^@16^@24") { receiver, _, arguments in
      let value = try #require(arguments[0].swiftObject(as: VariablePointer.self))
      calls?.append("\(receiver.address) \(value.pointee)")
      let name = value.pointee.stringValue ?? ""
      let trimmed = String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      if trimmed.isEmpty {
        arguments[1].swiftObject(as: VariablePointer.self)?.pointee = "a name cannot be empty"
        return false
      }
      if trimmed != name { value.pointee = .string(trimmed) }
      return true
    }
    return world
  }

  @Test func aKeyWithoutAValidatorIsValidAndKeepsItsValue() throws {
    let world = try World()
    let ann = try world.newPerson()
    var age: Value = 42
    try ann.validateValue(&age, forKey: "age")
    #expect(age == 42)
    var odd: Value = "x"
    try ann.validateValue(&odd, forKey: "")  // no method can be named after the empty key: valid
    #expect(odd == "x")
    try world.runtime.checkInvariants()
  }

  @Test func aValidatorThatAcceptsLeavesTheValueAsItWas() throws {
    let world = try worldWithNameValidator()
    var name: Value = "Ann"
    try world.newPerson().validateValue(&name, forKey: "name")
    #expect(name == "Ann")
  }

  @Test func aValidatorThatReplacesTheValueGivesTheCallerTheReplacement() throws {
    let world = try worldWithNameValidator()
    var name: Value = "  Ann "
    try world.newPerson().validateValue(&name, forKey: "name")
    #expect(name == "Ann")
  }

  @Test func aValidatorThatRefusesThrowsTheErrorItWroteThroughItsErrorPointer() throws {
    let world = try worldWithNameValidator()
    let ann = try world.newPerson()
    var name: Value = "   "
    let refusal = #expect(throws: ValidationError.self) { try ann.validateValue(&name, forKey: "name") }
    #expect(refusal?.error == "a name cannot be empty")
    #expect(refusal?.key == "name")
    #expect(try ann.value(forKey: "name") == .nil)  // validating never sets
  }

  @Test func aValidatorThatRefusesWithoutAnErrorThrowsWithANilError() throws {
    let world = try World()
    try world.person.addMethod("validateAge:error:", types: "B32@0:8^@16^@24") { _, _, _ in false }
    var age: Value = -1
    let refusal = #expect(throws: ValidationError.self) { try world.newPerson().validateValue(&age, forKey: "age") }
    #expect(refusal?.error == .nil)
    #expect(age == -1)
  }

  @Test func theValidatorIsNamedAfterTheKeyCapitalisedAsForSetters() throws {
    let world = try World()
    let calls = Log<String>()
    try world.person.addMethod("validateFirstName:error:", types: "B32@0:8^@16^@24") { _, selector, _ in
      calls.append(selector.name)
      return true
    }
    var first: Value = "Ann"
    try world.newPerson().validateValue(&first, forKey: "firstName")
    #expect(calls.all == ["validateFirstName:error:"])
  }

  @Test func validateValueForKeyErrorIsAMessageWithTwoPointerArguments() throws {
    let world = try worldWithNameValidator()
    let ann = try world.newPerson()
    world.runtime.installKeyValueObserving()
    let value = VariablePointer(" Bo ")
    let error = VariablePointer()
    let valid = try world.runtime.msgSend(
      ann, "validateValue:forKey:error:", arguments: [.swiftObject(value), "name", .swiftObject(error)])
    #expect(valid == .bool(true) && value.pointee == "Bo" && error.pointee == .nil)
    value.pointee = ""
    #expect(try world.runtime.msgSend(ann, "validateValue:forKey:error:", arguments: [.swiftObject(value), "name", .swiftObject(error)]) == .bool(false))
    #expect(error.pointee == "a name cannot be empty")
    let method = try #require(try world.runtime.rootClass.instanceMethod(for: "validateValue:forKey:error:"))
    #expect(method.signature.description == "B40@0:8^@16@24^@32")  // BOOL, id *, NSString *, NSError **
    #expect(MethodSignature.wellKnown("validateValue:forKeyPath:error:")?.description == "B40@0:8^@16@24^@32")
  }

  @Test func aClassThatOverridesValidateValueForKeyErrorIsHeardByTheSwiftAPI() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    try world.person.addMethod("validateValue:forKey:error:") { receiver, _, arguments in
      // Everything is valid once upper-cased; then NSObject's search runs (none here).
      let value = try #require(arguments[0].swiftObject(as: VariablePointer.self))
      value.pointee = .string((value.pointee.stringValue ?? "").uppercased())
      return try Runtime.msgSendSuper(receiver, superclass: world.runtime.rootClass, "validateValue:forKey:error:", arguments: arguments)
    }
    var name: Value = "ann"
    try world.newPerson().validateValue(&name, forKey: "name")
    #expect(name == "ANN")
  }

  @Test func aKeyPathIsValidatedByTheObjectAtItsEnd() throws {
    let calls = Log<String>()
    let world = try worldWithNameValidator(calls)
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try ann.setValue(.object(bob), forKey: "friend")
    var name: Value = " Bob"
    try ann.validateValue(&name, forKeyPath: "friend.name")
    #expect(name == "Bob")
    #expect(calls.all == ["\(bob.address) \" Bob\""])  // bob's validator, not ann's
    var single: Value = "Ann "
    try ann.validateValue(&single, forKeyPath: "name")  // one key: validateValue:forKey:
    #expect(single == "Ann")
  }

  @Test func aKeyPathThroughNilAnswersNoAsAMessageToNilDoes() throws {
    let world = try worldWithNameValidator()
    var name: Value = "Bob"
    let refusal = #expect(throws: ValidationError.self) { try world.newPerson().validateValue(&name, forKeyPath: "friend.name") }
    #expect(refusal?.error == .nil)
    #expect(name == "Bob")
  }

  @Test func aKeyPathThroughADictionaryIsValidatedByTheObjectUnderTheKey() throws {
    let world = try worldWithNameValidator()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try ann.setValue(["pal": .object(bob)], forKey: "friend")
    var name: Value = "Bob  "
    try ann.validateValue(&name, forKeyPath: "friend.pal.name")
    #expect(name == "Bob")
    var other: Value = "  "
    try ann.validateValue(&other, forKeyPath: "friend.city")  // a dictionary has no validator: valid
    #expect(other == "  ")
  }

  @Test func setValueForKeyDoesNotValidate() throws {
    let calls = Log<String>()
    let world = try worldWithNameValidator(calls)
    let ann = try world.newPerson()
    try ann.setValue("  ", forKey: "name")
    #expect(try ann.value(forKey: "name") == "  ")
    #expect(calls.all.isEmpty)
  }
}
