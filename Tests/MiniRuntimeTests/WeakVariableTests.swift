// WeakVariableTests.swift: `__weak id` variables the caller owns, with objc4's functions on them
// (WeakVariable.swift, WeakValue.swift).

import Testing

@testable import MiniRuntime

@Suite struct WeakVariableTests {
  @Test func loadReadsNilAfterTheObjectIsFreed() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var ann: Object? = try new(person, in: runtime)
    let variable = try WeakVariable(ann)  // objc_initWeak
    try Runtime.autoreleasepool { #expect(variable.load() === ann) }  // objc_loadWeak: +1, autoreleased
    do {
      let held = variable.loadRetained()  // +1, as objc4's: given back below
      #expect(held === ann && ann?.retainCount == 2)
      _ = try runtime.msgSend(held, "release")
    }
    ann = nil
    #expect(variable.load() == nil)
    #expect(person.liveInstanceCount == 0, "a weak variable does not keep its object alive")
    try runtime.checkInvariants()
  }

  @Test func storeReplacesAndReturnsTheObjectAndNilEmpties() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let bob = try new(person, in: runtime)
    let variable = WeakVariable()
    #expect(variable.load() == nil)
    #expect(try variable.store(ann) === ann)  // objc_storeWeak returns the new value
    #expect(try variable.store(bob) === bob)
    #expect(variable.load() === bob)
    #expect(try variable.store(nil) == nil)
    #expect(variable.load() == nil)
  }

  @Test func storingADeallocatingObjectThrowsObjc4sError() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let variable = WeakVariable()
    let bystander = try new(person, in: runtime)
    try variable.store(bystander)
    let errors = Recorder<RuntimeError>()
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      do { try variable.store(receiver) } catch let error as RuntimeError { errors.append(error) }
      do { _ = try WeakVariable(receiver) } catch let error as RuntimeError { errors.append(error) }
      return .nil
    }
    var ann: Object? = try new(person, in: runtime)
    let address = ann!.address
    ann = nil
    #expect(errors.all.map(\.code) == [.deallocatingObject, .deallocatingObject])
    #expect(
      errors.all.first?.message
        == "Cannot form weak reference to instance (\(address)) of class Person. It is possible that this object was over-released, or is in the process of deallocation."
    )
    #expect(variable.load() === bystander, "a refused store changes nothing")
  }

  @Test func moveLeavesTheSourceEmpty() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let source = try WeakVariable(ann)
    let destination = WeakVariable()
    destination.move(from: source)  // objc_moveWeak
    #expect(destination.load() === ann)
    #expect(source.load() == nil)
    destination.move(from: destination)
    #expect(destination.load() === ann, "moving a variable onto itself keeps it")
  }

  @Test func copyLeavesBothHoldingTheObjectAndDestroyEmpties() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    var ann: Object? = try new(person, in: runtime)
    let source = try WeakVariable(ann)
    let copy = WeakVariable()
    try copy.copy(from: source)  // objc_copyWeak
    try Runtime.autoreleasepool {  // each objc_loadWeak autoreleases what it reads
      #expect(copy.load() === ann)
      #expect(source.load() === ann)
      source.destroy()  // objc_destroyWeak
      #expect(source.load() == nil)
      #expect(copy.load() === ann)
    }
    ann = nil
    #expect(copy.load() == nil, "the copy is weak too")
    try source.store(try new(person, in: runtime))
    #expect(source.load() == nil, "a destroyed variable can be stored to again; the temporary is gone")
  }
}
