// Class+IvarLayout.swift: objc4's ivar layout strings: which words of a class's ivars are strong
// and which are weak.
//
// Docs: docs/runtime.md#weak-references. Tests: Tests/MiniRuntimeTests/WeakIvarTests.swift.
//
// A layout string describes the words of the class's own ivars, from its first word (its
// instance start, the superclass's size rounded up to a word) to its instance size: each byte
// is a pair of nibbles, high = words to skip, low = words to scan (strong, or weak in the weak
// layout), runs longer than 15 split over several bytes. Whose string a class answers: a
// compiled class (one of an image, or one the runtime defines for itself) answers clang's,
// derived from its ivars; a class `allocateClassPair` made answers objc4's empty string (not
// NULL) for both, whatever its ivars, until a setter replaces it (`IvarLayoutString`).
// `class_setWeakIvarLayout` is how a
// class made at run time gets weak ivars (a `weak` property's ivar is weak too); it must come
// before registration, which applies it. `class_setIvarLayout` only records the strong layout
// (every object ivar that is not weak is retained anyway: Swift holds object pointers counted).
// Both setters refuse a registered class or a metaclass, as objc4 does (it logs and changes
// nothing). Reads and writes run under `Runtime.lock`.

extension Class {
  /// Declares which words of the class's own ivars are `__weak`, as objc4's layout string.
  ///
  /// ```swift
  /// try cls.addIvar("_delegate", type: .object(className: nil))   // the class's first word
  /// try cls.setWeakIvarLayout([0x01])                              // skip 0, weak 1
  /// try runtime.registerClassPair(cls)                             // _delegate is weak now
  /// ```
  ///
  /// Only object ivars can be weak; words of other ivars in the layout are ignored.
  ///
  /// - Parameter layout: Pairs of nibbles (skip, scan), without objc4's terminating 0 (a 0 byte
  ///   ends the layout), or `nil` for none (``weakIvarLayout`` then answers `nil`, objc4's NULL).
  /// - Throws: ``RuntimeError`` with code `invalidClassState` unless the class is under
  ///   construction (objc4 logs and ignores the call then), or
  ///   `classInUse` while an instance made before registration lives.
  ///
  /// Objective-C: `class_setWeakIvarLayout`
  public func setWeakIvarLayout(_ layout: [UInt8]?) throws(RuntimeError) {
    try setLayout(layout, at: \.weakIvarLayout, function: "class_setWeakIvarLayout")
  }

  /// Declares which words of the class's own ivars are strong, as objc4's layout string;
  /// ``ivarLayout`` answers it from then on.
  ///
  /// ```swift
  /// try cls.addIvar("_next", type: .object(className: nil))   // the class's first word
  /// try cls.setIvarLayout([0x01])                              // skip 0, strong 1
  /// cls.ivarLayout                                             // [0x01]
  /// ```
  ///
  /// The layout is recorded, not applied: every object ivar the weak layout does not cover is
  /// retained whatever this says. (objc4 stores an object ivar no layout covers unretained in a
  /// class not compiled with ARC; Swift keeps every object pointer counted, so MiniRuntime
  /// retains it. docs/runtime.md#weak-references says why.)
  ///
  /// - Parameter layout: Pairs of nibbles (skip, scan), without objc4's terminating 0 (a 0 byte
  ///   ends the layout), or `nil` for none (``ivarLayout`` then answers `nil`, objc4's NULL).
  /// - Throws: ``RuntimeError`` with code `invalidClassState` unless the class is under
  ///   construction (objc4 logs "Can't set ivar layout for already-registered class" and ignores
  ///   the call then), or `classInUse` while an instance made before registration lives.
  ///
  /// Objective-C: `class_setIvarLayout`
  public func setIvarLayout(_ layout: [UInt8]?) throws(RuntimeError) {
    try setLayout(layout, at: \.strongIvarLayout, function: "class_setIvarLayout")
  }

  /// Stores `layout` (up to its first 0 byte) in the metadata field `field`, if the class is
  /// under construction: the two layout setters, which differ only in the field and their name.
  private func setLayout(
    _ layout: [UInt8]?, at field: ReferenceWritableKeyPath<ClassMetadata, IvarLayoutString>, function: String
  ) throws(RuntimeError) {
    guard let runtime = linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "\(function): the runtime of \(name) no longer exists")
    }
    try runtime.withState { state throws(RuntimeError) in
      let data = locked(&state)
      guard data.state == .constructing, !isMetaclass else {
        throw RuntimeError(
          .invalidClassState, "\(function): \(name) is not under construction; its instances have a fixed layout")
      }
      let instances = instanceCount.load(ordering: .relaxed)
      guard instances == 0 else {
        throw RuntimeError(.classInUse, "\(function): \(name) has \(instances) live instance(s), made before registration, whose layout is fixed")
      }
      data[keyPath: field] = .stored(layout.map { Array($0.prefix { $0 != 0 }) })
    }
  }

  /// The weak ivar layout: the one set with ``setWeakIvarLayout(_:)``; else, for a class made by
  /// ``Runtime/allocateClassPair(superclass:name:)``, objc4's empty layout `[]` whatever its ivars
  /// (a `weak` property's ivar is weak all the same); else (a class of an image, or NSObject)
  /// the one its weak ivars make, as clang emits it, `nil` when it has none.
  ///
  /// ```swift
  /// let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Holder")
  /// try cls.synthesizeProperty("owner", type: .object(className: nil), options: [.weak])
  /// cls.weakIvarLayout   // [], where the same class compiled in an image answers [0x01]
  /// ```
  ///
  /// Objective-C: `class_getWeakIvarLayout`
  public var weakIvarLayout: [UInt8]? {
    withMetadata { data in
      switch data.weakIvarLayout {
      case .stored(let layout): layout
      case .compiled: Self.layoutString(data, scanning: { $0.isWeak && $0.layout.isReferenceItself })
      }
    }
  }

  /// The strong ivar layout: the one set with ``setIvarLayout(_:)``; else, for a class made by
  /// ``Runtime/allocateClassPair(superclass:name:)``, objc4's empty layout `[]` whatever its
  /// ivars; else (a class of an image, or NSObject) the words of its own ivars that hold retained
  /// object pointers (every object pointer that is not weak; struct members included), as clang
  /// emits it, `nil` when none.
  ///
  /// Objective-C: `class_getIvarLayout`
  public var ivarLayout: [UInt8]? {
    withMetadata { data in
      switch data.strongIvarLayout {
      case .stored(let layout): layout
      case .compiled: Self.layoutString(data, scanning: { !($0.isWeak && $0.layout.isReferenceItself) })
      }
    }
  }

  /// The first word (storage word index) the class's own ivars may use: its instance start,
  /// the superclass's unaligned size rounded up to a word (objc4's `alignedInstanceStart`).
  static func firstOwnWord(_ data: ClassMetadata) -> Int {
    (InstanceLayout.align(data.instanceStart) - ObjectStorage.firstByte) / 8
  }

  /// The layout string of the class's own reference words that `scanning` selects.
  private static func layoutString(_ data: ClassMetadata, scanning: (Ivar) -> Bool) -> [UInt8]? {
    let first = firstOwnWord(data)
    var scanned = Set<Int>()
    for ivar in data.ivars where scanning(ivar) {
      for word in ivar.referenceWords { scanned.insert(word - first) }
    }
    guard let last = scanned.max() else { return nil }
    var bytes: [UInt8] = []
    var word = 0
    while word <= last {
      var skip = 0
      while !scanned.contains(word) { skip += 1; word += 1 }
      var scan = 0
      while scanned.contains(word) { scan += 1; word += 1 }
      while skip > 15 {
        bytes.append(0xF0)
        skip -= 15
      }
      repeat {
        let run = min(scan, 15)
        bytes.append(UInt8(skip << 4) | UInt8(run))
        skip = 0
        scan -= run
      } while scan > 0
    }
    return bytes
  }

  /// The words (storage word indexes) a layout string scans, for a class whose own ivars start
  /// at storage word `first`.
  static func scannedWords(_ layout: [UInt8], first: Int) -> Set<Int> {
    var words = Set<Int>()
    var word = first
    for byte in layout {
      word += Int(byte >> 4)
      for _ in 0..<Int(byte & 0x0F) {
        words.insert(word)
        word += 1
      }
    }
    return words
  }
}

/// Where a class's layout string comes from: clang (derived from the ivars when asked) or the
/// class itself. objc4 keeps a pointer in `class_ro_t`: clang's string for a compiled class;
/// for `objc_allocateClassPair`'s, a pointer to a static empty string (`UnsetLayout`) that
/// `class_addIvar` and `objc_registerClassPair` leave alone and only the setters replace.
enum IvarLayoutString {
  /// The string clang emits for the class's ivars (a class of an image, or one the runtime
  /// defines for itself).
  case compiled
  /// The string the class holds: `[]` (objc4's `UnsetLayout`) from `allocateClassPair`, or what a
  /// setter gave, `nil` being NULL.
  case stored([UInt8]?)
}
