// ObjectStorage.swift: the memory of one object after its isa, and the only code that
// interprets it.
//
// Docs: docs/runtime.md#objects-and-ivars, docs/decisions/0009-object-storage.md.
// Tests: Tests/MiniRuntimeTests/ObjectStorageTests.swift, IvarTests.swift.
//
// Model: bytes 8 ..< allocated size of the object, kept in `Atomic<UInt>` words; byte b is byte
// (b - 8) % 8, little-endian, of word (b - 8) / 8. Zeroed when made, as calloc'd memory. The
// allocation is objc4's: the class's instance size plus the indexed ivars' bytes, at least 16.
// Which words hold object pointers is fixed by the layout the object was allocated with
// (InstanceLayout.swift); everything else (Object, Ivar accessors, dumps, copies) asks this type.
//
// Readers and writers, and what is atomic (the full table is in decision 0009):
//   - a scalar word is read with one atomic load; a whole-word scalar is written with one atomic
//     store, a smaller one with a compare-and-swap on its word (its neighbours are kept); no lock.
//   - a reference word is read (load, then retain) and written (exchange) under its
//     `PropertyLocks` stripe; the value a write replaces is released after unlocking, because
//     that release may run a `dealloc` (objc's `objc_setProperty` does the same).
//   - a strong word's object also holds an extra retain (StrongReference.swift), taken before
//     the exchange and given back after it or when the storage is cleared or destroyed.
//   - a union is read and written a word's worth of bytes at a time; a bit field's bytes likewise,
//     its last bits with a compare-and-swap that keeps the padding above them.
//   - a struct or C array is read and written member by member: it may tear under a concurrent
//     write, as `memcpy` may; atomic struct properties hold a `StructLocks` stripe around it
//     (Class+Properties.swift).
// Every access is an atomic operation, so no two threads ever race on plain memory (the
// ThreadSanitizer run stays clean). Lock order: Locks.swift.

import Synchronization

/// The memory of an object after its isa, zeroed when made; its references are released when
/// the object goes.
///
/// Objective-C: none (the bytes after the isa of a `struct objc_object`).
struct ObjectStorage: ~Copyable {
  /// The first byte after the isa.
  static let firstByte = 8
  /// The smallest allocation (objc4: "CF requires all objects be at least 16 bytes").
  static let minimumSize = 16
  /// The instance size of a metaclass: a class object, objc4's `struct objc_class` (isa,
  /// superclass, a two-word cache and the data pointer).
  static let classObjectSize = 40

  /// The layout the object was allocated with; fixed for its whole life.
  let layout: InstanceLayout
  /// The number of indexed-ivar bytes after the instance (`class_createInstance`'s `extraBytes`).
  let extraBytes: Int
  /// The number of words, `(allocated size - 8) / 8` rounded up.
  let wordCount: Int
  /// `wordCount` initialized atomics (an allocation of none for a class object). Read and
  /// written only through ObjectStorage+Words.swift's accessors, which keep the locking rules.
  let words: UnsafeMutablePointer<Atomic<UInt>>

  /// Zeroed storage for an instance of `layout` with `extraBytes` of indexed ivars.
  init(layout: InstanceLayout, extraBytes: Int = 0) {
    self.layout = layout
    self.extraBytes = extraBytes
    let size = Swift.max(Self.minimumSize, layout.size + extraBytes)
    wordCount = (size - Self.firstByte + 7) / 8
    let words = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: wordCount)
    for index in 0..<wordCount { (words + index).initialize(to: Atomic(0)) }
    self.words = words
  }

  /// No storage at all (a class object, which is not an instance).
  init() {
    layout = .empty
    extraBytes = 0
    wordCount = 0
    words = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: 0)
  }

  /// A copy of `source`'s memory with room for `extraBytes` of indexed ivars (`object_copy`):
  /// scalar words copied bit for bit, reference words retained again (strong and weak alike; a
  /// strong word's object also for Objective-C, as objc4's `fixupCopiedIvars` retains it).
  init(copying source: borrowing ObjectStorage, extraBytes: Int) {
    self.init(layout: source.layout, extraBytes: extraBytes)
    for word in 0..<Swift.min(wordCount, source.wordCount) {
      let kind = layout.kind(ofWord: word)
      if kind.isReference {
        let bits = source.retainedBits(ofWord: word)
        if kind == .strong { try? StrongReference.retain(RetainedReference.peek(bits)) }
        words[word].store(bits, ordering: .relaxed)
      } else {
        words[word].store(source.words[word].load(ordering: .relaxed), ordering: .relaxed)
      }
    }
  }

  deinit {
    for word in 0..<Swift.min(wordCount, layout.wordCount) where layout.kind(ofWord: word).isReference {
      StrongReference.letGo(words[word].load(ordering: .relaxed), layout.kind(ofWord: word))
    }
    words.deinitialize(count: wordCount)
    words.deallocate()
  }

  /// The object's allocated size in bytes, isa included.
  var allocatedSize: Int { Swift.max(Self.minimumSize, layout.size + extraBytes) }

  // MARK: - Checks

  /// Whether this storage has `ivar`'s bytes, with object pointers exactly where `ivar` expects
  /// them and scalars everywhere else: the condition for reading or writing it safely.
  func hosts(_ ivar: Ivar) -> Bool {
    guard ivar.words.upperBound <= wordCount else { return false }
    if ivar.referenceWords.isEmpty {
      for word in ivar.words where layout.kind(ofWord: word) != .scalar { return false }
      return true
    }
    for word in ivar.words where layout.kind(ofWord: word).isReference != ivar.referenceWords.contains(word) {
      return false
    }
    return true
  }

  /// `hosts(ivar)` for an ivar that is one whole scalar word (the setter's fast path).
  @inline(__always)
  func hostsWholeScalarWord(_ word: Int) -> Bool {
    // One unsigned compare is `0 <= word < wordCount`: a negative word reads as a huge unsigned
    // one, and `wordCount` is never negative.
    UInt(bitPattern: word) < UInt(bitPattern: wordCount) && layout.kind(ofWord: word) == .scalar
  }

  /// Whether `ivar` is one of the ivars this object was allocated with (not merely bytes that fit).
  func wasAllocated(with ivar: Ivar) -> Bool { layout.ivars.contains { $0 === ivar } }

  // MARK: - Life cycle

  /// Sets every reference word to nil, releasing each object at once, from the last word to the
  /// first: objc4's `object_cxxDestruct` runs the subclass's `.cxx_destruct` before its
  /// superclass's, and clang's releases a class's ivars in the reverse of their declaration
  /// order. Scalar words are left as they are (`.cxx_destruct` touches only object ivars).
  /// Each release happens outside its stripe, since it may run a `dealloc`.
  func releaseReferences() {
    for word in stride(from: Swift.min(wordCount, layout.wordCount) - 1, through: 0, by: -1) {
      let kind = layout.kind(ofWord: word)
      guard kind.isReference, words[word].load(ordering: .relaxed) != 0 else { continue }
      StrongReference.letGo(exchange(word: word, 0), kind)
    }
  }

  /// Zeroes every byte, releasing the references (`object_dispose`'s destruction of the ivars).
  func clear() {
    var released: [(UInt, WordKind)] = []
    for word in 0..<wordCount {
      let kind = layout.kind(ofWord: word)
      if kind.isReference {
        released.append((exchange(word: word, 0), kind))
      } else {
        words[word].store(0, ordering: .relaxed)
      }
    }
    for (bits, kind) in released { StrongReference.letGo(bits, kind) }  // after unlocking: may run deallocs
  }
}
