// FidelityRound23ProbeTests.swift: KVC and manual-notification corners not probed before round
// 23 (GNUstep-base's Tests/base/KVC and NSKVOSupport suites and DIS_KVC_KVO's, from memory), each
// pinned to Foundation's answer as its documented search order and the reconstructions give it.

import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound23ProbeTests {
  // MARK: - Ivars of types KVC boxes or not

  /// Foundation's ivar getter and setter exist for objects, classes, numbers and structs only: a
  /// `SEL` ivar (no accessor) has neither, so its key is undefined both ways (already matched).
  @Test func aSelectorIvarIsAnUndefinedKey() throws {
    let world = try World()
    let button = try instance(of: "Button", in: world) { cls in
      try cls.addIvar("_action", type: .selector)
    }
    let read = #expect(throws: KeyValueError.self) { try button.value(forKey: "action") }
    #expect(read?.exceptionName == "NSUnknownKeyException")
    #expect(read?.message.hasSuffix("valueForUndefinedKey:]: this class is not key value coding-compliant for the key action.") == true)
    let write = #expect(throws: KeyValueError.self) { try button.setValue(nil, forKey: "action") }
    #expect(write?.exceptionName == "NSUnknownKeyException")
  }

  /// A `Class` ivar (no accessor) is an object ivar to KVC: read as the class it holds, and set
  /// with one (already matched).
  @Test func aClassIvarIsReadAndSetAsAnObject() throws {
    let world = try World()
    let factory = try instance(of: "Factory", in: world) { cls in
      try cls.addIvar("_product", type: .class)
    }
    #expect(try factory.value(forKey: "product") == .nil)
    try factory.setValue(.object(world.person), forKey: "product")
    #expect(try factory.value(forKey: "product").objectValue === world.person)
    #expect(try factory.value(ofIvar: "_product").objectValue === world.person)
  }

  // MARK: - Manual notification

  /// will A, will B, did A, did B on one object: each did ends its own key's change, with the old
  /// value read at its own will and the new one at its did; the priors go out at the wills
  /// (already matched).
  @Test func interleavedChangesOfTwoKeysEachCarryTheirOwnValues() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "age", 1)
    try world.set(ann, "name", "Ann")
    let (observer, log) = try world.newObserver()
    for key in ["age", "name"] { try ann.addObserver(observer, forKeyPath: key, options: [.prior, .old, .new]) }
    try ann.willChangeValue(forKey: "age")
    try ann.willChangeValue(forKey: "name")
    try ann.setValue(2, forIvar: "_age")
    try ann.setValue("Bea", forIvar: "_name")
    try ann.didChangeValue(forKey: "age")
    try ann.didChangeValue(forKey: "name")
    #expect(log.all.map(\.keyPath) == ["age", "name", "age", "name"])
    #expect(log.all.map(\.change) == [
      Change(kind: .setting, old: 1, isPrior: true), Change(kind: .setting, old: "Ann", isPrior: true),
      Change(kind: .setting, new: 2, old: 1), Change(kind: .setting, new: "Bea", old: "Ann"),
    ])
    for key in ["age", "name"] { try ann.removeObserver(observer, forKeyPath: key) }
    try world.runtime.checkInvariants()
  }
}
