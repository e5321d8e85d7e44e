// CallbackDelivery.swift: where a controller's callbacks run.
//
// Docs: docs/kvocontroller.md#where-callbacks-run. Tests:
// Tests/KVOControllerTests/KVOControllerTests.swift.
//
// FB calls back on the thread that made the change; users asked for a choice. The default is
// unchanged; an executor (a dispatch queue, or anything conforming) moves the callback there.
// A callback that arrives on its executor after an unobserve, or after the controller or the
// observer is gone, is dropped.

import Dispatch

/// Something that runs work later, somewhere else: a queue, a thread, an actor's executor.
///
/// Objective-C: none (MiniKVO extension; FBKVOController users asked for it).
public protocol CallbackExecutor: Sendable {
  /// Runs `work` on this executor, soon, exactly once.
  ///
  /// Objective-C: none (`dispatch_async`).
  func execute(_ work: @escaping @Sendable () -> Void)
}

/// Where a controller runs an observation's callback.
///
/// Objective-C: none (MiniKVO extension).
public enum CallbackDelivery: Sendable {
  /// On the thread that made the change, before the setter returns (FB's behaviour).
  case callerThread
  /// On the given executor, after the setter returned.
  case executor(any CallbackExecutor)
}

extension DispatchQueue: CallbackExecutor {
  /// Runs `work` asynchronously on the queue.
  ///
  /// Objective-C: `dispatch_async`
  public func execute(_ work: @escaping @Sendable () -> Void) {
    async(execute: work)
  }
}
