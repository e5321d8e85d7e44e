// Runtime+Synchronized.swift: `@synchronized`, objc4's objc_sync_enter and objc_sync_exit.
//
// Docs: docs/runtime.md#synchronized. Tests: Tests/MiniRuntimeTests/SynchronizedTests.swift.
//
// Model: `@synchronized (obj) { … }` compiles to objc_sync_enter(obj), the body, and
// objc_sync_exit(obj) on every way out. Any object can be the lock; the lock is recursive (the
// owning thread may enter again, and must exit as many times); a thread that does not own it gets
// OBJC_SYNC_NOT_OWNING_THREAD_ERROR from exit; `@synchronized (nil)` locks nothing. objc4 keeps
// one recursive mutex (a `SyncData`) per object in use, in a side table keyed by the object's
// address, and recycles it once no thread holds or waits for it. Here each runtime has one
// `SyncTable` (a RuntimeLocal, so tests never share it) with an entry per object currently held:
// its owner thread and depth. An entry also holds the object weakly, so an object freed while
// held does not hand its lock to a new object born at the same address.
//
// Locking: `monitor` (a `Monitor`, Monitor.swift) guards `entries`; it is a leaf held only to
// read or change an entry, never while the body runs. A thread that finds the object held by
// another sleeps in `monitor.wait()`; an exit that frees an entry broadcasts. The lock a user
// takes with enter is not one of the runtime's locks: the body may call anything, and the lock
// order (Locks.swift) does not apply to it, as in Objective-C.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The answer of ``Runtime/syncEnter(_:)`` and ``Runtime/syncExit(_:)``.
///
/// Objective-C: `OBJC_SYNC_SUCCESS` and `OBJC_SYNC_NOT_OWNING_THREAD_ERROR` (objc-sync.h)
public enum SyncResult: Int32, Sendable, CustomStringConvertible {
  /// The lock was taken or released.
  ///
  /// Objective-C: `OBJC_SYNC_SUCCESS`
  case success = 0
  /// `syncExit` on an object the calling thread does not hold.
  ///
  /// Objective-C: `OBJC_SYNC_NOT_OWNING_THREAD_ERROR`
  case notOwningThread = -1

  /// The Objective-C constant's name.
  ///
  /// Objective-C: the constants of objc-sync.h
  public var description: String {
    switch self {
    case .success: "OBJC_SYNC_SUCCESS"
    case .notOwningThread: "OBJC_SYNC_NOT_OWNING_THREAD_ERROR"
    }
  }
}

extension Runtime {
  /// Takes `object`'s recursive lock, waiting while another thread holds it. A thread that
  /// already holds it enters again (and must exit once more). `nil` takes nothing.
  ///
  /// - Returns: ``SyncResult/success`` (entering cannot fail).
  ///
  /// Objective-C: `objc_sync_enter`
  @discardableResult
  public static func syncEnter(_ object: Object?) -> SyncResult {
    guard let object, let runtime = object.runtime else { return .success }
    SyncTable.of(runtime).enter(object)
    return .success
  }

  /// Releases one level of `object`'s recursive lock; at the last level another thread may take
  /// it. `nil` releases nothing.
  ///
  /// - Returns: ``SyncResult/notOwningThread`` if the calling thread does not hold the lock
  ///   (nothing changes), otherwise ``SyncResult/success``.
  ///
  /// Objective-C: `objc_sync_exit`
  @discardableResult
  public static func syncExit(_ object: Object?) -> SyncResult {
    guard let object, let runtime = object.runtime else { return .success }
    return SyncTable.of(runtime).exit(object)
  }

  /// Runs `body` holding `object`'s recursive lock, released however `body` ends (a thrown
  /// error included). With `nil`, `body` runs without any lock, as in Objective-C.
  ///
  /// ```swift
  /// try Runtime.synchronized(account) { try runtime.msgSend(account, "deposit:", 10) }
  /// ```
  ///
  /// Objective-C: `@synchronized (object) { … }`
  @discardableResult
  public static func synchronized<Result, Failure: Error>(
    _ object: Object?, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    syncEnter(object)
    defer { syncExit(object) }
    return try body()
  }
}

/// The objects held with `@synchronized` in one runtime. See the file comment.
final class SyncTable: @unchecked Sendable {
  private static let slot = RuntimeLocal<SyncTable>("MiniRuntime.syncTable")

  static func of(_ runtime: Runtime) -> SyncTable {
    slot.value(in: runtime) { SyncTable() }
  }

  private struct Entry {
    weak var object: Object?
    var owner: pthread_t
    var depth: Int
  }

  private let monitor = Monitor()
  /// Locking: `monitor`.
  private var entries: [ObjectIdentifier: Entry] = [:]

  /// How many threads wait for an object held by another (for tests that must know, without
  /// timing, that a thread is blocked).
  var waiterCount: Int { monitor.withLock { monitor.waiters } }

  func enter(_ object: Object) {
    let key = ObjectIdentifier(object)
    let me = pthread_self()
    monitor.withLock {
      while true {
        // An entry whose object is gone belonged to a freed object at the same address.
        guard var entry = entries[key], entry.object === object else {
          entries[key] = Entry(object: object, owner: me, depth: 1)
          return
        }
        if pthread_equal(entry.owner, me) != 0 {
          entry.depth += 1
          entries[key] = entry
          return
        }
        monitor.wait()
      }
    }
  }

  func exit(_ object: Object) -> SyncResult {
    let key = ObjectIdentifier(object)
    let me = pthread_self()
    let (result, released) = monitor.withLock { () -> (SyncResult, Bool) in
      guard var entry = entries[key], entry.object === object, pthread_equal(entry.owner, me) != 0 else {
        return (.notOwningThread, false)
      }
      entry.depth -= 1
      if entry.depth > 0 {
        entries[key] = entry
        return (.success, false)
      }
      entries[key] = nil
      return (.success, true)
    }
    if released { monitor.broadcast() }
    return result
  }
}
