// Misuse+Verify.swift: the misuse catalogue's checks of the cases that work, after the misuse (MisuseCatalogueTests.swift has the table, the
// cases and their outcomes).

import Testing

@testable import KVOController

extension Misuse {
  /// Checks the effect of a `.works` or `.keyValueErrorAfterTheEffect` case; the observing
  /// ones then undo what they did and check the world is as they found it.
  func verify(_ f: Fixture, _ scratch: Scratch, pristine: [String]) throws {
    switch self {
    case .malformedSelectorInAddMethod:
      #expect(try f.runtime.msgSend(f.ann, Selector(interning: "my name")) == "Ann!")
      #expect(f.person.instancesRespond(to: Selector(interning: "my name")))
      return
    case .duplicateUnregisteredClassName:
      let first = try #require(scratch.cls)
      let second = try #require(scratch.object?.isa)
      #expect(first !== second && first.isRegistered && second.isRegistered)
      #expect(f.runtime.lookUpClass(named: "Draft") === first)
      #expect(f.diagnostics.all.contains { $0.contains("Class Draft is implemented in both ?? (") })
      scratch.object = nil
      try f.runtime.disposeClassPair(second)
      try f.runtime.disposeClassPair(first)
      f.diagnostics.clear()
      return
    case .instanceOfUnregisteredClass:
      let draft = try #require(scratch.cls)
      do {
        let object = try #require(scratch.object)
        #expect(object.isa === draft && !draft.isRegistered)
        try object.setValue(7, forIvar: "_x")
        #expect(try object.value(ofIvar: "_x") == 7)
        // An ivar added now would not fit the live instance: refused while it lives.
        #expect(throws: RuntimeError.self) { try draft.addIvar("_y", type: .double) }
      }
      scratch.object = nil
      try f.runtime.disposeClassPair(draft)
      return
    case .emptyClassName:
      let cls = try #require(scratch.cls)
      try f.runtime.registerClassPair(cls)
      #expect(f.runtime.lookUpClass(named: "") === cls)
      try f.runtime.disposeClassPair(cls)
      #expect(!f.runtime.classes.contains { $0.name.isEmpty })
      return
    case .methodChangeInsideItsSend:
      #expect(try f.runtime.msgSend(f.ann, "age") == "late")
      #expect(try f.runtime.msgSend(f.ann, "late") == 42)
      return
    case .runtimeCallInsideEventObserver:
      #expect(scratch.log.all == ["registered TempChild"])
      #expect(f.runtime.lookUpClass(named: "TempChild")?.superclass?.name == "Temp")
      return
    case .setClassToOtherLayout:
      // objc4 keeps the object's memory: Other's `double _d` at offset 8 reads the bits of `_age`.
      #expect(f.ann.isa === f.other)
      #expect(try f.ann.value(ofIvar: "_d") == .double(Double(bitPattern: 42)))
      try f.ann.setClass(try #require(scratch.cls))
      #expect(try f.ann.value(ofIvar: "_age") == 42)
      return
    case .deallocThatThrows:
      #expect(f.diagnostics.all.contains { $0.contains("-[Fragile dealloc] threw") && $0.contains("cannot be freed") })
      #expect(scratch.cls?.liveInstanceCount == 0)
      return
    case .changeRegisteredProtocol, .registerProtocolTwice, .incorporateDraftProtocol, .optionalProtocolProperty:
      let named = scratch.protocols[0]
      #expect(named.methodDescriptions(isRequired: true, isInstanceMethod: true).isEmpty)
      #expect(named.protocols.isEmpty && named.properties().isEmpty)
      #expect(f.runtime.protocols.map(\.name) == ["NSObject"] + (named.isRegistered ? ["Named"] : []))
      let expected = [
        Self.changeRegisteredProtocol: "protocol 'Named' is registered and can no longer change; the call is ignored",
        .registerProtocolTwice: "protocol 'Named' was already registered; the call is ignored",
        .incorporateDraftProtocol: "protocol 'Draft' is still under construction and cannot be incorporated; the call is ignored",
        .optionalProtocolProperty: "optional property 'nickname' is not kept",
      ][self]!
      #expect(f.diagnostics.all.contains { $0.contains(expected) }, "diagnostics: \(f.diagnostics.all)")
      return
    case .wrongValueTypeForKey:
      // Sending -longLongValue boxed the string, which loaded Foundation's classes into the
      // runtime (as a bridged value's first message does), so the snapshot is not compared.
      #expect(try f.ann.value(forKey: "age") == 0)  // "old" has no leading number
      #expect(f.runtime.lookUpClass(named: "__NSCFString") != nil)
      return
    case .doubleRegistration:
      #expect(f.ann.observedKeyPaths == ["name", "age", "age"])
      #expect(f.observerLog.all == ["age 43", "age 43"])
      try f.ann.removeObserver(f.observer, forKeyPath: "age")
      try f.ann.removeObserver(f.observer, forKeyPath: "age")
      try f.ann.setValue(42, forKey: "age")
    case .addNilObserver:
      // Registered; each change is a message to nil, and a nil observer is not a freed one.
      #expect(f.ann.observedKeyPaths == ["name", "age"])
      try f.ann.setValue(43, forKey: "age")
      #expect(f.ann.observedKeyPaths == ["name", "age"])
      try f.runtime.msgSend(f.ann, "removeObserver:forKeyPath:", .nil, "age")
      try f.ann.setValue(42, forKey: "age")
    case .observeEmptyKeyPath, .observeCollectionOperator:
      // Registered, unchecked, as Foundation registers it; only a manual change notifies it.
      let keyPath = self == .observeEmptyKeyPath ? "" : "@count"
      #expect(f.ann.observedKeyPaths == ["name", keyPath])
      try f.ann.willChangeValue(forKey: keyPath)
      try f.ann.didChangeValue(forKey: keyPath)
      #expect(f.observerLog.all == ["\(keyPath) -"])
      try f.ann.removeObserver(f.observer, forKeyPath: keyPath)
    case .controllerCollectionOperator:
      #expect(f.controller.observedKeyPaths(of: f.ann) == ["name", "@count"])
      f.controller.unobserve(f.ann, keyPath: "@count")
    case .observeClassObject:
      // Registered on the class object, whose isa becomes NSKVONotifying_Person's metaclass
      // until the observation ends (docs/kvo.md#observing-a-class-object).
      #expect(f.person.observedKeyPaths == ["age"])
      #expect(f.person.isa === f.runtime.lookUpClass(named: "NSKVONotifying_Person")?.metaclass)
      try f.person.removeObserver(f.observer, forKeyPath: "age")
      #expect(f.person.isa === f.person.metaclass)
    case .unhandledNotification:
      #expect(try f.ann.value(forKey: "age") == 43)
      try f.ann.removeObserver(try #require(scratch.observer), forKeyPath: "age")
      try f.ann.setValue(42, forKey: "age")
    case .removeSelfInsideCallback:
      #expect(f.ann.observedKeyPaths == ["name"])
      try f.ann.setValue(42, forKey: "age")
    case .setSameKeyInsideCallback:
      #expect(try f.ann.value(forKey: "age") == 3)
      try f.ann.removeObserver(try #require(scratch.observer), forKeyPath: "age")
      try f.ann.setValue(42, forKey: "age")
    case .addObserverInsideCallback:
      #expect(scratch.log.all == ["age 3"])
      #expect(f.ann.observedKeyPaths == ["name", "age", "age"])
      try f.ann.removeObserver(try #require(scratch.object), forKeyPath: "age")
      try f.ann.removeObserver(try #require(scratch.observer), forKeyPath: "age")
      try f.ann.setValue(42, forKey: "age")
    case .unobserveAllInsideCallback, .controllerReleasedInsideCallback:
      #expect(scratch.log.all == ["called"])
    case .controllerOneBadKeyPath:
      // FB's loop registers each key path in turn: age before a..b is refused.
      #expect(f.controller.observedKeyPaths(of: f.ann) == ["name", "age"])
      f.controller.unobserve(f.ann, keyPath: "age")
    default:
      break
    }
    scratch.clear()
    let ignored = { (line: String) in line.hasPrefix("observer log") }
    let after = f.snapshot().filter { !ignored($0) }
    #expect(after == pristine.filter { !ignored($0) }, "changed: \(after.filter { !pristine.contains($0) })")
  }
}
