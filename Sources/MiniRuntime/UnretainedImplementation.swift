// UnretainedImplementation.swift: an implementation held as one word, without reference counting.
//
// Docs: docs/runtime.md#the-method-cache. Tests: Tests/MiniRuntimeTests/MethodCacheTests.swift,
// ConcurrencyTests.swift.
//
// One of the runtime's few handle types that use `Unmanaged` (the others: UnretainedClass.swift,
// RetainedReference.swift). Its invariant, written once here:
//   INVARIANT: the implementation outlives the word. Method caches and `Method` keep unretained
//   implementation words; every class retains every implementation any of its methods ever had
//   (`ClassMetadata.implementations`), and a cache lives exactly as long as its class, so a word
//   a reader loaded just before a swizzle still points to a live implementation.
//   (`Implementation.forwarding` is a static and lives forever.)
// Hot paths rely on it where they say `// INVARIANT: UnretainedImplementation`.

/// An implementation as unretained pointer bits (a cache bucket, a method's current IMP).
///
/// Objective-C: none (an `IMP` is a plain code pointer in objc4).
@usableFromInline
struct UnretainedImplementation: Equatable {
  /// The reference. (`Unmanaged` rather than the bits, so that an optional handle is still one
  /// word, with nil as 0, on the send path.)
  @usableFromInline let unmanaged: Unmanaged<Implementation>

  /// The handle of `implementation`, without retaining it.
  @inline(__always)
  init(_ implementation: Implementation) { unmanaged = .passUnretained(implementation) }

  /// The handle stored as `bits` in a cache bucket or method word (non-zero).
  @inline(__always)
  init(bits: UInt) {
    assert(bits != 0 && bits & 7 == 0, "UnretainedImplementation: bad bits")  // debug builds only
    unmanaged = Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
  }

  /// The pointer bits, as a cache bucket or method word stores them.
  @inline(__always)
  var bits: UInt { UInt(bitPattern: unmanaged.toOpaque()) }

  @usableFromInline static func == (lhs: Self, rhs: Self) -> Bool { lhs.unmanaged.toOpaque() == rhs.unmanaged.toOpaque() }

  /// The implementation, as a strong reference.
  @inlinable @inline(__always)
  var implementation: Implementation { unmanaged.takeUnretainedValue() }

  /// Runs `body` with the implementation and no reference counting.
  @inlinable @inline(__always)
  func withImplementation<Result>(_ body: (Implementation) throws -> Result) rethrows -> Result {
    try unmanaged._withUnsafeGuaranteedRef(body)
  }

  /// Whether this is `implementation` (identity, no reference counting).
  @inline(__always)
  func refers(to implementation: Implementation) -> Bool { self == UnretainedImplementation(implementation) }

  /// Checks the invariant for a word a class's method or cache holds: a class of `chain` (the
  /// class and its superclasses) retains the implementation. `Runtime.checkInvariants()` calls it
  /// for every method and cache entry. Locking: caller holds `Runtime.lock` (enforced by
  /// `inout Runtime.State`).
  func checkInvariants(retainedBy chain: [Class], _ state: inout Runtime.State) -> Bool {
    if refers(to: .forwarding) { return true }
    return chain.contains { cls in cls.locked(&state).implementations.contains { refers(to: $0) } }
  }
}
