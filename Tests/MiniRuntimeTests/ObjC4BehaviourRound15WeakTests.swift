// ObjC4BehaviourRound15WeakTests.swift: the fifteenth round of behaviours from objc4's own tests
// and sources, weak references: objc_copyWeak and objc_moveWeak (weakcopy.m, NSObject.mm), weak
// loads of an object whose dealloc has begun (weak.m), and the custom allowsWeakReference /
// retainWeakReference overrides a class with custom retain-release is asked (customrr.m).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound15WeakTests {
  /// `Holder` with a `weak` property `target` (a `__weak` ivar `_target`).
  private func makeWeakHolder(in runtime: Runtime) throws -> Class {
    try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("target", type: .object(className: nil), options: [.weak])
    }
  }

  @Test func copyWeakKeepsTheSourceAndRegistersTheDestination() throws {
    // NSObject.mm objc_copyWeak: loadWeakRetained(src), initWeak(dst, obj), release(obj). Both
    // variables hold the object, neither keeps it alive, both read nil once it is freed.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var ann: Object? = try new(person, in: runtime)
    let source = try WeakVariable(ann)
    let destination = WeakVariable()
    try destination.copy(from: source)
    #expect(ann?.retainCount == 1, "objc_copyWeak gave its load's +1 back")
    try Runtime.autoreleasepool { #expect(source.load() === ann && destination.load() === ann) }
    ann = nil
    #expect(source.load() == nil && destination.load() == nil)
    try runtime.checkInvariants()
  }

  @Test func copyWeakFromANilSourceEmptiesTheDestination() throws {
    // objc_copyWeak of a nil source is objc_initWeak(dst, nil): the destination reads nil.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let destination = try WeakVariable(ann)
    try destination.copy(from: WeakVariable())
    #expect(destination.load() == nil)
  }

  @Test func moveWeakZeroesTheSourceAndRegistersTheDestination() throws {
    // objc_moveWeak: *dst = obj (registered), *src = nil; dst zeroes when obj is freed.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var ann: Object? = try new(person, in: runtime)
    let source = try WeakVariable(ann)
    let destination = WeakVariable()
    destination.move(from: source)
    try Runtime.autoreleasepool { #expect(source.load() == nil && destination.load() === ann) }
    ann = nil
    #expect(destination.load() == nil)
    let other = try WeakVariable(try new(person, in: runtime))
    other.move(from: WeakVariable())
    #expect(other.load() == nil, "moving a nil source makes the destination nil")
    try runtime.checkInvariants()
  }

  @Test func copyAndMoveInsideDeallocReadNilAndMoveAsksNothing() throws {
    // weak.m / weakcopy.m: once dealloc has begun, objc_loadWeak answers nil, objc_copyWeak
    // copies nil (its loadWeakRetained fails), and objc_moveWeak (no check: it moves the
    // registration) leaves a destination that reads nil and an empty source.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let held = WeakVariable()
    let seen = Recorder<String>()
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      seen.append("load \(held.load() == nil ? "nil" : "object")")
      let copy = WeakVariable()
      try copy.copy(from: held)
      seen.append("copy \(copy.load() == nil ? "nil" : "object")")
      let destination = WeakVariable()
      destination.move(from: held)
      seen.append("move \(destination.load() == nil ? "nil" : "object") \(held.load() == nil ? "nil" : "object")")
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
    do {
      let ann = try new(person, in: runtime)
      try held.store(ann)
      try Runtime.release(ann)  // dealloc now
    }
    #expect(seen.all == ["load nil", "copy nil", "move nil nil"])
  }

  @Test func aWeakIvarOfAnObjectWhoseDeallocBeganReadsNil() throws {
    // weak.m: a __weak ivar pointing at an object in its dealloc reads nil (objc_loadWeak).
    let runtime = Runtime()
    let holder = try makeWeakHolder(in: runtime)
    let person = try makePerson(in: runtime)
    let box = try new(holder, in: runtime)
    let seen = Recorder<Bool>()
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      seen.append(try box.value(ofIvar: "_target") == .nil)
      seen.append(try Runtime.msgSend(box, "target") == .nil)
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
    do {
      let ann = try new(person, in: runtime)
      try Runtime.msgSend(box, "setTarget:", .object(ann))
      try Runtime.autoreleasepool {  // objc_loadWeak's +1 goes at the pop
        let read = try box.value(ofIvar: "_target")
        #expect(read == .object(ann))
      }
      try Runtime.release(ann)
    }
    #expect(seen.all == [true, true])
  }

  // MARK: - Custom allowsWeakReference / retainWeakReference (customrr.m)

  /// A Person whose `retainWeakReference` records each call and answers `answer` (YES runs
  /// NSObject's, which retains).
  private func refusingRetainWeakReference(_ person: Class, _ answer: Box<Bool>, _ calls: Recorder<String>) throws {
    try person.addMethod("retainWeakReference", types: "B16@0:8") { receiver, cmd, _ in
      calls.append("retainWeakReference")
      guard answer.update({ $0 }) else { return false }
      return try Runtime.msgSendSuper(receiver, definedIn: person, cmd)
    }
    try person.addMethod("autorelease", types: "@16@0:8") { receiver, cmd, _ in
      calls.append("autorelease")
      return try Runtime.msgSendSuper(receiver, definedIn: person, cmd)
    }
  }

  @Test func aWeakLoadAsksAnOverriddenRetainWeakReferenceAndANoReadsNil() throws {
    // NSObject.mm: objc_loadWeak is objc_autorelease(objc_loadWeakRetained(location)), and
    // loadWeakRetained sends retainWeakReference to a class with custom retain-release: a NO
    // reads nil; a YES's +1 is autoreleased (released when the pool pops).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let (answer, calls) = (Box(true), Recorder<String>())
    try refusingRetainWeakReference(person, answer, calls)
    let ann = try new(person, in: runtime)
    let variable = try WeakVariable(ann)
    try Runtime.autoreleasepool {
      #expect(variable.load() === ann)
      #expect(ann.retainCount == 2, "retainWeakReference's +1, autoreleased")
    }
    #expect(ann.retainCount == 1 && calls.all == ["retainWeakReference", "autorelease"])
    answer.update { $0 = false }
    #expect(variable.load() == nil, "retainWeakReference answered NO")
    #expect(variable.loadRetained() == nil)
    #expect(calls.all == ["retainWeakReference", "autorelease", "retainWeakReference", "retainWeakReference"])
  }

  @Test func aWeakIvarLoadAsksAnOverriddenRetainWeakReferenceToo() throws {
    // objc-class.mm: object_getIvar of a weak ivar is objc_loadWeak.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let (answer, calls) = (Box(false), Recorder<String>())
    try refusingRetainWeakReference(person, answer, calls)
    let holder = try makeWeakHolder(in: runtime)
    let box = try new(holder, in: runtime)
    let ann = try new(person, in: runtime)
    try box.setValue(.object(ann), forIvar: "_target")
    #expect(try box.value(ofIvar: "_target") == .nil)
    #expect(try Runtime.msgSend(box, "target") == .nil)
    answer.update { $0 = true }
    let loaded = try Runtime.autoreleasepool { try box.value(ofIvar: "_target") }
    #expect(loaded == .object(ann))
    #expect(ann.retainCount == 1)
  }

  @Test func copyWeakAsksRetainWeakReferenceOfTheSourceAndANoCopiesNil() throws {
    // objc_copyWeak loads the source with objc_loadWeakRetained: a NO copies nil; the source
    // keeps its object.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let (answer, calls) = (Box(false), Recorder<String>())
    try refusingRetainWeakReference(person, answer, calls)
    let ann = try new(person, in: runtime)
    let (source, destination) = (try WeakVariable(ann), try WeakVariable(ann))
    try destination.copy(from: source)
    answer.update { $0 = true }
    try Runtime.autoreleasepool {
      #expect(destination.load() == nil && source.load() === ann)
    }
    #expect(ann.retainCount == 1)
  }

  @Test func copyWeakToAnObjectThatNoLongerAllowsWeakReferencesThrows() throws {
    // objc_copyWeak's objc_initWeak asks allowsWeakReference: NO is objc4's fatal "Cannot form
    // weak reference to instance (...) of class Person" (thrown here); the destination keeps
    // its value and the source its object.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let allows = Box(true)
    try person.addMethod("allowsWeakReference", types: "B16@0:8") { receiver, cmd, _ in
      guard allows.update({ $0 }) else { return false }
      return try Runtime.msgSendSuper(receiver, definedIn: person, cmd)
    }
    let ann = try new(person, in: runtime)
    let bystander = try new(runtime.rootClass, in: runtime)
    let (source, destination) = (try WeakVariable(ann), try WeakVariable(bystander))
    allows.update { $0 = false }
    let error = expectError(.deallocatingObject) { try destination.copy(from: source) }
    #expect(error?.message.hasPrefix("Cannot form weak reference to instance (\(ann.address)) of class Person.") == true)
    #expect(ann.retainCount == 1, "the load's +1 was given back")
    try Runtime.autoreleasepool {  // objc_loadWeak's +1 of a custom class goes with the pool
      #expect(destination.load() === bystander && source.load() === ann)
    }
    let box = try new(try makeWeakHolder(in: runtime), in: runtime)
    expectError(.deallocatingObject) { try box.setValue(.object(ann), forIvar: "_target") }
    #expect(try box.value(ofIvar: "_target") == .nil, "a refused weak ivar store stores nothing")
  }
}
