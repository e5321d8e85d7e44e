// InstalledHook.swift: one runtime hook slot (objc4's objc_setHook_* functions).
//
// Docs: docs/runtime.md#associated-objects, docs/runtime.md#classes-and-metaclasses. Tests:
// Tests/MiniRuntimeTests/AssociatedObjectTests.swift, ClassNameTests.swift.
//
// objc4 keeps each hook in one global pointer that `objc_setHook_…` swaps, handing back the old
// value for the new hook to call. Here each runtime has one slot per hook. Locking: `hook`'s own
// lock, a leaf held only to read or swap the closure; `isInstalled` lets the call the hook sits in
// front of skip the lock with one atomic load while no hook was ever installed.

import Synchronization

/// The hook installed in one of a runtime's hook slots, if any.
///
/// Objective-C: none (the global pointer behind an `objc_setHook_…` function).
final class InstalledHook<Hook: Sendable>: Sendable {
  private let isInstalled = Atomic<Bool>(false)
  private let hook = Locked<Hook?>(nil)

  /// The installed hook; one atomic load and no lock while none was ever installed.
  var current: Hook? {
    guard isInstalled.load(ordering: .acquiring) else { return nil }
    return hook.withLock { $0 }
  }

  /// Installs `newHook` and returns the hook it replaces (`nil` the first time).
  func install(_ newHook: Hook) -> Hook? {
    let previous = hook.withLock { installed -> Hook? in
      defer { installed = newHook }
      return installed
    }
    isInstalled.store(true, ordering: .releasing)
    return previous
  }
}
