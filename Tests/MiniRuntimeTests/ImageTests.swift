// ImageTests.swift: loading an image as dyld and objc4 do: classes realized superclass first,
// categories attached, +load called directly, once per class and per category that implements
// it, classes before categories, superclasses before subclasses; never for classes made by
// allocateClassPair (Image.swift, Runtime+Images.swift).

import Testing

@testable import MiniRuntime

@Suite struct ImageTests {
  /// A `+load` that records `label` and the receiver's name.
  static func recordingLoad(_ calls: Recorder<String>) -> ImplementationBody {
    { receiver, _, _ in
      calls.append("load \((receiver as? Class)?.name ?? "?")")
      return .nil
    }
  }

  @Test func classesAreRealizedSuperclassFirstWhateverTheImagesOrder() throws {
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Puppy", superclass: "Dog") { _ in }
    zoo.addClass("Dog", superclass: "Animal") { cls in try cls.addIvar("_name", type: .object(className: "NSString")) }
    zoo.addClass("Animal", superclass: "NSObject") { cls in try cls.synthesizeProperty("legs", type: .int) }
    try runtime.loadImage(zoo)
    #expect(runtime.classes.map(\.name) == ["NSObject", "Protocol", "Animal", "Dog", "Puppy"])
    let puppy = try #require(runtime.lookUpClass(named: "Puppy"))
    #expect(puppy.superclass?.name == "Dog")
    let rex = try new(puppy, in: runtime)
    try runtime.msgSend(rex, "setLegs:", 4)
    #expect(try runtime.msgSend(rex, "legs") == 4)
    try runtime.checkInvariants()
  }

  @Test func loadIsCalledOncePerClassSuperclassesFirstThenCategories() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Dog", superclass: "Animal") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8", Self.recordingLoad(calls))
    }
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8", Self.recordingLoad(calls))
    }
    var tricks = try Category(named: "Tricks", on: "Dog")
    try tricks.addClassMethod("load", types: "v16@0:8") { receiver, _, _ in
      calls.append("load Dog(Tricks) on \((receiver as? Class)?.name ?? "?")")
      return .nil
    }
    zoo.addCategory(tricks)
    try runtime.loadImage(zoo)
    #expect(calls.all == ["load Animal", "load Dog", "load Dog(Tricks) on Dog"])
    try runtime.checkInvariants()
  }

  @Test func loadIsCalledDirectlySoACategorysLoadDoesNotReplaceItsClasss() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in
        calls.append("+[Animal load]")
        return .nil
      }
    }
    var extras = try Category(named: "Extras", on: "Animal")
    try extras.addClassMethod("load", types: "v16@0:8") { _, _, _ in
      calls.append("+[Animal(Extras) load]")
      return .nil
    }
    zoo.addCategory(extras)
    try runtime.loadImage(zoo)
    #expect(calls.all == ["+[Animal load]", "+[Animal(Extras) load]"], "both, each once")
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(!animal.isInitialized, "a direct call is no message: +initialize is not sent")
    _ = try runtime.msgSend(animal, "load")  // a send, though, finds the category's first
    #expect(calls.all.last == "+[Animal(Extras) load]")
    try runtime.checkInvariants()
  }

  @Test func aSubclassThatDoesNotImplementLoadIsNotCalled() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8", Self.recordingLoad(calls))
    }
    zoo.addClass("Cat", superclass: "Animal") { _ in }
    try runtime.loadImage(zoo)
    #expect(calls.all == ["load Animal"], "+load is not inherited: only a class's own is called")
    try runtime.checkInvariants()
  }

  @Test func classesMadeByAllocateClassPairNeverGetLoad() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    let robot = try makeClass("Robot", in: runtime) { cls in
      try cls.isa.addMethod("load", types: "v16@0:8", Self.recordingLoad(calls))
    }
    var zoo = Image(named: "Zoo")
    zoo.addClass("Android", superclass: "Robot") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8", Self.recordingLoad(calls))
    }
    var extras = try Category(named: "Extras", on: "Robot")
    try extras.addInstanceMethod("beep", types: "@16@0:8") { _, _, _ in "beep" }
    zoo.addCategory(extras)
    try runtime.loadImage(zoo)
    #expect(calls.all == ["load Android"], "Robot's +load is never called: it belongs to no image")
    #expect(robot.imageName == nil)
    try runtime.checkInvariants()
  }

  @Test func loadMessagingItsClassInitializesIt() throws {
    let runtime = Runtime()
    let order = Recorder<String>()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.isa.addMethod("initialize", types: "v16@0:8") { _, _, _ in
        order.append("initialize")
        return .nil
      }
      try cls.isa.addMethod("load", types: "v16@0:8") { receiver, _, _ in
        order.append("load begins")
        _ = try Runtime.msgSend(receiver, "new")
        order.append("load ends")
        return .nil
      }
    }
    try runtime.loadImage(zoo)
    #expect(order.all == ["load begins", "initialize", "load ends"])
    try runtime.checkInvariants()
  }

  @Test func loadThatThrowsDoesNotStopTheOthersAndItsErrorIsRethrown() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Broken", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in
        calls.append("Broken")
        throw RuntimeError(.invalidArgument, "+[Broken load] failed")
      }
    }
    zoo.addClass("Fine", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8", Self.recordingLoad(calls))
    }
    let error = expectError(.invalidArgument) { try runtime.loadImage(zoo) }
    #expect(error?.message == "+[Broken load] failed")
    #expect(calls.all == ["Broken", "load Fine"])
    #expect(runtime.imageNames == ["/usr/lib/libobjc.A.dylib", "Zoo"], "the image is loaded; only a +load failed")
    try runtime.checkInvariants()
  }

  @Test func aRefusedImageChangesNothing() throws {
    let runtime = Runtime()
    _ = try makePerson(in: runtime)
    let before = runtime.classes.map(\.name)
    var missing = Image(named: "Missing")
    missing.addClass("Dog", superclass: "Animal") { _ in }
    let noSuper = expectError(.invalidArgument) { try runtime.loadImage(missing) }
    #expect(noSuper?.message == "loadImage: the superclass Animal of Dog is not loaded")
    var twice = Image(named: "Twice")
    twice.addClass("Same", superclass: "NSObject") { _ in }
    twice.addClass("Same", superclass: "NSObject") { _ in }
    expectError(.duplicateClassName) { try runtime.loadImage(twice) }
    var cycle = Image(named: "Cycle")
    cycle.addClass("A", superclass: "B") { _ in }
    cycle.addClass("B", superclass: "A") { _ in }
    expectError(.invalidArgument) { try runtime.loadImage(cycle) }
    var badName = Image(named: "BadName")
    badName.addClass("not a name", superclass: "NSObject") { _ in }
    expectError(.invalidClassName) { try runtime.loadImage(badName) }
    #expect(runtime.classes.map(\.name) == before)
    #expect(runtime.imageNames == ["/usr/lib/libobjc.A.dylib"])
    try runtime.checkInvariants()
  }

  @Test func aDefinitionThatThrowsUnloadsWhatWasMade() throws {
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { _ in }
    zoo.addClass("Dog", superclass: "Animal") { cls in
      try cls.addIvar("not\0an ivar name", type: .int)  // a C string cannot hold a NUL
    }
    expectError(.invalidName) { try runtime.loadImage(zoo) }
    #expect(runtime.classes.map(\.name) == ["NSObject", "Protocol"])
    #expect(runtime.lookUpClass(named: "Animal") == nil)
    #expect(runtime.imageNames == ["/usr/lib/libobjc.A.dylib"])
    try runtime.checkInvariants()
  }

  @Test func anImageIsLoadedOnce() throws {
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { _ in }
    try runtime.loadImage(zoo)
    let error = expectError(.invalidArgument) { try runtime.loadImage(Image(named: "Zoo")) }
    #expect(error?.message == "loadImage: image Zoo is already loaded")
    try runtime.checkInvariants()
  }

  @Test func imagesKnowTheirClassesAndClassesTheirImage() throws {
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { _ in }
    zoo.addClass("Dog", superclass: "Animal") { _ in }
    try runtime.loadImage(zoo)
    var farm = Image(named: "Farm")
    farm.addClass("Cow", superclass: "Animal") { _ in }
    try runtime.loadImage(farm)
    #expect(runtime.imageNames == ["/usr/lib/libobjc.A.dylib", "Zoo", "Farm"])
    #expect(runtime.classNames(inImage: "Zoo") == ["Animal", "Dog"])
    #expect(runtime.classNames(inImage: "Farm") == ["Cow"])
    #expect(runtime.lookUpClass(named: "Cow")?.imageName == "Farm")
    #expect(runtime.lookUpClass(named: "Cow")?.isa.imageName == "Farm")
    #expect(runtime.rootClass.imageName == "/usr/lib/libobjc.A.dylib")
    try runtime.checkInvariants()
  }

  @Test func loadingReportsEventsInOrder() throws {
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in .nil }
    }
    var extras = try Category(named: "Extras", on: "Animal")
    try extras.addClassMethod("load", types: "v16@0:8") { _, _, _ in .nil }
    zoo.addCategory(extras)
    let events = Recorder<String>()
    let observation = runtime.addEventObserver { event in
      switch event {
      case .classRegistered, .categoryAttached, .imageLoaded, .loadCalled: events.append(event.description)
      default: break
      }
    }
    try runtime.loadImage(zoo)
    observation.cancel()
    #expect(
      events.all == [
        "registered class Animal", "attached category Animal(Extras)",
        "loaded image Zoo: classes [\"Animal\"], categories [\"Extras\"]",
        "called +[Animal load]", "called +[Animal(Extras) load]",
      ])
    try runtime.checkInvariants()
  }
}
