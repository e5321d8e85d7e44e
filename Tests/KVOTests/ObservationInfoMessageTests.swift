// ObservationInfoMessageTests.swift: `-observationInfo` and `-setObservationInfo:` answer as
// NSObject's do, showing the object's Swift slot as Foundation's pointer.

import MiniRuntime
import Testing

@testable import KVO

@Suite struct ObservationInfoMessageTests {
  @Test func observationInfoIsNullUntilObservedAndAgainAfterTheLastRemoval() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, _) = try world.newObserver()
    world.runtime.installKeyValueObserving()  // as linking Foundation does
    #expect(try world.runtime.msgSend(ann, "observationInfo") == .pointer(0))
    try ann.addObserver(observer, forKeyPath: "age")
    let info = try world.runtime.msgSend(ann, "observationInfo")
    #expect(info != .pointer(0))
    try ann.removeObserver(observer, forKeyPath: "age")
    #expect(try world.runtime.msgSend(ann, "observationInfo") == .pointer(0))
  }

  @Test func observationInfoIsReplacedWhenTheRegistrationsChange() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age")
    let first = try world.runtime.msgSend(ann, "observationInfo")
    #expect(try world.runtime.msgSend(ann, "observationInfo") == first)  // unchanged while nothing changes
    try ann.addObserver(observer, forKeyPath: "name")
    let second = try world.runtime.msgSend(ann, "observationInfo")
    #expect(second != first && second != .pointer(0))
  }

  @Test func setObservationInfoTakesThePointerTheObjectHasAndRefusesOnesKVONeverHandedOut() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "age")
    let info = try world.runtime.msgSend(ann, "observationInfo")
    try world.runtime.msgSend(ann, "setObservationInfo:", info)  // what an override calling super passes
    let refused = #expect(throws: KeyValueError.self) { try world.runtime.msgSend(ann, "setObservationInfo:", .pointer(0x5EED0)) }
    #expect(refused?.code == .invalidArgument)
    try ann.setValue(7, forKey: "age")
    #expect(log.all.count == 1)  // the observation is intact
    try world.runtime.checkInvariants()
  }
}
