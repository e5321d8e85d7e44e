// Misuse+Perform.swift: the misuse catalogue's misuse of each case (MisuseCatalogueTests.swift has the table, the
// cases and their outcomes).

import Testing

@testable import KVOController

extension Misuse {
  /// The misuse itself.
  func perform(_ f: Fixture, _ scratch: Scratch) throws {
    let runtime = f.runtime
    let ann = f.ann
    switch self {
    case .emptySelectorName: try runtime.msgSend(ann, Selector(interning: ""))
    case .malformedSelectorInSend: try runtime.msgSend(ann, "set age:")
    case .malformedSelectorInAddMethod:  // decision 0027: objc4's class_addMethod takes any name
      try f.person.addMethod(Selector(interning: "my name"), types: "@16@0:8") { _, _, _ in "Ann!" }
    case .emptyClassName: scratch.cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "")
    case .instanceOfUnregisteredClass: scratch.object = try #require(scratch.cls).createInstance()
    case .duplicateUnregisteredClassName:
      let second = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
      try runtime.registerClassPair(try #require(scratch.cls))
      try runtime.registerClassPair(second)
      scratch.object = try second.createInstance()
    case .duplicateClassName: _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    case .unknownIvar: _ = try ann.value(ofIvar: "_nope")
    case .wrongValueTypeForIvar: try ann.setValue("old", forIvar: "_age")
    case .wrongValueTypeThroughSetter: try runtime.msgSend(ann, "setAge:", "old")
    case .undefinedConversionForIvar: try ann.setValue(1e30, forIvar: "_age")
    case .wrongArgumentCount: try runtime.msgSend(ann, "setAge:", 1, 2)
    case .unrecognizedSelector: try runtime.msgSend(ann, "fly")
    case .messageToNil: #expect(try runtime.msgSend(nil, "age") == .nil)
    case .performSelectorWithNil: try runtime.msgSend(ann, "performSelector:", .nil)
    case .registerTwice: try runtime.registerClassPair(f.person)
    case .disposeTwice: try runtime.disposeClassPair(try #require(scratch.cls))
    case .disposeClassWithInstances: try runtime.disposeClassPair(f.other)
    case .unloadImageInUse: try runtime.unloadImage(named: "Bundle")
    case .disposeObservedClass: try runtime.disposeClassPair(f.person)
    case .disposeKVOSubclassInUse: try runtime.disposeClassPair(f.bob.isa)
    case .setClassToOtherLayout:
      scratch.cls = ann.isa
      try ann.setClass(f.other)
    case .addIvarAfterRegistration: #expect(try !f.person.addIvar("_extra", type: .int))
    case .malformedMethodTypes: try f.person.addMethod("greet", types: "@@:z") { _, _, _ in .nil }
    case .malformedPropertyAttributes: try f.person.addProperty("height", attributes: "Td,Z")
    case .classFromAnotherRuntime:
      let elsewhere = Runtime()
      _ = try runtime.allocateClassPair(superclass: elsewhere.rootClass, name: "Alien")
    case .resolverResendsItsSelector: try runtime.msgSend(ann, "fly")
    case .methodChangeInsideItsSend: #expect(try runtime.msgSend(ann, "mutate") == "late")
    case .runtimeCallInsideEventObserver:
      let temp = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Temp")
      try runtime.registerClassPair(temp)
    case .deallocThatThrows: scratch.object = nil
    case .changeRegisteredProtocol:
      try scratch.protocols[0].addMethodDescription("age", types: "q16@0:8", isRequired: true, isInstanceMethod: true)
    case .registerProtocolTwice: try f.runtime.registerProtocol(scratch.protocols[0])
    case .incorporateDraftProtocol: try scratch.protocols[0].addProtocol(scratch.protocols[1])
    case .optionalProtocolProperty:
      try scratch.protocols[0].addProperty("nickname", attributes: "T@\"NSString\"", isRequired: false)

    case .emptyKey: _ = try ann.value(forKey: "")
    case .malformedKey: _ = try ann.value(forKey: "shoe size")
    case .unknownKey: _ = try ann.value(forKey: "shoeSize")
    case .setUnknownKey: try ann.setValue(1, forKey: "shoeSize")
    case .wrongValueTypeForKey: try ann.setValue("old", forKey: "age")
    case .nilForScalarKey: try ann.setValue(nil, forKey: "age")
    case .keyThatIsNotAString: try runtime.msgSend(ann, "valueForKey:", 5)
    case .malformedKeyPath: _ = try ann.value(forKeyPath: "friend..name")
    case .unknownCollectionOperator: _ = try ann.value(forKeyPath: "items.@nope.age")
    case .operatorWithoutRightPath: _ = try ann.value(forKeyPath: "items.@sum")
    case .sumOfStrings: _ = try ann.value(forKeyPath: "items.@sum.name")
    case .setThroughOperator: try ann.setValue(1, forKeyPath: "items.@count")
    case .toManyInsertOutOfBounds: try ann.mutableArrayValue(forKey: "items").insert("x", at: 5)
    case .toManyEditOfNilArray: try f.bob.mutableArrayValue(forKey: "items").remove(at: 0)
    case .toManyEmptyKey: _ = try ann.mutableArrayValue(forKey: "").count()

    case .observeEmptyKeyPath: try ann.addObserver(f.observer, forKeyPath: "")
    case .observeMalformedKeyPath: try ann.addObserver(f.observer, forKeyPath: "a..b")
    case .observeCollectionOperator: try ann.addObserver(f.observer, forKeyPath: "@count")
    case .observeThroughToMany: try ann.addObserver(f.observer, forKeyPath: "items.name")
    case .observeClassObject: try f.person.addObserver(f.observer, forKeyPath: "age")
    case .addNilObserver:
      try runtime.msgSend(ann, "addObserver:forKeyPath:options:context:", arguments: [.nil, "age", 0, .nil])
    case .removeNilObserver: try runtime.msgSend(ann, "removeObserver:forKeyPath:", .nil, "age")
    case .doubleRegistration:
      try ann.addObserver(f.observer, forKeyPath: "age", options: [.new])
      try ann.addObserver(f.observer, forKeyPath: "age", options: [.new])
      try ann.setValue(43, forKey: "age")
    case .doubleRemoval, .removeNeverAdded: try ann.removeObserver(f.observer, forKeyPath: "age")
    case .removeWithWrongContext: try ann.removeObserver(f.observer, forKeyPath: "age", context: 2)
    case .observerFreedWhileRegistered:
      scratch.observer = nil
      try ann.setValue(43, forKey: "age")
      try ann.setValue(42, forKey: "age")
    case .observedObjectFreedWhileObserved: scratch.object = nil
    case .unhandledNotification: try ann.setValue(43, forKey: "age")
    case .didChangeWithoutWillChange: try ann.didChangeValue(forKey: "age")
    case .removeSelfInsideCallback, .setSameKeyInsideCallback, .addObserverInsideCallback:
      try ann.setValue(1, forKey: "age")
      try ann.setValue(3, forKey: "age")

    case .controllerObservesNil: try f.controller.observe(nil, keyPath: "age") { _, _, _ in }
    case .controllerNoKeyPaths: try f.controller.observe(ann, keyPaths: []) { _, _, _ in }
    case .controllerEmptyKeyPath: try f.controller.observe(ann, keyPath: "") { _, _, _ in }
    case .controllerOneBadKeyPath: try f.controller.observe(ann, keyPaths: ["age", "a..b"]) { _, _, _ in }
    case .controllerCollectionOperator: try f.controller.observe(ann, keyPath: "@count") { _, _, _ in }
    case .controllerUnknownAction: try f.controller.observe(ann, keyPath: "age", action: "nope:object:")
    case .controllerActionWrongArity:
      try f.controller.observe(ann, keyPath: "age", action: "performSelector:withObject:withObject:")
    case .controllerThroughToMany: try f.controller.observe(ann, keyPath: "items.name") { _, _, _ in }
    case .controllerObservesTwice: try f.controller.observe(ann, keyPath: "name") { _, _, _ in }
    case .controllerUnobservesTwice: f.controller.unobserve(ann, keyPath: "name")
    case .controllerUnobservesUnknown: f.controller.unobserve(f.bob, keyPath: "age")
    case .controllerUnobservesNil:
      f.controller.unobserve(nil)
      f.controller.unobserve(nil, keyPath: "age")
    case .controllerObserverFreed:
      scratch.observer = nil
      try ann.setValue(43, forKey: "age")
      #expect(scratch.log.count == 0)
      scratch.controller = nil
      try ann.setValue(42, forKey: "age")
    case .controllerObservedObjectFreed:
      scratch.object = nil
      #expect(scratch.controller?.observedObjectCount == 0)
      scratch.controller = nil
    case .unobserveAllInsideCallback, .controllerReleasedInsideCallback:
      try ann.setValue(43, forKey: "age")
      try ann.setValue(42, forKey: "age")
    }
  }
}
