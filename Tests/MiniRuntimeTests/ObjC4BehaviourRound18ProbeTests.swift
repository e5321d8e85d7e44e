// ObjC4BehaviourRound18ProbeTests.swift: the eighteenth round's probes of objc4's runtime test
// suite (runtime/test/*.m) for files no earlier round cited: customrr-nsobject.m,
// atomicProperty.m, cacheflush.m, concurrentcat.m, load-order.m and msgSend.m. Each assertion is
// that test's answer (or the objc4 source it exercises), restated for MiniRuntime's API.

import Dispatch
import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound18ProbeTests {
  @Test func nsobjectsOwnRetainReleaseMethodsWorkFromASubclassThatCallsSuper() throws {
    // customrr-nsobject.m: a subclass overriding each retain-release method and calling super
    // is sent each one by the runtime's entry points, and NSObject's own implementations keep
    // the count: objc_retain sends -retain, objc_release -release, objc_autorelease -autorelease,
    // a weak store -allowsWeakReference, a weak load -retainWeakReference.
    let runtime = Runtime()
    let calls = Recorder<String>()
    let counted = try makeClass("Counted", in: runtime) { cls in
      for (name, types) in [
        ("retain", "@16@0:8"), ("release", "Vv16@0:8"), ("autorelease", "@16@0:8"), ("retainCount", "Q16@0:8"),
        ("_tryRetain", "B16@0:8"), ("_isDeallocating", "B16@0:8"), ("allowsWeakReference", "B16@0:8"),
        ("retainWeakReference", "B16@0:8"),
      ] {
        try cls.addMethod(Selector(interning: name), types: types) { receiver, selector, _ in
          calls.append(selector.name)
          return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass, selector)
        }
      }
    }
    let ann = try new(counted, in: runtime)
    try Runtime.retain(ann)
    #expect(try runtime.msgSend(ann, "retainCount") == .uint64(2))
    try Runtime.release(ann)
    #expect(ann.retainCount == 1)
    #expect(try runtime.msgSend(ann, "_tryRetain") == .bool(true))
    #expect(ann.retainCount == 2, "-[NSObject _tryRetain] retains a live object")
    #expect(try runtime.msgSend(ann, "_isDeallocating") == .bool(false))
    try Runtime.autoreleasepool { _ = try Runtime.autorelease(ann) }
    #expect(ann.retainCount == 1, "the pool's release came back through the override")
    let weak = try WeakVariable(ann)
    try Runtime.autoreleasepool { #expect(weak.load() === ann) }  // objc_loadWeak autoreleases
    for name in ["retain", "retainCount", "release", "_tryRetain", "_isDeallocating", "autorelease", "allowsWeakReference", "retainWeakReference"] {
      #expect(calls.all.contains(name), "\(name) was sent to the subclass")
    }
    try Runtime.release(ann)
    #expect(ann.isDeallocating)
    #expect(weak.load() == nil)
    try runtime.checkInvariants()
  }

  @Test func anAtomicRetainGetterKeepsItsResultAliveUntilThePoolPops() throws {
    // atomicProperty.m / objc-accessors.mm: objc_getProperty of an atomic object property retains
    // under the property's spinlock and autoreleases, so a setter on another thread replacing the
    // value cannot free what the getter returned before the caller's pool pops.
    let runtime = Runtime()
    let deallocs = Recorder<String>()
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("value", type: .object(className: nil), options: [.retain])
    }
    let person = try makePerson(in: runtime)
    try person.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
      deallocs.append("dealloc")
      return try Runtime.msgSendSuper(receiver, definedIn: person, "dealloc")
    }
    let owner = try new(holder, in: runtime)
    let ann = try new(person, in: runtime)
    try runtime.msgSend(owner, "setValue:", .object(ann))
    try Runtime.release(ann)
    #expect(ann.retainCount == 1, "the ivar's reference only")
    try Runtime.autoreleasepool {
      let read = try runtime.msgSend(owner, "value")
      #expect(read.objectValue === ann)
      try runtime.msgSend(owner, "setValue:", .nil)
      #expect(deallocs.all.isEmpty, "the getter's retain+autorelease keeps it")
    }
    #expect(deallocs.all == ["dealloc"])
    try runtime.checkInvariants()
  }

  @Test func anAtomicCopySetterStoresTheCopyAndTheGetterReadsIt() throws {
    // atomicProperty.m / objc-accessors.mm: objc_setProperty with copy stores [value copy]
    // (+1, not retained again) and releases the old value.
    let runtime = Runtime()
    let holder = try makeClass("Holder", in: runtime) { cls in
      try cls.synthesizeProperty("value", type: .object(className: nil), options: [.copy])
    }
    let copies = Recorder<Object>()
    let item = try makeClass("Item", in: runtime) { cls in
      try cls.addMethod("copyWithZone:", types: "@24@0:8^{_NSZone=}16") { receiver, _, _ in
        let copy = try #require(try Runtime.msgSend(receiver.isa, "new").objectValue)
        copies.append(copy)
        return .object(copy)
      }
    }
    let owner = try new(holder, in: runtime)
    let original = try new(item, in: runtime)
    try runtime.msgSend(owner, "setValue:", .object(original))
    let stored = try #require(copies.all.first)
    #expect(stored !== original)
    let read = try Runtime.autoreleasepool { try runtime.msgSend(owner, "value") }  // an atomic getter autoreleases
    #expect(read.objectValue === stored)
    #expect(original.retainCount == 1, "the original is not retained by a copy setter")
    #expect(stored.retainCount == 1, "the copy's +1 is the ivar's")
    try runtime.msgSend(owner, "setValue:", .nil)
    #expect(stored.isDeallocating, "the old value is released")
    try runtime.checkInvariants()
  }

  @Test func aMethodAddedToASuperclassIsFoundByASubclassWhoseCacheMissedIt() throws {
    // cacheflush.m: a subclass that already missed a selector (its cache may hold the miss)
    // finds the method once it is added to its superclass, on both the instance and class side,
    // and once a category replaces it, the new implementation.
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime)
    let sub = try makeClass("Sub", superclass: base, in: runtime)
    let ann = try new(sub, in: runtime)
    #expect(try runtime.msgSend(ann, "respondsToSelector:", .selector("later")) == .bool(false))
    #expect(try runtime.msgSend(sub, "respondsToSelector:", .selector("classLater")) == .bool(false))
    #expect(try sub.instanceMethod(for: "later") == nil)
    try addReturning(base, "later", "base")
    try addReturning(base.isa, "classLater", "base+")
    #expect(try runtime.msgSend(ann, "later") == "base")
    #expect(try runtime.msgSend(sub, "classLater") == "base+")
    var replacing = try Category(named: "Replacing", on: "Base")
    try replacing.addInstanceMethod("later", types: "@16@0:8") { _, _, _ in "category" }
    var image = Image(named: "CacheFlushCategory")
    image.addCategory(replacing)
    try runtime.loadImage(image)
    #expect(try runtime.msgSend(ann, "later") == "category")
    try runtime.checkInvariants()
  }

  @Test func categoriesAttachedWhileOtherThreadsSendAreAllSeenAfterwards() throws {
    // concurrentcat.m: threads keep sending while images with categories load; nothing crashes,
    // and once every category is attached each thread's send answers the category's method.
    let runtime = Runtime()
    let target = try makeClass("Target", in: runtime) { cls in
      for index in 0..<4 { try addReturning(cls, Selector(interning: "m\(index)"), "class") }
    }
    let ann = try new(target, in: runtime)
    let mistakes = Recorder<String>()
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      guard thread == 0 else {
        for _ in 0..<300 {
          for index in 0..<4 {
            let answer = (try? Runtime.msgSend(ann, Selector(interning: "m\(index)")))?.stringValue
            if answer != "class" && answer != "cat\(index)" { mistakes.append("m\(index): \(String(describing: answer))") }
          }
        }
        return
      }
      for index in 0..<4 {
        do {
          var category = try Category(named: "Cat\(index)", on: "Target")
          try category.addInstanceMethod(Selector(interning: "m\(index)"), types: "@16@0:8") { _, _, _ in .string("cat\(index)") }
          var image = Image(named: "ConcurrentCat\(index)")
          image.addCategory(category)
          try runtime.loadImage(image)
        } catch {
          mistakes.append("load \(index): \(error)")
        }
      }
    }
    #expect(mistakes.all.isEmpty)
    for index in 0..<4 {
      #expect(try runtime.msgSend(ann, Selector(interning: "m\(index)")) == .string("cat\(index)"))
    }
    try runtime.checkInvariants()
  }

  @Test func loadRunsSuperclassBeforeSubclassAndClassesBeforeTheirCategories() throws {
    // load-order.m: +[Super load] before +[Sub load] (even when the image lists Sub first), and
    // every class's +load before any category's +load.
    let runtime = Runtime()
    let order = Recorder<String>()
    var image = Image(named: "LoadOrder")
    image.addClass("Sub", superclass: "Super") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in order.append("Sub"); return .nil }
    }
    image.addClass("Super", superclass: "NSObject") { cls in
      try cls.isa.addMethod("load", types: "v16@0:8") { _, _, _ in order.append("Super"); return .nil }
    }
    var superCategory = try Category(named: "Cat", on: "Super")
    try superCategory.addClassMethod("load", types: "v16@0:8") { _, _, _ in order.append("Super(Cat)"); return .nil }
    var subCategory = try Category(named: "Cat", on: "Sub")
    try subCategory.addClassMethod("load", types: "v16@0:8") { _, _, _ in order.append("Sub(Cat)"); return .nil }
    image.addCategory(subCategory)
    image.addCategory(superCategory)
    try runtime.loadImage(image)
    let all = order.all
    #expect(all.count == 4)
    #expect(Array(all.prefix(2)) == ["Super", "Sub"])
    #expect(Set(all.suffix(2)) == ["Super(Cat)", "Sub(Cat)"])
    try runtime.checkInvariants()
  }

  @Test func structAndFloatReturnsArriveWhole() throws {
    // msgSend.m: objc_msgSend_stret / _fpret: a struct result arrives whole, a float or double
    // result exactly.
    let runtime = Runtime()
    let cls = try makeClass("Returner", in: runtime) { cls in
      try cls.addMethod("point", types: "{Point=dd}16@0:8") { _, _, _ in
        .structure(Structure(name: "Point", fields: [.double(1.5), .double(-2.25)]))
      }
      try cls.addMethod("single", types: "f16@0:8") { _, _, _ in .float(0.5) }
      try cls.addMethod("double", types: "d16@0:8") { _, _, _ in .double(3.125) }
    }
    let ann = try new(cls, in: runtime)
    let point = try runtime.msgSend(ann, "point", returning: .structure(name: "Point", fields: [.init(.double), .init(.double)]))
    #expect(point == .structure(Structure(name: "Point", fields: [.double(1.5), .double(-2.25)])))
    #expect(try runtime.msgSend(ann, "single", returning: .float) == .float(0.5))
    #expect(try runtime.msgSend(ann, "double", returning: .double) == .double(3.125))
  }

  @Test(arguments: [
    (TypeEncoding.bool, Value.bool(false)), (.char, .int8(0)), (.int, .int32(0)), (.longLong, .int64(0)),
    (.unsignedLongLong, .uint64(0)), (.float, .float(0)), (.double, .double(0)), (.object(className: nil), .nil),
    (.class, .nil), (.selector, .nil),
  ])
  func aMessageToNilAnswersTheZeroOfEachReturnType(type: TypeEncoding, zero: Value) throws {
    // msgSend.m: a message to nil returns 0, 0.0, nil or a zeroed struct, whatever the type.
    #expect(try Runtime.msgSend(nil, "anything", returning: type) == zero)
  }

  @Test func aMessageToNilAnswersAZeroedStruct() throws {
    // msgSend.m: objc_msgSend_stret to nil zeroes the struct.
    let type = try TypeEncoding("{BigStruct=dddq[2i]}")
    let zeroed = try Runtime.msgSend(nil, "big", returning: type)
    #expect(zeroed == .structure(Structure(name: "BigStruct", fields: [.double(0), .double(0), .double(0), .int64(0), .cArray([.int32(0), .int32(0)])])))
  }
}
