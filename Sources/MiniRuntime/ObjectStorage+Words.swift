// ObjectStorage+Words.swift: the atomic words under the values (reference words under their
// stripe; scalar bits by load, store and compare-and-swap) and the raw bytes.
//
// Docs: docs/runtime.md#objects-and-ivars, docs/decisions/0009-object-storage.md.
// Tests: Tests/MiniRuntimeTests/ObjectStorageTests.swift, MemoryDumpTests.swift.
//
// Part of ObjectStorage (ObjectStorage.swift), whose design note says what each access
// locks and what is atomic; this file keeps to it.

import Synchronization

extension ObjectStorage {
  // MARK: - Words

  /// The bits of a reference word with one more retain, for a reader (under its stripe).
  func retainedBits(ofWord word: Int) -> UInt {
    let pointer = words + word
    return LockStripes.property.withLock(for: UInt(bitPattern: pointer)) {
      RetainedReference.retain(pointer.pointee.load(ordering: .relaxed))
    }
  }

  /// Swaps `bits` (owning one retain) into a reference word; returns the old bits, whose retain
  /// the caller must release after this returns.
  func exchange(word: Int, _ bits: UInt) -> UInt {
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
}
