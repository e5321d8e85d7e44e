// SelectorTests.swift: interning, names, arity and the selector grammar (Selector.swift).

import Testing

@testable import MiniRuntime

@Suite struct SelectorTests {
  @Test func equalNamesInternToIdenticalSelector() throws {
    let name = "setAge:"
    let first = try Selector(validating: name)
    let second = try Selector(validating: String(name))
    let literal: Selector = "setAge:"
    #expect(first.index == second.index)
    #expect(first.index == literal.index)
    #expect(first == literal)
    #expect(first.hashValue == literal.hashValue)
  }

  @Test func reinterningANameKeepsItsValidityAndArity() throws {
    // The table remembers each name's validity and argument count; a second interning (or a
    // validation) must give the same answers as the first, whichever call came first.
    let bad = "not a selector:\(UInt64.random(in: 0..<UInt64.max))"
    let first = Selector(interning: bad)
    #expect(!first.isValid && first.argumentCount == 1)
    #expect(throws: RuntimeError.self) { try Selector(validating: bad) }
    let again = Selector(interning: bad)
    #expect(again == first && !again.isValid && again.argumentCount == 1)

    let good = "probe\(UInt64.random(in: 0..<UInt64.max)):with:"
    let validated = try Selector(validating: good)
    let interned = Selector(interning: good)
    #expect(interned == validated && interned.isValid && interned.argumentCount == 2)
  }

  @Test func differentNamesInternToDifferentIndexes() throws {
    let names = ["age", "setAge:"]
    let age = try Selector(validating: names[0])
    let setAge = try Selector(validating: names[1])
    #expect(age.index != setAge.index)
    #expect(age != setAge)
    #expect(age.index != 0, "index 0 is reserved for empty cache buckets")
  }

  @Test(arguments: ["init", "description", "setAge:", "setValue:forKey:", "foo::", "_private", "x1"])
  func nameRoundTrips(name: String) throws {
    let selector = try Selector(validating: name)
    #expect(selector.name == name)
    #expect(selector.description == name)
    #expect(selector.isValid)
  }

  @Test(arguments: [
    ("init", 0), ("setAge:", 1), ("setValue:forKey:", 2), ("foo::", 2),
    ("performSelector:withObject:withObject:", 3),
  ])
  func argumentCountIsNumberOfColons(name: String, count: Int) throws {
    #expect(try Selector(validating: name).argumentCount == count)
  }

  @Test func keywordsSplitTheName() {
    let setValue: Selector = "setValue:forKey:"
    let description: Selector = "description"
    #expect(setValue.keywords == ["setValue", "forKey"])
    #expect(description.keywords == ["description"])
  }

  @Test func aSelectorIsFoundAgainFromItsIndex() throws {
    let selector = try Selector(validating: "selectorTestsFoundAgain:from:")
    #expect(Selector(internedAt: selector.index) == selector)
    #expect(Selector(internedAt: selector.index)?.argumentCount == 2)
    #expect(Selector(internedAt: selector.index)?.isValid == true)
    #expect(Selector(internedAt: 0) == .null)
    #expect(Selector(internedAt: UInt32.max) == nil)
  }

  /// `Selector("…")` with a string *literal* is literal coercion (SE-0213), so it never throws:
  /// a malformed literal silently makes an invalid selector. Only a non-literal name validates.
  @Test func selectorInitWithLiteralArgumentDoesNotValidate() {
    let selector = Selector("set age:")
    #expect(!selector.isValid)
  }

  @Test(arguments: ["", "set age:", " init", "1abc", ":foo", "foo:bar", "set-age:", "é", "a.b"])
  func invalidNameThrowsInvalidSelectorName(name: String) {
    let error = expectError(.invalidSelectorName) { _ = try Selector(validating: name) }
    #expect(error?.message.contains("'\(name)'") == true)
    #expect(Selector.problem(with: name) != nil)
  }

  @Test func invalidLiteralMakesInvalidSelector() {
    let selector: Selector = "set age:"
    #expect(!selector.isValid)
    #expect(selector.name == "set age:")
  }

  @Test func sendingAMalformedSelectorIsTheUnrecognizedSelector() throws {
    // objc4 registers any name; nothing implements a malformed one (decision 0027).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let text = "-[Person bad name]: unrecognized selector sent to instance \(ann.address)"
    #expect(expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "bad name") }?.message == text)
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "bad name:", 1) }
    // Whatever the argument count: objc4 reads none of them.
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "bad name:") }
    expectError(.unrecognizedSelector) { try runtime.msgSendSuper(ann, superclass: person, "bad name") }
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, Selector(interning: "")) }
    // The forwarding hooks see it, as any unknown selector.
    let seen = Recorder<Selector>()
    try person.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, arguments in
      seen.append(arguments[0].selectorValue ?? .null)
      return .nil
    }
    expectError(.unrecognizedSelector) { try runtime.msgSend(ann, "bad name") }
    #expect(seen.all == ["bad name"])
    try runtime.checkInvariants()
  }

  @Test func addingMethodWithInvalidLiteralThrowsAndAddsNothing() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let before = person.methodList.count
    expectError(.invalidSelectorName) {
      try person.addMethod(Selector(interning: "bad\0name"), types: "@16@0:8", implementation: returning("x"))
    }
    expectError(.invalidSelectorName) {
      try person.replaceMethod(.null, types: "@16@0:8", implementation: returning("x"))
    }
    #expect(person.methodList.count == before)
    try runtime.checkInvariants()
  }

  /// A selector travels through an ivar slot as one word (index, argument count, validity). The
  /// argument count had 16 bits there, so 65,536 colons came back as 0 and overflowed into the
  /// validity bit, turning an invalid selector valid.
  @Test func selectorWithOver65535ArgumentsKeepsArityAndValidityThroughAnIvar() throws {
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) { try $0.addIvar("_selector", type: .selector) }
    let object = try holder.createInstance()
    let colons = String(repeating: ":", count: 65_536)
    for selector in [try Selector(validating: "a" + colons), Selector(interning: "a b" + colons)] {
      try object.setValue(.selector(selector), forIvar: "_selector")
      let read = try #require(try object.value(ofIvar: "_selector").selectorValue)
      #expect(read == selector)
      #expect(read.argumentCount == 65_536)
      #expect(read.isValid == selector.isValid)
    }
    try runtime.checkInvariants()
  }

  @Test func lookingUpANameNeverRegisteredAnswersNil() throws {
    #expect(Selector(lookingUp: "neverRegisteredAnywhere_\(UInt64.random(in: 0...UInt64.max))") == nil)
    let made = Selector(interning: "lookedUpLater:")
    #expect(Selector(lookingUp: "lookedUpLater:") == made, "sel_lookUpByName finds a registered name")
    #expect(Selector(lookingUp: "neverRegisteredEither:") == nil)
    #expect(Selector(lookingUp: "neverRegisteredEither:") == nil, "looking up does not register")
  }

  @Test func nullSelectorIsNamedNullAndRefusedBySends() throws {
    let runtime = Runtime()
    #expect(Selector.null.isNull && !Selector.null.isValid)
    #expect(Selector.null.name == "<null selector>")
    #expect(Selector(lookingUp: "<null selector>") == nil, "the null selector is not in the table")
    let ann = try runtime.rootClass.createInstance()
    let error = expectError(.invalidSelectorName) { try runtime.msgSend(ann, Selector.null) }
    #expect(error?.message.contains("null") == true)
  }
}
