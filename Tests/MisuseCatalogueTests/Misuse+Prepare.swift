// Misuse+Prepare.swift: the misuse catalogue's setup of each case, before the misuse (MisuseCatalogueTests.swift has the table, the
// cases and their outcomes).

import Testing

@testable import KVOController

extension Misuse {
  /// Setup the case needs before the misuse (not part of what must stay unchanged).
  func prepare(_ f: Fixture, _ scratch: Scratch) throws {
    let runtime = f.runtime
    switch self {
    case .changeRegisteredProtocol, .registerProtocolTwice, .incorporateDraftProtocol, .optionalProtocolProperty:
      let named = try runtime.allocateProtocol(named: "Named")
      if self != .incorporateDraftProtocol && self != .optionalProtocolProperty { try runtime.registerProtocol(named) }
      scratch.protocols = [named, try runtime.allocateProtocol(named: "Draft")]
    case .disposeClassWithInstances:
      scratch.object = try Fixture.new(f.other)
    case .unloadImageInUse:
      var bundle = Image(named: "Bundle")
      bundle.addClass("Bundled", superclass: "NSObject") { _ in }
      try runtime.loadImage(bundle)
      scratch.object = try Fixture.new(try #require(runtime.lookUpClass(named: "Bundled")))
    case .instanceOfUnregisteredClass, .duplicateUnregisteredClassName:
      scratch.cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
      try scratch.cls?.addIvar("_x", type: .int)
    case .disposeTwice:
      let temp = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Temp")
      try runtime.registerClassPair(temp)
      try runtime.disposeClassPair(temp)
      scratch.cls = temp
    case .resolverResendsItsSelector:
      try f.person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
        // Resolving `fly` sends `fly` again to a new instance.
        if arguments[0].selectorValue == "fly", let cls = receiver as? Class {
          _ = try Runtime.msgSend(try cls.createInstance(), "fly")
        }
        return false
      }
    case .methodChangeInsideItsSend:
      try f.person.addMethod("mutate", types: "@16@0:8") { receiver, _, _ in
        let cls = receiver.isa
        try cls.addMethod("late", types: "@16@0:8") { _, _, _ in "late" }
        let age = try #require(try cls.instanceMethod(for: "age"))
        let late = try #require(try cls.instanceMethod(for: "late"))
        try age.exchangeImplementation(with: late)
        return try Runtime.msgSend(receiver, "age")  // the exchanged implementation
      }
    case .runtimeCallInsideEventObserver:
      let log = scratch.log
      let observation = runtime.addEventObserver { [weak runtime] event in
        guard case .classRegistered(name: "Temp") = event, let runtime, let temp = runtime.lookUpClass(named: "Temp")
        else { return }
        do {
          let child = try runtime.allocateClassPair(superclass: temp, name: "TempChild")
          try runtime.registerClassPair(child)
          log.append("registered TempChild")
        } catch {
          log.append("\(error)")
        }
      }
      scratch.events = observation
    case .deallocThatThrows:
      let fragile = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Fragile")
      try fragile.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
        _ = try Runtime.msgSend(receiver, "description")  // messaging itself from dealloc works
        throw RuntimeError(.invalidArgument, "Fragile cannot be freed")
      }
      try runtime.registerClassPair(fragile)
      scratch.cls = fragile
      scratch.object = try Fixture.new(fragile)
    case .setThroughOperator, .keyThatIsNotAString:
      try runtime.installFoundation()  // the array is boxed into an __NSArrayI, whose classes are made on first use
    case .doubleRemoval:
      try f.ann.addObserver(f.observer, forKeyPath: "age")
      try f.ann.removeObserver(f.observer, forKeyPath: "age")
    case .removeWithWrongContext:
      try f.ann.addObserver(f.observer, forKeyPath: "age", context: 1)
    case .observerFreedWhileRegistered:
      let (temporary, _) = try Fixture.newObserver(f.observerClass)
      try f.ann.addObserver(temporary, forKeyPath: "age")
      scratch.observer = temporary
    case .observedObjectFreedWhileObserved:
      let temporary = try Fixture.new(f.person)
      try temporary.setValue(.object(f.ann), forKey: "friend")
      try temporary.addObserver(f.observer, forKeyPath: "age")
      try temporary.addObserver(f.observer, forKeyPath: "friend.age")
      scratch.object = temporary
    case .unhandledNotification:
      let plain = try Fixture.new(f.plain)
      try f.ann.addObserver(plain, forKeyPath: "age")
      scratch.observer = plain
    case .removeSelfInsideCallback, .setSameKeyInsideCallback, .addObserverInsideCallback:
      let me = Locked<WeakReference<Object>?>(nil)  // weak: the callback belongs to the observer
      let (other, otherLog) = try Fixture.newObserver(f.observerClass)
      let misuse = self
      let (reentrant, _) = try Fixture.newObserver(f.observerClass) { _, object in
        guard let me = me.withLock({ $0?.object }), (try? object.value(forKey: "age")) == 1 else { return }
        switch misuse {
        case .removeSelfInsideCallback: try? object.removeObserver(me, forKeyPath: "age")
        case .setSameKeyInsideCallback: try? object.setValue(2, forKey: "age")
        default: try? object.addObserver(other, forKeyPath: "age", options: [.new])
        }
      }
      me.withLock { $0 = WeakReference(reentrant) }
      try f.ann.addObserver(reentrant, forKeyPath: "age", options: [.new])
      scratch.observer = reentrant
      scratch.object = other
      scratch.log = otherLog
    case .controllerUnobservesTwice:
      f.controller.unobserve(f.ann, keyPath: "name")
    case .controllerObserverFreed:
      let temporary = try Fixture.new(f.watcherClass)
      let controller = KVOController(observer: temporary)
      let log = scratch.log
      try controller.observe(f.ann, keyPath: "age") { _, _, _ in log.append("called") }
      scratch.controller = controller
      scratch.observer = temporary
    case .controllerObservedObjectFreed:
      let temporary = try Fixture.new(f.person)
      let controller = KVOController(observer: f.watcher, retainObserved: false)
      try controller.observe(temporary, keyPath: "age") { _, _, _ in }
      scratch.controller = controller
      scratch.object = temporary
    case .unobserveAllInsideCallback, .controllerReleasedInsideCallback:
      let temporary = try Fixture.new(f.watcherClass)
      let controller = KVOController(observer: temporary)
      let log = scratch.log
      let misuse = self
      try controller.observe(f.ann, keyPath: "age") { [weak controller, weak scratch] _, _, _ in
        log.append("called")
        if misuse == .unobserveAllInsideCallback { controller?.unobserveAll() } else { scratch?.controller = nil }
      }
      scratch.controller = controller
      scratch.observer = temporary
    default:
      break
    }
  }
}
