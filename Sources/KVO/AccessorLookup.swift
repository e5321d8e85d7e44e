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
// it. The message could only matter for a class not yet initialized, and every search here is
// for the class of an object that was already sent a message. NSObject's own is recognised by
// where it lives (the root metaclass) and its name; a category replacing it gives it another name,
// so its resolver is sent. A metaclass (observing a class object) always goes through the
// resolver path (`+resolveClassMethod:`, then `+resolveInstanceMethod:`). No lock is held here:
// the resolver is user code.

import MiniRuntime

/// A class asked for accessor methods as Foundation asks: `class_getInstanceMethod`, which runs
/// the class's resolver on a miss.
struct AccessorLookup {
  let cls: Class
  /// Whether a miss is worth a resolver round trip: the class's `+resolveInstanceMethod:` is
  /// not NSObject's own, or the class is a metaclass.
  let resolves: Bool

  private static let resolveInstanceMethod = Selector(interning: "resolveInstanceMethod:")
  private static let rootResolverName = "+[NSObject resolveInstanceMethod:]"

  init(_ cls: Class) {
    self.cls = cls
    guard !cls.isMetaclass else {
      resolves = true
      return
    }
    guard let resolver = cls.isa.instanceMethodWithoutResolver(for: Self.resolveInstanceMethod) else {
      resolves = false  // a class under a root without resolvers: the runtime sends none either
      return
    }
    let isRootDefault =
      resolver.owner === cls.runtime?.rootClass.isa && resolver.implementation.name == Self.rootResolverName
    resolves = !isRootDefault
  }

  /// The method `selector` names for instances of the class, after the class's resolver had its
  /// turn if the method lists have none.
  ///
  /// - Throws: What the resolver (or the `+initialize` its send triggers) threw.
  func method(_ selector: Selector) throws -> Method? {
    if let found = cls.instanceMethodWithoutResolver(for: selector) { return found }
    return resolves ? try cls.instanceMethod(for: selector) : nil
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
