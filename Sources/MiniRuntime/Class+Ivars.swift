// Class+Ivars.swift: declaring and finding instance variables, and the instance size.
//
// Docs: docs/runtime.md#objects-and-ivars, docs/runtime.md#memory-layout. Tests:
// Tests/MiniRuntimeTests/IvarTests.swift, InstanceLayoutTests.swift, ClassPairTests.swift.
//
// objc4's `class_addIvar`: the ivar goes at the class's unaligned size so far, rounded up to its
// alignment, and the unaligned size grows by its size. Everything here runs under `Runtime.lock`.

extension Class {
  /// The largest instance MiniKVO makes, indexed ivars included: 16 MiB. objc4's limit is 4 GiB
  /// (a 32-bit size); Swift traps when an allocation fails, so a smaller limit turns an absurd
  /// size into an error instead of a crash.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static let maximumInstanceSize = 1 << 24

  /// Adds an ivar to a class that is still under construction, at the size and alignment its
  /// type encoding has, as `class_addIvar(cls, name, sizeof(T), log2(alignof(T)), @encode(T))`.
  ///
  /// ```swift
  /// let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
  /// try person.addIvar("_age", type: .longLong)          // offset 8, right after the isa
  /// try runtime.registerClassPair(person)
  /// try person.addIvar("_name", type: .object(className: "NSString"))   // false: registered
  /// ```
  ///
  /// Any type can be an ivar; a type no ``Value`` holds (a union, `long double`, a bit field, a
  /// struct whose members the encoding omits) reserves its bytes, which a memory dump shows but
  /// which cannot be read or written as a value.
  ///
  /// - Returns: `false`, changing nothing, when the class is registered (its instances have a fixed
  ///   layout), disposed, a metaclass (no class variables), or already has an ivar of that name
  ///   (a superclass's is shadowed, as in objc4), as objc4 returns `NO`; `true` when the ivar was
  ///   added.
  /// - Throws: ``RuntimeError`` with code `invalidName` (a NUL in the name: any other text is taken,
  ///   as objc4 takes it, `""` as an anonymous ivar) or `invalidArgument` (the instance would
  ///   exceed ``maximumInstanceSize``, or an object pointer would sit off a word boundary), or
  ///   `classInUse` while an instance made before registration lives (objc4 adds the ivar, which
  ///   the instance has no room for).
  ///
  /// Objective-C: `class_addIvar`
  @discardableResult
  public func addIvar(_ name: String, type: TypeEncoding) throws(RuntimeError) -> Bool {
    try answeringNo { () throws(RuntimeError) in
      try addIvar(name, type: type, size: type.size, log2Alignment: Self.log2(type.alignment), isWeak: false)
    }
  }

  /// Adds an ivar whose type is given as an encoding string (`"q"`, `"@\"NSString\""`).
  ///
  /// Objective-C: `class_addIvar`
  @discardableResult
  public func addIvar(_ name: String, type: String) throws(RuntimeError) -> Bool {
    try addIvar(name, type: try TypeEncoding(type))
  }

  /// Adds an ivar of `size` bytes aligned to `1 << log2Alignment` bytes: objc4's own signature.
  ///
  /// ```swift
  /// try flags.addIvar("_a", size: 1, log2Alignment: 0, type: "B")   // offset 8
  /// try flags.addIvar("_d", size: 8, log2Alignment: 4, type: "d")   // offset 16: 16-aligned
  /// ```
  ///
  /// - Parameters:
  ///   - name: Any text without a NUL, as objc4 takes; `""` makes an anonymous ivar (any number
  ///     of them, found by no name).
  ///   - size: The ivar's size in bytes. For a type a ``Value`` can hold it must be at least the
  ///     type's own size (a smaller one would let a store overwrite the next ivar).
  ///   - log2Alignment: The base-2 logarithm of the alignment, 0 to 12.
  ///   - type: The ivar's type encoding.
  /// - Returns: As ``addIvar(_:type:)-(_,TypeEncoding)``.
  /// - Throws: As ``addIvar(_:type:)-(_,TypeEncoding)``, and `invalidArgument` for a size or
  ///   alignment out of range, or an object pointer that would not lie on a word boundary (Swift
  ///   keeps each object pointer in one whole word).
  ///
  /// Objective-C: `class_addIvar`
  @discardableResult
  public func addIvar(_ name: String, size: Int, log2Alignment: Int, type: TypeEncoding) throws(RuntimeError) -> Bool {
    try answeringNo { () throws(RuntimeError) in
      try addIvar(name, type: type, size: size, log2Alignment: log2Alignment, isWeak: false)
    }
  }

  /// Adds an ivar whose type is given as an encoding string, with objc4's explicit size and alignment.
  ///
  /// Objective-C: `class_addIvar`
  @discardableResult
  public func addIvar(_ name: String, size: Int, log2Alignment: Int, type: String) throws(RuntimeError) -> Bool {
    try addIvar(name, size: size, log2Alignment: log2Alignment, type: try TypeEncoding(type))
  }

  /// objc4's `NO` for the refusals it has: `body`'s `invalidClassState` (a registered, disposed or
  /// meta class) becomes `false`; every other error is thrown on.
  private func answeringNo(_ body: () throws(RuntimeError) -> Void) throws(RuntimeError) -> Bool {
    do {
      try body()
      return true
    } catch where error.code == .invalidClassState || error.code == .duplicateName {
      return false
    }
  }

  /// `class_addIvar`, throwing `invalidClassState` where the public forms answer `false` (a
  /// property synthesized after registration must fail loudly, before its accessors are added);
  /// `isWeak` for a weak property's ivar.
  func addIvar(_ name: String, type: TypeEncoding, size: Int, log2Alignment: Int, isWeak: Bool) throws(RuntimeError) {
    guard let runtime = linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "class_addIvar: the runtime of \(self.name) no longer exists")
    }
    guard !isMetaclass else {
      throw RuntimeError(.invalidClassState, "class_addIvar: cannot add ivar '\(name)' to a metaclass")
    }
    if let problem = Ivar.cStringProblem(withName: name) {
      throw RuntimeError(.invalidName, "class_addIvar: invalid ivar name '\(name)': \(problem)")
    }
    guard (0...12).contains(log2Alignment) else {
      throw RuntimeError(.invalidArgument, "class_addIvar: alignment 2^\(log2Alignment) of '\(name)' is out of range (2^0 to 2^12)")
    }
    let layout = ValueLayout(type)
    guard size >= 0, size <= Self.maximumInstanceSize, layout.opaquePart != nil || size >= type.size else {
      throw RuntimeError(
        .invalidArgument,
        "class_addIvar: size \(size) of '\(name)' is \(size < 0 || size > Self.maximumInstanceSize ? "out of range" : "smaller than the \(type.size) bytes of '\(type)'")")
    }
    try runtime.withState { state throws(RuntimeError) in
      let data = locked(&state)
      guard data.state == .constructing else {
        throw RuntimeError(
          .invalidClassState,
          "class_addIvar: cannot add ivar '\(name)' to \(self.name): the class is already \(data.state == .registered ? "registered and its instances have a fixed layout" : "disposed")")
      }
      // objc4 takes it and the live instance made before registration (Runtime+ClassPairs.swift)
      // is then too small for the class: refused while one lives.
      let instances = instanceCount.load(ordering: .relaxed)
      guard instances == 0 else {
        throw RuntimeError(
          .classInUse, "class_addIvar: cannot add ivar '\(name)' to \(self.name): it has \(instances) live instance(s), made before registration, that have no room for it")
      }
      // objc4 makes "" an anonymous ivar: any number of them, none found by name.
      guard name.isEmpty || !data.ivars.contains(where: { $0.name == name }) else {
        throw RuntimeError(.duplicateName, "class_addIvar: \(self.name) already has an ivar named '\(name)'")
      }
      let alignment = 1 << log2Alignment
      let offset = (data.unalignedSize + alignment - 1) & ~(alignment - 1)
      guard layout.referenceOffsets.allSatisfy({ (offset + $0) % 8 == 0 }) else {
        throw RuntimeError(
          .invalidArgument,
          "class_addIvar: '\(name)' would hold an object pointer at an offset that is not a multiple of 8 (\(offset)); MiniKVO keeps every object pointer in one whole word")
      }
      guard offset + size <= Self.maximumInstanceSize else {
        throw RuntimeError(.invalidArgument, "class_addIvar: '\(name)' would make \(self.name) larger than \(Self.maximumInstanceSize) bytes")
      }
      data.ivars.append(
        Ivar(
          name: name, type: type, offset: offset, size: size, alignment: alignment, className: self.name,
          isWeak: isWeak && layout.isReferenceItself))
      data.unalignedSize = offset + size
      state.record(.ivarAdded(class: self.name, name: name, type: type.description))
    }
  }

  /// `log2` of a power of two.
  static func log2(_ value: Int) -> Int { value <= 1 ? 0 : Int.bitWidth - 1 - value.leadingZeroBitCount }

  /// The ivar named `name`, searching superclasses (a subclass's shadows a superclass's).
  ///
  /// ```swift
  /// person.ivar(named: "_age")?.offset   // 8
  /// person.ivar(named: "isa")?.className // "NSObject": its `Class isa`, offset 0
  /// ```
  ///
  /// Objective-C: `class_getInstanceVariable`
  public func ivar(named name: String) -> Ivar? {
    guard let runtime = linkedRuntime else { return nil }
    return runtime.withState { state in findIvar(named: name, &state) }
  }

  /// The "class variable" named `name`: an ivar of the metaclass chain, which ends in the root
  /// class. objc4 has no class variables of its own; it answers its metaclass's ivar, and since no
  /// metaclass can declare ivars (`class_addIvar` refuses one), only a root class's ivars are found.
  ///
  /// Objective-C: `class_getClassVariable`
  public func classVariable(named name: String) -> Ivar? {
    isa.ivar(named: name)
  }

  /// The class's own ivars in declaration order; for `NSObject`, its one ivar `isa` (type `#`,
  /// offset 0: the isa word itself, see ``Ivar/isIsa``).
  ///
  /// Objective-C: `class_copyIvarList`
  public var ivarList: [Ivar] { withMetadata { $0.ivars } }

  /// The size in bytes of an instance, isa included, rounded up to a word: 8 for `NSObject`,
  /// 40 (a class object) for a metaclass.
  ///
  /// ```swift
  /// runtime.rootClass.instanceSize   // 8: just the isa
  /// ```
  ///
  /// Objective-C: `class_getInstanceSize`
  public var instanceSize: Int { withMetadata { InstanceLayout.align($0.unalignedSize) } }

  /// Finds an ivar in this class or a superclass. Locking: caller holds `Runtime.lock`.
  func findIvar(named name: String, _ state: inout Runtime.State) -> Ivar? {
    guard !name.isEmpty else { return nil }  // anonymous ivars have no name to find (objc4's getIvar)
    var each: Class? = self
    while let cls = each {
      let data = cls.locked(&state)
      if let ivar = data.ivars.first(where: { $0.name == name }) { return ivar }
      each = data.superclass
    }
    return nil
  }

  /// Whether `ivar` is declared by this class or a superclass (by identity).
  /// Locking: caller holds `Runtime.lock`.
  func declares(_ ivar: Ivar, _ state: inout Runtime.State) -> Bool {
    var each: Class? = self
    while let cls = each {
      let data = cls.locked(&state)
      if data.ivars.contains(where: { $0 === ivar }) { return true }
      each = data.superclass
    }
    return false
  }
}
