// UnretainedObservedPath.swift: an observed path, held without reference counting by those who
// own one retain of it.
//
// Docs: docs/kvo.md#where-observations-live. Tests: Tests/KVOTests/RegistrationTests.swift,
// PendingChangeStackTests.swift.
//
// One of KVO's few handle types that hold a reference without counting it (the others:
// ObservationTable.TableLock.swift, UnretainedPendingChange.swift,
// UnretainedRegistration.swift, UnretainedObject.swift). Its invariant, written once here:
//   INVARIANT: the path outlives the handle. Two holders own one retain of a path each, taken
//   with `retaining` (or `retain`) and given back with `release`: a snapshot, for each of its
//   triggers, from its init to its deinit; and a pending change, from `start` to `empty`. A
//   handle without a retain of its own (a trigger handed out by `ObservationSnapshot.trigger`,
//   an `ObservedPath.View`) is used only while such a holder lives: the set path holds the
//   snapshot it read, a did holds its pending changes.
// Hot paths rely on it where they say `// INVARIANT: UnretainedObservedPath`.

/// An observed path, unretained.
struct UnretainedObservedPath: Equatable {
  private let unmanaged: Unmanaged<ObservedPath>

  /// The handle of `path`, without retaining it.
  @inline(__always)
  init(_ path: ObservedPath) { unmanaged = .passUnretained(path) }

  /// The handle of `path`, with one retain taken for the caller to own.
  @inline(__always)
  static func retaining(_ path: ObservedPath) -> Self { Self(path).retain() }

  /// Takes one more retain of the path, for the caller to own, and returns the handle.
  @inline(__always)
  func retain() -> Self {
    _ = unmanaged.retain()
    return self
  }

  /// Gives back a retain the caller owns.
  @inline(__always)
  func release() { unmanaged.release() }

  /// The path, as a strong reference.
  @inline(__always)
  var path: ObservedPath { unmanaged.takeUnretainedValue() }

  /// Runs `body` with the path and no reference counting.
  @inline(__always)
  func withPath<Result>(_ body: (ObservedPath) throws -> Result) rethrows -> Result {
    try unmanaged._withUnsafeGuaranteedRef(body)
  }

  @inline(__always)
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.unmanaged.toOpaque() == rhs.unmanaged.toOpaque() }

  /// Checks what can be checked without a holder's help, in O(1): the pointer is non-null and
  /// aligned, and what it points to looks like a path (its used slots within its capacity).
  /// Debug builds only; the holders call it where they take their retain. Internal invariant,
  /// not input: handles are made only from paths their holders keep alive.
  func checkInvariants() {
    #if DEBUG
      let bits = UInt(bitPattern: unmanaged.toOpaque())
      precondition(bits != 0 && bits & 7 == 0, "UnretainedObservedPath: bad bits")
      precondition(withPath { $0.usedCount <= $0.slotCapacity }, "UnretainedObservedPath: not a path")
    #endif
  }
}
