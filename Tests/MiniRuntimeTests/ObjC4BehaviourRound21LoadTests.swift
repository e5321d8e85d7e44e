// ObjC4BehaviourRound21LoadTests.swift: the twenty-first round's +load behaviour from objc4's
// own tests and sources: an image loaded from inside a +load (load-reentrant.m), images loaded
// by two threads at once (load-parallel.m), an inherited +load (load.m) and categories of
// several images on one class (imageorder.m). objc4's `call_load_methods` is not re-entrant: a
// nested `dlopen` queues the new image's +loads and the outermost call runs them, classes before
// categories, after the +load that loaded it returns; `loadMethodLock` keeps another thread's
// +loads waiting meanwhile.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound21LoadTests {
  /// A class `name : NSObject` whose `+load` records `name` (and runs `body` in between).
  private func addLoadingClass(
    _ name: String, to image: inout Image, calls: Recorder<String>, body: @escaping @Sendable (Class) throws -> Void = { _ in }
  ) {
    image.addClass(name, superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { receiver, _, _ in
        calls.append("+[\(name) load]")
        if let cls = receiver as? Class { try body(cls) }
        return .nil
      }
    }
  }

  /// Loads the image of `Earlier`, whose `+load` starts `loader` and ends only once the loader's
  /// thread either recorded something or waits in the monitor for the `+load`s to finish.
  private func loadEarlier(starting loader: JoinedThread, in runtime: Runtime, calls: Recorder<String>) throws {
    var first = Image(named: "First")
    addLoadingClass("Earlier", to: &first, calls: calls) { _ in
      loader.start()
      // Until the other thread either ran its +load (no lock) or waits for this one to finish.
      while calls.all.count == 1 && runtime.monitor.withLock({ runtime.monitor.waiters }) == 0 { sched_yield() }
      calls.append("+[Earlier load] ends")
    }
    try runtime.loadImage(first)
    loader.join()
  }

  /// A category `className(name)` whose `+load` records its label.
  private func loadingCategory(_ name: String, on className: String, calls: Recorder<String>) throws -> Category {
    var category = try Category(named: name, on: className)
    try category.addClassMethod("load", types: "v16@0:8") { _, _, _ in
      calls.append("+[\(className)(\(name)) load]")
      return .nil
    }
    return category
  }

  @Test func anImageLoadedInsideALoadHasItsLoadsRunAfterThatLoadReturns() throws {
    // load-reentrant.m: One's +load dlopens a second image and finds Two's +load not yet run
    // ("Re-entrant +load doesn't get to complete until we do"); it runs once One's returns.
    // call_load_methods's loop then runs the new class +loads before any category +load, so the
    // first image's category waits for the second image's class.
    let runtime = Runtime()
    let calls = Recorder<String>()
    var second = Image(named: "libload-reentrant2.dylib")
    addLoadingClass("Two", to: &second, calls: calls)
    second.addCategory(try loadingCategory("Extra", on: "Two", calls: calls))
    var first = Image(named: "load-reentrant.exe")
    let nested = second
    addLoadingClass("One", to: &first, calls: calls) { cls in
      try cls.runtime?.loadImage(nested)
      calls.append("dlopen returned")
    }
    first.addCategory(try loadingCategory("Late", on: "One", calls: calls))
    try runtime.loadImage(first)
    #expect(
      calls.all == [
        "+[One load]", "dlopen returned", "+[Two load]", "+[One(Late) load]", "+[Two(Extra) load]",
      ])
    #expect(runtime.imageNames == ["/usr/lib/libobjc.A.dylib", "load-reentrant.exe", "libload-reentrant2.dylib"])
    try runtime.checkInvariants()
  }

  @Test func aLoadThrownInANestedImageIsRethrownByTheOutermostLoad() throws {
    // The nested image's +load runs in the outermost call's loop, so its error surfaces there;
    // the nested call itself returns before any of its +loads ran.
    let runtime = Runtime()
    let calls = Recorder<String>()
    var second = Image(named: "Nested")
    second.addClass("Fragile", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in
        throw RuntimeError(.invalidArgument, "Fragile's +load failed")
      }
    }
    var first = Image(named: "Outer")
    let nested = second
    addLoadingClass("Opener", to: &first, calls: calls) { cls in
      try cls.runtime?.loadImage(nested)
      calls.append("nested loadImage returned without error")
    }
    let error = #expect(throws: RuntimeError.self) { try runtime.loadImage(first) }
    #expect(error?.message == "Fragile's +load failed")
    #expect(calls.all == ["+[Opener load]", "nested loadImage returned without error"])
    #expect(runtime.lookUpClass(named: "Fragile") != nil, "the image is loaded; only its +load threw")
    try runtime.checkInvariants()
  }

  @Test func anotherThreadsLoadsWaitUntilTheRunningLoadsAreDone() throws {
    // load-parallel.m loads images from several threads at once; objc4 holds `loadMethodLock`
    // while +loads run, so a second thread's +load never runs beside the first thread's.
    let runtime = Runtime()
    let calls = Recorder<String>()
    var second = Image(named: "Second")
    addLoadingClass("Later", to: &second, calls: calls)
    let secondImage = second
    let loader = JoinedThread { try? runtime.loadImage(secondImage) }
    try loadEarlier(starting: loader, in: runtime, calls: calls)
    #expect(calls.all == ["+[Earlier load]", "+[Earlier load] ends", "+[Later load]"])
    try runtime.checkInvariants()
  }

  @Test func anImageWithoutLoadIsLoadedBesideAnotherThreadsRunningLoads() throws {
    // objc4's load_images returns before taking loadMethodLock when the image has no +load
    // (hasLoadMethods), so such an image (Foundation's, installed lazily) never waits for another
    // thread's +loads (decision 0055: one of those may wait for the loading thread in turn).
    let runtime = Runtime()
    let calls = Recorder<String>()
    var plain = Image(named: "Plain")
    plain.addClass("Plain", superclass: "NSObject") { _ in }
    let plainImage = plain
    let loader = JoinedThread {
      try? runtime.loadImage(plainImage)
      calls.append("Plain loaded")
    }
    try loadEarlier(starting: loader, in: runtime, calls: calls)
    #expect(calls.all == ["+[Earlier load]", "Plain loaded", "+[Earlier load] ends"])
    try runtime.checkInvariants()
  }

  @Test func manyThreadsLoadingImagesCallEachLoadOnce() throws {
    // load-parallel.m: every image's +load is called exactly once, whatever thread loads it.
    let runtime = Runtime()
    let calls = Recorder<String>()
    let loaders = (0..<4).map { index in
      var image = Image(named: "Parallel\(index)")
      addLoadingClass("Parallel\(index)Class", to: &image, calls: calls)
      let loaded = image
      return JoinedThread { try? runtime.loadImage(loaded) }
    }
    for loader in loaders { loader.start() }
    for loader in loaders { loader.join() }
    #expect(calls.all.sorted() == (0..<4).map { "+[Parallel\($0)Class load]" })
    #expect(Set(runtime.imageNames) == Set((0..<4).map { "Parallel\($0)" } + [Image.objcLibraryPath]))
    try runtime.checkInvariants()
  }

  @Test func aSubclassWithoutItsOwnLoadIsNotCalledTheInheritedOne() throws {
    // load.m: +load is called only for a class (or category) whose own list has it; a subclass
    // that inherits it gets no call, while a category of that subclass with a +load gets one,
    // on the subclass.
    let runtime = Runtime()
    let calls = Recorder<String>()
    var image = Image(named: "load")
    image.addClass("Sub", superclass: "Super") { _ in }
    image.addClass("Super", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { receiver, _, _ in
        calls.append("+[Super load] on \((receiver as? Class)?.name ?? "?")")
        return .nil
      }
    }
    var category = try Category(named: "Cat", on: "Sub")
    try category.addClassMethod("load", types: "v16@0:8") { receiver, _, _ in
      calls.append("+[Sub(Cat) load] on \((receiver as? Class)?.name ?? "?")")
      return .nil
    }
    image.addCategory(category)
    try runtime.loadImage(image)
    #expect(calls.all == ["+[Super load] on Super", "+[Sub(Cat) load] on Sub"])
    try runtime.checkInvariants()
  }

  @Test func categoriesOfLaterImagesWinAndTheirLoadsFollowImageOrder() throws {
    // imageorder.m: three images, the first defines the class, the next two add a category with
    // the same method and a +load each; the method of the image loaded last wins, and the
    // +loads run in image order.
    let runtime = Runtime()
    let calls = Recorder<String>()
    var base = Image(named: "imageorder1")
    addLoadingClass("ImageOrder", to: &base, calls: calls)
    try runtime.loadImage(base)
    for index in 2...3 {
      var image = Image(named: "imageorder\(index)")
      var category = try loadingCategory("Image\(index)", on: "ImageOrder", calls: calls)
      try category.addClassMethod("classMethod", types: "i16@0:8") { _, _, _ in .int32(Int32(index)) }
      try category.addInstanceMethod("instanceMethod", types: "i16@0:8") { _, _, _ in .int32(Int32(index)) }
      image.addCategory(category)
      try runtime.loadImage(image)
    }
    let cls = try #require(runtime.lookUpClass(named: "ImageOrder"))
    #expect(try runtime.msgSend(cls, "classMethod") == .int32(3))
    #expect(try runtime.msgSend(try new(cls, in: runtime), "instanceMethod") == .int32(3))
    #expect(calls.all == ["+[ImageOrder load]", "+[ImageOrder(Image2) load]", "+[ImageOrder(Image3) load]"])
    try runtime.checkInvariants()
  }
}
