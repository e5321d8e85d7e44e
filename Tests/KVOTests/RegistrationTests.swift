// RegistrationTests.swift: adding and removing observers, errors, and callbacks that re-enter.

import Dispatch
import Testing

@testable import KVO

@Suite struct RegistrationTests {
  @Test func removingAnUnregisteredObserverThrowsFoundationsMessage() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    do {
      try person.removeObserver(observer, forKeyPath: "age")
      Issue.record("expected an error")
    } catch let error as KeyValueError {
      #expect(error.code == .observerNotRegistered)
      #expect(error.exceptionName == "NSRangeException")
      #expect(
        error.message
          == "Cannot remove an observer <Observer \(observer.address)> for the key path \"age\" from <Person \(person.address)> because it is not registered as an observer.")
    }
    #expect(person.isa === world.person)
  }

  @Test func removingMoreTimesThanAddedThrows() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try person.addObserver(observer, forKeyPath: "age")
    try person.removeObserver(observer, forKeyPath: "age")
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(throws: KeyValueError.self) { try person.removeObserver(observer, forKeyPath: "age") }
  }

  @Test func addingTwiceNotifiesTwice() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age")
    try person.addObserver(observer, forKeyPath: "age")
    try world.set(person, "age", 1)
    #expect(log.count == 2)
  }

  @Test func removalWithoutContextRemovesTheMostRecentRegistration() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", context: 1)
    try person.addObserver(observer, forKeyPath: "age", context: 2)
    try person.removeObserver(observer, forKeyPath: "age")
    try world.set(person, "age", 1)
    #expect(log.all.map(\.context) == [1])
  }

  @Test func removalWithContextRemovesOnlyThatContext() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", context: 1)
    try person.addObserver(observer, forKeyPath: "age", context: 2)
    try person.removeObserver(observer, forKeyPath: "age", context: 1)
    #expect(throws: KeyValueError.self) { try person.removeObserver(observer, forKeyPath: "age", context: 1) }
    try world.set(person, "age", 1)
    #expect(log.all.map(\.context) == [2])
  }

  @Test func observerRemovingItselfInsideItsCallbackIsSafe() throws {
    let world = try World()
    let person = try world.newPerson()
    let handle = Locked<Object?>(nil)
    let (observer, log) = try world.newObserver { received in
      if let me = handle.withLock({ $0 }) { try? received.object.removeObserver(me, forKeyPath: "age") }
    }
    handle.withLock { $0 = observer }
    try person.addObserver(observer, forKeyPath: "age")
    try world.set(person, "age", 1)
    try world.set(person, "age", 2)
    #expect(log.count == 1)
    #expect(person.isa === world.person)
  }

  @Test func anObserverRemovedByAnEarlierObserverIsNotToldAndOneAddedIsNotToldEither() throws {
    let world = try World()
    let person = try world.newPerson()
    let second = Locked<Object?>(nil)
    let added = Log<Object>()
    let (first, firstLog) = try world.newObserver { received in
      // Removing the second observer and adding a third inside the callback.
      if let other = second.withLock({ $0 }) { try? received.object.removeObserver(other, forKeyPath: "age") }
      if added.count == 0, let third = try? world.newObserver().0 {
        added.append(third)
        try? received.object.addObserver(third, forKeyPath: "age")
      }
    }
    let (other, secondLog) = try world.newObserver()
    second.withLock { $0 = other }
    try person.addObserver(first, forKeyPath: "age")
    try person.addObserver(other, forKeyPath: "age")
    try world.set(person, "age", 1)
    #expect(firstLog.count == 1)
    #expect(secondLog.count == 0)  // removed before its turn came: not told
    #expect(person.observedKeyPaths == ["age", "age"])  // first, and the third (not told of this change)
    try world.set(person, "age", 2)
    #expect(secondLog.count == 0)
    #expect(firstLog.count == 2)
  }

  @Test func observerThatThrowsDoesNotStopTheOthers() throws {
    let world = try World()
    let person = try world.newPerson()
    let thrower = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Thrower")
    try world.runtime.registerClassPair(thrower)
    // Thrower does not implement observeValueForKeyPath:…: NSObject's default throws.
    let bad = try #require(try world.runtime.msgSend(thrower, "new").objectValue)
    let (good, log) = try world.newObserver()
    try person.addObserver(bad, forKeyPath: "age")
    try person.addObserver(good, forKeyPath: "age")
    do {
      try world.set(person, "age", 5)
      Issue.record("expected the unhandled-notification error")
    } catch let error as KeyValueError {
      #expect(error.code == .unhandledNotification)
    }
    #expect(log.count == 1)
    #expect(try person.value(forKey: "age") == 5)
  }

  @Test func observedKeyPathsAndDescriptionListRegistrations() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new, .old], context: 7)
    try person.addObserver(observer, forKeyPath: "name")
    #expect(person.observedKeyPaths == ["age", "name"])
    #expect(person.observationInfoDescription.contains("Key path: age, Options: New|Old, Context: 0x7"))
  }

  // MARK: - The initial notification

  @Test func theInitialNotificationComesBeforeTheRegistrationIsRecorded() throws {
    let world = try World()
    let person = try world.newPerson()
    let seen = Log<String>()
    let (observer, _) = try world.newObserver { received in
      seen.append("\(received.object.isa.name) \(received.object.observedKeyPaths) \(received.change.new ?? nil)")
    }
    try person.addObserver(observer, forKeyPath: "age", options: [.initial, .new])
    #expect(seen.all == ["Person [] 0"], "not yet registered, the isa not yet switched")
    #expect(person.observedKeyPaths == ["age"])
  }

  @Test func anObserverRemovingItselfFromItsInitialCallbackIsToldItIsNotRegisteredAndIsRegisteredAfter() throws {
    let world = try World()
    let person = try world.newPerson()
    let removal = Locked<KeyValueError?>(nil)
    let itself = Locked<Object?>(nil)
    let (observer, log) = try world.newObserver { received in
      guard let observer = itself.withLock({ $0 }) else { return }
      do {
        try received.object.removeObserver(observer, forKeyPath: "age")
      } catch let error as KeyValueError {
        removal.withLock { $0 = error }
      } catch {}
    }
    itself.withLock { $0 = observer }
    defer { itself.withLock { $0 = nil } }
    try person.addObserver(observer, forKeyPath: "age", options: [.initial, .new])
    #expect(removal.withLock { $0 }?.code == .observerNotRegistered)
    #expect(person.observedKeyPaths == ["age"], "Foundation's known behaviour: registered all the same")
    try world.set(person, "age", 1)
    #expect(log.all.map(\.change.new) == [0, 1])
  }

  @Test func anInitialCallbackThatThrowsLeavesNothingRegistered() throws {
    let world = try World()
    let person = try world.newPerson()
    let plain = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Plain")
    try world.runtime.registerClassPair(plain)
    let observer = try plain.createInstance()  // no observeValueForKeyPath:…: NSObject's raises
    let error = #expect(throws: KeyValueError.self) {
      try person.addObserver(observer, forKeyPath: "age", options: [.initial])
    }
    #expect(error?.code == .unhandledNotification)
    #expect(person.observedKeyPaths.isEmpty && person.isa === world.person)
  }

  @Test func noChangeMadeByAnotherThreadDuringRegistrationReachesTheObserverBeforeItsInitial() throws {
    for _ in 0..<100 {
      let world = try World()
      let person = try world.newPerson()
      let (observer, log) = try world.newObserver()
      let setter = DispatchSemaphore(value: 0)
      let done = DispatchSemaphore(value: 0)
      DispatchQueue(label: "setter").async {
        setter.wait()
        for value in 1...20 { try? world.set(person, "age", .int(value)) }
        done.signal()
      }
      setter.signal()
      try person.addObserver(observer, forKeyPath: "age", options: [.initial, .new, .old])
      done.wait()
      // The initial notification is the one without an old value: it must come first.
      let isInitial = log.all.map { $0.change.old == nil }
      #expect(isInitial.first == true && isInitial.dropFirst().allSatisfy { !$0 })
      let values = log.all.map { $0.change.new?.intValue ?? -1 }
      #expect(values == values.sorted(), "then only later values, in order")
    }
  }

  @Test func aNilObserverIsRegisteredNeverToldNeverPrunedAndRemovedByNil() throws {
    // Foundation does not check the observer: addObserver:nil registers an observance whose
    // notifications are messages to nil; removeObserver:nil removes it (decision 0018).
    let world = try World()
    world.runtime.installKeyValueObserving()  // the category, for msgSend
    let person = try world.newPerson()
    let diagnostics = Log<String>()
    let events = world.runtime.addEventObserver { event in
      if case .diagnostic(_, let message) = event { diagnostics.append(message) }
    }
    defer { events.cancel() }
    try world.runtime.msgSend(person, "addObserver:forKeyPath:options:context:", arguments: [.nil, "age", 7, .nil])
    #expect(person.observances.map(\.kind) == [.object])
    #expect(person.observances.first?.observer == nil)
    #expect(person.isa.name == "NSKVONotifying_Person")
    try world.set(person, "age", 3)  // no one to tell, nothing pruned
    try world.set(person, "age", 4)
    #expect(person.observances.count == 1 && diagnostics.all.isEmpty)
    try world.runtime.msgSend(person, "removeObserver:forKeyPath:", .nil, "age")
    #expect(person.observances.isEmpty)
    #expect(person.isa === world.person)
    let error = #expect(throws: KeyValueError.self) {
      try world.runtime.msgSend(person, "removeObserver:forKeyPath:", .nil, "age")
    }
    #expect(error?.code == .observerNotRegistered)
    #expect(
      error?.message
        == "Cannot remove an observer <(null) 0x0> for the key path \"age\" from <Person \(person.address)> because it is not registered as an observer."
    )
    try world.runtime.checkInvariants()
  }

  @Test func anyKeyPathRegistersAsItsFirstKeyAndTheRestUnchecked() throws {
    // Foundation checks no key path when registering: it splits it at the first dot, and reads
    // a value only when it must (the initial value, the first key of a nested path).
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "")
    try person.addObserver(observer, forKeyPath: "@count")
    #expect(person.observedKeyPaths == ["", "@count"])
    try world.set(person, "age", 3)  // no setter changes either key
    #expect(log.all.isEmpty)
    try person.willChangeValue(forKey: "")
    try person.didChangeValue(forKey: "")
    #expect(log.all.map(\.keyPath) == [""])  // a manual change of "" is heard
    try person.removeObserver(observer, forKeyPath: "")
    try person.removeObserver(observer, forKeyPath: "@count")
    #expect(person.isa === world.person)
    // A nested path reads its first key to register on the next object: an unknown one raises.
    let nested = #expect(throws: KeyValueError.self) { try person.addObserver(observer, forKeyPath: "a..b") }
    #expect(nested?.code == .undefinedKey)
    #expect(nested?.message.hasSuffix("not key value coding-compliant for the key a.") == true)
    let initial = #expect(throws: KeyValueError.self) {
      try person.addObserver(observer, forKeyPath: "", options: [.initial, .new])
    }
    #expect(initial?.message.hasSuffix("for the key .") == true)
    #expect(person.observedKeyPaths.isEmpty && person.isa === world.person)
    let removal = #expect(throws: KeyValueError.self) { try person.removeObserver(observer, forKeyPath: "a..b") }
    #expect(removal?.code == .observerNotRegistered)
    try world.runtime.checkInvariants()
  }

  /// The first add makes the object's table without reading its slot a second time
  /// (Observation.swift `insert`); one that finds something not KVO's there lets the table it
  /// made go and changes nothing: the slot, the isa and the observer are as before.
  @Test func anAddToAnObjectWhoseSlotHoldsSomethingElseChangesNothing() throws {
    final class Foreign: Sendable {}
    let world = try World()
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    let foreign = Foreign()
    person.observationInfo = foreign
    #expect(throws: (any Error).self) { try person.addObserver(observer, forKeyPath: "age", options: .new) }
    #expect(person.observationInfo === foreign)
    #expect(person.isa === world.person)
    try world.set(person, "age", 3)
    #expect(log.count == 0)
    person.observationInfo = nil
    try person.addObserver(observer, forKeyPath: "age", options: .new)
    try world.set(person, "age", 4)
    #expect(log.count == 1)
    try person.removeObserver(observer, forKeyPath: "age")
    #expect(person.isa === world.person && person.observationInfo == nil)
    try world.runtime.checkInvariants()
  }
}
