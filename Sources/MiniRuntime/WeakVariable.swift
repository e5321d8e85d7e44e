// WeakVariable.swift: a `__weak id` variable the caller owns, for objc_storeWeak and friends.
//
// Docs: docs/runtime.md#weak-references. Tests: Tests/MiniRuntimeTests/WeakVariableTests.swift.
//
// Model: the variable holds an immutable `WeakValue` box (or nothing); storing swaps in a new box
// under the variable's own `AdaptiveLock` (a leaf, Locks.swift), loading reads the box. The box
// reads nil once its object starts deallocating, so a variable needs no clearing pass at dealloc:
// that is what objc4's weak table does for its variables, and what readers see is the same.
// Moving or copying between two variables locks one, then the other, never both at once.

/// A weak variable you own: what `__weak id variable;` is, with objc4's functions on it.
///
/// ```swift
/// let variable = WeakVariable()          // objc_initWeak(&variable, nil)
/// try variable.store(ann)                // objc_storeWeak
/// variable.load() === ann                // objc_loadWeak (+1, autoreleased)
/// // … once ann is freed:
/// variable.load()                        // nil
/// ```
///
/// Storing an object whose `dealloc` is running (say, `self` inside `dealloc`) throws objc4's
/// error "Cannot form weak reference to instance (0x…) of class Person. It is possible that this
/// object was over-released, or is in the process of deallocation." (objc4 aborts the process).
///
/// Guarantees, each pinned by a test: a load after the object is freed reads nil
/// (`WeakVariableTests.loadReadsNilAfterTheObjectIsFreed`); a store of a deallocating object
/// throws and changes nothing (`storingADeallocatingObjectThrowsObjc4sError`); move empties the
/// source (`moveLeavesTheSourceEmpty`).
///
/// Objective-C: a `__weak id` variable (`objc_initWeak`, `objc_storeWeak`, `objc_loadWeak`, …)
public final class WeakVariable: @unchecked Sendable {
  private let lock = AdaptiveLock()
  /// Locking: `lock` (which also makes the dynamic exclusivity check redundant).
  @exclusivity(unchecked) private var box: WeakValue?

  /// An empty variable (`nil`).
  ///
  /// Objective-C: `objc_initWeak(&variable, nil)`
  public init() {}

  /// A variable holding `object` weakly.
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` if `object` is being deallocated.
  ///
  /// Objective-C: `objc_initWeak`
  public init(_ object: Object?) throws(RuntimeError) {
    if let object { box = try WeakValue(.object(object)) }
  }

  /// A variable holding `object` weakly, or nil if `object` is being deallocated or its class
  /// refuses weak references (where ``init(_:)`` throws).
  ///
  /// - Throws: What the class's `+initialize` threw (objc4 sends it first).
  ///
  /// Objective-C: `objc_initWeakOrNil`
  public init(orNil object: Object?) throws(RuntimeError) {
    if let object { box = try WeakValue.orNil(object) }
  }

  private func withLock<Result>(_ body: () -> Result) -> Result {
    lock.withLock(parkingKey: UInt(bitPattern: ObjectIdentifier(self)), body)
  }

  /// Stores `object` (weakly) in place of what the variable held, and returns it.
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` if `object` is being deallocated;
  ///   the variable keeps its value.
  ///
  /// Objective-C: `objc_storeWeak`
  @discardableResult
  public func store(_ object: Object?) throws(RuntimeError) -> Object? {
    let new = try object.map { object throws(RuntimeError) in try WeakValue(.object(object)) }
    replaceBox(with: new)
    return object
  }

  /// Stores `object` as ``store(_:)`` does, except that an object being deallocated, or whose
  /// class refuses weak references, is stored as nil where ``store(_:)`` throws; answers what
  /// was stored.
  ///
  /// - Throws: What the class's `+initialize` threw (objc4 sends it first); the variable keeps
  ///   its value.
  ///
  /// Objective-C: `objc_storeWeakOrNil`
  @discardableResult
  public func storeOrNil(_ object: Object?) throws(RuntimeError) -> Object? {
    var new: WeakValue?
    if let object { new = try WeakValue.orNil(object) }
    replaceBox(with: new)
    return new == nil ? nil : object
  }

  /// Swaps `new` in; the old box is released after the lock.
  private func replaceBox(with new: WeakValue?) {
    let old = withLock { () -> WeakValue? in
      defer { box = new }
      return box
    }
    withExtendedLifetime(old) {}  // released here, outside the lock
  }

  /// The object, or `nil` if there is none or it has started deallocating, retained and
  /// autoreleased as objc4's `objc_loadWeak` does (`objc_loadWeakRetained`, then
  /// `objc_autorelease`): the object lives until the innermost pool pops, even if its last strong
  /// reference goes right after the load. An object whose class has custom retain-release is
  /// asked `retainWeakReference` for that +1: a NO reads nil.
  ///
  /// ```swift
  /// try Runtime.autoreleasepool {
  ///   variable.load()                      // ann; ann.retainCount is 2
  ///   try Runtime.release(ann)             // still alive: the pool holds the load's +1
  /// }                                      // ann's dealloc runs here
  /// ```
  ///
  /// Objective-C: `objc_loadWeak`
  public func load() -> Object? { withLock { box }?.loadedValue.objectValue }

  /// The object held, without asking it anything (nil once it has started deallocating).
  private func referent() -> Object? { withLock { box }?.value.objectValue }

  /// The object with one extra retain the caller owns (give it back with `release`), or `nil`:
  /// objc4's +1 load, for code written with manual retain-release. Swift code wants ``load()``,
  /// whose result its own reference counting keeps alive.
  ///
  /// ```swift
  /// let held = variable.loadRetained()     // ann; ann.retainCount is 2
  /// try runtime.msgSend(held, "release")   // balanced
  /// ```
  ///
  /// Objective-C: `objc_loadWeakRetained`
  public func loadRetained() -> Object? {
    guard let object = referent(), object.retainWeakReference() else { return nil }
    return object
  }

  /// Makes this variable hold what `source` holds, as objc4's `objc_copyWeak` does: the source is
  /// read as `objc_loadWeakRetained` reads it (nil if its object is deallocating, or if its class
  /// answers NO to `retainWeakReference`), then stored here as `objc_initWeak` stores it, and the
  /// read's +1 given back. The source keeps its object; both variables read nil once it is freed.
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` if the object's class answers NO
  ///   to `allowsWeakReference` (objc4 aborts with "Cannot form weak reference"); this variable
  ///   keeps its value.
  ///
  /// Objective-C: `objc_copyWeak(&variable, &source)`
  public func copy(from source: WeakVariable) throws(RuntimeError) {
    let value = source.loadRetained()  // objc_loadWeakRetained: a +1 this call owns
    defer { if let value { StrongReference.release(value) } }  // objc_release, after the store
    let new = try value.map { object throws(RuntimeError) in try WeakValue(.object(object)) }
    let old = withLock { () -> WeakValue? in
      defer { box = new }
      return box
    }
    withExtendedLifetime(old) {}
  }

  /// Moves what `source` holds into this variable and empties `source`.
  ///
  /// Objective-C: `objc_moveWeak(&variable, &source)`
  public func move(from source: WeakVariable) {
    guard source !== self else { return }
    let moved = source.withLock { () -> WeakValue? in
      defer { source.box = nil }
      return source.box
    }
    let old = withLock { () -> WeakValue? in
      defer { box = moved }
      return box
    }
    withExtendedLifetime(old) {}
  }

  /// Empties the variable (it may be stored to again).
  ///
  /// Objective-C: `objc_destroyWeak`
  public func destroy() {
    let old = withLock { () -> WeakValue? in
      defer { box = nil }
      return box
    }
    withExtendedLifetime(old) {}
  }
}
