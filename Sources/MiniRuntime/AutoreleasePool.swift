// AutoreleasePool.swift: autorelease pools, one stack per thread, as objc4's AutoreleasePoolPage.
//
// Docs: docs/runtime.md#autorelease-pools, docs/decisions/0017-manual-retain-release.md.
// Tests: Tests/MiniRuntimeTests/ManualRetainReleaseTests.swift.
//
// Model: each thread has one stack of entries (objc4 keeps pages of them in thread-specific
// data): a pool boundary per `objc_autoreleasePoolPush`, and an object (held strongly) per
// `-autorelease`. Popping a pool releases, newest first, every object above its boundary, the
// objects of pools pushed inside it included; an object autoreleased while the pop runs (by a
// `dealloc`) is above the boundary too and is released by the same pop. Each release is a
// `release` message, so a class overriding it is sent it (objc4's `objc_release`). Objects
// autoreleased with no pool pushed go to the bottom of the stack, below every boundary, and are
// released when the thread ends, as objc4 does without OBJC_DEBUG_MISSING_POOLS.
//
// Locking: none. Only the owning thread touches its stack (ThreadLocal.swift); no access to it
// is held while a `release` runs, since that may autorelease or push and pop again.

/// A pushed autorelease pool, to give back to ``Runtime/autoreleasePoolPop(_:)``.
///
/// Objective-C: the `void *` token `objc_autoreleasePoolPush` returns
public struct AutoreleasePoolToken: Hashable, Sendable, CustomStringConvertible {
  /// The pool's serial number, unique in the process.
  let serial: UInt64

  /// `pool #7`: the serial number (objc4 prints the boundary's address).
  ///
  /// Objective-C: none (`%p` of the token).
  public var description: String { "pool #\(serial)" }
}

/// The calling thread's stack of pool boundaries and autoreleased objects.
final class AutoreleasePoolStack {
  enum Entry {
    case boundary(UInt64)
    case object(Object)
  }

  /// The thread's stacks. Locking: only the owning thread touches its stack.
  static let current = ThreadLocal { AutoreleasePoolStack() }

  private static let serials = Locked<UInt64>(0)

  var entries: [Entry] = []

  static func nextSerial() -> UInt64 {
    serials.withLock { serial in
      serial += 1
      return serial
    }
  }

  /// Where the boundary of `token` is, if that pool is pushed on this stack.
  func index(of token: AutoreleasePoolToken) -> Int? {
    entries.lastIndex {
      if case .boundary(let serial) = $0 { return serial == token.serial }
      return false
    }
  }

  /// Releases entries, newest first, until only `count` are left. Each release runs with no
  /// access to `entries` held (it may autorelease more). Returns the first error a release threw.
  func releaseDown(to count: Int) -> RuntimeError? {
    var firstError: RuntimeError?
    while entries.count > count {
      guard case .object(let object) = entries.removeLast() else { continue }
      do {
        _ = try Runtime.msgSend(object, "release")  // call-out: user `release` overrides
      } catch {
        firstError = firstError ?? ((error as? RuntimeError) ?? RuntimeError(.invalidArgument, "\(error)"))
      }
    }
    return firstError
  }

  /// The thread ends: objects still autoreleased (in pools never popped, or with no pool) go.
  deinit { _ = releaseDown(to: 0) }
}

extension Runtime {
  /// Pushes a new autorelease pool on the calling thread: objects autoreleased on this thread
  /// go into it until it is popped or another pool is pushed.
  ///
  /// ```swift
  /// let pool = Runtime.autoreleasePoolPush()
  /// try runtime.msgSend(ann, "autorelease")
  /// try Runtime.autoreleasePoolPop(pool)   // sends ann one release
  /// ```
  ///
  /// Pools are per thread and process-wide, as in objc4: objects of every runtime share them.
  ///
  /// Objective-C: `objc_autoreleasePoolPush`
  public static func autoreleasePoolPush() -> AutoreleasePoolToken {
    let serial = AutoreleasePoolStack.nextSerial()
    AutoreleasePoolStack.current.withCurrent { $0.entries.append(.boundary(serial)) }
    return AutoreleasePoolToken(serial: serial)
  }

  /// Pops the pool `token` names, and every pool pushed inside it: each object autoreleased
  /// since its push is sent one `release` per `autorelease`, newest first.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` if the pool is not pushed on this
  ///   thread (popped already, or pushed on another thread), changing nothing (objc4 ends the
  ///   process with "Invalid or prematurely-freed autorelease pool"); otherwise the first error a
  ///   `release` threw, after every release was sent.
  ///
  /// Objective-C: `objc_autoreleasePoolPop`
  public static func autoreleasePoolPop(_ token: AutoreleasePoolToken) throws(RuntimeError) {
    let stack = AutoreleasePoolStack.current
    guard let index = stack.withCurrent({ $0.index(of: token) }) else {
      throw RuntimeError(
        .invalidArgument,
        "objc_autoreleasePoolPop: invalid or prematurely-freed autorelease pool (\(token)): it is not pushed on this thread")
    }
    if let error = stack.current.releaseDown(to: index) { throw error }
  }

  /// Runs `body` inside a new autorelease pool, popped when `body` returns or throws.
  ///
  /// ```swift
  /// try Runtime.autoreleasepool {
  ///   try runtime.msgSend(ann, "autorelease")
  /// }   // ann was sent release here
  /// ```
  ///
  /// - Throws: What `body` threw, or else what popping the pool threw.
  ///
  /// Objective-C: `@autoreleasepool { … }`
  public static func autoreleasepool<Result>(_ body: () throws -> Result) throws -> Result {
    let token = autoreleasePoolPush()
    let result: Result
    do {
      result = try body()
    } catch {
      try? autoreleasePoolPop(token)
      throw error
    }
    try autoreleasePoolPop(token)
    return result
  }

  /// The objects autoreleased on the calling thread and not yet released, oldest first (one
  /// entry per `autorelease`), across every pushed pool.
  ///
  /// Objective-C: none (what `_objc_autoreleasePoolPrint` prints).
  public static var autoreleasedObjects: [Object] {
    AutoreleasePoolStack.current.withCurrent { stack in
      stack.entries.compactMap { if case .object(let object) = $0 { return object } else { return nil } }
    }
  }
}

extension Object {
  /// `-[NSObject autorelease]` (objc4's `_objc_rootAutorelease`): the innermost pool of the
  /// calling thread will send the object one `release`.
  ///
  /// - Throws: ``RuntimeError`` with code `deallocatingObject` once the object was freed, or
  ///   while its `dealloc` runs: objc4 would queue it and the pop would release freed memory
  ///   (and a Swift reference must not outlive the deinit).
  func rootAutorelease() throws(RuntimeError) -> Object {
    guard !isFreedForObjectiveC else { throw messageToDeallocatedInstance("autorelease") }
    guard !isDeallocating else {
      throw RuntimeError(
        .deallocatingObject,
        "-[\(isa.name) autorelease] sent to instance \(address) while it is being deallocated: "
          + "its pool would release freed memory")
    }
    AutoreleasePoolStack.current.withCurrent { $0.entries.append(.object(self)) }
    return self
  }
}
