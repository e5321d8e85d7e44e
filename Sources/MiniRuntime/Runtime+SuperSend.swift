// Runtime+SuperSend.swift: objc_msgSendSuper: a send whose method search starts above the
// class of the running method.
//
// Docs: docs/runtime.md#message-send. Tests: Tests/MiniRuntimeTests/SuperSendTests.swift,
// MessageSendTests.swift.
//
// Two forms, as objc4 has two entry points. `msgSendSuper(_:superclass:…)` is
// `objc_msgSendSuper`: the caller names the class the search starts at. `msgSendSuper(_:definedIn:…)`
// is `objc_msgSendSuper2`, what clang emits for `[super foo]`: the caller names the class that
// defines the running method, and the search starts at that class's superclass *as it is at the
// time of the send*, so an implementation that captured its class stays right after
// `setSuperclass`. Both share the cached send path of Runtime+MessageSend.swift.

extension Runtime {
  // MARK: - objc_msgSendSuper

  /// Sends a message to `receiver`, looking the method up from `superclass` instead of the
  /// receiver's class: what `[super setAge:7]` compiles to, with `superclass` the superclass of
  /// the class whose method is running.
  ///
  /// ```swift
  /// // inside an override of -[Student setAge:]:
  /// try Runtime.msgSendSuper(receiver, superclass: person, "setAge:", age)
  /// ```
  ///
  /// - Parameters:
  ///   - receiver: The object whose method is running (`objc_super.receiver`).
  ///   - superclass: Where the method search starts (`objc_super.super_class`).
  ///   - selector: The message.
  /// - Complexity: O(1) on a hit in `superclass`'s cache.
  ///
  /// Objective-C: `objc_msgSendSuper`
  @discardableResult @inlinable
  public static func msgSendSuper(_ receiver: Object?, superclass: Class, _ selector: Selector) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(), argumentCount: 0, startingAt: superclass)
  }

  /// Sends a one-argument message to `receiver` starting the search at `superclass`.
  ///
  /// Objective-C: `objc_msgSendSuper`
  @discardableResult @inlinable
  public static func msgSendSuper(
    _ receiver: Object?, superclass: Class, _ selector: Selector, _ argument: consuming Value
  ) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(argument), argumentCount: 1, startingAt: superclass)
  }

  /// Sends a message with any number of arguments to `receiver` starting the search at `superclass`.
  ///
  /// Objective-C: `objc_msgSendSuper`
  @discardableResult @inlinable
  public static func msgSendSuper(
    _ receiver: Object?, superclass: Class, _ selector: Selector, arguments: Arguments
  ) throws -> Value {
    try dispatchMessage(receiver, selector, arguments, argumentCount: arguments.count, startingAt: superclass)
  }

  /// A super send with no arguments (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSendSuper`
  @discardableResult @inlinable
  public func msgSendSuper(_ receiver: Object?, superclass: Class, _ selector: Selector) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(), argumentCount: 0, startingAt: superclass)
  }

  /// A super send with one argument (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSendSuper`
  @discardableResult @inlinable
  public func msgSendSuper(
    _ receiver: Object?, superclass: Class, _ selector: Selector, _ argument: consuming Value
  ) throws -> Value {
    try dispatchMessage(receiver, selector, Arguments(argument), argumentCount: 1, startingAt: superclass)
  }

  /// A super send with any number of arguments (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSendSuper`
  @discardableResult @inlinable
  public func msgSendSuper(
    _ receiver: Object?, superclass: Class, _ selector: Selector, arguments: Arguments
  ) throws -> Value {
    try dispatchMessage(receiver, selector, arguments, argumentCount: arguments.count, startingAt: superclass)
  }

  // MARK: - objc_msgSendSuper2: relative to the defining class

  /// Sends a message to `receiver`, looking the method up from the superclass of `cls`, the class
  /// that defines the running method: what `[super setAge:7]` compiles to.
  ///
  /// The superclass is read when the message is sent, so an implementation that captured its
  /// defining class keeps sending to the right place after ``Class/setSuperclass(_:)``:
  ///
  /// ```swift
  /// try student.addMethod("setAge:", types: "v24@0:8q16") { receiver, _cmd, arguments in
  ///   try Runtime.msgSendSuper(receiver, definedIn: student, _cmd, arguments[0])
  /// }
  /// ```
  ///
  /// A message to nil returns `.nil` without reading the superclass.
  ///
  /// - Parameters:
  ///   - receiver: The object whose method is running (`objc_super2.receiver`).
  ///   - cls: The class whose method is running (`objc_super2.current_class`).
  ///   - selector: The message.
  /// - Throws: ``RuntimeError`` with code `invalidArgument` if `cls` is a root class (the compiler
  ///   refuses `[super …]` there), or what the send throws.
  /// - Complexity: O(1) on a hit in the superclass's cache, plus reading the superclass under the
  ///   runtime lock.
  ///
  /// Objective-C: `objc_msgSendSuper2`
  @discardableResult
  public static func msgSendSuper(_ receiver: Object?, definedIn cls: Class, _ selector: Selector) throws -> Value {
    guard receiver != nil else { return .nil }
    let start = try superclass(above: cls, selector)
    return try dispatchMessage(receiver, selector, Arguments(), argumentCount: 0, startingAt: start)
  }

  /// A one-argument super send relative to the defining class `cls`.
  ///
  /// Objective-C: `objc_msgSendSuper2`
  @discardableResult
  public static func msgSendSuper(
    _ receiver: Object?, definedIn cls: Class, _ selector: Selector, _ argument: Value
  ) throws -> Value {
    guard receiver != nil else { return .nil }
    let start = try superclass(above: cls, selector)
    return try dispatchMessage(receiver, selector, Arguments(argument), argumentCount: 1, startingAt: start)
  }

  /// A super send with any number of arguments relative to the defining class `cls`.
  ///
  /// Objective-C: `objc_msgSendSuper2`
  @discardableResult
  public static func msgSendSuper(
    _ receiver: Object?, definedIn cls: Class, _ selector: Selector, arguments: Arguments
  ) throws -> Value {
    guard receiver != nil else { return .nil }
    let start = try superclass(above: cls, selector)
    return try dispatchMessage(receiver, selector, arguments, argumentCount: arguments.count, startingAt: start)
  }

  /// A super send relative to the defining class (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSendSuper2`
  @discardableResult
  public func msgSendSuper(_ receiver: Object?, definedIn cls: Class, _ selector: Selector) throws -> Value {
    try Runtime.msgSendSuper(receiver, definedIn: cls, selector)
  }

  /// A one-argument super send relative to the defining class (the same send as the static form).
  ///
  /// Objective-C: `objc_msgSendSuper2`
  @discardableResult
  public func msgSendSuper(
    _ receiver: Object?, definedIn cls: Class, _ selector: Selector, _ argument: Value
  ) throws -> Value {
    try Runtime.msgSendSuper(receiver, definedIn: cls, selector, argument)
  }

  /// A super send with any number of arguments relative to the defining class (the same send as
  /// the static form).
  ///
  /// Objective-C: `objc_msgSendSuper2`
  @discardableResult
  public func msgSendSuper(
    _ receiver: Object?, definedIn cls: Class, _ selector: Selector, arguments: Arguments
  ) throws -> Value {
    try Runtime.msgSendSuper(receiver, definedIn: cls, selector, arguments: arguments)
  }

  /// Where a super send from a method of `cls` starts: `cls`'s superclass, now.
  private static func superclass(above cls: Class, _ selector: Selector) throws(RuntimeError) -> Class {
    guard let superclass = cls.superclass else {
      throw RuntimeError(
        .invalidArgument, "\(cls.label(for: selector)): super send from the root class \(cls.name), which has no superclass")
    }
    return superclass
  }
}
