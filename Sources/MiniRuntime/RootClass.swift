// RootClass.swift: NSObject's methods, installed in every new runtime.
//
// Docs: docs/runtime.md#the-root-class. Tests: Tests/MiniRuntimeTests/RootClassTests.swift.
//
// The methods a learner expects from NSObject, written on the runtime's public API. Encodings
// are the ones clang writes on 64-bit platforms. Class methods live on the root metaclass;
// because the root metaclass inherits from NSObject, classes also answer NSObject's instance
// methods (`[Person respondsToSelector:…]`), exactly as in Objective-C.

enum RootClass {
  static func install(in runtime: Runtime) {
    let root = runtime.rootClass
    let meta = root.isa
    for (selector, types, body) in instanceMethods() {
      // Cannot fail: fixed, valid selectors and encodings (RootClassTests checks every one).
      _ = try? root.addMethod(selector, types: types, implementation: Implementation(function: "-[NSObject \(selector.name)]", body))
    }
    for (selector, types, body) in classMethods() {
      _ = try? meta.addMethod(selector, types: types, implementation: classImplementation(selector, body))
    }
    _ = try? meta.addMethod("allocWithZone:", types: "@24@0:8^{_NSZone=}16", implementation: allocWithZone)
    _ = try? root.addMethod("retain", types: "@16@0:8", implementation: retain)
    _ = try? root.addMethod("release", types: "Vv16@0:8", implementation: release)
    _ = try? root.addMethod("allowsWeakReference", types: "B16@0:8", implementation: allowsWeakReference)
    _ = try? root.addMethod("retainWeakReference", types: "B16@0:8", implementation: retainWeakReference)
  }

  /// `+[NSObject allocWithZone:]` (objc4's `_objc_rootAllocWithZone`), one implementation shared
  /// by every runtime, so `+alloc` can tell whether a class overrides it.
  static let allocWithZone = Implementation(function: "+[NSObject allocWithZone:]") { receiver, _, _ in
    guard let cls = receiver as? Class else { return .nil }
    return .object(try cls.createInstance())
  }

  /// The implementation installed for NSObject's class method `selector`: the resolvers' shared
  /// ones (so layers above can tell NSObject's own resolver by identity), else a new one.
  private static func classImplementation(_ selector: Selector, _ body: @escaping ImplementationBody) -> Implementation {
    switch selector {
    case Implementation.defaultInstanceMethodResolver.selector: return Implementation.defaultInstanceMethodResolver.implementation
    case Implementation.defaultClassMethodResolver.selector: return Implementation.defaultClassMethodResolver.implementation
    default: return Implementation(function: "+[NSObject \(selector.name)]", body)
    }
  }

  /// `-[NSObject retain]` (ManualRetainRelease.swift). Shared by every runtime, so a store can
  /// tell whether a class has custom retain-release.
  static let retain = Implementation(function: "-[NSObject retain]") { receiver, _, _ in
    .object(try receiver.rootRetain())
  }

  /// `-[NSObject release]`. Shared, as `retain` is.
  static let release = Implementation(function: "-[NSObject release]") { receiver, _, _ in
    try receiver.rootRelease()
    return .nil
  }

  /// `-[NSObject allowsWeakReference]`: YES unless the object is deallocating. Shared by every
  /// runtime, so storing a weak reference can tell whether a class overrides it (objc4 asks only
  /// a class with custom retain-release).
  static let allowsWeakReference = Implementation(function: "-[NSObject allowsWeakReference]") { receiver, _, _ in
    .bool(!receiver.isDeallocating)
  }

  /// `-[NSObject retainWeakReference]`: `_tryRetain`. Shared, as `allowsWeakReference` is.
  static let retainWeakReference = Implementation(function: "-[NSObject retainWeakReference]") { receiver, _, _ in
    .bool(receiver.tryRetain())
  }

  /// What `-zone` and `+zone` answer: objc4's `malloc_default_zone()`, the one zone every object
  /// lives in (`allocWithZone:` ignores its argument, as on 64-bit Apple platforms). An opaque,
  /// non-NULL address, never dereferenced, the same for every object, class and runtime.
  static let defaultZone = Value.pointer(UInt(bitPattern: ObjectIdentifier(DefaultZone.token)))

  /// The object whose address stands for the default malloc zone.
  private final class DefaultZone: Sendable {
    static let token = DefaultZone()
  }

  /// `[self class]`, sent as a message so overrides (such as KVO's) are honoured.
  static func claimedClass(of receiver: Object) throws -> Class? {
    try Runtime.msgSend(receiver, "class").classValue
  }

  private static func instanceMethods() -> [(Selector, String, ImplementationBody)] {
    return [
      ("init", "@16@0:8", { receiver, _, _ in .object(receiver) }),
      ("self", "@16@0:8", { receiver, _, _ in .object(receiver) }),
      ("class", "#16@0:8", { receiver, _, _ in .class(receiver.isa) }),
      ("superclass", "#16@0:8", { receiver, _, _ in
        try claimedClass(of: receiver)?.superclass.map(Value.class) ?? .nil
      }),
      ("isKindOfClass:", "B24@0:8#16", { receiver, _, arguments in
        guard let target = arguments[0].classValue, let cls = try claimedClass(of: receiver) else {
          return false
        }
        return .bool(cls.isSubclass(of: target))
      }),
      ("isMemberOfClass:", "B24@0:8#16", { receiver, _, arguments in
        guard let target = arguments[0].classValue else { return false }
        return .bool(try claimedClass(of: receiver) === target)
      }),
      ("respondsToSelector:", "B24@0:8:16", { receiver, _, arguments in
        // objc4: an instance asks [self class] (so an object whose -class another class answers,
        // as KVO's does, responds as that class's instances do); a class object its isa, as
        // +respondsToSelector: does.
        guard let selector = arguments[0].selectorValue, let runtime = receiver.runtime else { return false }
        guard let cls = receiver is Class ? receiver.isa : try claimedClass(of: receiver) else { return false }
        return .bool(runtime.responds(cls, to: selector, receiver: receiver))
      }),
      ("description", "@16@0:8", { receiver, _, _ in
        let name = try claimedClass(of: receiver)?.name ?? receiver.isa.name
        return .string("<\(name): \(receiver.address)>")
      }),
      ("debugDescription", "@16@0:8", { receiver, _, _ in
        try Runtime.msgSend(receiver, "description")  // as objc4: an override of description counts
      }),
      ("methodForSelector:", "^?24@0:8:16", { receiver, _, arguments in
        try implementation(in: receiver.isa, for: try selector(arguments[0]), sentTo: receiver)
      }),
      ("isEqual:", "B24@0:8@16", { receiver, _, arguments in
        .bool(arguments[0].objectValue === receiver)
      }),
      ("hash", "Q16@0:8", { receiver, _, _ in .uint64(UInt64(UInt(bitPattern: ObjectIdentifier(receiver)))) }),
      ("isProxy", "B16@0:8", { _, _, _ in false }),
      ("isFault", "B16@0:8", { _, _, _ in false }),  // objc4: NO; Core Data's faults answer YES
      ("zone", "^{_NSZone=}16@0:8", { _, _, _ in defaultZone }),
      ("conformsToProtocol:", "B24@0:8@16", { receiver, _, arguments in
        // [self class] and up the superclass chain, asking each class's own list.
        guard let proto = arguments[0].objectValue as? Protocol else { return false }
        let start = try claimedClass(of: receiver) ?? receiver.isa
        return .bool(start.superclassChain.contains { $0.conforms(to: proto) })
      }),
      ("performSelector:", "@24@0:8:16", { receiver, _, arguments in
        try perform(selector(arguments[0]), on: receiver, arguments: [])
      }),
      ("performSelector:withObject:", "@32@0:8:16@24", { receiver, _, arguments in
        try perform(selector(arguments[0]), on: receiver, arguments: [arguments[1]])
      }),
      ("performSelector:withObject:withObject:", "@40@0:8:16@24@32", { receiver, _, arguments in
        try perform(selector(arguments[0]), on: receiver, arguments: [arguments[1], arguments[2]])
      }),
      ("copy", "@16@0:8", { receiver, _, _ in
        try Runtime.msgSend(receiver, "copyWithZone:", .nil)
      }),
      ("mutableCopy", "@16@0:8", { receiver, _, _ in
        try Runtime.msgSend(receiver, "mutableCopyWithZone:", .nil)
      }),
      // Manual retain-release (ManualRetainRelease.swift, AutoreleasePool.swift).
      ("autorelease", "@16@0:8", { receiver, _, _ in .object(try receiver.rootAutorelease()) }),
      ("retainCount", "Q16@0:8", { receiver, _, _ in .uint64(UInt64(try receiver.rootRetainCount())) }),
      ("_isDeallocating", "B16@0:8", { receiver, _, _ in .bool(receiver.isDeallocating) }),
      ("_tryRetain", "B16@0:8", { receiver, _, _ in .bool(receiver.tryRetain()) }),
      ("dealloc", "v16@0:8", { receiver, _, _ in
        receiver.destructIvarsAndAssociations()  // objc4's _objc_rootDealloc: associated objects go here
        return .nil
      }),
      ("forwardingTargetForSelector:", "@24@0:8:16", { _, _, _ in .nil }),
      ("methodSignatureForSelector:", "@24@0:8:16", { receiver, _, arguments in
        // The signature of the method the receiver's class has (for a class: its class method).
        guard let selector = arguments[0].selectorValue, let runtime = receiver.runtime,
          let method = receiver.isa.instanceMethodWithoutResolver(for: selector)
        else { return .nil }
        return .object(try runtime.methodSignatureObject(method.signature))
      }),
      ("forwardInvocation:", "v24@0:8@16", { receiver, _, arguments in
        let selector = Invocation(arguments[0].objectValue)?.selector ?? "forwardInvocation:"
        _ = try Runtime.msgSend(receiver, "doesNotRecognizeSelector:", .selector(selector))
        return .nil
      }),
      ("doesNotRecognizeSelector:", "v24@0:8:16", { receiver, _, arguments in
        throw Runtime.unrecognizedSelector(receiver, arguments[0].selectorValue ?? "doesNotRecognizeSelector:")
      }),
    ]
  }

  private static func classMethods() -> [(Selector, String, ImplementationBody)] {
    return [
      ("alloc", "@16@0:8", { receiver, _, _ in
        // objc4's callAlloc: a class that overrides +allocWithZone: is sent it (hasCustomAWZ).
        guard let cls = receiver as? Class else { return .nil }
        guard cls.runs(allocWithZone, for: "allocWithZone:") else {
          return try Runtime.msgSend(cls, "allocWithZone:", .nil)
        }
        return .object(try cls.createInstance())
      }),
      ("new", "@16@0:8", { receiver, _, _ in
        let object = try Runtime.msgSend(receiver, "alloc")
        return try object.objectValue?.runtime?.msgSend(object.objectValue, "init") ?? .nil
      }),
      ("class", "#16@0:8", { receiver, _, _ in (receiver as? Class).map(Value.class) ?? .nil }),
      // A class is its own copy: objc4's NSObject has all four on the class side, each returning
      // self, so `[Person copy] == Person` and a copy policy given a class stores the class. A
      // copy is +1, `[self retain]`, but a class is never counted (`+retain` changes nothing).
      ("copy", "@16@0:8", { receiver, _, _ in (receiver as? Class).map(Value.class) ?? .nil }),
      ("mutableCopy", "@16@0:8", { receiver, _, _ in (receiver as? Class).map(Value.class) ?? .nil }),
      ("copyWithZone:", "@24@0:8^{_NSZone=}16", { receiver, _, _ in (receiver as? Class).map(Value.class) ?? .nil }),
      ("mutableCopyWithZone:", "@24@0:8^{_NSZone=}16", { receiver, _, _ in (receiver as? Class).map(Value.class) ?? .nil }),
      ("superclass", "#16@0:8", { receiver, _, _ in
        (receiver as? Class)?.superclass.map(Value.class) ?? .nil
      }),
      ("isKindOfClass:", "B24@0:8#16", { receiver, _, arguments in
        guard let target = arguments[0].classValue else { return false }
        return .bool(receiver.isa.isSubclass(of: target))
      }),
      ("isMemberOfClass:", "B24@0:8#16", { receiver, _, arguments in
        .bool(receiver.isa === arguments[0].classValue)
      }),
      ("isAncestorOfObject:", "B24@0:8@16", { receiver, _, arguments in
        // [object class] and its superclasses include the receiver.
        guard let cls = receiver as? Class, let object = arguments[0].objectValue else { return false }
        return .bool(try claimedClass(of: object)?.isSubclass(of: cls) ?? false)
      }),
      ("isSubclassOfClass:", "B24@0:8#16", { receiver, _, arguments in
        guard let cls = receiver as? Class, let target = arguments[0].classValue else { return false }
        return .bool(cls.isSubclass(of: target))
      }),
      ("instancesRespondToSelector:", "B24@0:8:16", { receiver, _, arguments in
        guard let cls = receiver as? Class, let selector = arguments[0].selectorValue else { return false }
        return .bool(cls.instancesRespond(to: selector))
      }),
      ("description", "@16@0:8", { receiver, _, _ in .string((receiver as? Class)?.name ?? receiver.description) }),
      ("debugDescription", "@16@0:8", { receiver, _, _ in try Runtime.msgSend(receiver, "description") }),
      ("instanceMethodForSelector:", "^?24@0:8:16", { receiver, _, arguments in
        guard let cls = receiver as? Class else { return .nil }
        return try implementation(in: cls, for: try selector(arguments[0]), sentTo: receiver)
      }),
      ("conformsToProtocol:", "B24@0:8@16", { receiver, _, arguments in
        guard let cls = receiver as? Class, let proto = arguments[0].objectValue as? Protocol else { return false }
        return .bool(cls.superclassChain.contains { $0.conforms(to: proto) })
      }),
      ("instanceMethodSignatureForSelector:", "@24@0:8:16", { receiver, _, arguments in
        guard let cls = receiver as? Class, let selector = arguments[0].selectorValue, let runtime = receiver.runtime,
          let method = cls.instanceMethodWithoutResolver(for: selector)
        else { return .nil }
        return .object(try runtime.methodSignatureObject(method.signature))
      }),
      ("isFault", "B16@0:8", { _, _, _ in false }),
      ("zone", "^{_NSZone=}16@0:8", { _, _, _ in defaultZone }),
      // A class is never freed: objc4's class-side retain-count methods change nothing.
      ("retain", "@16@0:8", { receiver, _, _ in (receiver as? Class).map(Value.class) ?? .nil }),
      ("release", "Vv16@0:8", { _, _, _ in .nil }),
      ("autorelease", "@16@0:8", { receiver, _, _ in (receiver as? Class).map(Value.class) ?? .nil }),
      ("retainCount", "Q16@0:8", { _, _, _ in .uint64(UInt64.max) }),  // ULONG_MAX
      ("_isDeallocating", "B16@0:8", { _, _, _ in false }),
      ("_tryRetain", "B16@0:8", { _, _, _ in true }),
      ("allowsWeakReference", "B16@0:8", { _, _, _ in true }),
      ("retainWeakReference", "B16@0:8", { _, _, _ in true }),
      ("resolveInstanceMethod:", "B24@0:8:16", Implementation.defaultInstanceMethodResolver.implementation.body),
      ("initialize", "v16@0:8", { _, _, _ in .nil }),
      ("load", "v16@0:8", { _, _, _ in .nil }),
      ("resolveClassMethod:", "B24@0:8:16", Implementation.defaultClassMethodResolver.implementation.body),
    ]
  }

  /// `-methodForSelector:` and `+instanceMethodForSelector:`: `cls`'s implementation for
  /// `selector`; for the null selector, objc4's NSObject sends `doesNotRecognizeSelector:` first.
  private static func implementation(in cls: Class, for selector: Selector, sentTo receiver: Object) throws -> Value {
    if selector.isNull { _ = try Runtime.msgSend(receiver, "doesNotRecognizeSelector:", .selector(selector)) }
    return try cls.methodImplementation(for: selector).map(Value.swiftObject) ?? .nil
  }

  /// `-performSelector:` and its `withObject:` forms: for the null selector, objc4's NSObject
  /// sends `doesNotRecognizeSelector:` first (the unrecognized selector,
  /// `-[Person <null selector>]: …`, `sel_getName`'s name for it); an override of it that returns
  /// leaves `objc_msgSend(self, NULL)`, which finds nothing either.
  private static func perform(_ selector: Selector, on receiver: Object, arguments: Arguments) throws -> Value {
    if selector.isNull {
      _ = try Runtime.msgSend(receiver, "doesNotRecognizeSelector:", .selector(selector))
      throw Runtime.unrecognizedSelector(receiver, selector)
    }
    return try Runtime.msgSend(receiver, selector, arguments: arguments)
  }

  /// The selector argument of `performSelector:` and the method queries: nil is the null
  /// selector (a `SEL` is a pointer); a value that is no selector is refused, as Swift must.
  private static func selector(_ value: Value) throws -> Selector {
    if value.isNil { return .null }
    guard let selector = value.selectorValue else {
      throw RuntimeError(.invalidArgument, "performSelector: needs a selector, got \(value)")
    }
    return selector
  }
}
