// KVOSnippetTests.swift: the examples of docs/kvo.md's opening and key-value observing sections
// (KVC's are in KVCSnippetTests, the differences in KVODifferencesSnippetTests). The code between
// `// snippet: docs/kvo.md#<section>` and `// end snippet` is the example of that section, verbatim
// (SnippetSyncTests checks it). The running example is KVOExample.

import KVO
import Testing

@Suite struct KVOSnippetTests {
  @Test func theRunningExampleMakesAPersonClassAtRunTime() throws {
    // snippet: docs/kvo.md#key-value-coding-and-observing
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("firstName", type: .object(className: "NSString"), options: [.copy])
    try person.synthesizeProperty("lastName", type: .object(className: "NSString"), options: [.copy])
    try person.synthesizeProperty("age", type: .longLong)
    try person.synthesizeProperty("friend", type: .object(className: "Person"))
    try person.synthesizeProperty("friends", type: .object(className: "NSArray"))
    try runtime.registerClassPair(person)

    func newPerson(_ first: String, _ last: String, age: Int) throws -> Object {
      let object = try #require(try runtime.msgSend(person, "new").objectValue)
      try object.setValue(.string(first), forKey: "firstName")
      try object.setValue(.string(last), forKey: "lastName")
      try object.setValue(.int(age), forKey: "age")
      return object
    }
    let ann = try newPerson("Ann", "Lee", age: 42)
    // end snippet
    #expect(try ann.dictionaryWithValues(forKeys: ["firstName", "age"]) == ["firstName": "Ann", "age": 42])
    try runtime.checkInvariants()
  }

  @Test func kvoInstallsItsNSObjectCategoryOnFirstUse() throws {
    // snippet: docs/kvo.md#how-kvo-attaches-to-a-runtime
    let runtime = Runtime()
    #expect(try runtime.rootClass.instanceMethod(for: "valueForKey:") == nil)  // objc4 alone: no Foundation
    runtime.installKeyValueObserving()  // what linking Foundation does; any KVC or KVO call does it too
    let method = try #require(try runtime.rootClass.instanceMethod(for: "valueForKey:"))
    #expect(method.implementation.name == "-[NSObject(NSKeyValueCoding) valueForKey:]")
    #expect(try runtime.rootClass.classMethod(for: "automaticallyNotifiesObserversForKey:") != nil)
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func observingSwizzlesTheIsaAndTheLastRemovalRestoresIt() throws {
    let example = try KVOExample()
    let runtime = example.runtime
    let person = example.person
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#the-isa-swizzle
    #expect(ann.isa.name == "Person")
    let seen = Locked<[String]>([])
    let token = try ann.observe("age", options: [.old, .new]) { _, change in
      seen.withLock { $0.append("\(change.old ?? nil) -> \(change.new ?? nil)") }
    }
    #expect(ann.isa.name == "NSKVONotifying_Person")  // object_getClass
    #expect(ann.isa.superclass === person)
    #expect(try runtime.msgSend(ann, "class") == .class(person))  // [ann class] still answers Person
    #expect(ann.isa.methodList.map(\.selector.name) == ["setAge:", "class", "dealloc", "_isKVOA"])
    try runtime.msgSend(ann, "setAge:", 43)
    #expect(seen.withLock { $0 } == ["42 -> 43"])

    token.invalidate()
    #expect(ann.isa === person)  // the last observation gone: the isa is restored
    #expect(runtime.lookUpClass(named: "NSKVONotifying_Person") != nil)  // the subclass stays for next time
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func observingAClassObjectSwizzlesItsIsaToTheNotifyingMetaclass() throws {
    let example = try KVOExample()
    let runtime = example.runtime
    let person = example.person
    // snippet: docs/kvo.md#observing-a-class-object
    let count = Locked<Int64>(0)  // a class property: +count, +setCount:
    try person.metaclass.addMethod("count", types: "q16@0:8") { _, _, _ in .int64(count.withLock { $0 }) }
    try person.metaclass.addMethod("setCount:", types: "v24@0:8q16") { _, _, arguments in
      count.withLock { $0 = Int64(arguments[0].intValue ?? 0) }
      return .nil
    }
    let seen = Locked<[String]>([])
    let token = try person.observe("count", options: [.old, .new]) { _, change in
      seen.withLock { $0.append("\(change.old ?? nil) -> \(change.new ?? nil)") }
    }
    #expect(person.isa.name == "NSKVONotifying_Person" && person.isa.isMetaclass)  // object_getClass(Person)
    #expect(person.isa.superclass === person.metaclass)
    #expect(try runtime.msgSend(person, "class") == .class(person))  // [Person class] still answers Person
    #expect(person.isa.methodList.map(\.selector.name) == ["setCount:"])
    try runtime.msgSend(person, "setCount:", 9)  // [Person setCount:9]
    #expect(seen.withLock { $0 } == ["0 -> 9"])

    token.invalidate()
    #expect(person.isa === person.metaclass)  // its own metaclass again
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func automaticNotificationCanBeTurnedOffPerKey() throws {
    let example = try KVOExample()
    let person = example.person
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#notifying-setters
    try person.isa.addMethod("automaticallyNotifiesObserversOfAge", types: "B16@0:8") { _, _, _ in false }
    let seen = Locked<[Change]>([])
    let token = try ann.observe("age", options: [.new]) { _, change in seen.withLock { $0.append(change) } }

    #expect(ann.isa.methodList.map(\.selector.name) == ["class", "dealloc", "_isKVOA"])  // no setAge: override
    try ann.setValue(43, forKey: "age")  // not announced
    try ann.willChangeValue(forKey: "age")
    try ann.setValue(44, forKey: "age")
    try ann.didChangeValue(forKey: "age")  // announced by hand
    #expect(seen.withLock { $0 } == [Change(kind: .setting, new: 44)])
    // end snippet
    token.invalidate()
    try example.runtime.checkInvariants()
  }

  @Test func aNotifyingSetCallsWillThenTheOriginalSetterThenDid() throws {
    let example = try KVOExample()
    let runtime = example.runtime
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    let token = try ann.observe("age", options: [.new]) { _, _ in }
    // snippet: docs/kvo.md#the-notifying-set
    let trace = Locked<[String]>([])
    let tracing = runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, let implementation, let isSuper) = event {
        trace.withLock { $0.append("\(isSuper ? "super " : "")\(selector.name) → \(implementation)") }
      }
    }
    try runtime.msgSend(ann, "setAge:", 43)  // ann's age is observed
    tracing.cancel()
    let steps = trace.withLock { $0 }.filter { $0.contains("setAge:") || $0.contains("ChangeValueForKey:") }
    #expect(
      steps == [
        "setAge: → _NSSetLongLongValueAndNotify",
        "willChangeValueForKey: → -[NSObject(NSKeyValueObserverNotification) willChangeValueForKey:]",
        "super setAge: → -[Person setAge:]",
        "didChangeValueForKey: → -[NSObject(NSKeyValueObserverNotification) didChangeValueForKey:]",
      ])
    // end snippet
    token.invalidate()
    try example.runtime.checkInvariants()
  }

  @Test func willDidPairsNestAndEachDidEndsOneWill() throws {
    let example = try KVOExample()
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#the-notifying-set (2)
    let seen = Locked<[Change]>([])
    let token = try ann.observe("age", options: [.old, .new]) { _, change in seen.withLock { $0.append(change) } }
    try ann.willChangeValue(forKey: "age")  // change 1 begins: old value 42
    try ann.willChangeValue(forKey: "age")  // change 2, nested in it: old value 42
    try ann.setValue(50, forKey: "age")  // change 3, the setter's own pair: 42 -> 50
    #expect(seen.withLock { $0 } == [Change(kind: .setting, new: 50, old: 42)])
    try ann.didChangeValue(forKey: "age")  // ends change 2
    try ann.didChangeValue(forKey: "age")  // ends change 1
    #expect(seen.withLock { $0 } == Array(repeating: Change(kind: .setting, new: 50, old: 42), count: 3))
    try ann.didChangeValue(forKey: "age")  // a did without a will: nothing
    #expect(seen.withLock { $0.count } == 3)
    // end snippet
    token.invalidate()
    try example.runtime.checkInvariants()
  }

  @Test func changesFollowEachObserversOptions() throws {
    let example = try KVOExample()
    let received = Locked<[Change]>([])
    let watcher = try example.makeWatcher(recordingInto: received)
    let (runtime, person) = (example.runtime, example.person)
    // snippet: docs/kvo.md#change-dictionaries
    let bea = try #require(try runtime.msgSend(person, "new").objectValue)  // firstName is nil
    try bea.addObserver(watcher, forKeyPath: "firstName", options: [.old, .new, .prior])
    try bea.setValue("Bea", forKey: "firstName")
    #expect(
      received.withLock { $0 } == [
        Change(kind: .setting, old: .some(.nil), isPrior: true),  // before: old only, never new
        Change(kind: .setting, new: "Bea", old: .some(.nil)),  // after: a nil old is present, as NSNull
      ])
    try bea.addObserver(watcher, forKeyPath: "age", options: [.initial, .new])
    #expect(received.withLock { $0.last } == Change(kind: .setting, new: 0))  // at once; kind setting, no old

    try bea.removeObserver(watcher, forKeyPath: "firstName")
    let error = #expect(throws: KeyValueError.self) { try bea.removeObserver(watcher, forKeyPath: "firstName") }
    #expect(error?.code == .observerNotRegistered)
    #expect(error?.exceptionName == "NSRangeException")
    // end snippet
    try bea.removeObserver(watcher, forKeyPath: "age")
    #expect(bea.isa === person)
    try example.runtime.checkInvariants()
  }

  @Test func aChangeReadsLikeFoundationsDictionary() {
    // snippet: docs/kvo.md#change-dictionaries (2)
    let change = Change(kind: .setting, new: 43, old: 42)
    #expect(change[.kind] == 1)  // NSKeyValueChangeSetting
    #expect(change[.new] == 43 && change.new == 43)
    #expect(change[.notificationIsPrior] == nil)  // present only in prior notifications
    #expect(change.dictionary == ["kind": 1, "new": 43, "old": 42])
    #expect(change.description == "{\n    kind = 1;\n    new = 43;\n    old = 42;\n}")
    let tagged = change.adding("age", forKey: ChangeKey("keyPath"))  // a new Change; this one is immutable
    #expect(tagged[ChangeKey("keyPath")] == "age" && change[ChangeKey("keyPath")] == nil)
    // end snippet
  }

  @Test func dependentKeysAreToldOncePerChange() throws {
    let example = try KVOExample()
    let person = example.person
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#dependent-keys
    try person.addMethod("fullName", types: "@16@0:8") { receiver, _, _ in
      let first = try receiver.value(forKey: "firstName").stringValue ?? ""
      let last = try receiver.value(forKey: "lastName").stringValue ?? ""
      return .string("\(first) \(last)")
    }
    try person.isa.addMethod("keyPathsForValuesAffectingFullName", types: "@16@0:8") { _, _, _ in
      ["firstName", "lastName"]
    }
    let seen = Locked<[String]>([])
    let token = try ann.observe("fullName", options: [.old, .new]) { _, change in
      seen.withLock { $0.append("\(change.old?.stringValue ?? "-") → \(change.new?.stringValue ?? "-")") }
    }
    try ann.setValue("Bea", forKey: "firstName")  // one change of firstName: fullName is told once
    try ann.willChangeValue(forKey: "firstName")  // a change of firstName …
    try ann.setValue("Kim", forKey: "lastName")  // … around a change of lastName: two changes
    try ann.didChangeValue(forKey: "firstName")
    #expect(seen.withLock { $0 } == ["Ann Lee → Bea Lee", "Bea Lee → Bea Kim", "Bea Lee → Bea Kim"])
    // end snippet
    token.invalidate()
    try example.runtime.checkInvariants()
  }

  @Test func keyPathChainsFollowTheFriend() throws {
    let example = try KVOExample()
    func newPerson(_ first: String, _ last: String, age: Int) throws -> Object {
      try example.newPerson(first, last, age: age)
    }
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#key-path-chains
    let bob = try newPerson("Bob", "Lee", age: 25)
    let cy = try newPerson("Cy", "Kim", age: 35)
    try ann.setValue(.object(bob), forKey: "friend")
    let seen = Locked<[String]>([])
    let token = try ann.observe("friend.age", options: [.old, .new]) { _, change in
      seen.withLock { $0.append("\(change.old ?? nil) -> \(change.new ?? nil)") }
    }
    #expect(bob.isa.name == "NSKVONotifying_Person")  // the chain link observes age on bob
    try bob.setValue(26, forKey: "age")  // ann's observer hears it
    try ann.setValue(.object(cy), forKey: "friend")  // and the friend being replaced; the link moves to cy
    #expect(bob.isa.name == "Person")  // bob is no longer observed …
    try bob.setValue(27, forKey: "age")  // … nor heard
    #expect(seen.withLock { $0 } == ["25 -> 26", "26 -> 35"])
    #expect(ann.observedKeyPaths == ["friend.age"])
    #expect(cy.observedKeyPaths.isEmpty)  // only KVO's own link is registered on cy
    #expect(cy.observationInfoDescription.contains("<forwarder to friend.age>"))
    // end snippet
    token.invalidate()
    #expect(cy.isa.name == "Person")
    try example.runtime.checkInvariants()
  }

  @Test func toManyEditsReportKindAndIndexes() throws {
    let example = try KVOExample()
    let person = example.person
    func newPerson(_ first: String, _ last: String, age: Int) throws -> Object {
      try example.newPerson(first, last, age: age)
    }
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#to-many-changes
    let bob = try newPerson("Bob", "Lee", age: 25)
    let cy = try newPerson("Cy", "Kim", age: 35)
    // The indexed mutators of friends, editing the ivar _friends: the proxy sends them, and the
    // notifying subclass overrides them.
    try person.addMethod("insertObject:inFriendsAtIndex:", types: "v32@0:8@16Q24") { receiver, _, arguments in
      var friends = try receiver.value(ofIvar: "_friends").arrayValue ?? []
      friends.insert(arguments[0], at: arguments[1].intValue ?? 0)
      try receiver.setValue(.array(friends), forIvar: "_friends")
      return .nil
    }
    try person.addMethod("removeObjectFromFriendsAtIndex:", types: "v24@0:8Q16") { receiver, _, arguments in
      var friends = try receiver.value(ofIvar: "_friends").arrayValue ?? []
      friends.remove(at: arguments[0].intValue ?? 0)
      try receiver.setValue(.array(friends), forIvar: "_friends")
      return .nil
    }
    let seen = Locked<[Change]>([])
    let token = try ann.observe("friends", options: [.old, .new]) { _, change in seen.withLock { $0.append(change) } }

    let friends = try ann.mutableArrayValue(forKey: "friends")
    try friends.append(.object(bob))  // insertion at [0]
    try friends.insert(.object(cy), at: 0)  // insertion at [0]
    try friends.remove(at: 1)  // removal at [1]: bob
    #expect(try friends.elements() == [.object(cy)])
    let changes = seen.withLock { $0 }
    #expect(changes.map(\.kind) == [.insertion, .insertion, .removal])
    #expect(changes.map(\.indexes) == [[0], [0], [1]])
    #expect(changes[0].new == [.object(bob)] && changes[0].old == nil)  // an insertion carries no old
    #expect(changes[2].old == [.object(bob)] && changes[2].new == nil)  // a removal carries no new
    // end snippet
    token.invalidate()
    try example.runtime.checkInvariants()
  }

  @Test func toManyEditsThroughASetterAreSettings() throws {
    let example = try KVOExample()
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    let bob = try example.newPerson("Bob", "Lee", age: 25)
    // snippet: docs/kvo.md#to-many-changes (2)
    let seen = Locked<[Change]>([])
    let token = try ann.observe("friends", options: [.old, .new]) { _, change in seen.withLock { $0.append(change) } }
    let friends = try ann.mutableArrayValue(forKey: "friends")  // Person has the getter and setter only
    let refused = #expect(throws: KeyValueError.self) { try friends.append(.object(bob)) }
    #expect(refused?.exceptionName == "NSInternalInconsistencyException")  // friends is nil: no array is invented
    try ann.setValue([], forKey: "friends")
    try friends.append(.object(bob))  // reads the array, edits a copy, sends -setFriends:
    #expect(seen.withLock { $0 }.last == Change(kind: .setting, new: [.object(bob)], old: []))
    // end snippet
    token.invalidate()
    try example.runtime.checkInvariants()
  }

  @Test func observationsLiveInTheObservationInfoSlot() throws {
    let example = try KVOExample()
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#where-observations-live
    #expect(ann.observationInfo == nil)
    let first = try ann.observe("age") { _, _ in }
    let second = try ann.observe("firstName") { _, _ in }
    #expect(ann.observationInfo != nil)  // an immutable snapshot, replaced on every registration change
    #expect(ann.observedKeyPaths == ["age", "firstName"])
    #expect(ann.observationInfoDescription.contains("<Observance: Observer: <closure>, Key path: age,"))
    first.invalidate()
    second.invalidate()
    #expect(ann.observationInfo == nil)  // dropped with the last registration
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func sharedObserversAreAddedOnceAndAttachedToEachObject() throws {
    let example = try KVOExample()
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#shared-observers
    let received = Locked<[Change]>([])
    let watcher = try example.makeWatcher(recordingInto: received)
    let shared = SharedObservers(observableClass: example.person)
    try shared.addSharedObserver(watcher, forKey: "age", options: [.old, .new], context: 7)
    let snapshot = shared.snapshot()  // typically kept in a static; later adds do not reach it
    try ann.setSharedObservers(snapshot)  // in each new Person's init
    #expect(ann.isa.name == "NSKVONotifying_Person")
    try ann.setValue(.int(43), forKey: "age")
    #expect(received.withLock { $0 } == [Change(kind: .setting, new: 43, old: 42)])
    try ann.setSharedObservers(nil)
    #expect(ann.isa === example.person)
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func observancesAreTheObservationInfoAsValues() throws {
    let example = try KVOExample()
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#seeing-what-is-registered
    let received = Locked<[Change]>([])
    let watcher = try example.makeWatcher(recordingInto: received)
    try ann.addObserver(watcher, forKeyPath: "age", options: [.new, .old], context: 7)
    let token = try ann.observe("firstName") { _, _ in }
    let observances = ann.observances
    #expect(observances.map(\.keyPath) == ["age", "firstName"])
    #expect(observances.map(\.kind) == [.object, .closure])
    #expect(observances[0].observer === watcher && observances[0].options == [.new, .old])
    #expect(observances[0].context == 7)
    #expect(ann.observationInfoDescription.contains(observances[1].description))  // the same line
    token.invalidate()
    try ann.removeObserver(watcher, forKeyPath: "age")
    #expect(ann.observances.isEmpty)
    // end snippet
    try example.runtime.checkInvariants()
  }

  @Test func refusedObservationsThrowWithFoundationsExceptionName() throws {
    let example = try KVOExample()
    let person = example.person
    let ann = try example.newPerson("Ann", "Lee", age: 42)
    // snippet: docs/kvo.md#errors
    try ann.setValue([.object(ann)], forKey: "friends")
    let error = #expect(throws: KeyValueError.self) { try ann.observe("friends.age") { _, _ in } }  // through an array
    #expect(error?.code == .unsupportedKeyPath)
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(ann.isa === person)  // refused: nothing registered, the isa untouched
    // end snippet
    try example.runtime.checkInvariants()
  }
}
