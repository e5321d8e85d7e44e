// FidelityRound29LoneKeyTests.swift: a key held in a string object with a lone surrogate (an
// NSString keeps the unit, decision 0050). A selector's name is UTF-8, so such a key names no
// accessor and no ivar: `valueForKey:` and `setValue:forKey:` go to the undefined-key hooks, which
// receive the key object itself. Observing it is allowed, and the observation is the key's units:
// a will/did of the same key notifies, one of another lone unit (the same U+FFFD in Swift) does
// not, on an NSObject and on a mutable dictionary (docs/kvo.md#a-key-with-a-lone-surrogate).

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound29LoneKeyTests {
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

  /// An observer class whose `observeValueForKeyPath:…` logs the key path argument and the change.
  private func keyPathObserver(in world: World) throws -> (Object, Log<(keyPath: [UInt16], new: Value?)>) {
    let log = Log<(keyPath: [UInt16], new: Value?)>()
    let cls = try makeClass("KeyPathObserver", in: world) { cls in
      try cls.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") { _, _, arguments in
        var keyPath: [UInt16] = []
        if case .string(let text) = arguments[0] {
          keyPath = Array(text.utf16)
        } else if let object = arguments[0].objectValue {
          let length = try send(object, "length").intValue ?? 0
          keyPath = try (0..<length).map { UInt16(truncatingIfNeeded: try send(object, "characterAtIndex:", .int($0)).intValue ?? 0) }
        }
        log.append((keyPath, arguments[2].change?.new))
        return .nil
      }
    }
    return (try #require(try world.runtime.msgSend(cls, "new").objectValue), log)
  }

  /// The key names no accessor, not even the one named by its Swift view (U+FFFD), and no
  /// ivar: `valueForKey:`, `setValue:forKey:` and `valueForKeyPath:` raise
  /// NSUnknownKeyException with the key object in `NSUnknownUserInfoKey` (was: the key was read
  /// as U+FFFD, so `-\u{FFFD}` answered and `-set\u{FFFD}:` was called).
  @Test func aLoneSurrogateKeyNamesNoAccessor() throws {
    let world = try World()
    let calls = Log<String>()
    try world.person.addMethod("\u{FFFD}", types: "@16@0:8") { _, _, _ in
      calls.append("getter")
      return 7
    }
    try world.person.addMethod("set\u{FFFD}:", types: "v24@0:8@16") { _, _, _ in
      calls.append("setter")
      return .nil
    }
    let ann = try world.newPerson()
    let lone = try string(unit: 0xD800, in: world.runtime)
    for selector: Selector in ["valueForKey:", "valueForKeyPath:"] {
      let error = #expect(throws: KeyValueError.self) { try send(ann, selector, lone) }
      #expect(error?.exceptionName == "NSUnknownKeyException")
      #expect(error?.userInfo["NSUnknownUserInfoKey"] == lone)
      #expect(error?.message.contains("valueForUndefinedKey:]: this class is not key value coding-compliant") == true)
    }
    let error = #expect(throws: KeyValueError.self) { try send(ann, "setValue:forKey:", 1, lone) }
    #expect(error?.userInfo["NSUnknownUserInfoKey"] == lone)
    #expect(calls.all.isEmpty, "no accessor was called")
    #expect(try send(ann, "valueForKey:", "\u{FFFD}") == 7, "the key U+FFFD is another key")
    try world.runtime.checkInvariants()
  }

  /// An override of `valueForUndefinedKey:` and `setValue:forUndefinedKey:` receives the key
  /// object itself (was: a Swift string U+FFFD); a key path's component keeps the unit too.
  @Test func theUndefinedKeyHooksReceiveTheKeyObject() throws {
    let world = try World()
    let received = Log<(value: Value, key: Value)>()
    let cls = try makeClass("Echo", in: world) { cls in
      try cls.addMethod("valueForUndefinedKey:", types: "@24@0:8@16") { _, _, arguments in arguments[0] }
      try cls.addMethod("setValue:forUndefinedKey:", types: "v32@0:8@16@24") { _, _, arguments in
        received.append((arguments[0], arguments[1]))
        return .nil
      }
    }
    let echo = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let lone = try string(unit: 0xD800, in: world.runtime)
    #expect(try send(echo, "valueForKey:", lone).objectValue === lone.objectValue, "the key object itself")
    #expect(try send(echo, "valueForKeyPath:", lone) == lone)
    try send(echo, "setValue:forKey:", 5, lone)
    try send(echo, "setValue:forKeyPath:", 6, lone)
    #expect(received.all.map(\.value) == [5, 6])
    #expect(received.all.first?.key.objectValue === lone.objectValue)
    #expect(try received.all.map { try units($0.key) } == [[0xD800], [0xD800]])
    let path = try string("self.%C", unit: 0xDC01, in: world.runtime)
    #expect(try units(try send(echo, "valueForKeyPath:", path)) == [0xDC01], "the component after the dot keeps the unit")
    try world.runtime.checkInvariants()
  }

  /// A mutable array proxy of such a key has no accessor to use either: an edit through it reads
  /// the value with `valueForUndefinedKey:` and writes the edited array back with
  /// `setValue:forUndefinedKey:`, each given a string object with the key's units (was: the
  /// write-back received KVO's internal spelling of the key as a Swift string; review2).
  @Test func aMutableArrayProxyOfALoneSurrogateKeyWritesBackWithTheKeyObject() throws {
    let world = try World()
    let keys = Log<Value>()
    let written = Log<Value>()
    let cls = try makeClass("Holder", in: world) { cls in
      try cls.addMethod("valueForUndefinedKey:", types: "@24@0:8@16") { _, _, arguments in
        keys.append(arguments[0])
        return .array([1])
      }
      try cls.addMethod("setValue:forUndefinedKey:", types: "v32@0:8@16@24") { _, _, arguments in
        written.append(arguments[0])
        keys.append(arguments[1])
        return .nil
      }
    }
    let holder = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let lone = try string(unit: 0xD800, in: world.runtime)
    let proxy = try #require(try send(holder, "mutableArrayValueForKey:", lone).objectValue)
    try send(proxy, "addObject:", 2)
    #expect(written.all == [.array([1, 2])])
    #expect(keys.count >= 2, "read, then written back")
    #expect(try keys.all.map { try units($0) }.allSatisfy { $0 == [0xD800] }, "each hook got the key's units")
    #expect(keys.all.allSatisfy { $0.stringValue == nil }, "a string object, not a Swift string")
    try world.runtime.checkInvariants()
  }

  /// `addObserver:forKeyPath:` of such a key on an NSObject registers it (observing an undefined
  /// key is allowed); a manual will/did of the same key notifies with its units, one of another
  /// lone unit or of U+FFFD does not (was: all three were the key U+FFFD).
  @Test func anObservedLoneSurrogateKeyIsNotifiedByItsOwnUnitsOnly() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try keyPathObserver(in: world)
    let first = try string(unit: 0xD800, in: world.runtime)
    let second = try string(unit: 0xD801, in: world.runtime)
    try send(ann, "addObserver:forKeyPath:options:context:", .object(observer), first, .uint64(0), .nil)
    for other in [second, "\u{FFFD}"] {
      try send(ann, "willChangeValueForKey:", other)
      try send(ann, "didChangeValueForKey:", other)
    }
    #expect(log.count == 0, "another key")
    try send(ann, "willChangeValueForKey:", first)
    try send(ann, "didChangeValueForKey:", first)
    #expect(log.all.map(\.keyPath) == [[0xD800]], "the key path as its units")
    try send(ann, "removeObserver:forKeyPath:", .object(observer), first)
    #expect(ann.observances.isEmpty)
    try world.runtime.checkInvariants()
  }

  /// Observing such a key leaves nothing of the runtime's behind: the key object handed to the
  /// observer is not kept by anything the runtime keeps (a key-path plan is), so the runtime is
  /// freed with its last object (was, for a while: the plan kept the key object, which keeps its
  /// runtime, and the runtime keeps its plans, so the runtime was never freed).
  @Test func observingALoneSurrogateKeyLetsTheRuntimeBeFreed() throws {
    weak var freed: Runtime?
    do {
      let world = try World()
      freed = world.runtime
      let ann = try world.newPerson()
      let (observer, log) = try keyPathObserver(in: world)
      let key = try string(unit: 0xDC00, in: world.runtime)
      try send(ann, "addObserver:forKeyPath:options:context:", .object(observer), key, .uint64(0), .nil)
      try send(ann, "willChangeValueForKey:", key)
      try send(ann, "didChangeValueForKey:", key)
      #expect(log.all.map(\.keyPath) == [[0xDC00]])
      try send(ann, "removeObserver:forKeyPath:", .object(observer), key)
    }
    #expect(freed == nil, "the runtime is freed once its objects are")
  }

  /// A mutable dictionary's `setValue:forKey:` notifies the observers of that key object only:
  /// observing 0xD800, setting 0xD801 tells nobody, setting 0xD800 tells its observer the entry's
  /// new value (was: both keys were U+FFFD, so 0xD801 notified, and the new value read the
  /// entry U+FFFD, nil).
  @Test func aDictionaryKeyObserverIsNotToldOfAnotherLoneSurrogateKey() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()
    let dictionary = try world.runtime.mutableDictionary([:])
    let (observer, log) = try keyPathObserver(in: world)
    let first = try string(unit: 0xD800, in: world.runtime)
    let second = try string(unit: 0xD801, in: world.runtime)
    try send(dictionary, "addObserver:forKeyPath:options:context:", .object(observer), first, .uint64(1), .nil)
    try send(dictionary, "setValue:forKey:", 1, second)
    #expect(log.count == 0, "another key")
    try send(dictionary, "setValue:forKey:", 2, first)
    #expect(log.all.map(\.keyPath) == [[0xD800]])
    #expect(log.all.first?.new == 2, "the new value of the entry the key object names")
    #expect(try send(dictionary, "objectForKey:", first) == 2)
    #expect(try send(dictionary, "objectForKey:", second) == 1)
    try send(dictionary, "removeObserver:forKeyPath:", .object(observer), first)
    try world.runtime.checkInvariants()
  }
}
