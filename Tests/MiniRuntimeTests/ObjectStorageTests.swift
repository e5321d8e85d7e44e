// ObjectStorageTests.swift: the memory of one object: zeroed when made, read and written only
// through ObjectStorage, references retained and released (ObjectStorage.swift,
// RetainedReference.swift).

import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct ObjectStorageTests {
  @Test func storageIsZeroedAndAnswersThroughItsOwnAPI() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try person.createInstance()
    let age = try #require(person.ivar(named: "_age"))
    let name = try #require(person.ivar(named: "_name"))
    #expect(ann.storage.hosts(age) && ann.storage.hosts(name))
    #expect(try ann.storage.load(age) == 0)
    #expect(try ann.storage.load(name) == .nil)
    try ann.storage.store(7, age)
    try ann.storage.store("Ann", name)
    #expect(try ann.value(for: age) == 7, "the public API reads what the storage wrote")
    #expect(try runtime.msgSend(ann, "name") == "Ann")
    try runtime.checkInvariants()
  }

  @Test func storageOfAnotherLayoutDoesNotHostTheIvar() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let robot = try makeClass("Robot", in: runtime) { try $0.addIvar("_serial", type: "@") }
    let age = try #require(person.ivar(named: "_age"))
    let serial = try #require(robot.ivar(named: "_serial"))
    #expect(!(try robot.createInstance()).storage.hosts(age), "an object pointer is no long long")
    #expect(!(try runtime.rootClass.createInstance()).storage.hosts(serial), "NSObject has no ivars")
    try runtime.checkInvariants()
  }

  @Test func concurrentReferenceWritesAndReadsNeverSeeAFreedValue() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let holder = try makeClass("Holder", in: runtime) { try $0.addIvar("_object", type: "@") }
    let object = try holder.createInstance()
    let ivar = try #require(holder.ivar(named: "_object"))
    let surprises = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 4) { index in
      for _ in 0..<2_000 {
        do {
          if index % 2 == 0 {
            try object.setValue(.object(try person.createInstance()), for: ivar)  // releases the old one
          } else if let read = try object.value(for: ivar).objectValue, read.isa !== person {
            surprises.append("read a \(read.isa.name)")
          }
        } catch {
          surprises.append("\(error)")
        }
      }
    }
    #expect(surprises.all.isEmpty)
    try object.setValue(.nil, for: ivar)
    #expect(person.liveInstanceCount == 0, "every replaced value was released exactly once")
    try runtime.checkInvariants()
  }
}
