// ObjectMemoryTests.swift: class_createInstance's extra bytes and object_getIndexedIvars,
// object_copy and object_dispose (Object+Memory.swift).

import Testing

@testable import MiniRuntime

@Suite struct ObjectMemoryTests {
  @Test func extraBytesAreZeroedIndexedIvarsAfterTheInstance() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let buffer = try person.createInstance(extraBytes: 12)
    #expect(buffer.withIndexedIvars { $0.count } == 12)
    #expect(buffer.withIndexedIvars { Array($0) } == Array(repeating: 0, count: 12))
    buffer.withIndexedIvars { bytes in
      bytes[0] = 42
      bytes[11] = 7
    }
    #expect(buffer.withIndexedIvars { [$0[0], $0[11]] } == [42, 7])
    try buffer.setValue(5, forIvar: "_age")
    try buffer.setValue("Ann", forIvar: "_name")
    #expect(buffer.withIndexedIvars { $0[0] } == 42, "the ivars and the indexed bytes do not overlap")
    #expect(try person.createInstance().withIndexedIvars { $0.count } == 0)
    expectError(.invalidArgument) { _ = try person.createInstance(extraBytes: -1) }
    expectError(.invalidArgument) { _ = try person.createInstance(extraBytes: Class.maximumInstanceSize + 1) }
  }

  @Test func copyDuplicatesTheBytesRetainsTheObjectsAndSendsNothing() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let sends = Recorder<String>()
    let observation = runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, _, _) = event { sends.append(selector.name) }
    }
    let ann = try person.createInstance(extraBytes: 4)
    try ann.setValue(42, forIvar: "_age")
    let friend = try person.createInstance()
    try ann.setValue(.object(friend), forIvar: "_name")
    ann.withIndexedIvars { $0[3] = 9 }
    try ann.setAssociatedObject("note", forKey: AssociationKey("note"), policy: .retain)
    let twin = try ann.copy(extraBytes: 4)
    observation.cancel()
    #expect(twin !== ann)
    #expect(twin.isa === person)
    #expect(person.liveInstanceCount == 3)
    #expect(try twin.value(ofIvar: "_age") == 42)
    #expect(try twin.value(ofIvar: "_name") == .object(friend), "the same object, retained again")
    #expect(twin.withIndexedIvars { $0[3] } == 9)
    #expect(twin.associatedObject(forKey: AssociationKey("note")) == .nil, "associations are not copied")
    #expect(sends.all.isEmpty, "object_copy sends no message (no init, no copyWithZone:)")
    try ann.setValue(1, forIvar: "_age")
    #expect(try twin.value(ofIvar: "_age") == 42, "two objects, two memories")
  }

  @Test func disposeReleasesTheIvarsWithoutSendingDealloc() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let deallocs = Recorder<String>()
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      deallocs.append(receiver.address)
      return .nil
    }
    let ann = try person.createInstance()
    var friend: Object? = try person.createInstance()
    let friendAddress = friend!.address
    let weakFriend = try WeakVariable(friend)
    try ann.setValue(.object(friend!), forIvar: "_name")
    try ann.setValue(42, forIvar: "_age")
    friend = nil
    let disposedAnn = try WeakVariable(ann)
    let events = Recorder<RuntimeEvent>()
    let observation = runtime.addEventObserver { events.append($0) }
    try ann.dispose()
    observation.cancel()
    #expect(weakFriend.load() == nil, "the ivar's object was released")
    #expect(deallocs.all == [friendAddress], "the friend got dealloc; ann did not")
    #expect(try ann.value(ofIvar: "_age") == 0)
    #expect(disposedAnn.load() == nil, "weak references to a disposed object read nil")
    #expect(ann.isDeallocating)
    #expect(events.all.contains(.objectDisposed(object: ann.description, class: "Person")))
    expectError(.invalidArgument) { try ann.dispose() }
    expectError(.deallocatingObject) { _ = try WeakVariable(ann) }
  }

  @Test func disposeClassPairReleasesTheClassesAssociatedObjects() throws {
    let runtime = Runtime()
    let temp = try makeClass("Temp", in: runtime)
    let person = try makePerson(in: runtime)
    var held: Object? = try person.createInstance()
    let watch = try WeakVariable(held)
    try temp.setAssociatedObject(.object(held!), forKey: AssociationKey("a"), policy: .retain)
    try temp.isa.setAssociatedObject(.object(held!), forKey: AssociationKey("b"), policy: .retain)
    held = nil
    try Runtime.autoreleasepool { #expect(watch.load() != nil) }  // objc_loadWeak's +1 goes at the pop
    try runtime.disposeClassPair(temp)
    #expect(watch.load() == nil, "objc_disposeClassPair released the class's and the metaclass's associations")
  }
}
