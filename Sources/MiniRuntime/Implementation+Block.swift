// Implementation+Block.swift: imp_getBlock and imp_removeBlock, an implementation made from a
// block and back.
//
// Docs: docs/runtime.md#implementations-from-blocks. Tests: Tests/MiniRuntimeTests/ImplementationBlockTests.swift.
//
// State: a block implementation's `BlockState` holds the closure (immutable) and one atomic flag,
// set once by `removeBlock()` with a compare-and-swap, so exactly one caller sees `true`. The
// wrapper in `Implementation.body` reads the flag (acquiring) before every call; a call that
// loaded the flag just before the removal may still finish, as a send that loaded an old
// implementation from a cache may finish one call after a swizzle. objc4 frees the block's
// trampoline instead, after which a call through it is undefined behaviour; here the closure
// stays retained (the implementation is retained by every class that used it) and a call throws.
// An implementation made from a block object keeps `Block_copy` of it (the block itself,
// retained, for a heap block; a new heap block for a stack one), which `imp_getBlock` answers;
// the removal gives that retain back (`Block_release`), after the flag is set, outside any lock.

import Synchronization

/// The block behind an implementation made by `imp_implementationWithBlock`.
final class BlockState: Sendable {
  let block: ImplementationBody
  /// The block object the implementation was made from (its copy), `nil` for a closure.
  let object: Object?
  private let removed = Atomic<Bool>(false)

  init(_ block: @escaping ImplementationBody) {
    self.block = block
    object = nil
  }

  /// The state of an implementation running block object `copy` (already `Block_copy`'d): the
  /// receiver is the block's first argument, then the message's arguments; `_cmd` is not passed.
  init(copy: Object) {
    object = copy
    block = { receiver, _, arguments in
      let target: Value = (receiver as? Class).map(Value.class) ?? .object(receiver)
      return try copy.callBlock(Arguments([target] + arguments.values))  // call-out: the block
    }
  }

  /// Whether `imp_removeBlock` took the block away.
  var isRemoved: Bool { removed.load(ordering: .acquiring) }

  /// Marks the block removed and releases the block object's copy; `true` for the one caller
  /// that did it.
  func remove() -> Bool {
    guard removed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    else { return false }
    // Block_release: an over-released block (the program released the implementation's count)
    // is undefined in objc4; here the zombie error is dropped and the answer stays YES.
    try? object?.releaseCopiedBlock()  // call-out: the block's `dealloc` if this was its last count
    return true
  }

  /// The error a call of a removed block throws: `-[Person greet]: …`.
  static func removedError(_ receiver: Object, _ selector: Selector) -> RuntimeError {
    RuntimeError(
      .blockRemoved,
      "\(receiver is Class ? "+" : "-")[\(receiver.className) \(selector.name)]: the implementation's block was removed by imp_removeBlock")
  }
}

extension Implementation {
  /// Makes an implementation that runs a block object: a send runs the block with the receiver
  /// as its first argument and the message's arguments after it (no `_cmd`). The implementation
  /// keeps a copy of the block (`Block_copy`: a heap block itself, retained; a global block
  /// itself; a stack block's new heap copy), which ``blockObject`` answers and ``removeBlock()``
  /// releases. Add it with ``Class/addMethod(_:types:implementation:)`` like any other.
  ///
  /// ```swift
  /// let greet = try runtime.makeBlock { arguments in   // ^(id self, NSString *name) { … }
  ///   .string("hello \(arguments[1].stringValue ?? "")")
  /// }
  /// let imp = try Implementation(block: greet)   // imp_implementationWithBlock(greet)
  /// try person.addMethod("greet:", types: "@24@0:8@16", implementation: imp)
  /// try runtime.msgSend(ann, "greet:", "Bo")   // "hello Bo"
  /// imp.blockObject === greet                  // true: imp_getBlock
  /// ```
  ///
  /// - Parameters:
  ///   - name: A label for dumps and traces.
  ///   - block: A block made by ``Runtime/makeBlock(kind:capturing:_:)``.
  /// - Throws: ``RuntimeError`` with code `invalidArgument` if `block` is not a block.
  ///
  /// Objective-C: `imp_implementationWithBlock`
  public convenience init(name: String = "<block>", block: Object) throws(RuntimeError) {
    guard block.isBlock else {
      throw RuntimeError(.invalidArgument, "imp_implementationWithBlock: \(block.description) is not a block")
    }
    let copy = try block.copyBlock()
    self.init(name: name, variadic: false, blockState: BlockState(copy: copy))
  }

  /// The block object this implementation was made from (its copy: for a heap or global block,
  /// the block itself), or `nil` for one made from a closure, one that stands for a compiled
  /// function, or one whose block was removed. The block is not retained again by asking.
  ///
  /// ```swift
  /// let imp = try Implementation(block: greet)
  /// imp.blockObject === greet   // true
  /// imp.removeBlock()           // true: greet's count goes back down
  /// imp.blockObject             // nil
  /// ```
  ///
  /// Objective-C: `imp_getBlock`
  public var blockObject: Object? {
    guard let blockState, !blockState.isRemoved else { return nil }
    return blockState.object
  }

  /// The closure this implementation was made from, or `nil` for one that stands for a compiled
  /// function (``init(function:variadic:_:)``) or whose block was removed. For one made from a
  /// block object, a closure that calls the block with the receiver first.
  ///
  /// ```swift
  /// let imp = Implementation(name: "greet") { _, _, _ in "hello" }
  /// try imp.block?(ann, "greet", [])   // "hello"
  /// Implementation.forwarding.block     // nil: a function
  /// ```
  ///
  /// Objective-C: `imp_getBlock`
  public var block: ImplementationBody? {
    guard let blockState, !blockState.isRemoved else { return nil }
    return blockState.block
  }

  /// Takes the block away from an implementation made from one: from then on a call of the
  /// implementation (a send that reaches it, `imp(…)`, `method_invoke`) throws `blockRemoved`
  /// instead of running the closure, and ``block`` and ``blockObject`` answer `nil`. For an
  /// implementation made from a block object, the implementation's copy of the block is
  /// released (`Block_release`), which may deallocate it.
  ///
  /// ```swift
  /// imp.removeBlock()   // true
  /// imp.removeBlock()   // false: already removed
  /// try Runtime.msgSend(ann, "greet")   // throws blockRemoved
  /// ```
  ///
  /// objc4 frees the block and its trampoline, so a later call is undefined behaviour; MiniKVO
  /// keeps the closure (a thread may have loaded the implementation just before) and throws.
  ///
  /// - Returns: `true` once for an implementation made from a block; `false` for a function and
  ///   for a block already removed.
  ///
  /// Objective-C: `imp_removeBlock`
  @discardableResult
  public func removeBlock() -> Bool { blockState?.remove() ?? false }
}
