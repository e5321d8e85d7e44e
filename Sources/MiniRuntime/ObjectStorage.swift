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
  /// `wordCount` initialized atomics (an allocation of none for a class object).
  private let words: UnsafeMutablePointer<Atomic<UInt>>

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
    word >= 0 && word < wordCount && layout.kind(ofWord: word) == .scalar
  }

  /// Whether `ivar` is one of the ivars this object was allocated with (not merely bytes that fit).
  func wasAllocated(with ivar: Ivar) -> Bool { layout.ivars.contains { $0 === ivar } }

  // MARK: - Values (the caller checked `hosts`)

  /// Reads `ivar`.
  ///
  /// - Throws: ``RuntimeError`` with code `typeMismatch` for a type no `Value` holds.
  /// - Complexity: O(1) for a scalar (one atomic load) or an object (its stripe lock); O(*n*) in
  ///   the members of a struct or array.
  func load(_ ivar: Ivar) throws(RuntimeError) -> Value {
    if let kind = ivar.scalarKind { return loadScalar(kind, at: ivar.offset - Self.firstByte) }
    if let opaque = ivar.layout.opaquePart { throw Self.noValue(ivar, opaque) }
    return read(ivar.layout, at: ivar.offset - Self.firstByte)
  }

  /// Converts `value` to `ivar`'s type as C assignment does (Value+Assignment.swift) and writes it.
  ///
  /// A strong word retains its new object, unless `retaining` is `false` (a copy setter's new
  /// copy, +1 already), and releases the one it held (`objc_storeStrong`, StrongReference.swift).
  /// - Throws: ``RuntimeError`` with code `typeMismatch` (a value of the wrong kind, a conversion
  ///   C leaves undefined, or a type no `Value` holds) or `deallocatingObject` (a weak ivar given
  ///   a deallocating object, a strong one an object Objective-C freed), or what a `retain`
  ///   override threw; nothing changes.
  func store(_ value: Value, _ ivar: Ivar, retaining: Bool = true) throws(RuntimeError) {
    if let opaque = ivar.layout.opaquePart { throw Self.noValue(ivar, opaque) }
    let converted = try value.assigned(to: ivar.type)
    let start = ivar.offset - Self.firstByte
    if case .reference = ivar.layout {
      let kind = layout.kind(ofWord: start / 8)
      if kind == .weak {
        let box = try WeakValue(converted)
        let old = exchange(word: start / 8, RetainedReference.retained(box))
        RetainedReference.release(old)  // after unlocking: this may run a dealloc
        return
      }
      if retaining { try StrongReference.retain(converted) }  // call-out: a `retain` override, no lock held
      let old = exchange(word: start / 8, RetainedReference.retained(converted))
      StrongReference.letGo(old, kind)  // after unlocking: this may run a `release` override or a dealloc
      return
    }
    var released: [UInt] = []
    write(converted, ivar.layout, at: start, released: &released)
    for bits in released { StrongReference.letGo(bits, .strong) }  // after unlocking: may run deallocs
  }

  /// Reads storage word `word` as a scalar of `kind` if this storage has that word and it holds
  /// scalars (the send's typed fast path for a synthesized getter: DirectAccess).
  ///
  /// - Returns: `nil` when the general path must decide.
  @inline(__always)
  func loadWholeScalarWord(_ word: Int, _ kind: ScalarKind) -> Value? {
    guard hostsWholeScalarWord(word) else { return nil }
    return ScalarBits.decode(words[word].load(ordering: .relaxed), kind)
  }

  /// Writes a setter's single argument to storage word `word` if this storage has that word,
  /// it holds scalars and the argument is exactly a `kind` (the send's typed fast path for a
  /// synthesized setter: DirectAccess).
  ///
  /// - Returns: `false` when the general path must decide.
  @inline(__always)
  func storeExactWholeWord(_ arguments: Arguments, _ word: Int, _ kind: ScalarKind) -> Bool {
    guard hostsWholeScalarWord(word), let bits = ScalarBits.exact(arguments, kind) else { return false }
    words[word].store(bits, ordering: .relaxed)
    return true
  }

  /// Writes a setter's single argument when it already has exactly `ivar`'s scalar type.
  ///
  /// - Returns: `false` when the argument needs the general path (``store(_:_:)``).
  func storeExactScalar(_ arguments: Arguments, _ ivar: Ivar) -> Bool {
    guard let kind = ivar.scalarKind, let bits = ScalarBits.exact(arguments, kind) else { return false }
    // INVARIANT: the caller checked `hosts(ivar)`, so the bytes exist and hold scalars.
    storeBits(bits, at: ivar.offset - Self.firstByte, size: kind.size)
    return true
  }

  private static func noValue(_ ivar: Ivar, _ opaque: TypeEncoding) -> RuntimeError {
    RuntimeError(
      .typeMismatch,
      "ivar '\(ivar.name)' has type '\(ivar.type)': no Value holds a \(opaque.cDeclaration) ('\(opaque)'), so its \(ivar.size) bytes can be seen in a memory dump but not read or written as a value")
  }

  /// The scalar of `kind` at storage offset `start`.
  private func loadScalar(_ kind: ScalarKind, at start: Int) -> Value {
    #if arch(x86_64) || arch(i386)
      if kind == .longDouble { return .longDouble(ScalarBits.longDouble(low: loadBits(at: start, size: 8), high: loadBits(at: start + 8, size: 8))) }
    #endif
    return ScalarBits.decode(loadBits(at: start, size: kind.size), kind)
  }

  private func read(_ layout: ValueLayout, at start: Int) -> Value {
    switch layout {
    case .scalar(let kind):
      return loadScalar(kind, at: start)
    case .reference:
      return RetainedReference.take(retainedBits(ofWord: start / 8))
    case .structure(let name, let members):
      return .structure(Structure(name: name, fields: members.map { read($0.layout, at: start + $0.offset) }))
    case .array(let count, let stride, let element):
      return ValueLayout.cArray((0..<count).map { read(element, at: start + $0 * stride) })
    case .union(let type):
      var bytes: [UInt8] = []
      bytes.reserveCapacity(type.size)
      for offset in Swift.stride(from: 0, to: type.size, by: 8) {
        let count = Swift.min(8, type.size - offset)
        let bits = loadBits(at: start + offset, size: count)
        for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: bits >> (8 * index))) }
      }
      return .union(Union(checkedType: type, bytes: bytes))
    case .bitField(let width):
      let bits = UInt64(loadBits(at: start, size: (width + 7) / 8)) & Value.bitFieldMask(width)
      return Value.bitField(bits, width: width)
    case .opaque:
      return .nil  // unreachable: callers refuse opaque layouts first
    }
  }

  /// Writes `value` (already converted to the layout's type), collecting replaced references.
  private func write(_ value: Value, _ layout: ValueLayout, at start: Int, released: inout [UInt]) {
    switch layout {
    case .scalar(let kind):
      #if arch(x86_64) || arch(i386)
        if case .longDouble(let number) = value {  // 16 bytes: two words, low word first
          let (low, high) = ScalarBits.words(of: number)
          storeBits(low, at: start, size: 8)
          storeBits(high, at: start + 8, size: 8)
          return
        }
      #endif
      storeBits(ScalarBits.bits(of: value), at: start, size: kind.size)
    case .reference:
      try? StrongReference.retain(value)  // a struct member: strong (a refused retain stores it uncounted)
      released.append(exchange(word: start / 8, RetainedReference.retained(value)))
    case .structure(_, let members):
      guard case .structure(let structure) = value, structure.fields.count == members.count else { return }
      for (member, field) in zip(members, structure.fields) {
        write(field, member.layout, at: start + member.offset, released: &released)
      }
    case .array(let count, let stride, let element):
      guard let elements = ValueLayout.cArrayElements(of: value), elements.count == count else { return }
      for (index, each) in elements.enumerated() { write(each, element, at: start + index * stride, released: &released) }
    case .union:
      guard case .union(let union) = value else { return }
      for offset in Swift.stride(from: 0, to: union.bytes.count, by: 8) {  // a word's worth at a time
        let count = Swift.min(8, union.bytes.count - offset)
        var bits: UInt = 0
        for index in (0..<count).reversed() { bits = bits << 8 | UInt(union.bytes[offset + index]) }
        storeBits(bits, at: start + offset, size: count)
      }
    case .bitField(let width):
      storeBitField(ScalarBits.bits(of: value), at: start, width: width)
    case .opaque:
      return  // unreachable: callers refuse opaque layouts first
    }
  }

  // MARK: - Words

  /// The bits of a reference word with one more retain, for a reader (under its stripe).
  private func retainedBits(ofWord word: Int) -> UInt {
    let pointer = words + word
    return LockStripes.property.withLock(for: UInt(bitPattern: pointer)) {
      RetainedReference.retain(pointer.pointee.load(ordering: .relaxed))
    }
  }

  /// Swaps `bits` (owning one retain) into a reference word; returns the old bits, whose retain
  /// the caller must release after this returns.
  private func exchange(word: Int, _ bits: UInt) -> UInt {
    let pointer = words + word
    return LockStripes.property.withLock(for: UInt(bitPattern: pointer)) {
      pointer.pointee.exchange(bits, ordering: .relaxed)
    }
  }

  /// The `size` bytes (1, 2, 4 or 8) at storage offset `start`, as an integer (little-endian).
  @inline(__always)
  func loadBits(at start: Int, size: Int) -> UInt {
    let word = start >> 3
    let shift = (start & 7) << 3
    var bits = words[word].load(ordering: .relaxed) >> shift
    if shift + size * 8 > 64 {  // straddles two words (only with an explicit small alignment)
      bits |= words[word + 1].load(ordering: .relaxed) << (64 - shift)
    }
    return size == 8 ? bits : bits & ((1 << (size * 8)) - 1)
  }

  /// Writes the low `size` bytes of `bits` at storage offset `start`, leaving the other bytes of
  /// the words it touches as they are.
  @inline(__always)
  func storeBits(_ bits: UInt, at start: Int, size: Int) {
    let word = start >> 3
    let shift = (start & 7) << 3
    if size == 8 && shift == 0 {
      words[word].store(bits, ordering: .relaxed)
      return
    }
    let inFirst = Swift.min(size * 8, 64 - shift)
    let firstMask: UInt = inFirst == 64 ? ~0 : (1 << inFirst) - 1
    merge(bits & firstMask, mask: firstMask, shift: shift, into: word)
    if inFirst < size * 8 {
      let rest = size * 8 - inFirst
      merge(bits >> inFirst, mask: (1 << rest) - 1, shift: 0, into: word + 1)
    }
  }

  /// Writes the low `width` bits of `bits` from bit 0 of the byte at storage offset `start`,
  /// leaving the bits above them in the last byte as they are (a bit field's padding). Whole bytes
  /// first, then the last bits: a racing reader may see one without the other.
  func storeBitField(_ bits: UInt, at start: Int, width: Int) {
    let whole = width / 8
    if whole > 0 { storeBits(bits, at: start, size: whole) }
    let rest = width % 8
    guard rest > 0 else { return }
    let byte = start + whole
    let mask: UInt = (1 << rest) - 1
    merge((bits >> (whole * 8)) & mask, mask: mask, shift: (byte & 7) << 3, into: byte >> 3)
  }

  /// Replaces the bits `mask << shift` of `word` with `bits << shift`, atomically.
  private func merge(_ bits: UInt, mask: UInt, shift: Int, into word: Int) {
    let atomic = words + word
    var old = atomic.pointee.load(ordering: .relaxed)
    while true {
      let new = (old & ~(mask << shift)) | (bits << shift)
      let (exchanged, original) = atomic.pointee.compareExchange(expected: old, desired: new, ordering: .relaxed)
      if exchanged { return }
      old = original
    }
  }

  // MARK: - Bytes

  /// The byte at object offset `offset` (8 or more; the isa is not here).
  func byte(at offset: Int) -> UInt8 {
    UInt8(truncatingIfNeeded: loadBits(at: offset - Self.firstByte, size: 1))
  }

  /// The address word `word` refers to, for a memory picture: the object (or weak referent, or
  /// boxed value) a reference word points to, or the scalar bits.
  func pictureBits(ofWord word: Int) -> UInt {
    let bits = words[word].load(ordering: .relaxed)
    return layout.kind(ofWord: word).isReference ? RetainedReference.pictureAddress(bits) : bits
  }

  /// Lends the indexed ivars' bytes (the `extraBytes` after the instance) to `body`.
  func withIndexedIvars<Result, Failure: Error>(
    _ body: (UnsafeMutableRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let start = UnsafeMutableRawPointer(words) + (layout.size - Self.firstByte)
    return try body(UnsafeMutableRawBufferPointer(start: start, count: extraBytes))
  }

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
