// Class+Initialize.swift: +initialize, sent lazily, once per class, before its first message.
//
// Docs: docs/runtime.md#initialize. Tests: Tests/MiniRuntimeTests/InitializeTests.swift,
// InitializeConcurrencyTests.swift.
//
// Model (objc4's initializeNonMetaClass): the first real send to a class or to one of its
// instances (a lookup with `.initialize`, Runtime+Lookup.swift) initializes the class: its
// superclass first, then `+initialize` is *sent* to it, so a subclass that does not implement
// `+initialize` runs its superclass's again with itself as receiver (the method the send's
// lookup would find is looked up when the class is claimed and called directly; a traced send
// goes through `msgSend`, so the trace shows it). Queries
// (`respondsToSelector:`, `instanceMethod(for:)`, `createInstance()`) send no `+initialize` of
// their own; `methodImplementation(for:)` does, as objc4's `class_getMethodImplementation`.
//
// State: each class moves uninitialized → initializing(by thread T) → initialized, recorded in
// its metaclass's `ClassMetadata.initialization` (where objc4 keeps RW_INITIALIZED), under
// `Runtime.lock`. While T runs `+initialize`, T itself may message the class (its sends find it
// "initializing by me" and go on, uncached); any other thread waits on `Runtime.monitor` until
// the class is initialized. If a superclass is still initializing on T when a subclass's
// `+initialize` returns (the superclass's `+initialize` messaged the subclass), the subclass
// stays "initializing by T" until the superclass is done, so no other thread uses it before its
// superclass is ready (objc4's `_finishInitializingAfter`).
//
// The cache rule that keeps this off the hot path: no cache of a class (or its metaclass) is
// filled before the class is initialized (`lookUpAndFill` checks it under `Runtime.lock`), so a
// cache hit implies an initialized class and the hit path never looks at this state.
// Once a class is initialized it stays so, and the metaclass's `initializedFlag` (a bit of
// `Class.flags`, set with a releasing store in the same lock section) says so without the lock:
// `isInitialized`, which `object_setClass` and KVO's first add ask every time, reads it first
// (docs/performance.md#where-the-time-goes-and-what-would-close-the-gaps, K7a).
// Two runtime functions initialize too, as objc4's do: `object_setClass` (the new class) and the
// weak stores (the object's class), so no object ever has an uninitialized isa.
// `+initialize` runs with no lock held; an error it throws marks the class initialized anyway
// (objc4 marks it when an exception unwinds through) and reaches the sender of the message.

/// Where a class is in `+initialize`.
///
/// Objective-C: none (objc4's `RW_INITIALIZING` / `RW_INITIALIZED` flags and the thread that
/// owns `RW_INITIALIZING`).
enum ClassInitialization: Equatable {
  case uninitialized
  case initializing(thread: UInt)
  case initialized
}

extension Class {
  /// Whether `+initialize` has been sent to this class and has returned (for a metaclass: to the
  /// class it describes). A class made by `allocateClassPair` starts uninitialized; the first
  /// message to it or to one of its instances initializes it.
  ///
  /// ```swift
  /// let ann = try person.createInstance()
  /// person.isInitialized                 // false: createInstance sends nothing
  /// try Runtime.msgSend(ann, "description")
  /// person.isInitialized                 // true
  /// ```
  ///
  /// Objective-C: none (objc4's `cls->isInitialized()`, `RW_INITIALIZED` on the metaclass).
  public var isInitialized: Bool {
    let owner = isMetaclass ? self : ownMetaclass
    // Set once, never cleared: a set bit is the answer, with what `+initialize` wrote visible
    // (acquiring, against `finishInitializing`'s releasing store); a clear one may be stale.
    if owner.flags.load(ordering: .acquiring) & Self.initializedFlag != 0 { return true }
    return owner.withMetadata { $0.initialization == .initialized }
  }

  /// Sends `+initialize` to this class (superclasses first) if no message has reached it yet,
  /// as its first message, or `object_setClass` installing it, would; nothing else (no lookup,
  /// no cache fill). A metaclass, or a class whose runtime is gone, is left as it is.
  ///
  /// - Throws: What `+initialize` threw.
  ///
  /// Objective-C: none (objc4's `initializeNonMetaClass`, which `object_setClass` calls).
  package func initializeIfNeeded() throws {
    guard !isMetaclass, !isInitialized, let runtime = linkedRuntime else { return }
    try runtime.initialize(self)  // call-out: user +initialize, no lock held
  }

  /// Set in a metaclass's `flags` once the class it describes is initialized (see the file
  /// comment).
  static let initializedFlag: UInt8 = 4

  /// Whether this class (or the class a metaclass describes) has finished `+initialize`. On
  /// every cache miss, so it reads the metaclass without reference counting.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func isInitialized(_ state: inout Runtime.State) -> Bool {
    if isMetaclass { return locked(&state).isInitialized }
    return ownMetaclass.locked(&state).isInitialized
  }
}

extension ClassMetadata {
  /// Whether the class this metaclass metadata describes is initialized.
  var isInitialized: Bool {
    if case .initialized = initialization { return true }
    return false
  }
}

extension Runtime {
  /// The class whose initialization a lookup in `cls` needs: `cls` for a class; for a metaclass,
  /// the receiver when it is a class whose isa is `cls` (a duplicated class shares its
  /// original's metaclass), else the class the metaclass describes.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func nonMetaClass(_ cls: Class, receiver: Object?, _ state: inout State) -> Class {
    guard cls.isMetaclass else { return cls }
    if let receiverClass = receiver as? Class, !receiverClass.isMetaclass, receiverClass.isa === cls {
      return receiverClass
    }
    return cls.locked(&state).instanceClass ?? cls
  }

  /// objc4's `initializeNonMetaClass`: superclass first, then this class, once. Returns when
  /// the class is initialized, or when this thread is the one initializing it.
  ///
  /// - Throws: What `+initialize` (of this class or a superclass) threw.
  func initialize(_ cls: Class) throws {
    let me = ThreadIdentity.current
    enum Claim {
      case done
      case wait
      case run(Start)
      case superclassFirst(Class)
    }
    func claim(_ state: inout State) -> Claim {
      let data = cls.ownMetaclass.locked(&state)
      switch data.initialization {
      case .initialized: return .done
      case .initializing(let thread): return thread == me ? .done : .wait
      case .uninitialized:
        data.initialization = .initializing(thread: me)
        return .run(initializeStart(of: cls, &state))  // after the superclass's +initialize
      }
    }
    // The superclass checked and the class claimed in one locked section when the superclass
    // is ready (every class but the first of a new branch); else the superclass first, then the
    // claim in a section of its own.
    var claimed = withState { state -> Claim in
      if let superclass = cls.locked(&state).superclass, !superclass.isInitialized(&state) {
        return .superclassFirst(superclass)
      }
      return claim(&state)
    }
    if case .superclassFirst(let superclass) = claimed {
      try initialize(superclass)
      claimed = withState { claim(&$0) }
    }
    let start: Start
    switch claimed {
    case .done: return
    case .wait: return waitUntilInitialized(cls)
    case .run(let how): start = how
    case .superclassFirst: preconditionFailure("the superclass was initialized above")
    }
    var failure: (any Error)?
    do {
      // Call-outs: user +initialize, no lock held. A class with no +initialize up its chain (a
      // root class of the user's) is simply marked initialized.
      switch start {
      case .call(let implementation): _ = try implementation.body(cls, "initialize", Arguments())
      case .send: _ = try msgSend(cls, "initialize")
      case .nothing: break
      }
    } catch {
      failure = error
    }
    finishInitializing(cls)
    if let failure { throw failure }
  }

  /// How the `+initialize` of a class being initialized runs.
  enum Start {
    /// The method the send's lookup would find, called directly: the send's lookup would go
    /// through `initialize(_:)` again, find the class initializing on this thread and look on,
    /// four locked sections (K6).
    case call(Implementation)
    /// Sent through `msgSend`, so that a trace of sends shows it.
    case send
    /// Nothing to run: no class up the metaclass chain has `+initialize`.
    case nothing
  }

  /// How the `+initialize` of `cls`, which this thread has just claimed, runs: the method its
  /// send would find up `cls`'s isa chain (a cache there could only repeat it).
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  private func initializeStart(of cls: Class, _ state: inout State) -> Start {
    guard let method = cls.withIsa({ findMethod("initialize", in: $0, &state) }) else { return .nothing }
    if cls.events.tracesSends { return .send }
    return .call(method.sendImplementation(&state))
  }

  /// `initialize(_:)` for a runtime function that throws only ``RuntimeError``s: the isa change
  /// of `object_setClass` and the weak store of `objc_storeWeak`, which objc4 makes initialize
  /// the class first. Another error `+initialize` threw comes back as `invalidArgument`, naming it.
  func initializeForStore(_ cls: Class, _ function: String) throws(RuntimeError) {
    do {
      try initialize(cls)
    } catch let error as RuntimeError {
      throw error
    } catch {
      throw RuntimeError(.invalidArgument, "\(function): +[\(cls.name) initialize] threw \(error)")
    }
  }

  /// Marks `cls` initialized, with the subclasses that were waiting for it, or leaves it pending
  /// until its superclass (still initializing on this thread) is done; then wakes the waiters.
  private func finishInitializing(_ cls: Class) {
    withState { state in
      if let superclass = cls.locked(&state).superclass, !superclass.isInitialized(&state) {
        superclass.ownMetaclass.locked(&state).initializationPending.append(cls)
        return
      }
      // `cls`, then the subclasses left pending on it (usually none: no list is allocated).
      var next = cls
      var pending: [Class] = []
      while true {
        let data = next.ownMetaclass.locked(&state)
        data.initialization = .initialized
        next.ownMetaclass.flags.bitwiseOr(Class.initializedFlag, ordering: .releasing)
        state.record(.classInitialized(name: next.name))
        if !data.initializationPending.isEmpty {
          pending += data.initializationPending
          data.initializationPending = []
        }
        guard let following = pending.popLast() else { break }
        next = following
      }
    }
    monitor.broadcast()
  }

  /// Sleeps until another thread finishes initializing `cls`.
  private func waitUntilInitialized(_ cls: Class) {
    monitor.withLock {
      while true {
        let done = withState { state -> Bool in
          switch cls.ownMetaclass.locked(&state).initialization {
          case .initializing(let thread): return thread == ThreadIdentity.current
          case .initialized, .uninitialized: return true
          }
        }
        if done { return }
        monitor.wait()
      }
    }
  }
}
