// FidelityRound5Tests.swift: the fifth round of KVC/KVO behaviour cases on ordinary objects,
// probed as a user porting GNUstep-base's NSKVOSupport and KVC tests, DIS_KVC_KVO's tests and the
// examples of Apple's KVC/KVO guides would write them. Each test pins Foundation's answer: an
// operator with no key path after it, the types KVC can box, and the cases those suites hold
// that earlier rounds had not pinned.

import Testing

@testable import KVO

@Suite struct FidelityRound5Tests {
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

  // MARK: - Types KVC can box

  /// Foundation's KVC gets and sets objects, numbers and structs only: a `char *`, `SEL` or
  /// `void *` property has no getter or setter KVC can use, so its key is undefined.
  @Test func aPropertyOfAPointerTypeIsAnUndefinedKey() throws {
    let world = try World()
    let object = try instance(of: "Buffer", in: world) { cls in
      try cls.synthesizeProperty("bytes", type: .pointer(.void))
      try cls.synthesizeProperty("label", type: .cString)
      try cls.synthesizeProperty("action", type: .selector)
    }
    for key in ["bytes", "label", "action"] {
      let read = #expect(throws: KeyValueError.self) { try object.value(forKey: key) }
      #expect(read?.exceptionName == "NSUnknownKeyException")
      #expect(read?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key).") == true)
      let write = #expect(throws: KeyValueError.self) { try object.setValue(nil, forKey: key) }
      #expect(write?.message.hasSuffix("setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).") == true)
    }
    #expect(try object.value(ofIvar: "_bytes") == .nil)  // nothing stored
  }

  @Test func aGetterThatReturnsVoidIsNoGetter() throws {
    let world = try World()
    let object = try instance(of: "Machine", in: world) { cls in
      try cls.addMethod("reset", types: "v16@0:8") { _, _, _ in .nil }
    }
    let error = #expect(throws: KeyValueError.self) { try object.value(forKey: "reset") }
    #expect(error?.code == .undefinedKey)
  }

  /// An accessor of a type KVC cannot box is still the one found: the key is undefined and the
  /// object ivar behind it is never reached, as in Foundation (round 19; decision 0046).
  @Test func anAccessorOfAPointerTypeHidesTheIvar() throws {
    let world = try World()
    let object = try instance(of: "Holder", in: world) { cls in
      try cls.addIvar("_name", type: .object(className: "NSString"))
      try cls.addMethod("name", types: "^v16@0:8") { _, _, _ in .pointer(8) }
      try cls.addMethod("setName:", types: "v24@0:8^v16") { _, _, _ in .nil }
    }
    let write = #expect(throws: KeyValueError.self) { try object.setValue("Ann", forKey: "name") }
    #expect(write?.code == .undefinedKey)
    #expect(try object.value(ofIvar: "_name") == .nil)
    let read = #expect(throws: KeyValueError.self) { try object.value(forKey: "name") }
    #expect(read?.code == .undefinedKey)
  }

  // MARK: - Structs

  /// The KVC guide's `ThreeFloats`: `valueForKey:` answers an `NSValue` of the struct, and
  /// `setValue:forKey:` takes one back; observers see both values; nil is `setNilValueForKey:`.
  @Test func aStructPropertyIsReadAndSetAsAnNSValue() throws {
    let world = try World()
    let holder = try instance(of: "Holder", in: world) { cls in
      try cls.synthesizeProperty("threeFloats", type: try TypeEncoding("{ThreeFloats=fff}"))
    }
    let zero = try holder.value(forKey: "threeFloats")
    #expect(try world.runtime.object(bridging: zero)?.isa.name == "NSConcreteValue")
    #expect(try world.runtime.msgSend(bridging: zero, "objCType") == .cString("{ThreeFloats=fff}"))
    let (observer, log) = try world.newObserver()
    try holder.addObserver(observer, forKeyPath: "threeFloats", options: [.old, .new], context: 0)
    let floats = Value.structure(Structure(name: "ThreeFloats", fields: [.float(1), .float(2), .float(3)]))
    try holder.setValue(.object(try #require(try world.runtime.object(bridging: floats))), forKey: "threeFloats")
    #expect(try holder.value(forKey: "threeFloats") == floats)
    #expect(log.all.map(\.change.old) == [zero])
    #expect(log.all.map(\.change.new) == [floats])
    let error = #expect(throws: KeyValueError.self) { try holder.setValue(nil, forKey: "threeFloats") }
    #expect(error?.message.hasSuffix("setNilValueForKey]: could not set nil as the value for the key threeFloats.") == true)
  }

  /// Foundation unboxes a point, size, rect or range by sending `-pointValue`, `-sizeValue`,
  /// `-rectValue` or `-rangeValue`: a string does not answer, the runtime's unrecognized selector.
  @Test func aStringForAStructPropertyIsSentTheStructsMessage() throws {
    let world = try World()
    let shape = try instance(of: "Shape", in: world) { cls in
      try cls.synthesizeProperty("origin", type: try TypeEncoding("{CGPoint=dd}"))
      try cls.addIvar("_range", type: try TypeEncoding("{_NSRange=QQ}"))
    }
    let point = #expect(throws: RuntimeError.self) { try shape.setValue("1,2", forKey: "origin") }
    #expect(point?.message.hasPrefix("-[__NSCFString pointValue]: unrecognized selector sent to instance 0x") == true)
    let range = #expect(throws: RuntimeError.self) { try shape.setValue(.null, forKey: "range") }
    #expect(range?.message.hasPrefix("-[NSNull rangeValue]: unrecognized selector sent to instance 0x") == true)
    #expect(try shape.value(forKey: "range") == .range(0..<0))  // nothing stored
  }

  @Test func anObjectThatAnswersTheStructsMessageHasItsAnswerStored() throws {
    let world = try World()
    let point = Value.structure(Structure(name: "CGPoint", fields: [.double(3), .double(4)]))
    let spot = try instance(of: "Spot", in: world) { cls in
      try cls.addMethod("pointValue", types: "{CGPoint=dd}16@0:8") { _, _, _ in point }
    }
    let shape = try instance(of: "Shape", in: world) { cls in
      try cls.synthesizeProperty("origin", type: try TypeEncoding("{CGPoint=dd}"))
    }
    try shape.setValue(.object(spot), forKey: "origin")
    #expect(try shape.value(forKey: "origin") == point)
  }

  // MARK: - Collection accessors

  /// GNUstep's KVC proxy tests: `countOf<Key>`, `enumeratorOf<Key>` and `memberOf<Key>:` make a
  /// set that the collection operators aggregate like any other.
  @Test func operatorsAggregateTheSetOfCountEnumeratorAndMemberAccessors() throws {
    let world = try World()
    let tagged = try instance(of: "Tagged", in: world) { cls in
      try cls.addMethod("countOfTags", types: "Q16@0:8") { _, _, _ in 3 }
      try cls.addMethod("enumeratorOfTags", types: "@16@0:8") { receiver, _, _ in
        try #require(receiver.runtime).msgSend(bridging: .set([1, 2, 4]), "objectEnumerator")
      }
      try cls.addMethod("memberOfTags:", types: "@24@0:8@16") { _, _, arguments in arguments[0] }
    }
    #expect(try tagged.value(forKeyPath: "tags.@count") == 3)
    #expect(try tagged.value(forKeyPath: "tags.@sum.self") == 7)
    #expect(try tagged.value(forKeyPath: "tags.@max.self") == 4)
    #expect(try tagged.value(forKeyPath: "tags.@distinctUnionOfObjects.self") == .set([1, 2, 4]))
  }

  /// With `+accessInstanceVariablesDirectly` NO, an ivar-only to-many key has no accessor at all:
  /// `mutableArrayValueForKey:` still answers a proxy, which raises the undefined key when used.
  @Test func withoutDirectIvarAccessAnIvarOnlyArrayProxyRaisesWhenUsed() throws {
    let world = try World()
    let shelf = try instance(of: "Shelf", in: world) { cls in
      try cls.addIvar("_books", type: .object(className: "NSMutableArray"))
      try cls.isa.addMethod("accessInstanceVariablesDirectly", types: "B16@0:8") { _, _, _ in false }
    }
    let books = try shelf.mutableArrayValue(forKey: "books")
    let error = #expect(throws: KeyValueError.self) { try books.count() }
    #expect(error?.exceptionName == "NSUnknownKeyException")
    #expect(error?.message.hasSuffix("this class is not key value coding-compliant for the key books.") == true)
  }
}
