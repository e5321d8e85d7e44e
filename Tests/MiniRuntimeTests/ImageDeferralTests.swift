// ImageDeferralTests.swift: an image loaded inside `deferringEvents` (as Foundation loads its
// image under its creation lock) holds back its load-image functions and `+load`s until the
// section ends, so they never run under the caller's lock (decision 0055).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Testing

@testable import MiniRuntime

@Suite struct ImageDeferralTests {
  /// A runtime-local value for the tests below.
  private final class Box: Sendable {}

  /// An image with one class whose `+load` records `+[name load]`.
  private func image(_ imageName: String, loading name: String, calls: Recorder<String>) -> Image {
    var image = Image(named: imageName)
    image.addClass(name, superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in
        calls.append("+[\(name) load]")
        return .nil
      }
    }
    return image
  }

  /// Loads an image with the category `Late(Mine)`, whose `+load` records its label; it waits
  /// for an image that brings the class `Late`.
  private func loadProgramWaitingForLate(into runtime: Runtime, calls: Recorder<String>) throws {
    var program = Image(named: "Program")
    var category = try Category(named: "Mine", on: "Late")
    try category.addClassMethod("load", types: "v16@0:8") { _, _, _ in
      calls.append("+[Late(Mine) load]")
      return .nil
    }
    program.addCategory(category)
    try runtime.loadImage(program)
  }

  @Test func anImageLoadedInsideDeferringEventsCallsItsFunctionsAndLoadsAfterTheSectionEnds() throws {
    let runtime = Runtime()
    let calls = Recorder<String>()
    runtime.addLoadImageFunction { name in calls.append("function \(name)") }
    let zoo = image("Zoo", loading: "Animal", calls: calls)
    let observation = runtime.addEventObserver { event in
      if case .imageLoaded(let name, _, _) = event { calls.append("event \(name)") }
    }
    try runtime.deferringEvents {
      try runtime.loadImage(zoo)
      calls.append("section ends")
    }
    #expect(
      calls.all == ["function /usr/lib/libobjc.A.dylib", "section ends", "event Zoo", "function Zoo", "+[Animal load]"])
    observation.cancel()
    try runtime.checkInvariants()
  }

  @Test func aWaitingCategorysLoadOfAnImageLoadedInsideDeferringEventsRunsAfterTheSection() throws {
    // A program's category on a class of an image loaded later (Foundation's, under its lock):
    // its +load is called when that image brings the class, here once the section is over.
    let runtime = Runtime()
    let calls = Recorder<String>()
    try loadProgramWaitingForLate(into: runtime, calls: calls)
    var library = Image(named: "Library")
    library.addClass("Late", superclass: "NSObject") { _ in }
    try runtime.deferringEvents {
      try runtime.loadImage(library)
      calls.append("section ends")
    }
    #expect(calls.all == ["section ends", "+[Late(Mine) load]"])
    try runtime.checkInvariants()
  }

  @Test func aFunctionOfAnImageLoadedWhileMakingARuntimeLocalFindsTheValueStored() throws {
    // What Foundation does: its image is loaded while its runtime-local slot is made, under the
    // creation lock. A load-image function runs once the lock is released and the value stored,
    // so one that asks for the value (boxing a value installs Foundation) gets it.
    let runtime = Runtime()
    let slot = RuntimeLocal<Box>("ImageDeferralTests.box")
    let seen = Recorder<Bool>()
    runtime.addLoadImageFunction { name in
      guard name == "Library" else { return }
      seen.append(slot.value(in: runtime) != nil)
    }
    let made = try slot.value(in: runtime) {
      try runtime.loadImage(Image(named: "Library"))
      return Box()
    }
    #expect(seen.all == [true])
    #expect(slot.value(in: runtime) === made)
    try runtime.checkInvariants()
  }

  @Test func aLoadOfAnotherThreadWaitingForTheCreationLockDoesNotDeadlockAnImageLoadedUnderIt() throws {
    // Thread A runs +[Earlier load], which asks for a runtime-local value that thread B is
    // making; B loads, under the creation lock, an image whose class a waiting category's +load
    // targets. objc4 lets one thread at a time call +loads, so B's +load waits for A's, and A's
    // waits for B's lock: B must call its +loads after it released the lock.
    let runtime = Runtime()
    let slot = RuntimeLocal<Box>("ImageDeferralTests.shared")
    let calls = Recorder<String>()
    let making = Locked(false)
    try loadProgramWaitingForLate(into: runtime, calls: calls)
    var library = Image(named: "Library")
    library.addClass("Late", superclass: "NSObject") { _ in }
    let loaded = library
    let made = Recorder<ObjectIdentifier>()
    let maker = JoinedThread {
      let box = try? slot.value(in: runtime) {
        making.withLock { $0 = true }
        try runtime.loadImage(loaded)
        return Box()
      }
      if let box { made.append(ObjectIdentifier(box)) }
    }
    var first = Image(named: "First")
    first.addClass("Earlier", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in
        calls.append("+[Earlier load]")
        maker.start()
        while !making.withLock({ $0 }) { sched_yield() }
        let box = slot.value(in: runtime) { Box() }  // waits for the maker's creation lock
        made.append(ObjectIdentifier(box))
        calls.append("+[Earlier load] got the value")
        return .nil
      }
    }
    try runtime.loadImage(first)
    maker.join()
    #expect(calls.all == ["+[Earlier load]", "+[Earlier load] got the value", "+[Late(Mine) load]"])
    #expect(made.all.count == 2 && Set(made.all).count == 1)
    try runtime.checkInvariants()
  }

  @Test func aLoadThatThrowsInsideDeferringEventsIsReportedAsADiagnostic() throws {
    // The error can no longer reach `loadImage`'s caller, which returned before the +load ran.
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in
        throw RuntimeError(.invalidArgument, "no animals today")
      }
    }
    let messages = try diagnostics(of: runtime) {
      try runtime.deferringEvents { try runtime.loadImage(zoo) }
    }
    #expect(messages.count == 1 && messages.first?.contains("no animals today") == true)
    try runtime.checkInvariants()
  }
}
