// ObjC4APICensusTests.swift: the objc4 public functions a census of objc/runtime.h, message.h,
// objc-sync.h, objc.h, NSObject.h and the ARC entry points found without a MiniRuntime
// counterpart, each pinned with objc4's answer (NSObject.mm, objc-runtime-new.mm), plus the ones
// the census found already matched.

import Testing

@testable import MiniRuntime

/// A class whose `retain`, `release` and `autorelease` are overridden (customrr.m's style),
/// recording each message it receives.
private struct RecordingRetainRelease {
  let runtime = Runtime()
  let cls: Class
  let calls = Recorder<String>()

  init() throws {
    let cls = try makePerson(in: runtime, name: "Recorded")
    let calls = calls
    for selector: Selector in ["retain", "release", "autorelease"] {
      let types = try #require(try runtime.rootClass.instanceMethod(for: selector)).typeEncoding
      try cls.addMethod(selector, types: types) { receiver, cmd, _ in
        let tag = try receiver.value(ofIvar: "_age")
        calls.append("\(cmd.name) \(tag)")
        return try Runtime.msgSendSuper(receiver, definedIn: cls, cmd)
      }
    }
    self.cls = cls
  }

  /// A new instance whose `_age` is `tag`, so the log tells the objects apart.
  func make(_ tag: Int64) throws -> Object {
    let object = try new(cls, in: runtime)
    try object.setValue(.int64(tag), forIvar: "_age")
    return object
  }
}

@Suite struct ObjC4APICensusStoreStrongTests {
  @Test func storeStrongRetainsTheNewValueThenReleasesTheOldOne() throws {
    // objc_storeStrong(&location, obj): objc_retain(obj), *location = obj, objc_release(prev).
    let world = try RecordingRetainRelease()
    let first = try world.make(1)
    let second = try world.make(2)
    var location: Object? = first
    try Runtime.retain(first)  // the +1 the location holds
    try Runtime.storeStrong(&location, second)
    #expect(location === second)
    #expect(world.calls.all == ["retain 1", "retain 2", "release 1"])
    #expect(first.retainCount == 1 && second.retainCount == 2)
    try world.runtime.checkInvariants()
  }

  @Test func storeStrongOfTheValueAlreadyHeldSendsNothing() throws {
    // objc_storeStrong returns at once when obj == *location: no retain, no release.
    let world = try RecordingRetainRelease()
    let object = try world.make(1)
    var location: Object? = object
    try Runtime.storeStrong(&location, object)
    #expect(location === object && world.calls.all.isEmpty && object.retainCount == 1)
  }

  @Test func storeStrongOfNilReleasesTheOldValueAndStoresNil() throws {
    // objc_storeStrong(&location, nil): objc_retain(nil) is nothing; the old value is released.
    let world = try RecordingRetainRelease()
    let object = try world.make(1)
    try Runtime.retain(object)
    var location: Object? = object
    try Runtime.storeStrong(&location, nil)
    #expect(location == nil)
    #expect(world.calls.all == ["retain 1", "release 1"] && object.retainCount == 1)
  }
}

@Suite struct ObjC4APICensusReturnValueTests {
  @Test func autoreleaseReturnValueThenRetainAutoreleasedReturnValueNetsOneRetain() throws {
    // A callee's `return objc_autoreleaseReturnValue(obj)` and the caller's
    // objc_retainAutoreleasedReturnValue: the caller ends with +1 and the pool holds none.
    let world = try RecordingRetainRelease()
    let object = try world.make(1)  // the callee's +1
    let kept = try Runtime.autoreleasepool {
      try Runtime.retainAutoreleasedReturnValue(try Runtime.autoreleaseReturnValue(object))
    }
    #expect(kept === object)
    #expect(object.retainCount == 1)  // the callee's +1 went with the pool; the caller's is left
    #expect(!object.isDeallocating)
    try Runtime.release(object)  // the caller's release ends it
    #expect(object.isDeallocating)
  }

  @Test func retainAutoreleaseReturnValueLeavesTheCallersCountAsItWas() throws {
    // `return objc_retainAutoreleaseReturnValue(ivar)` from a getter at +0, then
    // objc_unsafeClaimAutoreleasedReturnValue in the caller: once the pool pops, the count is back.
    let world = try RecordingRetainRelease()
    let object = try world.make(1)
    let got = try Runtime.autoreleasepool {
      Runtime.unsafeClaimAutoreleasedReturnValue(try Runtime.retainAutoreleaseReturnValue(object))
    }
    #expect(got === object && object.retainCount == 1)
  }

  @Test func claimAutoreleasedReturnValueRetainsAsRetainAutoreleasedReturnValueDoes() throws {
    // objc_claimAutoreleasedReturnValue is objc_retainAutoreleasedReturnValue for newer callers.
    let world = try RecordingRetainRelease()
    let object = try world.make(1)
    try Runtime.autoreleasepool {
      _ = try Runtime.claimAutoreleasedReturnValue(try Runtime.autoreleaseReturnValue(object))
    }
    #expect(object.retainCount == 1)  // +1 autoreleased, +1 claimed: one of two left
    try Runtime.release(object)
    #expect(object.isDeallocating)
  }

  @Test func returnValueEntryPointsPassNilThrough() throws {
    // Each of them answers nil for nil, with nothing retained or autoreleased.
    let pending = Runtime.autoreleasedObjects.count
    let pool = Runtime.autoreleasePoolPush()
    #expect(try Runtime.autoreleaseReturnValue(nil) == nil)
    #expect(try Runtime.retainAutoreleaseReturnValue(nil) == nil)
    #expect(try Runtime.retainAutoreleasedReturnValue(nil) == nil)
    #expect(try Runtime.claimAutoreleasedReturnValue(nil) == nil)
    #expect(Runtime.unsafeClaimAutoreleasedReturnValue(nil) == nil)
    #expect(Runtime.autoreleasedObjects.count == pending)
    try Runtime.autoreleasePoolPop(pool)
  }
}

@Suite struct ObjC4APICensusLoadImageFunctionTests {
  /// An image named `name` with one class, `className`.
  private static func image(_ name: String, className: String) -> Image {
    var image = Image(named: name)
    image.addClass(className, superclass: "NSObject") { _ in }
    return image
  }

  @Test func addLoadImageFunctionIsCalledForLoadedImagesAtOnceThenForEachNewOne() throws {
    // objc_addLoadImageFunc: called with every image already loaded, then with each new image.
    let runtime = Runtime()
    try runtime.loadImage(Self.image("Zoo", className: "Dog"))
    let seen = Recorder<String>()
    runtime.addLoadImageFunction { name in seen.append(name) }
    #expect(seen.all == ["/usr/lib/libobjc.A.dylib", "Zoo"])
    try runtime.loadImage(Self.image("Farm", className: "Cow"))
    #expect(seen.all == ["/usr/lib/libobjc.A.dylib", "Zoo", "Farm"])
    try runtime.checkInvariants()
  }

  @Test func aLoadImageFunctionRunsAfterTheClassesAreRegisteredAndBeforeLoad() throws {
    // objc4 calls the functions at the end of map_images, before load_images sends +load.
    let runtime = Runtime()
    let seen = Recorder<String>()
    runtime.addLoadImageFunction { [weak runtime] name in
      seen.append("func \(name) \(runtime?.lookUpClass(named: "Dog") != nil)")
    }
    var zoo = Image(named: "Zoo")
    zoo.addClass("Dog", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in
        seen.append("load")
        return .nil
      }
    }
    try runtime.loadImage(zoo)
    #expect(seen.all == ["func /usr/lib/libobjc.A.dylib false", "func Zoo true", "load"])
  }

  @Test func aRefusedImageIsNotAnnouncedToLoadImageFunctions() throws {
    // An image objc4 does not map reaches no function.
    let runtime = Runtime()
    try runtime.loadImage(Self.image("Zoo", className: "Dog"))
    let seen = Recorder<String>()
    runtime.addLoadImageFunction { name in seen.append(name) }
    #expect(throws: RuntimeError.self) { try runtime.loadImage(Self.image("Zoo", className: "Cat")) }
    var broken = Image(named: "Broken")
    broken.addClass("Orphan", superclass: "Nowhere") { _ in }
    #expect(throws: RuntimeError.self) { try runtime.loadImage(broken) }
    #expect(seen.all == ["/usr/lib/libobjc.A.dylib", "Zoo"])
    let later = Recorder<String>()
    runtime.addLoadImageFunction { name in later.append(name) }
    #expect(later.all == ["/usr/lib/libobjc.A.dylib", "Zoo"])
  }

  @Test func everyLoadImageFunctionIsCalledInTheOrderAdded() throws {
    let runtime = Runtime()
    let seen = Recorder<String>()
    runtime.addLoadImageFunction { name in seen.append("a \(name)") }
    runtime.addLoadImageFunction { name in seen.append("b \(name)") }
    try runtime.loadImage(Self.image("Zoo", className: "Dog"))
    #expect(seen.all == ["a /usr/lib/libobjc.A.dylib", "b /usr/lib/libobjc.A.dylib", "a Zoo", "b Zoo"])
  }
}

@Suite struct ObjC4APICensusAlreadyMatchedTests {
  @Test func setInstanceVariableWithStrongDefaultRetainsInARuntimeMadeClass() throws {
    // object_setInstanceVariableWithStrongDefault: an ivar of unknown memory management (a class
    // made with objc_allocateClassPair) is stored strong. Already matched by setValue(_:forIvar:).
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.addIvar("_thing", type: .object(className: nil))
    }
    let box = try new(holder, in: runtime)
    let thing = try new(runtime.rootClass, in: runtime)
    try box.setValue(.object(thing), forIvar: "_thing")
    #expect(thing.retainCount == 2)
    try box.setValue(.nil, forIvar: "_thing")
    #expect(thing.retainCount == 1)
  }
}

@Suite struct ObjC4APICensusImageNameHookTests {
  @Test func anImageNameHookAnswersForTheClassesItHandlesAndChainsTheRest() throws {
    // objc_setHook_getImageName: class_getImageName asks the hook, which calls the one it
    // replaced for classes it does not handle; the first answers the loading image's name.
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Dog", superclass: "NSObject") { _ in }
    try runtime.loadImage(zoo)
    let dynamic = try makeClass("Dynamic", in: runtime)
    let asked = Recorder<String>()
    let previous = Locked<GetImageNameHook?>(nil)
    let replaced = runtime.setGetImageNameHook { cls in
      asked.append(cls.name)
      if cls.name == "Dynamic" { return "Generated" }
      return previous.withLock { $0 }?(cls)
    }
    previous.withLock { $0 = replaced }
    let dog = try #require(runtime.lookUpClass(named: "Dog"))
    #expect(dog.imageName == "Zoo")
    #expect(dynamic.imageName == "Generated")
    #expect(runtime.rootClass.imageName == "/usr/lib/libobjc.A.dylib", "NSObject is libobjc's (decision 0055)")
    #expect(asked.all == ["Dog", "Dynamic", "NSObject"])
    #expect(replaced(dog) == "Zoo" && replaced(dynamic) == nil)  // the first hook: the loader's answer
  }

  @Test func withoutAHookTheImageNameIsTheLoadingImages() throws {
    // class_getImageName with no hook installed; a metaclass answers its class's image.
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Dog", superclass: "NSObject") { _ in }
    try runtime.loadImage(zoo)
    let dog = try #require(runtime.lookUpClass(named: "Dog"))
    #expect(dog.imageName == "Zoo" && dog.isa.imageName == "Zoo")
    #expect(try makeClass("Dynamic", in: runtime).imageName == nil)
  }
}

@Suite struct ObjC4APICensusForwardHandlerTests {
  @Test func aForwardHandlerTakesEveryUnimplementedMessageInsteadOfFoundationsSteps() throws {
    // objc_setForwardHandler: _objc_msgForward hands the message to the installed handler, whose
    // answer is the message's; CoreFoundation's steps (forwardingTargetForSelector:, …) are the
    // handler it replaced, so they are not taken. respondsToSelector: still answers NO.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let steps = Recorder<String>()
    try person.addMethod("forwardingTargetForSelector:", types: "@24@0:8:16") { _, _, _ in
      steps.append("forwardingTargetForSelector:")
      return .nil
    }
    let ann = try new(person, in: runtime)
    runtime.setForwardHandler { receiver, selector, arguments in
      steps.append("handler \(selector.name) \(arguments.count) \(receiver === ann)")
      return .string("handled")
    }
    #expect(try runtime.msgSend(ann, "fly:", 3) == "handled")
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("fly:")) == false)
    #expect(steps.all == ["handler fly: 1 true"])
  }

  @Test func aMethodWhoseImplementationIsMsgForwardReachesTheForwardHandler() throws {
    // class_addMethod(cls, sel, _objc_msgForward, …): sending it calls the handler.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("walk", types: "@16@0:8", implementation: .forwarding)
    runtime.setForwardHandler { _, selector, _ in .string("forwarded \(selector.name)") }
    #expect(try runtime.msgSend(try new(person, in: runtime), "walk") == "forwarded walk")
  }
}

@Suite struct ObjC4APICensusWeakOrNilTests {
  @Test func storeOrNilOfADeallocatingObjectStoresNil() throws {
    // objc_storeWeakOrNil / objc_initWeakOrNil: an object in its dealloc is stored as nil (where
    // objc_storeWeak aborts), replacing what the variable held; the answer is nil.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let variable = WeakVariable()
    let bystander = try new(person, in: runtime)
    try variable.store(bystander)
    let seen = Recorder<String>()
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      let stored = try variable.storeOrNil(receiver)
      let made = try WeakVariable(orNil: receiver)
      seen.append("\(stored == nil) \(variable.load() == nil) \(made.load() == nil)")
      return .nil
    }
    var ann: Object? = try new(person, in: runtime)
    #expect(ann?.isDeallocating == false)
    ann = nil  // the last reference: dealloc runs
    #expect(seen.all == ["true true true"])
  }

  @Test func storeOrNilOfALiveObjectStoresIt() throws {
    // For an object that allows weak references, the OrNil forms store as objc_storeWeak does.
    let runtime = Runtime()
    let ann = try new(try makePerson(in: runtime), in: runtime)
    let variable = WeakVariable()
    #expect(try variable.storeOrNil(ann) === ann)
    #expect(variable.load() === ann)
    #expect(try WeakVariable(orNil: ann).load() === ann)
    #expect(try variable.storeOrNil(nil) == nil && variable.load() == nil)
  }

  @Test func storeOrNilOfAnObjectRefusingWeakReferencesStoresNil() throws {
    // allowsWeakReference answering NO counts as deallocating (weak_register_no_lock).
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    try person.addMethod("allowsWeakReference", types: "B16@0:8") { _, _, _ in false }
    let ann = try new(person, in: runtime)
    let variable = WeakVariable()
    #expect(try variable.storeOrNil(ann) == nil && variable.load() == nil)
    #expect(throws: RuntimeError.self) { try variable.store(ann) }
  }
}

@Suite struct ObjC4APICensusFoundationNameTests {
  @Test func foundationsNameFunctionsAnswerAsTheRuntimesOwn() throws {
    // NSObjCRuntime.h: NSStringFromClass is class_getName for a class, NSStringFromProtocol
    // protocol_getName, NSProtocolFromString objc_getProtocol (nil for an unknown name) and
    // NSSelectorFromString sel_registerName. Already matched.
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    #expect(person.name == "Person")
    let walker = try runtime.allocateProtocol(named: "Walker")
    #expect(runtime.protocol(named: "Walker") == nil)  // not registered yet
    try runtime.registerProtocol(walker)
    #expect(runtime.protocol(named: "Walker") === walker && walker.name == "Walker")
    let built = Selector(interning: "walk" + "To:")
    #expect(built == Selector("walkTo:") && built.name == "walkTo:")
  }
}
