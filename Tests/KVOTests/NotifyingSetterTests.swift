// NotifyingSetterTests.swift: which setters a notifying subclass overrides (NotifyingSetters.swift):
// only those Foundation would, a void return and one argument of a type it can box; the others
// are left alone with Foundation's log line as a diagnostic.

import Testing

@testable import KVO

@Suite struct NotifyingSetterTests {
  /// A class `Gadget` with `setKey:` of the given encoding (the key `key`), observed. The observer
  /// is returned too: KVO does not retain it, so a caller that drops it is notified of nothing.
  func observeGadget(setterTypes: String) throws -> (World, Object, Log<String>, Log<Received>, Object) {
    let world = try World()
    let runtime = world.runtime
    let gadget = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Gadget")
    try gadget.addIvar("_key", type: .object(className: nil))
    try runtime.registerClassPair(gadget)
    try gadget.addMethod("setKey:", types: setterTypes) { _, _, _ in .nil }
    try gadget.addMethod("key", types: "@16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_key") }
    let diagnostics = Log<String>()
    let events = runtime.addEventObserver { event in
      if case .diagnostic(let subsystem, let message) = event, subsystem == "KVO" { diagnostics.append(message) }
    }
    let object = try #require(try runtime.msgSend(gadget, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try object.addObserver(observer, forKeyPath: "key")
    events.cancel()
    return (world, object, diagnostics, log, observer)
  }

  @Test func aSetterThatReturnsAValueIsLeftAloneWithFoundationsLogLine() throws {
    let (_, object, diagnostics, _, _) = try observeGadget(setterTypes: "B24@0:8@16")
    #expect(!object.isa.methodList.contains { $0.selector == "setKey:" })
    #expect(
      diagnostics.all == [
        "KVO autonotifying only supports -set<Key>: methods that return void. Autonotifying will not be done for invocations of -[Gadget setKey:]."
      ])
  }

  @Test(arguments: ["v24@0:8*16", "v24@0:8^i16", "v24@0:8:16", "v24@0:8^v16"])
  func aSetterTakingATypeFoundationCannotBoxIsLeftAlone(types: String) throws {
    let (_, object, diagnostics, _, _) = try observeGadget(setterTypes: types)
    #expect(!object.isa.methodList.contains { $0.selector == "setKey:" })
    #expect(diagnostics.all.count == 1)
    #expect(diagnostics.all.first?.hasPrefix("KVO autonotifying only supports -set<Key>: methods that take id") == true)
  }

  @Test(arguments: [
    ("v24@0:8@16", "_NSSetObjectValueAndNotify"), ("v24@0:8q16", "_NSSetLongLongValueAndNotify"),
    ("v24@0:8#16", "_NSSetObjectValueAndNotify"), ("v32@0:8{Pair=qq}16", "_NSSetValueAndNotify"),
  ])
  func aSupportedSetterGetsItsFlavour(types: String, flavour: String) throws {
    let (_, object, diagnostics, _, _) = try observeGadget(setterTypes: types)
    #expect(object.isa.methodList.first { $0.selector == "setKey:" }?.implementation.name == flavour)
    #expect(diagnostics.all.isEmpty)
  }

  @Test func aKeyWithAnUnsupportedSetterCanStillBeNotifiedByHand() throws {
    let (world, object, _, log, observer) = try observeGadget(setterTypes: "v24@0:8*16")
    try object.willChangeValue(forKey: "key")
    try object.didChangeValue(forKey: "key")
    #expect(log.count == 1)
    withExtendedLifetime((world, observer)) {}
  }
}
