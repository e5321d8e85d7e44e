// KVCSnippetTests.swift: the examples of docs/kvo.md's key-value coding sections (from
// "Key-value coding" to "Validation"). The code between `// snippet: docs/kvo.md#<section>` and
// `// end snippet` is the example of that section, verbatim (SnippetSyncTests checks it).

import KVO
import Testing

@Suite struct KVCSnippetTests {
  @Test func keyValueCodingFindsAccessorsAndIvars() throws {
    let example = try KVOExample()
    func newPerson(_ first: String, _ last: String, age: Int) throws -> Object {
      try example.newPerson(first, last, age: age)
    }
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#key-value-coding
    let bob = try newPerson("Bob", "Kim", age: 25)
    try ann.setValue(43, forKey: "age")  // sends -setAge: (the accessor search)
    #expect(try ann.value(forKey: "age") == 43)
    try ann.setValue(.object(bob), forKey: "friend")
    try ann.setValue("Rob", forKeyPath: "friend.firstName")
    #expect(try ann.value(forKeyPath: "friend.firstName") == "Rob")
    #expect(try bob.dictionaryWithValues(forKeys: ["age", "friend"]) == ["age": 25, "friend": .null])  // NSNull for nil

    let undefined = #expect(throws: KeyValueError.self) { try ann.value(forKey: "shoeSize") }
    #expect(undefined?.exceptionName == "NSUnknownKeyException")  // the constant NSUndefinedKeyException
    #expect(
      undefined?.message
        == "[<Person \(ann.address)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key shoeSize."
    )
    let nilScalar = #expect(throws: KeyValueError.self) { try ann.setValue(nil, forKey: "age") }
    #expect(nilScalar?.code == .nilValueForScalar)  // NSObject's -setNilValueForKey: refuses
    try ann.setValue(2.5, forKey: "age")  // Foundation's conversion: -[NSNumber longLongValue]
    #expect(try ann.value(forKey: "age") == 2)
    try ann.setValue("43", forKey: "age")  // -[NSString longLongValue]
    #expect(try ann.value(forKey: "age") == 43)
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func scalarValuesAreConvertedByTheNSNumberMessageForTheirType() throws {
    // snippet: docs/kvo.md#value-conversion
    let runtime = Runtime()
    let gauge = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Gauge")
    try gauge.synthesizeProperty("level", type: .char)
    try gauge.synthesizeProperty("flag", type: .bool)
    try runtime.registerClassPair(gauge)
    let meter = try gauge.createInstance()

    try meter.setValue(300, forKey: "level")  // -[NSNumber charValue]: C truncation
    #expect(try meter.value(forKey: "level") == .int8(44))  // a char, as the ivar is
    try meter.setValue("YES", forKey: "flag")  // -[NSString boolValue]
    #expect(try meter.value(forKey: "flag") == .bool(true))
    let error = #expect(throws: RuntimeError.self) { try meter.setValue("42", forKey: "level") }
    #expect(error?.message.hasPrefix("-[__NSCFString charValue]: unrecognized selector") == true)
    #expect(try meter.value(forKey: "level") == .int8(44))  // nothing stored
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func collectionAccessorsReadAsALiveProxyArray() throws {
    // snippet: docs/kvo.md#collection-accessors
    let runtime = Runtime()
    let table = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Table")
    try table.addIvar("_storage", type: .object(className: "NSArray"))
    try runtime.registerClassPair(table)
    try table.addMethod("countOfRows", types: "Q16@0:8") { receiver, _, _ in
      .int(try receiver.value(ofIvar: "_storage").arrayValue?.count ?? 0)
    }
    try table.addMethod("objectInRowsAtIndex:", types: "@24@0:8Q16") { receiver, _, arguments in
      try runtime.msgSend(bridging: try receiver.value(ofIvar: "_storage"), "objectAtIndex:", arguments[0])
    }
    let sheet = try table.createInstance()
    try sheet.setValue(["a"], forIvar: "_storage")

    let rows = try sheet.value(forKey: "rows")
    #expect(rows.objectValue?.isa.name == "NSKeyValueArray")  // an NSArray subclass
    try sheet.setValue(["a", "b"], forIvar: "_storage")  // changed after valueForKey: answered
    #expect(try runtime.msgSend(bridging: rows, "count") == 2)  // -countOfRows, sent now
    #expect(try runtime.msgSend(bridging: rows, "objectAtIndex:", 1) == "b")  // -objectInRowsAtIndex:
    #expect(try sheet.value(forKeyPath: "rows.@count") == 2)
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func theAccessorSearchPrefersMethodsThenIvars() throws {
    // snippet: docs/kvo.md#the-accessor-search-order
    let runtime = Runtime()
    let shape = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Shape")
    try shape.addIvar("_size", type: .longLong)
    try runtime.registerClassPair(shape)
    try shape.addMethod("getSize", types: "q16@0:8") { _, _, _ in 7 }
    let box = try shape.createInstance()

    #expect(try box.value(forKey: "size") == 7)  // -getSize comes before the ivar _size
    try box.setValue(3, forKey: "size")  // no -setSize: or -_setSize:, so the ivar _size is set
    #expect(try box.value(ofIvar: "_size") == 3)
    try shape.isa.addMethod("accessInstanceVariablesDirectly", types: "B16@0:8") { _, _, _ in false }
    let error = #expect(throws: KeyValueError.self) { try box.setValue(4, forKey: "size") }
    #expect(error?.code == .undefinedKey)  // no ivar access now: the plan was recomputed
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func keyPathsAreParsedStrictly() throws {
    let example = try KVOExample()
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#key-paths
    let path = try KeyValuePath("friends.@sum.age")
    #expect(path.components == [.key("friends"), .collectionOperator(.sum), .key("age")])
    #expect(path.description == "friends.@sum.age")
    let empty = #expect(throws: KeyValueError.self) { try KeyValuePath("friend..age") }
    #expect(empty?.code == .invalidKeyPath)  // an empty component: not a path to observe
    let spaced = #expect(throws: KeyValueError.self) { try ann.value(forKey: "first name") }
    #expect(spaced?.code == .undefinedKey)  // but any string is a key to KVC: valueForUndefinedKey:
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func collectionOperatorsAggregateAnArray() throws {
    let example = try KVOExample()
    func newPerson(_ first: String, _ last: String, age: Int) throws -> Object {
      try example.newPerson(first, last, age: age)
    }
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#collection-operators
    let friends: Value = [
      .object(try newPerson("Bob", "Lee", age: 25)),
      .object(try newPerson("Cy", "Kim", age: 35)),
      .object(try newPerson("Dee", "Lee", age: 30)),
    ]
    try ann.setValue(friends, forKey: "friends")
    #expect(try ann.value(forKeyPath: "friends.@count") == 3)
    #expect(try ann.value(forKeyPath: "friends.@sum.age") == .int64(90))  // an NSDecimalNumber, equal to 90
    #expect(try ann.value(forKeyPath: "friends.@avg.age") == 30)
    #expect(try ann.value(forKeyPath: "friends.@max.firstName") == "Dee")
    #expect(try ann.value(forKeyPath: "friends.@distinctUnionOfObjects.lastName") == ["Lee", "Kim"])

    try ann.setValue([], forKey: "friends")
    #expect(try ann.value(forKeyPath: "friends.@sum.age") == 0)
    #expect(try ann.value(forKeyPath: "friends.@avg.age") == .nil)  // no elements: nil, as in Foundation
    #expect(try ann.value(forKeyPath: "friends.@max.age") == .nil)
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func validationSendsTheKeysValidatorWithPointersToTheValueAndTheError() throws {
    let example = try KVOExample()
    let person = example.person
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#validation
    // -validateFirstName:error: trims spaces and refuses an empty name, as Apple's guide shows.
    try person.addMethod("validateFirstName:error:", types: "B32@0:8^@16^@24") { _, _, arguments in
      guard let value = arguments[0].swiftObject(as: VariablePointer.self) else { return false }
      let name = value.pointee.stringValue ?? ""
      let trimmed = String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      if trimmed.isEmpty {
        arguments[1].swiftObject(as: VariablePointer.self)?.pointee = "a name is needed"  // *outError = …
        return false
      }
      value.pointee = .string(trimmed)  // *ioValue = trimmed: the caller gets the replacement
      return true
    }
    var name: Value = "  Bea "
    try ann.validateValue(&name, forKey: "firstName")
    #expect(name == "Bea")
    var blank: Value = " "
    let refusal = #expect(throws: ValidationError.self) { try ann.validateValue(&blank, forKey: "firstName") }
    #expect(refusal?.error == "a name is needed")
    var age: Value = -3
    try ann.validateValue(&age, forKey: "age")  // no -validateAge:error:: valid as it is
    #expect(try ann.value(forKey: "firstName") == "Ann")  // validating never sets
    // end snippet
    try example.runtime.checkInvariants()
  }
}
