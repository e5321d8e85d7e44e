// UnretainedObject.swift: an observer object kept alive by a notification pass, held without
// reference counting.
//
// Docs: docs/kvo.md#the-notifying-set. Tests: Tests/KVOTests/ChangeDictionaryTests.swift,
// RegistrationTests.swift.
//
// One of KVO's few handle types that hold a reference without counting it (the others:
// ObservationTable.TableLock.swift, UnretainedPendingChange.swift,
// UnretainedObservedPath.swift, UnretainedRegistration.swift). Its invariant, written once here:
//   INVARIANT: the object outlives the handle. A pass over a change's observers (prior
//   notifications, or the did's notifications) loads every observer from its registration
//   once (a try-retain, decision 0018), into a buffer that owns those strong references until
//   the pass ends (for a single observer, a local whose life is extended over the pass:
//   `Notifier.withObserversAlive`); the pass sees them as handles (`keptAlive`), and no handle
//   leaves the pass. (Every copy avoided is a retain and a release saved on the set path.)
// Hot paths rely on it where they say `// INVARIANT: UnretainedObject`.

import MiniRuntime

/// An object, unretained, kept alive by whoever made the handle.
struct UnretainedObject {
  private let unmanaged: Unmanaged<Object>

  /// The handle of `object`, without retaining it.
  @inline(__always)
  init(_ object: Object) { unmanaged = .passUnretained(object) }

  /// The object, as a strong reference.
  @inline(__always)
  var object: Object { unmanaged.takeUnretainedValue() }

  /// Runs `body` with the object and no reference counting.
  @inline(__always)
  func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
    try unmanaged._withUnsafeGuaranteedRef(body)
  }

  /// Runs `body` with the strong references in `owned` seen as handles, without reference
  /// counting: `Object?` and `UnretainedObject?` are both one nullable pointer, so these are
  /// the same slots, seen without ownership. `owned` keeps the objects alive during `body`.
  @inline(__always)
  static func keptAlive(_ owned: UnsafeMutableBufferPointer<Object?>, _ body: (UnsafeBufferPointer<UnretainedObject?>) -> Void) {
    checkInvariants()
    owned.withMemoryRebound(to: UnretainedObject?.self) { body(UnsafeBufferPointer($0)) }
  }

  /// Checks the layout `keptAlive` relies on (`keptAlive` calls it). Debug builds only. A fact of
  /// the compiler's layout, not of any input (it compares constants): a failure means the
  /// toolchain changed it.
  static func checkInvariants() {
    #if DEBUG
      precondition(
        MemoryLayout<UnretainedObject?>.size == MemoryLayout<Object?>.size
          && MemoryLayout<UnretainedObject?>.stride == MemoryLayout<Object?>.stride,
        "UnretainedObject: an optional handle is not one nullable pointer")
    #endif
  }
}
