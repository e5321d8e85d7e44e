// InstanceLayout.swift: where every ivar of an instance lies, in bytes, and which words hold
// object pointers.
//
// Docs: docs/runtime.md#objects-and-ivars, docs/decisions/0009-object-storage.md.
// Tests: Tests/MiniRuntimeTests/InstanceLayoutTests.swift, IvarTests.swift.
//
// Model (objc4's rules): the isa is bytes 0 to 7; `class_addIvar` puts each ivar at the next
// offset aligned to its alignment after the class's current unaligned size, which starts at the
// superclass's unaligned size (8 for a root class: just the isa). The instance size is the
// unaligned size rounded up to a word. A class's layout is fixed at registration (why objc
// refuses `class_addIvar` afterwards: instances already have that shape); a class that adds no
// ivars shares its superclass's layout object, so the KVO subclass of `Person` has exactly
// `Person`'s layout. The word map says, for each 8-byte word after the isa, whether it is a
// scalar word or holds an object pointer (strong or weak): ObjectStorage never writes one kind
// over the other. Immutable after creation: any thread may read it.

/// What one word of an object's storage holds.
///
/// Objective-C: none (objc4's ivar layout strings say which words are strong and weak).
enum WordKind: UInt8, Sendable {
  /// Bytes of scalars (or padding, or indexed ivars).
  case scalar
  /// 0 or a retained object pointer.
  case strong
  /// 0 or a retained box around a weak reference.
  case weak

  var isReference: Bool { self != .scalar }
}

/// The layout of a class's instances.
final class InstanceLayout: @unchecked Sendable {
  /// The layout of an object with nothing but an isa (`NSObject`, a new root class).
  static let empty = InstanceLayout()

  /// The size before rounding: isa plus ivars (objc4's `unalignedInstanceSize`).
  let unalignedSize: Int

  /// Every ivar, the superclasses' first, in offset order.
  let ivars: [Ivar]

  /// The layout this one extends (the superclass's).
  let parent: InstanceLayout?

  /// One kind per storage word of an instance (bytes 8 ..< `size`). Immutable.
  private let kinds: UnsafeMutablePointer<WordKind>?
  /// The number of storage words an instance has (before any indexed ivars).
  let wordCount: Int

  private init() {
    unalignedSize = ObjectStorage.firstByte
    ivars = []
    parent = nil
    kinds = nil
    wordCount = 0
  }

  /// The layout of a subclass of `parent` declaring `ivars` (already placed), whose unaligned
  /// size is `unalignedSize`. Weak ivars (`Ivar.isWeak`) get weak words.
  init(extending parent: InstanceLayout, with ivars: [Ivar], unalignedSize: Int) {
    self.unalignedSize = unalignedSize
    self.ivars = parent.ivars + ivars
    self.parent = parent
    wordCount = (InstanceLayout.align(unalignedSize) - ObjectStorage.firstByte) / 8
    let kinds = UnsafeMutablePointer<WordKind>.allocate(capacity: max(wordCount, 1))
    kinds.initialize(repeating: .scalar, count: max(wordCount, 1))
    for word in 0..<parent.wordCount { kinds[word] = parent.kind(ofWord: word) }
    for ivar in ivars {
      for word in ivar.referenceWords { kinds[word] = ivar.isWeak && ivar.layout.isReferenceItself ? .weak : .strong }
    }
    self.kinds = kinds
  }

  deinit {
    kinds?.deinitialize(count: max(wordCount, 1))
    kinds?.deallocate()
  }

  /// The instance size: `unalignedSize` rounded up to a word (`class_getInstanceSize`).
  var size: Int { InstanceLayout.align(unalignedSize) }

  /// The kind of storage word `word` (a word past the layout, an indexed ivar, is scalar).
  @inline(__always)
  func kind(ofWord word: Int) -> WordKind {
    word < wordCount ? kinds.unsafelyUnwrapped[word] : .scalar
  }

  /// `offset` rounded up to a multiple of 8 (objc4's `word_align`).
  static func align(_ offset: Int) -> Int { (offset + 7) & ~7 }

  /// The layout of a subclass adding `ivars`: this very object when it adds none.
  func extended(with ivars: [Ivar], unalignedSize: Int) -> InstanceLayout {
    guard !ivars.isEmpty || unalignedSize != self.unalignedSize else { return self }
    return InstanceLayout(extending: self, with: ivars, unalignedSize: unalignedSize)
  }
}

extension ValueLayout {
  /// Whether the value is one object pointer itself (only such an ivar can be weak; a struct
  /// member never is).
  var isReferenceItself: Bool {
    if case .reference = self { return true }
    return false
  }
}
