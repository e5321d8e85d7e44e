// ObjC4BehaviourRound17ImageTests.swift: the seventeenth round of behaviours from objc4's own
// tests and sources, images: a class an image brings under a name a loaded class has is read,
// realized and registered all the same (objc-runtime-new.mm's readClass and addNamedClass), the
// name keeps finding the first, and objc4 logs "Class X is implemented in both ... One of the two
// will be used. Which one is undefined." (decision 0032 did this for objc_registerClassPair and
// objc_duplicateClass).

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound17ImageTests {
  /// An image `name` defining `Dup : NSObject`, whose `-who` answers `name`.
  private func image(_ name: String, calls: Recorder<String>? = nil) -> Image {
    var image = Image(named: name)
    image.addClass("Dup", superclass: "NSObject") { cls in
      try cls.addMethod("who", types: "@16@0:8", implementation: returning(name))
      if let calls {
        try cls.isa.addMethod("load", types: "v16@0:8") { receiver, _, _ in
          calls.append("+[Dup load] of \((receiver as? Class)?.imageName ?? "?")")
          return .nil
        }
      }
    }
    return image
  }

  @Test func aClassOfALoadedNameIsRealizedAndTheNameKeepsTheFirstAndObjc4Logs() throws {
    let runtime = Runtime()
    try runtime.loadImage(image("First"))
    let first = try #require(runtime.lookUpClass(named: "Dup"))
    let calls = Recorder<String>()
    let log = try diagnostics(of: runtime) { try runtime.loadImage(image("Second", calls: calls)) }
    #expect(runtime.imageNames == ["/usr/lib/libobjc.A.dylib", "First", "Second"])
    #expect(runtime.lookUpClass(named: "Dup") === first, "addNamedClass keeps the class the table has")
    let second = try #require(runtime.classes.first { $0.name == "Dup" && $0 !== first })
    #expect(second.imageName == "Second" && second.isRegistered)
    #expect(log == ["Class Dup is implemented in both First (\(Object.address(of: first))) and Second (\(Object.address(of: second))). One of the two will be used. Which one is undefined."])
    #expect(runtime.classNames(inImage: "Second") == ["Dup"], "objc_copyClassNamesForImage reads the image's own list")
    #expect(calls.all == ["+[Dup load] of Second"], "the second class's own +load is called")
    #expect(try runtime.msgSend(try second.createInstance(), "who") == .string("Second"))
    #expect(try runtime.msgSend(try first.createInstance(), "who") == .string("First"))
    try runtime.checkInvariants()
  }

  @Test func aSubclassAndACategoryInTheSameImageReachTheImagesOwnClass() throws {
    // In a binary, a subclass's superclass and a category's class are pointers the static
    // linker fixed to the image's own class, not names looked up at load time.
    let runtime = Runtime()
    try runtime.loadImage(image("First"))
    let first = try #require(runtime.lookUpClass(named: "Dup"))
    var second = image("Second")
    second.addClass("Sub", superclass: "Dup") { _ in }
    var extras = try Category(named: "Extras", on: "Dup")
    try extras.addInstanceMethod("extra", types: "@16@0:8") { _, _, _ in .string("extra") }
    second.addCategory(extras)
    try runtime.loadImage(second)
    let sub = try #require(runtime.lookUpClass(named: "Sub"))
    let dup = try #require(sub.superclass)
    #expect(dup !== first && dup.imageName == "Second")
    #expect(try runtime.msgSend(try new(sub, in: runtime), "who") == .string("Second"))
    #expect(try dup.instanceMethod(for: "extra") != nil, "the category went to the image's class")
    #expect(try first.instanceMethod(for: "extra") == nil)
    try runtime.checkInvariants()
  }

  @Test func unloadingTheSecondLeavesTheFirstFoundByName() throws {
    // objc4's removeNamedClass removes the name only for the class the table has. (An image's
    // class leaves with its image: objc_disposeClassPair refuses it, as objc4 does.)
    let runtime = Runtime()
    try runtime.loadImage(image("First"))
    let first = try #require(runtime.lookUpClass(named: "Dup"))
    try runtime.loadImage(image("Second"))
    let second = try #require(runtime.classes.first { $0.name == "Dup" && $0 !== first })
    try runtime.unloadImage(named: "Second")
    #expect(!runtime.classes.contains { $0 === second })
    #expect(runtime.lookUpClass(named: "Dup") === first)
    try runtime.checkInvariants()
  }
}
