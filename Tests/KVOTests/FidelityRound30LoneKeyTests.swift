// FidelityRound30LoneKeyTests.swift: where a key holding a lone surrogate goes out of KVO, it is
// the user's key, never KVO's internal name for it (decision 0052: each lone unit spelled as
// U+FFFF and a plane-15 scalar). Messages to user code carry a string object with the key's
// units; text (an observance's key path, the event stream, diagnostics, exception messages) reads
// each lone unit as U+FFFD, as Swift reads such a string
// (docs/kvo.md#a-key-with-a-lone-surrogate).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound30LoneKeyTests {
  /// `[NSString stringWithFormat:format, unit]`: a string keeping the unit.
  private func string(_ format: String = "%C", unit: Int, in runtime: Runtime) throws -> Value {
    try runtime.installFoundation()
    runtime.installKeyValueObserving()
    let nsString = try #require(runtime.lookUpClass(named: "NSString"))
    let made = try Runtime.msgSend(nsString, "stringWithFormat:", .string(format), .int(unit))
    #expect(made.stringValue == nil, "an object keeping the unit, not a Swift string")
    return made
  }

  /// A string's UTF-16 units, read through its primitives.
  private func units(_ value: Value) throws -> [UInt16] {
    if case .string(let text) = value { return Array(text.utf16) }
    let object = try #require(value.objectValue)
    let length = try #require(try send(object, "length").intValue)
    return try (0..<length).map { UInt16(truncatingIfNeeded: try send(object, "characterAtIndex:", .int($0)).intValue ?? 0) }
  }

  /// Whether `text` holds KVO's internal spelling of a lone unit (its mark, U+FFFF).
  private func spells(_ text: String) -> Bool { text.unicodeScalars.contains("\u{FFFF}") }

  /// An observance (and `observedKeyPaths`, `observationInfoDescription`) shows the key as Swift
  /// reads the string object it was registered with, U+FFFD for the lone unit, and
  /// `keyPathUnits` gives the units themselves (was: the internal spelling, U+FFFF U+F0000).
  @Test func anObservanceShowsTheRegisteredKeyNotItsSpelling() throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    let ann = try world.newPerson()
    let lone = try string("a%Cb", unit: 0xD800, in: world.runtime)
    try send(ann, "addObserver:forKeyPath:options:context:", .object(observer), lone, 0, .nil)
    let observance = try #require(ann.observances.first)
    #expect(observance.keyPath == "a\u{FFFD}b")
    #expect(observance.keyPathUnits == [0x61, 0xD800, 0x62])
    #expect(ann.observedKeyPaths == ["a\u{FFFD}b"])
    #expect(observance.description.contains("Key path: a\u{FFFD}b,"))
    #expect(!spells(ann.observationInfoDescription))
    try send(ann, "addObserver:forKeyPath:options:context:", .object(observer), "age", 0, .nil)
    #expect(ann.observances.last?.keyPath == "age" && ann.observances.last?.keyPathUnits == Array("age".utf16))
    try send(ann, "removeObserver:forKeyPath:", .object(observer), lone)
    try send(ann, "removeObserver:forKeyPath:", .object(observer), "age")
    try world.runtime.checkInvariants()
  }

  /// The event stream's `observerNotified` and the diagnostic of an object deallocated while
  /// observed name the key with U+FFFD (was: the internal spelling).
  @Test func theEventStreamShowsTheKeyNotItsSpelling() throws {
    let world = try World()
    let (observer, log) = try world.newObserver()
    let ann = try world.newPerson()
    let lone = try string(unit: 0xDBFF, in: world.runtime)
    let events = Log<String>()
    let observation = world.runtime.addEventObserver { event in
      switch event {
      case .observerNotified(_, let keyPath, _, _): events.append("notified \(keyPath)")
      case .diagnostic(_, let message) where message.contains("still registered"): events.append(message)
      default: break
      }
    }
    defer { observation.cancel() }
    try send(ann, "addObserver:forKeyPath:options:context:", .object(observer), lone, 0, .nil)
    try send(ann, "willChangeValueForKey:", lone)
    try send(ann, "didChangeValueForKey:", lone)
    #expect(log.count == 1)
    #expect(events.all == ["notified \u{FFFD}"])
    try world.runtime.msgSend(ann, "release")  // deallocated while observed: Foundation's log
    #expect(events.all.count == 2)
    #expect(events.all.last?.hasSuffix("Key paths: \u{FFFD}") == true)
    #expect(!events.all.contains(where: spells))
  }

  /// A collection refusing `addObserver:forKeyPath:…` names the key path in its message as the
  /// string object's text, U+FFFD for the lone unit (was: the Value's description of the object).
  @Test func aCollectionsRefusalNamesTheKeyPathAsText() throws {
    let world = try World()
    let (observer, _) = try world.newObserver()
    let lone = try string("x.%C", unit: 0xD800, in: world.runtime)
    let nsArray = try #require(world.runtime.lookUpClass(named: "NSArray"))
    let array = try #require(try world.runtime.msgSend(nsArray, "array").objectValue)
    let error = #expect(throws: KeyValueError.self) {
      try send(array, "addObserver:forKeyPath:options:context:", .object(observer), lone, 0, .nil)
    }
    #expect(error?.message.hasSuffix("is not supported. Key path: x.\u{FFFD}") == true)
    #expect(error.map { spells($0.message) } == false)
  }

  /// A key path whose rest holds a lone unit (`friend.%C`) observes the rest on the friend by
  /// sending it `addObserver:forKeyPath:options:context:`, and later `removeObserver:forKeyPath:`,
  /// with a string object with the rest's units, so a class overriding them sees the user's key
  /// (was: KVO's internal spelling as a Swift string).
  @Test func aChainSendsTheFriendTheRestOfThePathWithItsUnits() throws {
    let world = try World()
    let received = Log<(selector: String, keyPath: Value)>()
    let root = world.runtime.rootClass
    try world.person.addMethod("addObserver:forKeyPath:options:context:", types: "v48@0:8@16@24Q32^v40") {
      receiver, _, arguments in
      received.append(("add", arguments[1]))
      return try Runtime.msgSendSuper(
        receiver, superclass: root, "addObserver:forKeyPath:options:context:", arguments: arguments)
    }
    try world.person.addMethod("removeObserver:forKeyPath:", types: "v32@0:8@16@24") { receiver, _, arguments in
      received.append(("remove", arguments[1]))
      return try Runtime.msgSendSuper(receiver, superclass: root, "removeObserver:forKeyPath:", arguments: arguments)
    }
    let (observer, log) = try world.newObserver()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "friend", .object(bob))
    let path = try string("friend.%C", unit: 0xDC00, in: world.runtime)
    try send(ann, "addObserver:forKeyPath:options:context:", .object(observer), path, 0, .nil)
    let restAdded = received.all.filter { $0.selector == "add" }.map(\.keyPath).last
    #expect(try restAdded.map(units) == [0xDC00])
    #expect(restAdded?.stringValue == nil, "a string object, not a Swift string")
    let rest = try string(unit: 0xDC00, in: world.runtime)
    try send(bob, "willChangeValueForKey:", rest)
    try send(bob, "didChangeValueForKey:", rest)
    #expect(log.count == 1, "the friend's change reaches the whole path's observer")
    try send(ann, "removeObserver:forKeyPath:", .object(observer), path)
    let restRemoved = received.all.filter { $0.selector == "remove" }.map(\.keyPath)
    #expect(try restRemoved.map(units).contains([0xDC00]))
    #expect(bob.observances.isEmpty && ann.observances.isEmpty)
    try world.runtime.checkInvariants()
  }
}
