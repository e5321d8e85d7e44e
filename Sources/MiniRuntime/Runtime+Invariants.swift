// Runtime+Invariants.swift: the structural invariants of the runtime, checkable at any time.
//
// Docs: docs/runtime.md#invariants. Tests: every runtime-mutating test ends with
// `try runtime.checkInvariants()`.
//
// The checks:
//   1. Metaclass graph: the metaclass of a class is a metaclass; the isa of every metaclass is
//      its hierarchy's root metaclass, whose isa is itself and whose superclass is the root class.
//      A class object's isa is its metaclass, or a registered metaclass inheriting from it (KVO
//      observing the class object: Object+Class.swift).
//   2. The metaclass's superclass is the superclass's metaclass.
//   3. Subclass lists and superclass links agree, in both directions.
//   4. Every cache entry agrees with the plain, uncached lookup (or is the forwarding entry of a
//      selector no class in the chain implements).
//   5. Method dictionaries and method lists agree (the dictionary holds each selector's first
//      method in the list); instance counts are not negative.
//   6. The handle invariants (UnretainedImplementation.swift): every implementation a method or
//      a cache entry points to without retaining it is retained by a class of the chain.
//   7. No cache of a class that is not initialized holds entries (so a hit implies +initialize ran).

extension Runtime {
  /// Every broken invariant, as sentences; empty when the runtime is consistent.
  ///
  /// Objective-C: none (MiniKVO extension; compare objc4's debug-mode `checkIsKnownClass` …).
  public func invariantViolations() -> [String] {
    withState { state in
      var problems: [String] = []
      let classes = state.listed
      for cls in classes {
        problems += violations(of: cls, &state)
        let meta = cls.ownMetaclass
        problems += violations(of: meta, &state)
        if !meta.isMetaclass { problems.append("metaclass of \(cls.name) is not a metaclass") }
        // A class object's isa is its metaclass, or a registered metaclass inheriting from it
        // (KVO's notifying metaclass: Object+Class.swift).
        let isa = cls.isa
        if isa !== meta
          && (!isa.isMetaclass || isa.locked(&state).state != .registered
            || !isa.superclassChainLocked(&state).contains(where: { $0 === meta }))
        {
          problems.append("isa of \(cls.name) is neither its metaclass nor a registered metaclass inheriting from it")
        }
        let root = cls.superclassChainLocked(&state).last ?? cls
        if meta.isa !== root.ownMetaclass { problems.append("isa of \(cls.name)'s metaclass is not the root metaclass") }
        // A duplicate's metaclass is its original's (Runtime+DuplicateClass.swift).
        let expected = cls.locked(&state).superclass?.ownMetaclass ?? meta.locked(&state).instanceClass ?? cls
        if meta.locked(&state).superclass !== expected {
          problems.append("superclass of \(cls.name)'s metaclass is not \(Class.label(expected))")
        }
        if cls.instanceCount.load(ordering: .relaxed) < 0 {
          problems.append("\(cls.name) has a negative instance count")
        }
      }
      let rootMeta = rootClass.ownMetaclass
      if rootMeta.isa !== rootMeta { problems.append("the root metaclass's isa is not itself") }
      if rootMeta.locked(&state).superclass !== rootClass {
        problems.append("the root metaclass's superclass is not the root class")
      }
      return problems
    }
  }

  /// Throws if any invariant is broken (see ``invariantViolations()``).
  ///
  /// Objective-C: none (MiniKVO extension).
  public func checkInvariants() throws {
    let problems = invariantViolations()
    guard problems.isEmpty else {
      throw RuntimeError(.invalidArgument, "runtime invariants violated:\n" + problems.joined(separator: "\n"))
    }
  }

  private func violations(of cls: Class, _ state: inout State) -> [String] {
    var problems: [String] = []
    let data = cls.locked(&state)
    let label = Class.label(cls)
    for sub in data.subclasses where sub.locked(&state).superclass !== cls {
      problems.append("\(Class.label(sub)) is listed under \(label) but its superclass differs")
    }
    if let superclass = data.superclass, !superclass.locked(&state).subclasses.contains(where: { $0 === cls }) {
      problems.append("\(label) is missing from the subclass list of \(Class.label(superclass))")
    }
    // The dictionary holds, per selector, the first method of that selector in the list (a
    // category's comes before the class's own: Class+Categories.swift).
    var firstBySelector: [Selector: Method] = [:]
    for method in data.methodOrder where firstBySelector[method.selector] == nil {
      firstBySelector[method.selector] = method
    }
    if data.methods.count != firstBySelector.count
      || firstBySelector.contains(where: { data.methods[$0.key] !== $0.value })
    {
      problems.append("method dictionary and method list of \(label) disagree")
    }
    let chain = cls.superclassChainLocked(&state)
    for method in data.methodOrder
    where !UnretainedImplementation(method.implementation).checkInvariants(retainedBy: [cls], &state) {
      problems.append("\(label) does not retain the implementation of \(method.selector.name)")
    }
    let entries = cls.cache.entries(&state)
    if !entries.isEmpty && !cls.isInitialized(&state) {
      problems.append("cache of \(label) holds entries before +initialize is done")
    }
    for entry in entries where !entry.implementation.checkInvariants(retainedBy: chain, &state) {
      problems.append("cache of \(label) points to an implementation no class of its chain retains")
    }
    for entry in entries {
      let selector = SelectorTable.shared.selector(at: entry.selectorIndex)
      let method = selector.flatMap { findMethod($0, in: cls, &state) }
      let agrees =
        method.map { entry.implementation.runs($0.implementation) }
        ?? entry.implementation.refers(to: .forwarding)
      if !agrees {
        problems.append("cache of \(label) holds a stale entry for \(selector?.name ?? "#\(entry.selectorIndex)")")
      }
    }
    return problems
  }
}

extension Class {
  /// The superclass chain, read under the lock already held.
  func superclassChainLocked(_ state: inout Runtime.State) -> [Class] {
    var chain: [Class] = []
    var each: Class? = self
    while let cls = each {
      chain.append(cls)
      each = cls.locked(&state).superclass
    }
    return chain
  }
}
