// ObjC4BehaviourRound17WeakTests.swift: the seventeenth round of behaviours from objc4's own
// tests and sources, weak loads of a plain object (no custom retain-release): NSObject.mm's
// objc_loadWeak is objc_loadWeakRetained then objc_autorelease for every object, so what a weak
// load reads is kept alive by the innermost pool until it pops (weak.m, rr-autorelease.m), and
// object_getIvar of a weak ivar and a weak property's getter read through objc_loadWeak too.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound17WeakTests {
  /// `Holder` with a `weak` property `target` (a `__weak` ivar `_target`), and a `Person` whose
  /// `dealloc` is recorded.
  private func makeClasses(in runtime: Runtime, deallocs: Recorder<String>) throws -> (holder: Class, person: Class) {
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("target", type: .object(className: nil), options: [.weak])
    }
    let person = try makePerson(in: runtime)
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      deallocs.append("dealloc")
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
    return (holder, person)
  }

  /// Reads the weak reference to `ann` once with `read`, inside a pool, then gives up the last
  /// strong reference: the object must live (one extra retain, autoreleased once) until the pop.
  private func expectReadSurvivesUntilThePoolPops(
    _ read: (Object, Object) throws -> Value, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let (holder, person) = try makeClasses(in: runtime, deallocs: deallocs)
    let owner = try new(holder, in: runtime)
    let pool = Runtime.autoreleasePoolPush()
    let ann = try new(person, in: runtime)
    try runtime.msgSend(owner, "setTarget:", .object(ann))
    let before = Runtime.autoreleasedObjects.count
    let read = try read(owner, ann)
    #expect(read.objectValue === ann, sourceLocation: sourceLocation)
    #expect(ann.retainCount == 2, "objc_loadWeakRetained's +1, not yet given back", sourceLocation: sourceLocation)
    #expect(Runtime.autoreleasedObjects.count == before + 1, sourceLocation: sourceLocation)
    #expect(Runtime.autoreleasedObjects.last === ann, "objc_autorelease put it in the pool", sourceLocation: sourceLocation)
    try Runtime.release(ann)  // the last strong reference goes right after the load
    #expect(deallocs.all.isEmpty, "the pool still holds it", sourceLocation: sourceLocation)
    #expect(ann.retainCount == 1, sourceLocation: sourceLocation)
    try Runtime.autoreleasePoolPop(pool)
    #expect(deallocs.all == ["dealloc"], "dealloc runs at the pop", sourceLocation: sourceLocation)
    #expect(try runtime.msgSend(owner, "target") == .nil, sourceLocation: sourceLocation)
    try runtime.checkInvariants()
  }

  @Test func aPlainWeakVariableLoadIsAutoreleasedAndLivesUntilThePoolPops() throws {
    // NSObject.mm: objc_loadWeak(location) = objc_autorelease(objc_loadWeakRetained(location)),
    // with no custom-RR condition.
    let variable = WeakVariable()
    try expectReadSurvivesUntilThePoolPops { _, ann in
      try variable.store(ann)
      return variable.load().map(Value.object) ?? .nil
    }
  }

  @Test func objectGetIvarOfAPlainWeakIvarIsAutoreleasedToo() throws {
    // objc-class.mm: object_getIvar of an ivar whose memory management is weak answers
    // objc_loadWeak(location).
    try expectReadSurvivesUntilThePoolPops { owner, _ in try owner.value(ofIvar: "_target") }
  }

  @Test func aWeakPropertyGetterOfAPlainObjectIsAutoreleasedToo() throws {
    // A synthesized weak getter reads its ivar with objc_loadWeak (MRC) or
    // objc_loadWeakRetained + objc_autoreleaseReturnValue (ARC, no caller optimization): +1,
    // autoreleased either way.
    try expectReadSurvivesUntilThePoolPops { owner, _ in try Runtime.msgSend(owner, "target") }
  }

  @Test func eachPlainWeakLoadAddsOneAutoreleaseAndThePopGivesEveryOneBack() throws {
    // rr-autorelease.m style: n loads are n objc_autorelease calls, each released at the pop.
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let (_, person) = try makeClasses(in: runtime, deallocs: deallocs)
    let ann = try new(person, in: runtime)
    let variable = try WeakVariable(ann)
    try Runtime.autoreleasepool {
      for _ in 0..<3 { _ = variable.load() }
      #expect(ann.retainCount == 4)
      #expect(Runtime.autoreleasedObjects.filter { $0 === ann }.count == 3)
    }
    #expect(ann.retainCount == 1)
    #expect(deallocs.all.isEmpty)
    try Runtime.release(ann)
    #expect(deallocs.all == ["dealloc"])
    #expect(variable.load() == nil)
    try runtime.checkInvariants()
  }

  @Test func loadWeakRetainedOfAPlainObjectAutoreleasesNothing() throws {
    // objc_loadWeakRetained is the +1 alone: the caller releases it; the pool holds nothing.
    let runtime = Runtime()
    let ann = try new(try makePerson(in: runtime), in: runtime)
    let variable = try WeakVariable(ann)
    try Runtime.autoreleasepool {
      let held = try #require(variable.loadRetained())
      #expect(held === ann && ann.retainCount == 2)
      #expect(!Runtime.autoreleasedObjects.contains { $0 === ann })
      try Runtime.release(held)
    }
    #expect(ann.retainCount == 1)
    try runtime.checkInvariants()
  }

  @Test func aWeakLoadOfAClassObjectAutoreleasesNothing() throws {
    // A class is never freed: its retain and autorelease answer it and count nothing.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let variable = try WeakVariable(person)
    try Runtime.autoreleasepool {
      #expect(variable.load() === person)
      #expect(!Runtime.autoreleasedObjects.contains { $0 === person })
    }
    try runtime.checkInvariants()
  }

  @Test func aWeakLoadAndObjcAutoreleaseSendAnAutoreleaseThatACategoryOnNSObjectDefines() throws {
    // customrr-cat1.m's rule for -autorelease: once a category on NSObject defines it, every
    // class has custom retain-release, and objc_autorelease (so objc_loadWeak's autorelease)
    // sends the override instead of running NSObject's code.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let variable = try WeakVariable(ann)
    let sent = Recorder<String>()
    var counting = try Category(named: "Counting", on: "NSObject")
    try counting.addInstanceMethod("autorelease", types: "@16@0:8") { receiver, _, _ in
      sent.append("autorelease \(receiver.isa.name)")
      return .object(receiver)  // keeps the +1: pools never see it
    }
    var image = Image(named: "Counting")
    image.addCategory(counting)
    try runtime.loadImage(image)
    try Runtime.autoreleasepool {
      let before = Runtime.autoreleasedObjects.count  // the thread may hold other tests' objects
      try Runtime.autorelease(ann)
      #expect(variable.load() === ann)
      #expect(Runtime.autoreleasedObjects.count == before)
    }
    #expect(sent.all == ["autorelease Person", "autorelease Person"])
    #expect(ann.retainCount == 2, "the load's +1, which the override kept")
    try runtime.checkInvariants()
  }
}
