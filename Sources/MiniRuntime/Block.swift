// Block.swift: block objects, the `^(…){ … }` that Foundation's enumerate, test and sort
// messages take.
//
// Docs: docs/runtime.md#blocks, docs/decisions/0021-block-objects.md. Tests:
// Tests/MiniRuntimeTests/BlockTests.swift.
//
// Model: a block is an object like any other (it answers `class`, `isKindOfClass:`, `copy`,
// goes in a collection, is retained and released), of one of three classes under `NSBlock`
// under NSObject: `__NSMallocBlock__` (a block copied to the heap, which ARC does to every block
// passed to a method that keeps it; the default), `__NSGlobalBlock__` (a literal that captures
// nothing) or `__NSStackBlock__` (one that captures, before its copy). Swift cannot see a
// closure's captures, so the maker names the kind and the objects captured (decision 0021); how
// each kind retains and copies is in Block+Kinds.swift; a heap block owns its captures. Its code and captures are a Swift closure, carried in the
// object's bridged storage (`BlockStorage`), as the block's invoke pointer and captured variables
// follow its isa in memory. Calling it is not a message but a call of that closure
// (`Object.callBlock`), with the arguments of the block's type (`@?`). The classes are made on
// the runtime's first block (decision 0008). State: the closure and kind are immutable; the
// label is set once, before the block is handed out, and a heap block's captures are emptied
// once, when released, each under the storage's own lock (a leaf; releases run after it).

/// The code of a block: its arguments in (no `self`, no `_cmd`), its result out (`.nil` for
/// `void`). A `BOOL *stop` argument is a `VariablePointer` passed as `.swiftObject`.
///
/// ```swift
/// let body: BlockBody = { arguments in .bool((arguments[0].intValue ?? 0) > 2) }
/// ```
///
/// Objective-C: the invoke function of a block literal, `^BOOL(id obj) { … }`
public typealias BlockBody = @Sendable (_ arguments: Arguments) throws -> Value

/// What a block object carries: its closure, and the objects it captured. A heap block owns its
/// captures, as `Block_copy`'s copy helper retains them: retained when the block is made,
/// released once, when a `release` deallocates it or when Swift frees it. A stack block's are
/// not counted (the frame owns them), and a global block has none.
final class BlockStorage: BridgedStorage {
  let body: BlockBody
  let kind: BlockKind
  private let label = Locked<String>("<NSBlock>")
  /// The captured objects; a heap block's are released (and emptied) once.
  private let captured: Locked<[Object]>

  /// - Throws: What retaining a heap block's captures threw (an object Objective-C freed).
  init(_ body: @escaping BlockBody, kind: BlockKind, capturing captures: [Object]) throws(RuntimeError) {
    self.body = body
    self.kind = kind
    captured = Locked(captures)
    if kind == .malloc {
      for (index, object) in captures.enumerated() {
        do throws(RuntimeError) {
          try StrongReference.retain(object)  // call-out: a `retain` override
        } catch {
          for retained in captures[..<index] { StrongReference.release(retained) }
          captured.withLock { $0 = [] }
          throw error
        }
      }
    }
  }

  deinit { releaseContents() }

  /// The objects the block captured.
  var captures: [Object] { captured.withLock { $0 } }

  /// A heap block's `dispose` helper: releases its captures, once (call-out: `release`
  /// overrides, no lock held).
  func releaseContents() {
    guard kind == .malloc else { return }
    let old = captured.withLock { captures in
      defer { captures = [] }
      return captures
    }
    for object in old { StrongReference.release(object) }
  }

  /// A block has no Swift value to bridge to; two blocks are equal only if they are the same.
  var bridgedValue: Value? { nil }

  /// `<__NSMallocBlock__: 0x…>` (or the block's other class), as NSObject describes it.
  var description: String { label.withLock { $0 } }

  func setLabel(_ text: String) { label.withLock { $0 = text } }
}

extension Runtime {
  /// Makes a block object running `body`: by default an `__NSMallocBlock__` (a subclass of
  /// `NSBlock`), which can be passed to a parameter of type `@?`, kept in a collection, copied
  /// and retained, and called with ``Object/callBlock(_:)``.
  ///
  /// ```swift
  /// let isBig = try runtime.makeBlock { arguments in .bool((arguments[0].intValue ?? 0) > 2) }
  /// try isBig.callBlock([3])   // true
  /// isBig.isa.name             // "__NSMallocBlock__"
  /// try runtime.msgSend(array, "indexOfObjectPassingTest:", .object(isBig))
  /// let constant = try runtime.makeBlock(kind: .global) { _ in 7 }   // ^{ return 7; }
  /// constant.isa.name          // "__NSGlobalBlock__": retain and copy change nothing
  /// ```
  ///
  /// - Parameters:
  ///   - kind: Which class the block has, as clang and ARC would have made it: `.malloc` for a
  ///     block that was copied (what every block a method keeps is under ARC), `.global` for a
  ///     literal that captures nothing, `.stack` for one that captures, before its copy. Swift
  ///     cannot see a closure's captures, so the caller says.
  ///   - captures: The objects the block captures, as Objective-C sees them (Swift cannot say
  ///     what its closure captured): a heap block retains each and releases them when it is
  ///     deallocated; a stack block does not count them; a global block has none.
  ///   - body: The block's code; it receives the block's arguments (no `self`, no `_cmd`).
  /// - Throws: ``RuntimeError`` with code `duplicateClassName` if the program defined a class
  ///   named `NSBlock` or the kind's class (such as `__NSMallocBlock__`) before the runtime's
  ///   first block of that kind; `invalidArgument` for a global block given captures;
  ///   `deallocatingObject` if a capture was already freed.
  ///
  /// Objective-C: a block literal `^(…){ … }` (`_NSConcreteGlobalBlock` or
  /// `_NSConcreteStackBlock`), copied to the heap (`Block_copy`, what ARC does) for `.malloc`
  public func makeBlock(
    kind: BlockKind = .malloc, capturing captures: [Object] = [], _ body: @escaping BlockBody
  ) throws(RuntimeError) -> Object {
    guard kind != .global || captures.isEmpty else {
      throw RuntimeError(.invalidArgument, "a global block captures nothing: make a stack or heap block to capture \(captures.count) object(s)")
    }
    let storage = try BlockStorage(body, kind: kind, capturing: captures)
    let cls = try blockClass(kind)
    let block = try cls.createInstance(storage: storage)
    storage.setLabel("<\(cls.name): \(block.address)>")
    return block
  }
}

extension Object {
  /// Whether this object is a block made by ``Runtime/makeBlock(kind:capturing:_:)``.
  ///
  /// Objective-C: none (`[object isKindOfClass:NSClassFromString(@"NSBlock")]`)
  public var isBlock: Bool { bridgedStorage is BlockStorage }

  /// Calls this block with `arguments` and answers its result (`.nil` for a `void` block). What
  /// it throws comes out of the call.
  ///
  /// ```swift
  /// let stop = VariablePointer(false)
  /// try block.callBlock([.string("a"), .uint64(0), .swiftObject(stop)])   // block(@"a", 0, &stop)
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` if this object is not a block, or
  ///   what the block throws.
  ///
  /// Objective-C: `block(arguments…)`, a call of the block's invoke function (not a message)
  public func callBlock(_ arguments: Arguments) throws -> Value {
    guard let storage = bridgedStorage as? BlockStorage else {
      throw RuntimeError(.invalidArgument, "\(description) is not a block, so it cannot be called")
    }
    return try storage.body(arguments)
  }
}
