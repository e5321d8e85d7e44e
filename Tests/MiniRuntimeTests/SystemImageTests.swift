// SystemImageTests.swift: the images of the runtime's own classes, as on macOS (decision 0055,
// Image+SystemPaths.swift): NSObject and Protocol in libobjc, NSMethodSignature, NSInvocation and
// NSBlock in CoreFoundation, the concrete block classes at libsystem_blocks' addresses; a class
// made by allocateClassPair in none.

import Testing

@testable import MiniRuntime

@Suite struct SystemImageTests {
  @Test func nsObjectAndItsMetaclassAnswerLibobjcsImage() throws {
    // class_getImageName([NSObject class]) == "/usr/lib/libobjc.A.dylib"; the metaclass's too.
    let runtime = Runtime()
    #expect(runtime.rootClass.imageName == "/usr/lib/libobjc.A.dylib")
    #expect(runtime.rootClass.isa.imageName == "/usr/lib/libobjc.A.dylib")
    #expect(runtime.lookUpClass(named: "Protocol")?.imageName == "/usr/lib/libobjc.A.dylib")
    _ = try runtime.allocateProtocol(named: "Draft")
    #expect(runtime.lookUpClass(named: "__IncompleteProtocol")?.imageName == "/usr/lib/libobjc.A.dylib")
    try runtime.checkInvariants()
  }

  @Test func aFreshRuntimeListsLibobjcAndItsClasses() {
    // objc_copyImageNames in a process that links only libobjc; objc_copyClassNamesForImage of it.
    let runtime = Runtime()
    #expect(runtime.imageNames == ["/usr/lib/libobjc.A.dylib"])
    #expect(runtime.classNames(inImage: "/usr/lib/libobjc.A.dylib") == ["NSObject", "Protocol"])
  }

  @Test func invocationClassesAreCoreFoundationsListedAfterLibobjc() throws {
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Dog", superclass: "NSObject") { _ in }
    try runtime.loadImage(zoo)
    _ = try runtime.methodSignatureClass()
    let cf = "/System/Library/Frameworks/CoreFoundation.framework/Versions/A/CoreFoundation"
    #expect(runtime.lookUpClass(named: "NSMethodSignature")?.imageName == cf)
    #expect(runtime.imageNames == ["/usr/lib/libobjc.A.dylib", cf, "Zoo"], "CoreFoundation loads before any image a program brings")
    #expect(runtime.classNames(inImage: cf) == ["NSMethodSignature"])
    try runtime.checkInvariants()
  }

  @Test func blockClassesAnswerTheirStoragesImageWhichIsNotListed() throws {
    let runtime = Runtime()
    let block = try runtime.makeBlock(kind: .global) { _ in .nil }
    #expect(block.isa.name == "__NSGlobalBlock__")
    #expect(block.isa.imageName == "/usr/lib/system/libsystem_blocks.dylib")
    #expect(block.isa.superclass?.imageName == "/System/Library/Frameworks/CoreFoundation.framework/Versions/A/CoreFoundation")
    #expect(!runtime.imageNames.contains("/usr/lib/system/libsystem_blocks.dylib"))
    #expect(runtime.classNames(inImage: "/usr/lib/system/libsystem_blocks.dylib").isEmpty)
  }

  @Test func aClassMadeAtRunTimeHasNoImageAndIsADynamicClass() throws {
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Made")
    try runtime.registerClassPair(cls)
    _ = try runtime.makeBlock(kind: .global) { _ in .nil }
    #expect(cls.imageName == nil)
    var dynamic: [String] = []
    runtime.enumerateClasses(in: .dynamicClasses) { cls, _ in dynamic.append(cls.name) }
    #expect(dynamic == ["Made"])
    var libobjc: [String] = []
    runtime.enumerateClasses(in: .image(named: Image.objcLibraryPath)) { cls, _ in libobjc.append(cls.name) }
    #expect(libobjc == ["NSObject", "Protocol"])
  }

  @Test func aLoadImageFunctionHearsLibobjcFirst() throws {
    // objc_addLoadImageFunc calls the function at once with every image mapped, libobjc's first.
    let runtime = Runtime()
    let seen = Recorder<String>()
    runtime.addLoadImageFunction { name in seen.append(name) }
    #expect(seen.all == ["/usr/lib/libobjc.A.dylib"])
    _ = try runtime.makeBlock(kind: .global) { _ in .nil }
    #expect(seen.all == ["/usr/lib/libobjc.A.dylib", Image.coreFoundationPath])
  }

  @Test func theRuntimesOwnImagesCannotBeUnloaded() throws {
    let runtime = Runtime()
    #expect(throws: RuntimeError.self) { try runtime.unloadImage(named: Image.objcLibraryPath) }
    #expect(runtime.rootClass.isRegistered && runtime.imageNames == [Image.objcLibraryPath])
    try runtime.checkInvariants()
  }
}
