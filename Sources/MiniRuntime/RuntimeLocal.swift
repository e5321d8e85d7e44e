// RuntimeLocal.swift: state a layer above the runtime keeps once per runtime.
//
// Docs: docs/runtime.md#runtime-local-state. Tests: Tests/MiniRuntimeTests/RuntimeLocalTests.swift.
//
// Model: Foundation keeps KVO's registry of notifying classes in globals of its own image, where
// no program can reach them. A MiniRuntime process has many runtimes, so a layer above (KVO, the
// KVO controller) needs one such global per runtime. Storing it as an associated object of
// NSObject would let user code remove it (`removeAssociatedObjects()` on the root class); a
// `RuntimeLocal` is instead a slot in the runtime itself, reachable only through the key, which
// the layer keeps private. Nothing can remove or replace a value once stored: it lives as long as
// the runtime.
//
// Locking: the slots are a short list guarded by `RuntimeLocals.lock`, an `AdaptiveLock` held for a few
// loads and stores (a leaf, like `Object.lock`), so a read costs what an associated-object read
// costs. Making a value the first time is serialized by `RuntimeLocals.creation`, a `Lock` that is
// the outermost of the runtime's locks: `make` may call the runtime (class pairs, methods), whose
// events are held back (`deferringEvents`) until the lock is released.

import Synchronization

/// A slot for state that a layer above the runtime keeps once per runtime, which user code
/// cannot remove: what Foundation keeps in its own globals.
///
/// ```swift
/// static let registry = RuntimeLocal<Registry>("MyLayer.registry")
/// let mine = registry.value(in: runtime) { Registry() }   // made on first use, then the same
/// registry.value(in: runtime) === mine                       // true
/// ```
///
/// Keep the key private to the layer (a `static let`): whoever holds the key can read the state,
/// and nobody can remove it; it is released with the runtime.
///
/// Objective-C: none (MiniKVO extension; Foundation keeps such state in its own globals, and
/// there is one runtime per process).
public final class RuntimeLocal<State: AnyObject & Sendable>: Sendable, CustomStringConvertible {
  /// A label for descriptions.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let name: String
  /// Unique in the process (never reused, unlike an address), so a slot is only ever read with
  /// the type its key stored.
  private let id: UInt64

  /// Creates a key; every key is distinct from every other, whatever its name.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ name: String) {
    self.name = name
    id = runtimeLocalKeyCounter.wrappingAdd(1, ordering: .relaxed).newValue
  }

  /// The state stored under this key in `runtime`, or `nil` if none was made yet.
  ///
  /// - Complexity: O(*k*) in the number of keys used with `runtime` (a few), under a short lock.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func value(in runtime: Runtime) -> State? {
    // Only this key stores under `id`, always a `State`. Unwrapped by hand: `Optional.map` is
    // not specialized for a caller in another module (KVO asks on every first add: K7a), and
    // went through the optional's value witnesses.
    guard let value = runtime.locals.value(for: id) else { return nil }
    return unsafeDowncast(value, to: State.self)
  }

  /// The state stored under this key in `runtime`, made with `make` and stored on first use.
  ///
  /// Two threads asking at once get the same value: `make` runs once per runtime and key.
  ///
  /// - Parameters:
  ///   - runtime: The runtime whose state it is.
  ///   - make: Makes the state. It runs under the runtime's creation lock (the outermost
  ///     lock), so it may call the runtime (add classes or methods: their events are delivered once
  ///     it returns) but must not run user code or wait for another thread that needs this lock.
  /// - Throws: What `make` throws; then nothing is stored.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func value(in runtime: Runtime, creatingWith make: () throws -> State) rethrows -> State {
    if let existing = value(in: runtime) { return existing }
    return try runtime.deferringEvents {
      try runtime.locals.creation.withLock {
        if let existing = value(in: runtime) { return existing }
        let made = try make()
        runtime.locals.store(made, for: id)
        return made
      }
    }
  }

  /// The key's name.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { name }
}

/// The last `RuntimeLocal` key id handed out (process-wide).
private let runtimeLocalKeyCounter = Atomic<UInt64>(0)

/// The runtime-local slots of one runtime. See the file comment for the locking rules.
final class RuntimeLocals: @unchecked Sendable {
  /// Serializes first-time creation (see `RuntimeLocal.value(in:creatingWith:)`).
  let creation = Lock()
  /// Guards `slots`. A leaf.
  private let lock = AdaptiveLock()
  /// Locking: `lock`. Only ever appended to.
  @exclusivity(unchecked) private var slots: [(key: UInt64, value: any AnyObject & Sendable)] = []

  func value(for key: UInt64) -> (any AnyObject & Sendable)? {
    lock.withLock(parkingKey: UInt(bitPattern: ObjectIdentifier(self))) {
      for slot in slots where slot.key == key { return slot.value }
      return nil
    }
  }

  /// Locking: caller holds `creation` (so no other value for `key` can be stored meanwhile).
  func store(_ value: any AnyObject & Sendable, for key: UInt64) {
    lock.withLock(parkingKey: UInt(bitPattern: ObjectIdentifier(self))) { slots.append((key, value)) }
  }
}
