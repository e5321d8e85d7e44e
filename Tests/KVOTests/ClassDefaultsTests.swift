// ClassDefaultsTests.swift: KVO asks a class `+automaticallyNotifiesObserversForKey:` and
// `+keyPathsForValuesAffectingValueForKey:` when one of its keys is first observed, and NSObject's
// defaults ask for `+automaticallyNotifiesObserversOf<Key>` / `+keyPathsForValuesAffecting<Key>`
// as `class_respondsToSelector` does, resolver included. KVO runs NSObject's implementations
// without the send, and leaves NSObject's own resolvers unsent, only where nothing could tell
// (KeyValueCategory+ClassDefaults.swift, AccessorLookup.swift): each test here would fail if a
// user's resolver, a category or a traced send were skipped.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct ClassDefaultsTests {
  /// A class's own `+resolveClassMethod:` is asked for both class-side names on the first
  /// observation, and a `+automaticallyNotifiesObserversOfAge` it adds (answering NO) is obeyed:
  /// the setter then notifies nobody.
  @Test func aClassResolverIsAskedForTheKeySpecificClassMethods() throws {
    let world = try World()
    let asked = Log<String>()
    let meta = world.person.metaclass
    try meta.addMethod("resolveClassMethod:", types: "B24@0:8:16") { _, _, arguments in
      let name = arguments[0].selectorValue?.name ?? "?"
      asked.append(name)
      guard name == "automaticallyNotifiesObserversOfAge" else { return false }
      return .bool(try meta.addMethod("automaticallyNotifiesObserversOfAge", types: "B16@0:8") { _, _, _ in false })
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    #expect(asked.all.contains("automaticallyNotifiesObserversOfAge"))
    #expect(asked.all.contains("keyPathsForValuesAffectingAge"))
    try world.set(person, "age", 3)
    #expect(log.count == 0)
    try person.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  /// NSObject's `+resolveClassMethod:` replaced by a category is asked for the class-side names
  /// too, and so is a replaced `+resolveInstanceMethod:` (a class method's miss sends it to the
  /// metaclass after `+resolveClassMethod:`).
  @Test(arguments: ["resolveClassMethod:", "resolveInstanceMethod:"])
  func aCategoryResolverOnNSObjectIsAskedForTheKeySpecificClassMethods(_ resolver: String) throws {
    let world = try World()
    let asked = Log<String>()
    world.runtime.installKeyValueObserving()
    _ = try world.runtime.rootClass.isa.replaceMethod(
      Selector(interning: resolver), types: "B24@0:8:16",
      implementation: Implementation(name: "+[NSObject(Logging) \(resolver)]") { _, _, arguments in
        asked.append(arguments[0].selectorValue?.name ?? "?")
        return false
      })
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    #expect(asked.all.contains("automaticallyNotifiesObserversOfAge"))
    #expect(asked.all.contains("keyPathsForValuesAffectingAge"))
    try person.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  /// With message sends traced, the first observation shows both class messages and, for a
  /// class with no resolver of its own, NSObject's `+resolveClassMethod:` sent for the two
  /// key-specific names, as Foundation and objc4 send them.
  @Test func tracedSendsShowTheClassMessagesAndNSObjectsResolvers() throws {
    let world = try World()
    let person = try world.newPerson()
    let (observer, _) = try world.newObserver()
    let trace = Log<String>()
    let events = world.runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, _, _) = event { trace.append(selector.name) }
    }
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    events.cancel()
    #expect(trace.all.contains("automaticallyNotifiesObserversForKey:"))
    #expect(trace.all.contains("keyPathsForValuesAffectingValueForKey:"))
    #expect(trace.all.filter { $0 == "resolveClassMethod:" }.count >= 2)
    try person.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }

  /// With message sends traced, KVC's getter search sends NSObject's own
  /// `+resolveInstanceMethod:` to the class for a name it misses (`getAge`, tried before `age`),
  /// as `class_getInstanceMethod` does: the shortcut that leaves it unsent applies only when
  /// nothing could tell.
  @Test func tracedSendsShowNSObjectsInstanceResolverForAGetterNameMiss() throws {
    let world = try World()
    let person = try world.newPerson()
    let trace = Log<String>()
    let events = world.runtime.addEventObserver(includingMessageSends: true) { event in
      if case .messageSent(_, let selector, let implementation, _) = event { trace.append("\(selector.name) \(implementation)") }
    }
    _ = try person.value(forKey: "age")
    events.cancel()
    #expect(trace.all.contains("resolveInstanceMethod: +[NSObject resolveInstanceMethod:]"))
    try world.runtime.checkInvariants()
  }

  /// A class that overrides `+keyPathsForValuesAffectingValueForKey:` is sent it (and its answer
  /// used) when NSObject's default would have answered no keys.
  @Test func anOverriddenClassMessageIsStillSent() throws {
    let world = try World()
    let meta = world.person.metaclass
    try meta.addMethod("keyPathsForValuesAffectingValueForKey:", types: "@24@0:8@16") { receiver, _, arguments in
      arguments[0].stringValue == "age" ? .set([.string("name")]) : .set([])
    }
    let person = try world.newPerson()
    let (observer, log) = try world.newObserver()
    try person.addObserver(observer, forKeyPath: "age", options: [.new])
    try world.set(person, "name", "Ann")
    #expect(log.count == 1)
    try person.removeObserver(observer, forKeyPath: "age")
    try world.runtime.checkInvariants()
  }
}
