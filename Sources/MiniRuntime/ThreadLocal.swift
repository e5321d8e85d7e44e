// ThreadLocal.swift: an object per thread, in thread-specific storage.
//
// Docs: docs/runtime.md#thread-local-state. Tests: Tests/MiniRuntimeTests/ThreadLocalTests.swift.
//
// Model: objc4 and Foundation keep per-thread state (the runtime's pending `+initialize` list,
// KVO's pending changes) in thread-specific data. A `ThreadLocal` is one `pthread_key_t` whose
// slot holds, on each thread that asked, one object made on that thread's first use and
// released when the thread ends. Only the owning thread ever reads or writes its object, so the
// object needs no lock (its fields may skip the dynamic exclusivity check, as the users' do).
// The slot keeps the object alive for the thread's life, so the owning thread may use it without
// reference counting (`withCurrent`), which is what keeps the set path free of retain/release.
//
// Keys are a process resource (`PTHREAD_KEYS_MAX`, at least 128): make a `ThreadLocal` once, as a
// `static let`, never per call.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An object per thread, made on each thread's first use and released when that thread ends.
///
/// ```swift
/// static let pending = ThreadLocal { PendingWork() }
/// pending.current.items.append(item)          // this thread's object only
/// pending.withCurrent { $0.items.count }      // the same, without reference counting
/// ```
///
/// Only the thread that owns an object should touch it: that is what makes it safe without a
/// lock. Make each `ThreadLocal` once (a `static let`): it holds a thread-specific-data key.
///
/// Objective-C: none (objc4's `tls_get_direct` / `_objc_fetch_pthread_data`, Foundation's
/// `_CFGetTSD`).
public final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
  /// The thread-specific-data key; its destructor releases each thread's object.
  @usableFromInline let key: pthread_key_t
  @usableFromInline let make: @Sendable () -> Value

  /// Creates the per-thread slot; `make` makes a thread's object on its first use.
  ///
  /// Objective-C: none (`pthread_key_create`).
  public init(_ make: @escaping @Sendable () -> Value) {
    var key = pthread_key_t()
    pthread_key_create(&key) { pointer in
      guard let pointer else { return }
      Unmanaged<AnyObject>.fromOpaque(pointer).release()  // every object stored is a class instance
    }
    self.key = key
    self.make = make
  }

  /// Deletes the key; objects still held by running threads are not released (as with
  /// `pthread_key_delete`). A `static let` never gets here.
  deinit { pthread_key_delete(key) }

  /// The calling thread's object, made on first use.
  ///
  /// - Complexity: O(1): one `pthread_getspecific`.
  ///
  /// Objective-C: none (`pthread_getspecific`).
  @inlinable
  public var current: Value { currentReference.takeUnretainedValue() }

  /// Runs `body` with the calling thread's object, without reference counting: the thread's
  /// slot keeps the object alive for as long as the thread runs.
  ///
  /// - Complexity: O(1) besides `body`.
  ///
  /// Objective-C: none (MiniKVO extension).
  @inlinable @inline(__always)
  public func withCurrent<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    try currentReference._withUnsafeGuaranteedRef(body)
  }

  /// The calling thread's object, if this thread already made one.
  ///
  /// Objective-C: none (`pthread_getspecific`).
  @inlinable
  public var currentIfMade: Value? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
  }

  @inlinable @inline(__always)
  var currentReference: Unmanaged<Value> {
    if let pointer = pthread_getspecific(key) { return Unmanaged<Value>.fromOpaque(pointer) }
    return makeCurrent()
  }

  @usableFromInline @inline(never)
  func makeCurrent() -> Unmanaged<Value> {
    let made = Unmanaged.passRetained(make())
    pthread_setspecific(key, made.toOpaque())
    return made
  }
}
