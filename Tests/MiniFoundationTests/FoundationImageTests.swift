// FoundationImageTests.swift: Foundation's classes are the classes of Foundation's image
// (FoundationImage.swift, decision 0055): `class_getImageName` answers Foundation's path,
// `objc_copyImageNames` lists it before the program's images, `objc_copyClassNamesForImage`
// lists its classes, and a class without ivars has clang's NULL ivar layout. Installing it is
// an image load under the runtime's creation lock, so the load-image functions run after the
// lock is released.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Testing

@testable import MiniFoundation

@Suite struct FoundationImageTests {
  @Test func foundationsClassesAnswerFoundationsImage() throws {
    // Apple: class_getImageName([NSString class]) and of NSArray, NSMutableDictionary, NSProxy
    // is a path inside the system frameworks; a private concrete class (`__NSArrayI`) too.
    let runtime = Runtime()
    try runtime.installFoundation()
    for name in ["NSString", "NSArray", "NSMutableDictionary", "__NSArrayI", "NSDecimalNumber", "NSProxy"] {
      #expect(try foundationClass(name, in: runtime).imageName == Image.foundationPath, "\(name)")
    }
    #expect(try foundationClass("NSString", in: runtime).isa.imageName == Image.foundationPath)
  }

  @Test func imageNamesListFoundationAfterLibobjcAndBeforeAProgramImage() throws {
    // objc_copyImageNames lists images in load order, and a program's image is loaded after the
    // frameworks it links; here Foundation loads on first use, after the program's image.
    let runtime = Runtime()
    var app = Image(named: "/Applications/Zoo.app/Contents/MacOS/Zoo")
    app.addClass("Animal", superclass: "NSObject") { _ in }
    try runtime.loadImage(app)
    _ = try runtime.object(bridging: .int(1))
    #expect(runtime.imageNames == [Image.objcLibraryPath, Image.foundationPath, app.name])
  }

  @Test func aFoundationClassWithoutIvarsHasNoIvarLayout() throws {
    // clang emits no layout string for a class without ivars: class_getIvarLayout is NULL (a
    // class of objc_allocateClassPair answers objc4's empty layout instead).
    let runtime = Runtime()
    try runtime.installFoundation()
    for name in ["NSString", "NSArray", "__NSCFBoolean"] {
      let cls = try foundationClass(name, in: runtime)
      #expect(cls.ivarLayout == nil, "\(name)")
      #expect(cls.weakIvarLayout == nil, "\(name)")
    }
  }

  @Test func classNamesInFoundationsImageAreItsClassesInOrder() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let names = runtime.classNames(inImage: Image.foundationPath)
    #expect(names.first == "NSArray")
    for name in ["NSMutableArray", "__NSArrayM", "NSNull", "__SwiftValue", "NSProxy"] {
      #expect(names.contains(name), "\(name)")
    }
    #expect(!names.contains("NSObject") && !names.contains("NSInvocation"))
    #expect(names.allSatisfy { runtime.lookUpClass(named: $0)?.imageName == Image.foundationPath })
  }

  @Test func foundationsImageCannotBeUnloaded() throws {
    // dyld never unmaps a framework the program links.
    let runtime = Runtime()
    try runtime.installFoundation()
    let error = #expect(throws: RuntimeError.self) { try runtime.unloadImage(named: Image.foundationPath) }
    #expect(error?.code == .classInUse)
    #expect(runtime.lookUpClass(named: "NSArray") != nil)
  }

  @Test func aLoadImageFunctionThatBoxesAValueWhenFoundationLoadsGetsFoundation() throws {
    // The function is told of Foundation's image once its classes are registered; boxing a
    // value from it must find Foundation installed, not wait for the lock installing it.
    let runtime = Runtime()
    let boxed = Locked<[String]>([])
    runtime.addLoadImageFunction { name in
      guard name == Image.foundationPath, let number = try? runtime.object(bridging: .int(7)) else { return }
      boxed.withLock { $0.append(number.isa.name) }
    }
    try runtime.installFoundation()
    #expect(boxed.withLock { $0 } == ["__NSCFNumber"])
  }

  @Test func aLoadThatBoxesAValueWhileAnotherThreadInstallsFoundationDoesNotDeadlock() throws {
    // A program category on NSArray with a +load waits for Foundation's image. Thread A runs
    // +[Earlier load], which boxes a value while thread B installs Foundation: B must not call
    // the category's +load (which waits for A's +loads) under the lock A's boxing waits for.
    let runtime = Runtime()
    let calls = Locked<[String]>([])
    var program = Image(named: "Program")
    var category = try Category(named: "Mine", on: "NSArray")
    try category.addClassMethod("load", types: "v16@0:8") { _, _, _ in
      calls.withLock { $0.append("+[NSArray(Mine) load]") }
      return .nil
    }
    program.addCategory(category)
    try runtime.loadImage(program)
    let foundationAnnounced = Locked(false)
    runtime.addLoadImageFunction { name in
      if name == Image.foundationPath { foundationAnnounced.withLock { $0 = true } }
    }
    let installer = PlainThread { _ = try? runtime.installFoundation() }
    var first = Image(named: "First")
    first.addClass("Earlier", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in
        installer.start()
        while !foundationAnnounced.withLock({ $0 }) { sched_yield() }
        let number = try runtime.object(bridging: .int(1))
        calls.withLock { $0.append("+[Earlier load] boxed \(number?.isa.name ?? "nil")") }
        return .nil
      }
    }
    try runtime.loadImage(first)
    installer.join()
    #expect(calls.withLock { $0 } == ["+[Earlier load] boxed __NSCFNumber", "+[NSArray(Mine) load]"])
  }
}

/// A plain pthread the test starts and joins.
private final class PlainThread: @unchecked Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }

  #if canImport(Darwin)
    private var handle: pthread_t?
  #else
    private var handle = pthread_t()
  #endif

  func start() {
    let context = Unmanaged.passRetained(self).toOpaque()
    pthread_create(&handle, nil, { pointer in
      #if canImport(Darwin)
        let thread = Unmanaged<PlainThread>.fromOpaque(pointer).takeRetainedValue()
      #else
        let thread = Unmanaged<PlainThread>.fromOpaque(pointer!).takeRetainedValue()
      #endif
      thread.body()
      return nil
    }, context)
  }

  func join() {
    #if canImport(Darwin)
      pthread_join(handle!, nil)
    #else
      pthread_join(handle, nil)
    #endif
  }
}
