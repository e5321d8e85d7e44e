// Block+Kinds.swift: the three block classes, `__NSGlobalBlock__`, `__NSStackBlock__` and
// `__NSMallocBlock__`, and what `retain`, `release` and `copy` do to each (Block_copy).
//
// Docs: docs/runtime.md#blocks, docs/decisions/0021-block-objects.md. Tests:
// Tests/MiniRuntimeTests/BlockKindTests.swift.
//
// Model: where clang and ARC would have put the block decides its class, and the maker says
// which (Swift cannot see a closure's captures). A global block lives as long as the program:
// `retain`, `release` and `copy` change nothing and `copy` answers the block itself. A stack
// block lives in its frame: `retain` and `release` change nothing (retaining does not keep a
// frame alive), and `copy` answers a new heap block running the same closure. A heap block is
// counted as any NSObject is, and its `copy` is the block itself, retained (a copy is +1).
// Neither a global nor a stack block is ever counted or deallocated by a release; both answer
// `retainCount` 1. Their `retain`, `release`, `_tryRetain` and `retainWeakReference` are
// overrides, so the classes carry objc4's custom retain-release bit and every store and weak load
// sends them (ManualRetainRelease.swift). Stateless: the classes are made once per runtime under
// its monitor (Runtime+BuiltinClasses.swift).

/// Where a block lives, which decides its class and what retaining and copying it does.
///
/// ```swift
/// try runtime.makeBlock(kind: .global) { _ in 7 }.isa.name   // "__NSGlobalBlock__"
/// ```
///
/// Objective-C: a block's isa, `_NSConcreteGlobalBlock`, `_NSConcreteStackBlock` or
/// `_NSConcreteMallocBlock`
public enum BlockKind: Sendable, Hashable, CaseIterable {
  /// A literal that captures nothing, made once by the compiler: `__NSGlobalBlock__`. `retain`,
  /// `release` and `copy` change nothing; `copy` answers the block itself.
  ///
  /// Objective-C: `_NSConcreteGlobalBlock`
  case global
  /// A literal that captures, in the frame that made it, before any copy: `__NSStackBlock__`.
  /// `retain` and `release` change nothing; `copy` answers a new heap block.
  ///
  /// Objective-C: `_NSConcreteStackBlock`
  case stack
  /// A block copied to the heap (`Block_copy`, what ARC does to every block a method keeps):
  /// `__NSMallocBlock__`, counted like any object; `copy` answers the block itself, retained.
  ///
  /// Objective-C: `_NSConcreteMallocBlock`
  case malloc

  /// The name of the kind's class, such as `__NSMallocBlock__`.
  var className: String {
    switch self {
    case .global: return "__NSGlobalBlock__"
    case .stack: return "__NSStackBlock__"
    case .malloc: return "__NSMallocBlock__"
    }
  }
}

extension Object {
  /// The kind of a block made by ``Runtime/makeBlock(kind:capturing:_:)``; `nil` for any other object.
  ///
  /// Objective-C: none (`object_getClass(block)` is one of the three block classes)
  public var blockKind: BlockKind? { (bridgedStorage as? BlockStorage)?.kind }

  /// `Block_copy`, which `-copy` also is: a global block itself (never counted); a heap block
  /// itself, retained, since a copy is +1 to its caller; for a stack block, a new heap block
  /// running the same closure (its owner's one count is the caller's).
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` if this object is not a block, or
  ///   what making the heap block class threw.
  func copyBlock() throws(RuntimeError) -> Object {
    guard let storage = bridgedStorage as? BlockStorage, let runtime = owningRuntime else {
      throw RuntimeError(.invalidArgument, "Block_copy: \(description) is not a block")
    }
    switch storage.kind {
    case .global: return self
    case .malloc: return try rootRetain()
    case .stack: return try runtime.makeBlock(kind: .malloc, capturing: storage.captures, storage.body)
    }
  }

  /// `Block_release` of what ``copyBlock()`` answered: a heap block is released (perhaps to its
  /// deallocation; call-out: `dealloc`), a global one is untouched.
  func releaseCopiedBlock() throws(RuntimeError) {
    if blockKind == .malloc { try rootRelease() }
  }
}

extension Runtime {
  /// Copies a block as `Block_copy` does: a heap block is retained and answered, a global block
  /// answered as it is, a stack block copied to a new heap block (count 1) that runs the same
  /// closure. Balance it with ``releaseBlock(_:)``.
  ///
  /// ```swift
  /// let heap = try runtime.makeBlock { _ in .nil }
  /// try Runtime.copyBlock(heap) === heap   // true, and heap.retainCount is 2
  /// let stack = try runtime.makeBlock(kind: .stack) { _ in .nil }
  /// try Runtime.copyBlock(stack).isa.name  // "__NSMallocBlock__": a new block
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` if `block` is not a block, or
  ///   `deallocatingObject` for a heap block that was released to zero.
  ///
  /// Objective-C: `Block_copy` (`_Block_copy`, `objc_retainBlock`)
  public static func copyBlock(_ block: Object) throws(RuntimeError) -> Object {
    try block.copyBlock()
  }

  /// Releases a block as `Block_release` does: a heap block loses one count (the last one
  /// deallocates it; call-out: `dealloc`); a global or stack block is left alone.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` if `block` is not a block, or
  ///   `deallocatingObject` for a heap block that was released to zero.
  ///
  /// Objective-C: `Block_release` (`_Block_release`)
  public static func releaseBlock(_ block: Object) throws(RuntimeError) {
    guard block.isBlock else {
      throw RuntimeError(.invalidArgument, "Block_release: \(block.description) is not a block")
    }
    try block.releaseCopiedBlock()
  }

  /// The runtime's class for blocks of `kind` (and `NSBlock` above it), made on first use.
  func blockClass(_ kind: BlockKind) throws(RuntimeError) -> Class {
    let base = try builtinClass(named: "NSBlock", "Block_copy") { cls throws(RuntimeError) in
      let copy = Implementation(function: "-[NSBlock copyWithZone:]") { receiver, _, _ in
        .object(try receiver.copyBlock())  // +1, as every copy
      }
      _ = try cls.addMethod("copyWithZone:", types: "@24@0:8^{_NSZone=}16", implementation: copy)
      // -[NSBlock invoke]: calls a block of no arguments (what performSelector:@selector(invoke) uses).
      let invoke = Implementation(function: "-[NSBlock invoke]") { receiver, _, _ in
        _ = try receiver.callBlock([])  // call-out: the block
        return .nil
      }
      _ = try cls.addMethod("invoke", types: "v16@0:8", implementation: invoke)
    }
    return try builtinClass(named: kind.className, superclass: base, "Block_copy") { cls throws(RuntimeError) in
      guard kind != .malloc else { return }  // counted as NSObject counts
      let name = kind.className
      let methods: [Class.MethodEntry] = [
        ("retain", Implementation(function: "-[\(name) retain]") { receiver, _, _ in .object(receiver) }, "@16@0:8"),
        ("release", Implementation(function: "-[\(name) release]") { _, _, _ in .nil }, "v16@0:8"),
        ("autorelease", Implementation(function: "-[\(name) autorelease]") { receiver, _, _ in .object(receiver) }, "@16@0:8"),
        ("retainCount", Implementation(function: "-[\(name) retainCount]") { _, _, _ in .uint64(1) }, "Q16@0:8"),
        ("_tryRetain", Implementation(function: "-[\(name) _tryRetain]") { _, _, _ in true }, "B16@0:8"),
        ("_isDeallocating", Implementation(function: "-[\(name) _isDeallocating]") { _, _, _ in false }, "B16@0:8"),
        // objc_loadWeakRetained's +1, which the caller's release gives back: not counted either.
        ("retainWeakReference", Implementation(function: "-[\(name) retainWeakReference]") { _, _, _ in true }, "B16@0:8"),
      ]
      try cls.addMethods(methods)
    }
  }
}
