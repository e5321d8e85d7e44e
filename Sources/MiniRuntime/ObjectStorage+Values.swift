// ObjectStorage+Values.swift: reading and writing an ivar as a `Value`, member by member.
//
// Docs: docs/runtime.md#objects-and-ivars, docs/decisions/0009-object-storage.md.
// Tests: Tests/MiniRuntimeTests/ObjectStorageTests.swift, IvarTests.swift.
//
// Part of ObjectStorage (ObjectStorage.swift), whose design note says what each access
// locks and what is atomic; this file keeps to it.

extension ObjectStorage {

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

  /// Reads storage word `word` as an object ivar's value if this storage has that word and it
  /// holds a reference (strong or weak), as ``load(_:)`` reads a one-word object ivar: retained
  /// under the word's stripe. (The send's typed fast path for a synthesized object getter.)
  ///
  /// - Returns: `nil` when the general path must decide.
  @inline(__always)
  func loadWholeReferenceWord(_ word: Int) -> Value? {
    guard word >= 0 && word < wordCount && layout.kind(ofWord: word).isReference else { return nil }
    return RetainedReference.take(retainedBits(ofWord: word))
  }

  /// Reads a one-word strong object ivar as an atomic getter does (objc4's `objc_getProperty`
  /// retains under the property's spinlock): under the word's stripe, the value gets its Swift
  /// retain and, when its class has no custom retain-release, its Objective-C retain too
  /// (`-[NSObject retain]` run directly: a compare-and-swap of its word, no lock). A setter's
  /// exchange takes the same stripe, so its release of the old value comes after that retain and
  /// cannot free what was read. An instance of a class with custom retain-release gets the
  /// runtime's hold instead (an uncounted extra retain, the same word), since its `retain` is
  /// user code, which the caller sends with no lock held before it ends the hold (decision 0041).
  ///
  /// - Returns: The value, and what it got: `retained` (its Objective-C retain; also for an
  ///   object already deallocating, which is not revived), `held` (the runtime's hold), or
  ///   neither (`nil`, a class object, an object already freed).
  func loadRetainingObject(_ ivar: Ivar) -> (value: Value, retained: Bool, held: Bool) {
    let pointer = words + (ivar.offset - Self.firstByte) / 8
    var retained = false
    var held = false
    let bits = LockStripes.property.withLock(for: UInt(bitPattern: pointer)) { () -> UInt in
      let bits = RetainedReference.retain(pointer.pointee.load(ordering: .relaxed))
      // The word's own retain keeps `object` alive here, so peeking is safe under the stripe.
      if bits & RetainedReference.tagMask == 0, case .object(let object) = RetainedReference.peek(bits),
        object.owningRuntime != nil, !object.isFreedForObjectiveC
      {
        if object.isa.hasCustomRetainRelease {
          held = object.tryHold()  // a deallocating object gets none, and the `retain` decides
        } else {
          _ = object.tryRetain()  // rootRetain's count: a deallocating object is not revived
          retained = true
        }
      }
      return bits
    }
    return (RetainedReference.take(bits), retained, held)
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
}
