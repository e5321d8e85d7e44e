// FidelityObservingTests.swift: key-value observing and coding probed as a user of Foundation
// would write them, pinned to Apple's answers.

import Testing

@testable import KVO

@Suite struct FidelityObservingTests {
}

extension FidelityObservingTests {
  @Test func removingAnUnregisteredObserverNamesBothObjectsByTheirClassAsFoundationDoes() throws {
    let world = try World()
    let ann = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "name", options: [], context: 1)  // ann is NSKVONotifying_Person now
    let error = #expect(throws: KeyValueError.self) { try ann.removeObserver(observer, forKeyPath: "age", context: 5) }
    #expect(error?.exceptionName == "NSRangeException")
    #expect(
      error?.message
        == "Cannot remove an observer <Observer \(observer.address)> for the key path \"age\" from <Person \(ann.address)> because it is not registered as an observer."
    )
  }
}

extension FidelityObservingTests {
  @Test func observingThroughAnArrayIsRefusedWithFoundationsTextForTheArray() throws {
    let world = try World()
    let ann = try world.newPerson()
    try ann.setValue(.object(try #require(try world.runtime.object(bridging: ["x"]))), forKey: "items")
    let (observer, _) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) {
      try ann.addObserver(observer, forKeyPath: "items.count", options: [], context: 0)
    }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasPrefix("[<__NSArrayI 0x") == true)
    #expect(error?.message.hasSuffix("> addObserver:forKeyPath:options:context:] is not supported. Key path: count") == true)
  }
}

extension FidelityObservingTests {
  @Test func anUndefinedKeyErrorCarriesTheObjectAndTheKeyInItsUserInfo() throws {
    let world = try World()
    let ann = try world.newPerson()
    let read = #expect(throws: KeyValueError.self) { try ann.value(forKey: "shoeSize") }
    #expect(read?.userInfo["NSTargetObjectUserInfoKey"] == .object(ann))
    #expect(read?.userInfo["NSUnknownUserInfoKey"] == "shoeSize")
    let write = #expect(throws: KeyValueError.self) { try ann.setValue(9, forKey: "shoeSize") }
    #expect(write?.userInfo["NSTargetObjectUserInfoKey"] == .object(ann))
    #expect(write?.userInfo["NSUnknownUserInfoKey"] == "shoeSize")
    let nilScalar = #expect(throws: KeyValueError.self) { try ann.setValue(nil, forKey: "age") }
    #expect(nilScalar?.userInfo.isEmpty == true)  // Foundation's setNilValueForKey: exception has none
  }
}
