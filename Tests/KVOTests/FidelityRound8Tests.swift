// FidelityRound8Tests.swift: the eighth round of KVC/KVO behaviour cases: collection operators
// in observed key paths (Foundation's array refuses `addObserver:forKeyPath:@"@count"`), and the
// set and ordered-set proxies reached by message through `…ValueForKeyPath:`. Each test pins
// Foundation's answer.

import Testing

@testable import KVO

@Suite struct FidelityRound8Tests {
  // MARK: - Collection operators in observed key paths

  /// `items.@count`: Foundation's nested property sends the array `addObserver:forKeyPath:@"@count"`,
  /// which NSArray refuses ("… is not supported. Key path: @count"): at registration when `items`
  /// holds an array (nothing registered, the isa untouched), and out of the setter that stores one
  /// when it was nil (after the value is stored and the path's observers were told). The same for
  /// an operator with a right path, further down a chain. (MiniKVO once notified it as a setting
  /// of the computed count.)
  @Test func anOperatorAfterAToManyKeyIsRefusedAsTheCollectionRefusesAddObserver() throws {
    let world = try World()
    let ann = try world.newPerson()
    try world.set(ann, "items", ["a"])
    let (observer, log) = try world.newObserver()
    let error = #expect(throws: KeyValueError.self) { try ann.addObserver(observer, forKeyPath: "items.@count", options: [.new]) }
    #expect(error?.exceptionName == "NSInvalidArgumentException")
    #expect(error?.message.hasSuffix("addObserver:forKeyPath:options:context:] is not supported. Key path: @count") == true)
    #expect(ann.observationInfo == nil && ann.isa === world.person)

    let bea = try world.newPerson()
    try bea.addObserver(observer, forKeyPath: "items.@count", options: [.new])  // items is nil: nothing refuses yet
    let late = #expect(throws: KeyValueError.self) { try world.set(bea, "items", ["a", "b"]) }
    #expect(late?.message.hasSuffix("is not supported. Key path: @count") == true)
    #expect(try bea.value(forKey: "items") == ["a", "b"])  // stored before the refusal
    #expect(log.all.map(\.keyPath) == ["items.@count"])  // and its observer was told
    try bea.removeObserver(observer, forKeyPath: "items.@count")

    let cy = try world.newPerson()
    try world.set(ann, "friend", .object(cy))
    try world.set(cy, "items", [1, 2])
    let sum = #expect(throws: KeyValueError.self) { try ann.observe("friend.items.@sum.self") { _, _ in } }
    #expect(sum?.message.hasSuffix("is not supported. Key path: @sum.self") == true)
    #expect(ann.observationInfo == nil && cy.isa === world.person)
    try world.runtime.checkInvariants()
  }

  /// After an object that is no collection (`friend.@count` with a person as friend), Foundation
  /// registers the operator with that object, and nothing ever notifies it: the path is notified
  /// only by changes of `friend`, and the friend is not observed.
  @Test func anOperatorAfterAnObjectThatIsNoCollectionIsNotifiedOnlyByItsKey() throws {
    let world = try World()
    let ann = try world.newPerson()
    let bob = try world.newPerson()
    try world.set(ann, "friend", .object(bob))
    let (observer, log) = try world.newObserver()
    try ann.addObserver(observer, forKeyPath: "friend.@count", options: [.new])
    #expect(bob.isa === world.person)
    try world.set(bob, "age", 3)
    try world.set(ann, "friend", .nil)
    #expect(log.all.map(\.keyPath) == ["friend.@count"])
    try ann.removeObserver(observer, forKeyPath: "friend.@count")
    #expect(ann.isa === world.person)
    try world.runtime.checkInvariants()
  }

  // MARK: - observationInfo overrides

  /// NSKeyValueObserving.h: a class may override `-observationInfo` and `-setObservationInfo:` to
  /// keep the pointer in an ivar. Foundation sets it through the override on every registration
  /// change: the ivar holds a pointer while the object is observed, a new one when the
  /// registrations change, and NULL after the last removal, whichever way the observation ends;
  /// notifications are delivered all along. (KVO once never sent the message.)
  @Test func aSetObservationInfoOverrideIsSentEveryNewPointerAndNullAtTheEnd() throws {
    let world = try World()
    let received = Log<UInt>()
    let cls = try makeClass("Keeper", in: world) { cls in
      try cls.synthesizeProperty("age", type: .longLong)
      try cls.addIvar("_info", type: .pointer(.void))
    }
    try cls.addMethod("observationInfo", types: "^v16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_info") }
    try cls.addMethod("setObservationInfo:", types: "v24@0:8^v16") { receiver, _, arguments in
      if case .pointer(let raw) = arguments[0] { received.append(raw) }
      try receiver.setValue(arguments[0], forIvar: "_info")
      return .nil
    }
    let keeper = try #require(try world.runtime.msgSend(cls, "new").objectValue)
    let (observer, log) = try world.newObserver()
    try keeper.addObserver(observer, forKeyPath: "age", options: [.new])
    let token = try keeper.observe("age") { _, _ in }
    try world.runtime.msgSend(keeper, "setAge:", 3)
    #expect(log.count == 1)
    #expect(received.count == 2 && received.all.allSatisfy { $0 != 0 } && received.all[0] != received.all[1])
    #expect(try keeper.value(ofIvar: "_info") == .pointer(received.all[1]))
    try keeper.removeObserver(observer, forKeyPath: "age")
    token.invalidate()
    #expect(received.count == 4 && received.all.last == 0)
    #expect(keeper.isa === cls)
    try world.runtime.checkInvariants()
  }
}
