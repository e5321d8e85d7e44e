// UnretainedRegistration.swift: a registration in an observed path's slot, held without
// reference counting.
//
// Docs: docs/performance.md#add-and-remove. Tests: Tests/KVOTests/RegistrationTests.swift,
// KVOConcurrencyTests.swift.
//
// One of KVO's few handle types that hold a reference without counting it (the others:
// ObservationTable.TableLock.swift, UnretainedPendingChange.swift,
// UnretainedObservedPath.swift, UnretainedObject.swift). Its invariant, written once here:
//   INVARIANT: the registration outlives the handle. An `ObservedPath` owns one retain of the
//   registration in each slot below its end, taken by `retainedBits` when the slot is filled
//   and given back by `release` only when the path is freed (slots below the end never change:
//   ObservedPath.swift). So a handle read from a path's slot is valid while that path lives,
//   and whoever reads the slots keeps the path alive (UnretainedObservedPath.swift).
// Hot paths rely on it where they say `// INVARIANT: UnretainedRegistration`;
// `ObservedPath.checkInvariants()` checks the slots.

/// A registration as the bits of an observed path's slot, unretained.
struct UnretainedRegistration {
  private let unmanaged: Unmanaged<Registration>

  /// The handle stored as `bits` in a slot below the path's end (never 0).
  @inline(__always)
  init(bits: UInt) {
    unmanaged = Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    checkInvariants()
  }

  /// The bits of `registration` with one retain taken, for a slot to own.
  @inline(__always)
  static func retainedBits(_ registration: Registration) -> UInt {
    UInt(bitPattern: Unmanaged.passRetained(registration).toOpaque())
  }

  /// Gives back the slot's retain (the path is being freed).
  @inline(__always)
  func release() { unmanaged.release() }

  /// The registration, as a strong reference.
  @inline(__always)
  var registration: Registration { unmanaged.takeUnretainedValue() }

  /// Runs `body` with the registration and no reference counting.
  @inline(__always)
  func withRegistration<Result>(_ body: (Registration) throws -> Result) rethrows -> Result {
    try unmanaged._withUnsafeGuaranteedRef(body)
  }

  /// Checks what the bits alone can tell: a non-null, aligned pointer. Debug builds only.
  /// Internal invariant, not input: handles are made only from live registrations, Swift heap
  /// objects (never null, 16-byte aligned), or from a path's slot below its end, which only
  /// `ObservedPath.append` writes, with `retainedBits` of one.
  @inline(__always)
  func checkInvariants() {
    #if DEBUG
      let bits = UInt(bitPattern: unmanaged.toOpaque())
      precondition(bits != 0 && bits & 7 == 0, "UnretainedRegistration: bad bits")
    #endif
  }
}
