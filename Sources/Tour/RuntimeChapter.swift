// RuntimeChapter.swift: `kvo-tour --chapter runtime`, two lessons of the runtime itself: the
// order of +initialize, and a proxy built from the forwarding path.
//
// Docs: docs/README.md#the-tour, docs/runtime.md#initialize,
// docs/runtime.md#forwarding-and-invocations. Tests: Tests/TourTests/RuntimeChapterTests.swift.
//
// Everything is made in the runtime it is given, with the runtime's public API only, and the
// lines it prints come from what the runtime did (the receivers +initialize saw, the selectors
// forwardInvocation: received), not from text written in advance.

import Synchronization

/// The runtime chapter of the tour: +initialize order and a forwarding proxy.
///
/// ```swift
/// let lines = try RuntimeChapter.lines(runtime: Runtime())
/// lines.contains("     +[Person initialize] with self = Student")   // true
/// ```
///
/// Objective-C: none (MiniKVO extension).
public enum RuntimeChapter {
  /// The chapter's title.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static let title = "The runtime chapter: +initialize and a forwarding proxy"

  /// Runs the chapter in `runtime` and returns the lines to print.
  ///
  /// - Throws: What the runtime throws (a class name `runtime` already uses, for one).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func lines(runtime: Runtime) throws -> [String] {
    var lines = [title, ""]
    let (initializeLines, person) = try initializeOrder(runtime)
    lines += initializeLines
    lines.append("")
    lines += try forwardingProxy(runtime, person: person)
    return lines
  }

  /// +initialize: sent lazily, superclass first, and again for a subclass without its own.
  private static func initializeOrder(_ runtime: Runtime) throws -> ([String], Class) {
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let receivers = Mutex<[String]>([])
    try person.isa.addMethod("initialize") { receiver, _, _ in
      receivers.withLock { $0.append((receiver as? Class)?.name ?? "?") }
      return .nil
    }
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    try runtime.registerClassPair(student)
    var lines = [
      "1. +initialize: lazily, once per class, superclass first",
      "   Person implements +initialize; Student : Person does not.",
    ]
    let stu = try student.createInstance()  // kept: freeing it would send -dealloc, a first message
    lines.append("   class_createInstance(Student) sends nothing: \(receivers.withLock { $0.count }) +initialize so far")
    _ = try runtime.msgSend(student, "new")
    lines.append("   [Student new], the first message to Student, runs:")
    for receiver in receivers.withLock({ $0 }) {
      lines.append("     +[Person initialize] with self = \(receiver)")
    }
    lines.append("   Person's ran twice: Student has no +initialize, so the message found Person's,")
    lines.append("   with Student as the receiver (hence `if (self == [Person class])`).")
    let before = receivers.withLock { $0.count }
    _ = try runtime.msgSend(student, "new")
    _ = try runtime.msgSend(person, "new")
    lines.append("   [Student new] and [Person new] again: \(receivers.withLock { $0.count } - before) more +initialize")
    withExtendedLifetime(stu) {}
    return (lines, person)
  }

  /// A proxy: a root class that forwards every message it does not implement to a target.
  private static func forwardingProxy(_ runtime: Runtime, person: Class) throws -> [String] {
    let ann = try person.createInstance()
    let forwarded = Mutex<[String]>([])
    let proxyClass = try runtime.allocateClassPair(superclass: nil, name: "Proxy")  // a root class, as NSProxy
    try proxyClass.addIvar("_target", type: .object(className: nil))
    try proxyClass.addMethod("methodSignatureForSelector:") { receiver, _, arguments in
      let target = try receiver.value(ofIvar: "_target")
      return try Runtime.msgSend(target.objectValue, "methodSignatureForSelector:", arguments[0])
    }
    try proxyClass.addMethod("forwardInvocation:") { receiver, _, arguments in
      guard let invocation = Invocation(arguments[0].objectValue) else { return .nil }
      let target = try receiver.value(ofIvar: "_target").objectValue
      forwarded.withLock { $0.append(invocation.selector.name) }
      try invocation.invoke(target: target)  // the return value stays in the invocation
      return .nil
    }
    try runtime.registerClassPair(proxyClass)
    let proxy = try proxyClass.createInstance()
    try proxy.setValue(.object(ann), forIvar: "_target")
    var lines = [
      "2. A forwarding proxy",
      "   Proxy is a root class (as NSProxy) with an ivar _target and two methods only:",
      "   -methodSignatureForSelector: (asks the target) and -forwardInvocation: (invokes it on the target).",
    ]
    try runtime.msgSend(proxy, "setAge:", 42)
    let age = try runtime.msgSend(proxy, "age")
    lines.append("   [proxy setAge:42]; [proxy age] answers \(age); ann's own age is \(try runtime.msgSend(ann, "age"))")
    lines.append("   forwardInvocation: received: \(forwarded.withLock { $0 }.joined(separator: ", "))")
    lines.append("   Each send missed Proxy's methods and its resolver, found no forwarding target,")
    lines.append("   got a signature, and the runtime built an NSInvocation for -forwardInvocation:.")
    let responds = try runtime.msgSend(ann, "respondsToSelector:", .selector("age"))
    lines.append("   [ann respondsToSelector:@selector(age)] = \(responds); Proxy's instances respond to age: \(proxyClass.instancesRespond(to: "age"))")
    return lines
  }
}
