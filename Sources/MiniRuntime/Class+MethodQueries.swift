// Class+MethodQueries.swift: asking a class which method or implementation a selector names.
//
// Docs: docs/runtime.md#the-lookup. Tests: Tests/MiniRuntimeTests/MethodQueryTests.swift,
// LookupTests.swift, MethodCacheTests.swift.
//
// Two families, both going through the one lookup (Runtime+Lookup.swift):
//   - objc4's queries, which may run user code as objc4's do: `instanceMethod(for:)` and
//     `classMethod(for:)` run the resolver (`LOOKUP_RESOLVER`, no +initialize of their own);
//     `methodImplementation(for:)` runs +initialize and the resolver; `instancesRespond(to:)` runs
//     the resolver. User code runs with no lock held, and what it throws reaches the caller.
//   - the plain queries (`…WithoutResolver`), which run no user code: the reference the cached
//     send is tested against, and the first try of layers above (KVO's AccessorLookup.swift asks
//     the plain query, then on a miss `instanceMethod(for:)`, as Foundation's accessor search
//     goes through `class_getInstanceMethod` and so through the resolver).

extension Class {
  /// The method `selector` names for instances of this class, searching superclasses; if there
  /// is none, the class's `+resolveInstanceMethod:` (for a metaclass, `+resolveClassMethod:`)
  /// runs once and the lists are searched again. As objc4's, the query reads no cache of this
  /// class first, so each query of a missing method asks the resolver again (a send or
  /// `instancesRespond(to:)` after the first miss finds the cached negative entry and does not).
  ///
  /// ```swift
  /// try person.instanceMethod(for: "age")?.typeEncoding   // "q16@0:8"
  /// try person.instanceMethod(for: "fly")                 // nil, after +resolveInstanceMethod:
  /// ```
  ///
  /// As objc4, the query sends no `+initialize` of its own; sending the resolve message
  /// initializes the class as any message does. The null selector names no method (`nil`, no
  /// resolver); a malformed name is looked up as any other (decision 0027).
  ///
  /// - Throws: What the resolver (or the `+initialize` its send triggers) threw.
  /// - Complexity: O(*d*) in the depth of the hierarchy, plus the resolver on a miss.
  ///
  /// Objective-C: `class_getInstanceMethod`
  public func instanceMethod(for selector: Selector) throws -> Method? {
    guard let runtime = linkedRuntime, !selector.isNull else { return nil }
    _ = try runtime.lookUp(selector, in: self, receiver: nil, behavior: [.resolver, .nilOnMiss, .skipsOwnCache])
    return instanceMethodWithoutResolver(for: selector)
  }

  /// The class method `selector` names, searching superclasses (and, at the root, NSObject's
  /// instance methods, since the root metaclass inherits from the root class); if there is
  /// none, `+resolveClassMethod:` runs once (then `+resolveInstanceMethod:` on the metaclass).
  ///
  /// - Throws: What the resolver threw.
  ///
  /// Objective-C: `class_getClassMethod`
  public func classMethod(for selector: Selector) throws -> Method? {
    try (isMetaclass ? self : isa).instanceMethod(for: selector)
  }

  /// The implementation `msgSend` would run for `selector` on an instance of this class:
  /// through the cache, after `+initialize` and, on a miss, the resolver; the forwarding
  /// implementation (`_objc_msgForward`) when nothing implements it; `nil` for the null
  /// selector, as objc4 answers for `NULL` (no lookup, no `+initialize`).
  ///
  /// ```swift
  /// try person.methodImplementation(for: "age")?.name   // "-[Person age]" (Person now initialized)
  /// try person.methodImplementation(for: "fly") === Implementation.forwarding   // true
  /// try person.methodImplementation(for: .null)          // nil
  /// ```
  ///
  /// - Throws: What `+initialize` or the resolver threw.
  /// - Complexity: O(1) on a cache hit; a miss walks the superclass chain under the runtime lock.
  ///
  /// Objective-C: `class_getMethodImplementation`
  public func methodImplementation(for selector: Selector) throws -> Implementation? {
    if let cached = cache.lookUp(selector) { return cached.implementation.unthunked }  // a hit implies initialized
    if selector.isNull { return nil }
    guard let runtime = linkedRuntime else { return .forwarding }
    return try runtime.lookUp(selector, in: self, receiver: nil, behavior: [.initialize, .resolver])?.unthunked ?? .forwarding
  }

  /// What ``methodImplementation(for:)`` answers, for a method that returns a structure in memory:
  /// the same implementation when one is found, but ``Implementation/forwardingStret`` (objc4's
  /// `_objc_msgForward_stret`) instead of ``Implementation/forwarding`` when nothing implements
  /// `selector`; `nil` for the null selector. objc4 has it on Intel only (arm64 returns every
  /// structure the same way); MiniRuntime has it everywhere.
  ///
  /// ```swift
  /// try person.methodImplementationStret(for: "fly") === Implementation.forwardingStret   // true
  /// ```
  ///
  /// - Throws: What `+initialize` or the resolver threw.
  ///
  /// Objective-C: `class_getMethodImplementation_stret`
  public func methodImplementationStret(for selector: Selector) throws -> Implementation? {
    let found = try methodImplementation(for: selector)
    return found === Implementation.forwarding ? .forwardingStret : found
  }

  /// Whether instances respond to `selector`; may run `+resolveInstanceMethod:`, never
  /// `+initialize`. An error the resolver throws counts as "does not respond".
  ///
  /// Objective-C: `class_respondsToSelector`
  public func instancesRespond(to selector: Selector) -> Bool {
    linkedRuntime?.responds(self, to: selector) ?? false
  }

  // MARK: - Queries that run no user code

  /// The method `selector` names for instances of this class, searching superclasses, without
  /// running the resolver: the plain, uncached lookup, which the tests compare with the cache.
  ///
  /// - Complexity: O(*d*) in the depth of the hierarchy.
  ///
  /// Objective-C: none (MiniKVO extension: `class_getInstanceMethod` without
  /// `+resolveInstanceMethod:`).
  public func instanceMethodWithoutResolver(for selector: Selector) -> Method? {
    guard let runtime = linkedRuntime else { return nil }
    return runtime.withState { state in runtime.findMethod(selector, in: self, &state) }
  }

  /// The methods `selectors` name for instances of this class, in order, each as
  /// ``instanceMethodWithoutResolver(for:)`` would find it (`nil` where there is none), all in
  /// one locked section and one walk of the superclass chain: what KVO asks a class for when it
  /// first observes one of its keys (a setter and a dozen to-many mutators).
  ///
  /// ```swift
  /// person.instanceMethodsWithoutResolver(for: ["setAge:", "fly", "description"])
  /// // [-[Person setAge:], nil, -[NSObject description]]
  /// ```
  ///
  /// - Complexity: O(*n* × *d*) for *n* selectors and a hierarchy *d* deep.
  ///
  /// Objective-C: none (MiniKVO extension: several `class_getInstanceMethod` without
  /// `+resolveInstanceMethod:`, under one lock).
  public func instanceMethodsWithoutResolver(for selectors: [Selector]) -> [Method?] {
    guard let runtime = linkedRuntime else { return [Method?](repeating: nil, count: selectors.count) }
    return runtime.withState { state in runtime.findMethods(selectors, in: self, &state) }
  }

  /// The implementation `msgSend` would run for `selector` now, or the forwarding
  /// implementation: through the cache, running no user code (no `+initialize`, no resolver).
  /// It fills the cache only once the class is initialized.
  ///
  /// - Complexity: O(1) on a cache hit; a miss walks the superclass chain under the runtime lock.
  ///
  /// Objective-C: none (MiniKVO extension: `class_getMethodImplementation` without
  /// `+initialize` and `+resolveInstanceMethod:`).
  public func methodImplementationWithoutResolver(for selector: Selector) -> Implementation {
    if let cached = cache.lookUp(selector) { return cached.implementation.unthunked }
    guard let runtime = linkedRuntime else { return .forwarding }
    return runtime.query(selector, in: self)?.unthunked ?? .forwarding
  }
}
