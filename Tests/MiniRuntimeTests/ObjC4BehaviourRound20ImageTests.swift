// ObjC4BehaviourRound20ImageTests.swift: the twentieth round's image behaviour from objc4's own
// tests and sources: unloading a bundle (unload.m, objc-runtime-new.mm's _unload_image): its
// classes leave the class table and the image's class-name list, its waiting categories are
// dropped, categories it attached to classes of other images stay, and loading it again works.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound20ImageTests {
  /// unload.m's bundle: `SmallClass : NSObject`, `BigClass : SmallClass`, a category on NSObject
  /// (a class of another image) and one on a class nobody loaded; `+load` of SmallClass counted.
  private func bundle(loads: Recorder<String>) throws -> Image {
    var image = Image(named: "unload2.bundle")
    image.addClass("BigClass", superclass: "SmallClass") { cls in
      try cls.addMethod("unload2_instance_method", types: "@16@0:8", implementation: returning("big"))
    }
    image.addClass("SmallClass", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in
        loads.append("+[SmallClass load]")
        return .nil
      }
    }
    var outside = try Category(named: "Unload2", on: "NSObject")
    try outside.addInstanceMethod("unload2_category_method", types: "@16@0:8") { _, _, _ in "category" }
    image.addCategory(outside)
    image.addCategory(try Category(named: "Waiting", on: "NotLoadedYet"))
    return image
  }

  @Test func unloadingAnImageRemovesItsClassesFromEveryList() throws {
    // unload.m: after dlclose, objc_getClass("SmallClass") and ("BigClass") are NULL,
    // objc_copyClassList lists neither and objc_copyClassNamesForImage answers none.
    let runtime = Runtime()
    let loads = Recorder<String>()
    try runtime.loadImage(try bundle(loads: loads))
    #expect(runtime.classNames(inImage: "unload2.bundle") == ["SmallClass", "BigClass"])
    try runtime.unloadImage(named: "unload2.bundle")
    #expect(runtime.lookUpClass(named: "SmallClass") == nil)
    #expect(runtime.lookUpClass(named: "BigClass") == nil)
    #expect(!runtime.classes.contains { $0.name == "SmallClass" || $0.name == "BigClass" })
    #expect(runtime.classNames(inImage: "unload2.bundle").isEmpty)
    #expect(!runtime.imageNames.contains("unload2.bundle"))
    #expect(runtime.unattachedCategoryLabels.isEmpty, "_unload_image drops its waiting categories")
    #expect(Selector("unload2_instance_method").name == "unload2_instance_method", "selectors stay registered")
    try runtime.checkInvariants()
  }

  @Test func aCategoryTheImageAttachedToAnotherImagesClassStays() throws {
    // _unload_image detaches and frees the image's own classes only: the methods its category
    // attached to NSObject stay in NSObject's method list.
    let runtime = Runtime()
    try runtime.loadImage(try bundle(loads: Recorder()))
    try runtime.unloadImage(named: "unload2.bundle")
    let object = try new(runtime.rootClass, in: runtime)
    #expect(try runtime.msgSend(object, "unload2_category_method") == "category")
    #expect(runtime.rootClass.methodList.contains { $0.selector == "unload2_category_method" })
    try runtime.checkInvariants()
  }

  @Test func anUnloadedImageLoadsAgainAndItsLoadRunsAgain() throws {
    // unload.m runs its dlopen/dlclose cycle twice: the second dlopen finds the classes again
    // and calls +load again; a second dlclose of a closed image fails.
    let runtime = Runtime()
    let loads = Recorder<String>()
    let image = try bundle(loads: loads)
    for _ in 0..<2 {
      try runtime.loadImage(image)
      #expect(runtime.lookUpClass(named: "BigClass")?.superclass === runtime.lookUpClass(named: "SmallClass"))
      try runtime.unloadImage(named: "unload2.bundle")
    }
    #expect(loads.all == ["+[SmallClass load]", "+[SmallClass load]"])
    expectError(.invalidArgument) { try runtime.unloadImage(named: "unload2.bundle") }
    try runtime.checkInvariants()
  }

  @Test func anImageWithLiveInstancesOrAnOutsideSubclassIsNotUnloaded() throws {
    // objc4 would free the classes under a live instance's isa, and dyld does not unmap an image
    // another loaded image links to (its subclass); MiniRuntime refuses both and changes nothing.
    let runtime = Runtime()
    try runtime.loadImage(try bundle(loads: Recorder()))
    let small = try #require(runtime.lookUpClass(named: "SmallClass"))
    var instance: Object? = try new(small, in: runtime)
    expectError(.classInUse) { try runtime.unloadImage(named: "unload2.bundle") }
    #expect(runtime.lookUpClass(named: "SmallClass") === small && runtime.imageNames.contains("unload2.bundle"))
    #expect(runtime.unattachedCategoryLabels == ["NotLoadedYet(Waiting)"], "a refused unload changes nothing")
    if let object = instance { try Runtime.release(object) }
    instance = nil
    var user = Image(named: "User")
    user.addClass("Subclass", superclass: "BigClass") { _ in }
    try runtime.loadImage(user)
    expectError(.classInUse) { try runtime.unloadImage(named: "unload2.bundle") }
    try runtime.unloadImage(named: "User")
    try runtime.unloadImage(named: "unload2.bundle")
    #expect(runtime.lookUpClass(named: "SmallClass") == nil && instance == nil)
    try runtime.checkInvariants()
  }
}
