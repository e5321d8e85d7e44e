// AccessorLookup.swift: how KVC's accessor search and KVO's setter search ask a class for a
// method, resolver included.
//
// Docs: docs/kvo.md#the-accessor-search-order. Tests:
// Tests/KVOTests/ReferenceSuitesRound21ResolverTests.swift.
//
// Foundation asks for every accessor name it tries (`get<Key>`, `set<Key>:`, `countOf<Key>`,
// `insertObject:in<Key>AtIndex:`, …) with `class_getInstanceMethod`, which sends the class's
// `+resolveInstanceMethod:` when the method lists have nothing (objc4's `LOOKUP_RESOLVER`), so a
// class that adds its `@dynamic` accessors at resolve time has them found by `valueForKey:`,
// `setValue:forKey:` and by the notifying subclass the first observer makes. This type does the
// same: the plain lookup first, and on a miss `Class.instanceMethod(for:)`, which runs the
// resolver and looks again. One shortcut, which nothing can observe: a class whose
// `+resolveInstanceMethod:` is NSObject's own (which adds nothing and answers NO) is not sent
// it, unless sends are traced (a trace would show the send). The message could only matter
// otherwise for a class not yet initialized, and every search here is for the class of an object that was already sent a message. NSObject's own is recognised by
// identity (`Implementation.defaultInstanceMethodResolver`, shared by every runtime); a category
// or `method_setImplementation` replacing it is another implementation, so it is sent. A metaclass (a class method: `+automaticallyNotifiesObserversOf<Key>`,
// `+keyPathsForValuesAffecting<Key>`, or observing a class object) sends two resolvers on a miss
// (`+resolveClassMethod:` to the class, then `+resolveInstanceMethod:` to the metaclass,
// Runtime+Resolution.swift); it takes the same shortcut only when both are NSObject's own, the
// class is initialized (their send would initialize nothing: the class-side searches may run
// before any message reached the class) and sends are not traced (a trace would show them).
// What else the skipped sends would have done: cache a negative entry in the metaclass, which
// only spares a later query the method-list walk (that query takes this same path). No lock is
// held here: the resolver is user code.

import MiniRuntime

/// A class asked for accessor methods as Foundation asks: `class_getInstanceMethod`, which runs
/// the class's resolver on a miss.
struct AccessorLookup {
  let cls: Class
  /// Whether a miss is worth a resolver round trip: sends are traced, or a resolver the miss
  /// sends is not NSObject's own (for a metaclass, also: the class is not initialized).
  let resolves: Bool

  init(_ cls: Class) {
    self.cls = cls
    guard cls.isMetaclass else {
      resolves = cls.tracesMessageSends || !Self.isDefault(Implementation.defaultInstanceMethodResolver, in: cls.isa)
      return
    }
    // `+resolveClassMethod:` goes to the class, so it is found in this metaclass;
    // `+resolveInstanceMethod:` goes to the metaclass, so it is found in its isa.
    resolves =
      !cls.isInitialized || cls.tracesMessageSends || !Self.isDefault(Implementation.defaultClassMethodResolver, in: cls)
      || !Self.isDefault(Implementation.defaultInstanceMethodResolver, in: cls.isa)
  }

  /// Whether the resolver a send of `resolver.selector` finds in `cls` (the isa of the class it
  /// goes to) is NSObject's own implementation, which adds nothing and answers NO, or none at
  /// all (a class under a root without resolvers: the runtime sends none either). A category,
  /// `method_setImplementation` or `method_exchangeImplementations` putting anything else in its
  /// place makes it another implementation, which is then sent. Asked through the method cache
  /// (filled as the send would fill it), so the root metaclass's answer is a cache hit after
  /// the first class.
  private static func isDefault(_ resolver: (selector: Selector, implementation: Implementation), in cls: Class) -> Bool {
    let found = cls.methodImplementationWithoutResolver(for: resolver.selector)
    return found === resolver.implementation || found === Implementation.forwarding
  }

  /// The method `selector` names for instances of the class, after the class's resolver had its
  /// turn if the method lists have none.
  ///
  /// - Throws: What the resolver (or the `+initialize` its send triggers) threw.
  func method(_ selector: Selector) throws -> Method? {
    if let found = cls.instanceMethodWithoutResolver(for: selector) { return found }
    return resolves ? try cls.instanceMethod(for: selector) : nil
  }

  /// Whether instances of the class respond to `selector`, as `class_respondsToSelector` answers:
  /// the method lists, then, on a miss, `instancesRespond(to:)` (which asks the resolver) unless
  /// the resolver is NSObject's own (see the file comment).
  func responds(to selector: Selector) -> Bool {
    if cls.instanceMethodWithoutResolver(for: selector) != nil { return true }
    return resolves && cls.instancesRespond(to: selector)
  }

  /// The methods `selectors` name, in order, as ``method(_:)`` finds each: one locked lookup
  /// for all of them, then the resolver for each miss, in order.
  ///
  /// - Throws: What a resolver threw.
  func methods(_ selectors: [Selector]) throws -> [Method?] {
    var found = cls.instanceMethodsWithoutResolver(for: selectors)
    guard resolves else { return found }
    for index in found.indices where found[index] == nil {
      found[index] = try cls.instanceMethod(for: selectors[index])
    }
    return found
  }
}
