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

import Synchronization

/// The block behind an implementation made by `imp_implementationWithBlock`.
final class BlockState: Sendable {
  let block: ImplementationBody
  private let removed = Atomic<Bool>(false)

  init(_ block: @escaping ImplementationBody) { self.block = block }

  /// Whether `imp_removeBlock` took the block away.
  var isRemoved: Bool { removed.load(ordering: .acquiring) }

  /// Marks the block removed; `true` for the one caller that did it.
  func remove() -> Bool {
    removed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
  }

  /// The error a call of a removed block throws: `-[Person greet]: …`.
  static func removedError(_ receiver: Object, _ selector: Selector) -> RuntimeError {
    RuntimeError(
      .blockRemoved,
      "\(receiver is Class ? "+" : "-")[\(receiver.className) \(selector.name)]: the implementation's block was removed by imp_removeBlock")
  }
}

extension Implementation {
  /// The closure this implementation was made from, or `nil` for one that stands for a compiled
  /// function (``init(function:variadic:_:)``) or whose block was removed.
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
  /// instead of running the closure, and ``block`` answers `nil`.
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
