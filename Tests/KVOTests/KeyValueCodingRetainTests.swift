// KeyValueCodingRetainTests.swift: setValue:forKey: stores as objc4 does, through the setter or
// straight into the ivar, so the store counts in retainCount and a class overriding retain and
// release is sent them (docs/runtime.md#stores-that-retain).

import Testing

@testable import KVO

@Suite struct KeyValueCodingRetainTests {
  @Test func setValueForKeyRetainsThroughTheSetterAndThroughTheIvar() throws {
    let runtime = Runtime()
    let holderClass = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Holder")
    try holderClass.synthesizeProperty("thing", type: .object(className: nil), options: [.retain, .nonatomic])
    _ = try holderClass.addIvar("_bare", type: .object(className: nil))  // no accessors: KVC writes the ivar
    try runtime.registerClassPair(holderClass)
    let holder = try #require(try runtime.msgSend(holderClass, "new").objectValue)
    let object = try #require(try runtime.msgSend(runtime.rootClass, "new").objectValue)
    try holder.setValue(.object(object), forKey: "thing")
    #expect(object.retainCount == 2)
    try holder.setValue(.object(object), forKey: "bare")
    #expect(object.retainCount == 3)
    try holder.setValue(.nil, forKey: "thing")
    try holder.setValue(.nil, forKey: "bare")
    #expect(object.retainCount == 1)
    try runtime.checkInvariants()
  }

  @Test func setValueForKeySendsRetainAndReleaseToACustomClass() throws {
    let runtime = Runtime()
    let calls = Log<String>()
    let custom = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "CustomRR")
    for selector: Selector in ["retain", "release"] {
      let types = try #require(try runtime.rootClass.instanceMethod(for: selector)).typeEncoding
      try custom.addMethod(selector, types: types) { receiver, cmd, _ in
        calls.append(cmd.name)
        return try Runtime.msgSendSuper(receiver, definedIn: custom, cmd)
      }
    }
    try runtime.registerClassPair(custom)
    let holderClass = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Holder")
    try holderClass.synthesizeProperty("thing", type: .object(className: nil), options: [.retain, .nonatomic])
    try runtime.registerClassPair(holderClass)
    let holder = try #require(try runtime.msgSend(holderClass, "new").objectValue)
    let object = try #require(try runtime.msgSend(custom, "new").objectValue)
    try holder.setValue(.object(object), forKey: "thing")
    try holder.setValue(.nil, forKey: "thing")
    #expect(calls.all == ["retain", "release"])
    #expect(object.retainCount == 1)
    try runtime.checkInvariants()
  }
}
