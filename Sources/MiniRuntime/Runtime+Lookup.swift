// Runtime+Lookup.swift: the one slow-path lookup every caller shares, with behaviour flags
// (objc4's `lookUpImpOrForward(inst, sel, cls, behavior)`).
//
// Docs: docs/runtime.md#the-lookup. Tests: Tests/MiniRuntimeTests/LookupTests.swift,
// MethodCacheTests.swift, ForwardingTests.swift.
//
// Who asks for what (decision 0011):
//   send, super send          [.initialize, .resolver]   (then forwarding if nothing is found)
//   respondsToSelector:,
//     instancesRespond(to:)   [.resolver, .nilOnMiss]    (runs the resolver, never +initialize)
//   methodImplementation(for:) [.initialize, .resolver]  (class_getMethodImplementation)
//   instanceMethod(for:),
//     classMethod(for:)       [.resolver, .nilOnMiss, .skipsOwnCache] (class_getInstanceMethod /
//                             …ClassMethod: no cache read first, so a miss asks the resolver each time)
//   …WithoutResolver(for:),
//     Object.runs(_:for:)     []                         (runs no user code)
//   Object.sendWouldRun(_:for:) [.initialize, .nilOnMiss] (a send's lookup without the call)
//   the runtime's own checks  [.nilOnMiss]               (is there a resolver, a forwarding target…)
// Only a lookup with `.initialize` sends +initialize, and only one with `.resolver` runs
// +resolveInstanceMethod: / +resolveClassMethod:.
//
// The cache rule: a lookup fills the cache of the class it started in, under `Runtime.lock`, in
// the same locked section as the method-list walk (fill vs flush), and only if that class is
// initialized ("never cache before +initialize is done", objc4's `cache_t::insert`), so a cache
// hit implies an initialized class. A negative entry (`Implementation.forwarding`) is cached only
// after the resolver has had its turn, so a query can never hide the resolver from a later send.
// User code (+initialize, resolvers) always runs with no lock held.

/// What a lookup may do besides searching the method lists.
///
/// Objective-C: none (objc4's `LOOKUP_INITIALIZE`, `LOOKUP_RESOLVER`, `LOOKUP_NIL`, `LOOKUP_NOCACHE`).
struct LookupBehavior: OptionSet {
  let rawValue: UInt8
  /// Send `+initialize` first if the class is not initialized (real sends only).
  static let initialize = LookupBehavior(rawValue: 1)
  /// On a miss, run the class's resolver once and look again.
  static let resolver = LookupBehavior(rawValue: 2)
  /// Answer `nil` rather than the forwarding implementation when nothing is found.
  static let nilOnMiss = LookupBehavior(rawValue: 4)
  /// Never fill the cache.
  static let noCache = LookupBehavior(rawValue: 8)
  /// Do not read the starting class's cache: objc4's `class_getInstanceMethod` calls
  /// `lookUpImpOrForward` directly, the one caller that looked in no cache first, so a negative
  /// entry does not keep its resolver from running again.
  static let skipsOwnCache = LookupBehavior(rawValue: 16)
}

extension Runtime {
  /// The implementation `msgSend` runs for `selector` from `cls`: a cached or found method, one
  /// added by the resolver, or the forwarding implementation. Initializes the class first.
  ///
  /// - Throws: `invalidSelectorName`, `foreignRuntime`, or what `+initialize` or the resolver
  ///   threw.
  ///
  /// Objective-C: `lookUpImpOrForward` with `LOOKUP_INITIALIZE | LOOKUP_RESOLVER`
  static func implementation(for selector: Selector, in cls: Class, receiver: Object) throws -> Implementation {
    // objc4 registers any name as a selector and a method may carry any of them, so a malformed
    // one is looked up like the others: found if a class added it, else forwarded to
    // doesNotRecognizeSelector: (decision 0027). Only the null selector is refused.
    if selector.isNull { throw RuntimeError(.invalidSelectorName, "invalid selector: the selector is null") }
    guard let runtime = cls.linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "cannot send '\(selector.name)': the runtime of \(cls.name) no longer exists")
    }
    // The common miss (an initialized class, a method that exists) in one locked pass; the
    // general lookup below only when the class must be initialized or nothing was found.
    if case .found(let found) = runtime.lookUpAndFill(selector, in: cls, receiver: receiver, behavior: .initialize) {
      return found
    }
    return try runtime.lookUp(selector, in: cls, receiver: receiver, behavior: [.initialize, .resolver]) ?? .forwarding
  }

  /// The lookup: what `selector` runs from `cls`, doing what `behavior` allows.
  ///
  /// - Returns: The implementation a send calls (from the cache, the method lists or the
  ///   resolver; perhaps a conversion thunk, whose `unthunked` is the method's implementation);
  ///   the forwarding implementation when nothing is found, or `nil` with `.nilOnMiss`.
  /// - Throws: Only with `.initialize` or `.resolver`: what the user code they run throws.
  /// - Complexity: O(*d*) in the depth of the superclass chain, plus the user code it runs.
  func lookUp(_ selector: Selector, in cls: Class, receiver: Object?, behavior: LookupBehavior) throws -> Implementation? {
    var behavior = behavior
    var pass = lookUpAndFill(selector, in: cls, receiver: receiver, behavior: behavior)
    if case .uninitialized(let target) = pass {
      try initialize(target)  // call-out: user +initialize, no lock held
      behavior.remove(.initialize)  // done, or running on this thread: look on without it
      pass = lookUpAndFill(selector, in: cls, receiver: receiver, behavior: behavior)
    }
    if case .found(let found) = pass {
      return found === Implementation.forwarding && behavior.contains(.nilOnMiss) ? nil : found
    }
    guard behavior.contains(.resolver) else {
      return behavior.contains(.nilOnMiss) ? nil : .forwarding
    }
    try resolve(selector, in: cls, receiver: receiver)  // call-out: user resolvers, no lock held
    // Look again and cache the negative entry in one locked section: a method another thread
    // added after the lookups above must win. Filling `.forwarding` in a separate section let
    // an `addMethod` slip in between and leave a stale negative entry behind (fill vs flush,
    // negative side; pinned by ConcurrencyTests.missRacingAddMethodLeavesNoStaleNegativeEntry).
    guard case .found(let again) = lookUpAndFill(selector, in: cls, receiver: receiver, behavior: behavior, cachingMiss: true)
    else { return behavior.contains(.nilOnMiss) ? nil : .forwarding }
    return again === Implementation.forwarding && behavior.contains(.nilOnMiss) ? nil : again
  }

  /// A lookup that runs no user code: the method `selector` names from `cls`, or `nil`.
  func query(_ selector: Selector, in cls: Class) -> Implementation? {
    // Cannot throw: without `.initialize` and `.resolver` the lookup runs no user code.
    (try? lookUp(selector, in: cls, receiver: nil, behavior: .nilOnMiss)) ?? nil
  }

  /// What one locked pass of the lookup found.
  enum Pass {
    /// An implementation (perhaps `.forwarding`, a negative entry).
    case found(Implementation)
    /// Nothing in the method lists.
    case missing
    /// The lookup may initialize, and this class is not initialized yet: do it, then look again.
    case uninitialized(Class)
  }

  /// One locked pass: with `.initialize`, reports a class to initialize first; then looks
  /// `selector` up from `cls` (cache, then method lists) and caches what it finds if `behavior`
  /// and the class's state allow (see the cache rule above). With `cachingMiss`, a miss returns
  /// (and may cache) `.forwarding`, the negative entry.
  func lookUpAndFill(
    _ selector: Selector, in cls: Class, receiver: Object?, behavior: LookupBehavior, cachingMiss: Bool = false
  ) -> Pass {
    withState { state -> Pass in
      if !behavior.contains(.skipsOwnCache), let hit = cls.cache.lookUp(selector) { return .found(hit.implementation) }  // implies initialized
      let initialized = cls.isInitialized(&state)
      if behavior.contains(.initialize) && !initialized {
        return .uninitialized(nonMetaClass(cls, receiver: receiver, &state))
      }
      let fills = initialized && !state.cachesDisabled && !behavior.contains(.noCache)
      guard let method = findMethod(selector, in: cls, &state) else {
        guard cachingMiss else { return .missing }
        if fills { cls.cache.fill(selector, with: .forwarding, &state) }
        return .found(.forwarding)
      }
      // What a send calls: perhaps a thunk converting the arguments (Method+ArgumentConversion.swift).
      let implementation = method.sendImplementation(&state)
      if fills { cls.cache.fill(selector, with: implementation, &state) }
      return .found(implementation)
    }
  }

  /// The method `selector` names for instances of `cls`: the reference lookup, with no cache.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  ///
  /// - Complexity: O(*d*) in the depth of the superclass chain.
  func findMethod(_ selector: Selector, in cls: Class, _ state: inout State) -> Method? {
    // The walk holds no class: under the lock each class of the chain is held by its
    // subclass's metadata (the first by the caller), so a retained step (three retains and
    // three releases of the class, its metadata and its superclass) bought nothing.
    var current = Unmanaged.passUnretained(cls)
    while true {
      var next: Unmanaged<Class>? = nil
      let found = current._withUnsafeGuaranteedRef { $0.locked(&state).method(for: selector, orSuperclass: &next) }
      if let found { return found }
      guard let superclass = next else { return nil }
      current = superclass
    }
  }

  /// The methods `selectors` name for instances of `cls`, in order (`nil` where there is
  /// none): ``findMethod(_:in:_:)`` for each, with one walk of the superclass chain for all of
  /// them. Each selector still gets the first method up the chain, as its own walk would find.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  ///
  /// - Complexity: O(*n* × *d*) for *n* selectors and a hierarchy *d* deep.
  func findMethods(_ selectors: [Selector], in cls: Class, _ state: inout State) -> [Method?] {
    var found: [Method?] = []  // appended, not `init(repeating:count:)`, which is not specialized here
    found.reserveCapacity(selectors.count)
    for _ in selectors { found.append(nil) }
    var missing = selectors.count
    var current = Unmanaged.passUnretained(cls)  // unretained, as in `findMethod`
    while missing > 0 {
      var next: Unmanaged<Class>? = nil
      current._withUnsafeGuaranteedRef { each in
        let data = each.locked(&state)
        for (position, selector) in selectors.enumerated() where found[position] == nil {
          guard let method = data.methods[selector] else { continue }
          found[position] = method
          missing -= 1
        }
        next = data.unretainedSuperclass
      }
      guard let superclass = next else { break }
      current = superclass
    }
    return found
  }

  /// Whether instances of `cls` (or `receiver`) respond to `selector`: the resolver may add it;
  /// `+initialize` is not sent.
  ///
  /// Objective-C: `class_respondsToSelector` (`lookUpImpOrNilTryCache` with `LOOKUP_RESOLVER`)
  func responds(_ cls: Class, to selector: Selector, receiver: Object? = nil) -> Bool {
    guard !selector.isNull else { return false }
    return ((try? lookUp(selector, in: cls, receiver: receiver, behavior: [.resolver, .nilOnMiss])) ?? nil) != nil
  }
}
