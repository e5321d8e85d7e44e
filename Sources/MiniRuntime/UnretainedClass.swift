// UnretainedClass.swift: a class held as one word, without reference counting.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/ObjectTests.swift.
//
// One of the runtime's few handle types that use `Unmanaged` (the others:
// UnretainedImplementation.swift, RetainedReference.swift). Its invariant, written once here:
//   INVARIANT: the class outlives the word. An object's isa is such a word: the runtime's class
//   table keeps every class until it is disposed, a class cannot be disposed while it has
//   instances (`Class.instanceCount`, which `setClass` moves), and every instance keeps its
//   runtime alive. A metaclass's link to its class is such a word too: the class owns its
//   metaclass, and `ClassMetadata.clear()` drops the link before the class can go.
// Hot paths rely on it where they say `// INVARIANT: UnretainedClass`.

/// A class as unretained pointer bits (an isa word, a metaclass's instance class).
///
/// Objective-C: none (the isa pointer of a `struct objc_object`).
@usableFromInline
struct UnretainedClass {
  /// The reference (an optional handle is still one word).
  @usableFromInline let unmanaged: Unmanaged<Class>

  /// The handle of `cls`, without retaining it.
  @inline(__always)
  init(_ cls: Class) { unmanaged = .passUnretained(cls) }

  /// The handle stored as `bits` in an isa word (never 0 once the object is initialized).
  @inlinable @inline(__always)
  init(bits: UInt) {
    unmanaged = Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
    checkInvariants()
  }

  /// The pointer bits, as an isa word stores them.
  @inlinable @inline(__always)
  var bits: UInt { UInt(bitPattern: unmanaged.toOpaque()) }

  /// The class, as a strong reference.
  @inlinable @inline(__always)
  var cls: Class { unmanaged.takeUnretainedValue() }

  /// Runs `body` with the class and no reference counting (the class outlives the call).
  @inlinable @inline(__always)
  func withClass<Result>(_ body: (Class) throws -> Result) rethrows -> Result {
    try unmanaged._withUnsafeGuaranteedRef(body)
  }

  /// Checks what can be checked from the word alone: the bits are a non-null, aligned pointer.
  /// Debug builds check it wherever a handle is made from a stored word (release builds compile
  /// it away); `Runtime.checkInvariants()` checks the instance counts the invariant rests on.
  @inlinable @inline(__always)
  func checkInvariants() {
    assert(bits != 0 && bits & 7 == 0, "UnretainedClass: bad bits")
  }
}
