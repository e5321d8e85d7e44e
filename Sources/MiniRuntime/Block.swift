// Block.swift: block objects, the `^(…){ … }` that Foundation's enumerate, test and sort
// messages take.
//
// Docs: docs/runtime.md#blocks, docs/decisions/0021-block-objects.md. Tests:
// Tests/MiniRuntimeTests/BlockTests.swift.
//
// Model: a block is an object like any other (it answers `class`, `isKindOfClass:`, `copy`,
// goes in a collection, is retained and released), of the class `__NSMallocBlock__` under
// `NSBlock` under NSObject, as a block is once copied to the heap, which ARC does to every block
// passed to a method that keeps it. Its code and captures are a Swift closure, carried in the
// object's bridged storage (`BlockStorage`), as the block's invoke pointer and captured variables
// follow its isa in memory. Calling it is not a message but a call of that closure
// (`Object.callBlock`), with the arguments of the block's type (`@?`). The classes are made on
// the runtime's first block (decision 0008). State: the closure and label are immutable; the
// label is set once, before the block is handed out, under the storage's lock.

/// The code of a block: its arguments in (no `self`, no `_cmd`), its result out (`.nil` for
/// `void`). A `BOOL *stop` argument is a `VariablePointer` passed as `.swiftObject`.
///
/// ```swift
/// let body: BlockBody = { arguments in .bool((arguments[0].intValue ?? 0) > 2) }
/// ```
///
/// Objective-C: the invoke function of a block literal, `^BOOL(id obj) { … }`
public typealias BlockBody = @Sendable (_ arguments: Arguments) throws -> Value

/// What a block object carries: its closure.
final class BlockStorage: BridgedStorage {
  let body: BlockBody
  private let label = Locked<String>("<__NSMallocBlock__>")

  init(_ body: @escaping BlockBody) { self.body = body }

  /// A block has no Swift value to bridge to; two blocks are equal only if they are the same.
  var bridgedValue: Value? { nil }

  /// `<__NSMallocBlock__: 0x…>`, as NSObject describes it.
  var description: String { label.withLock { $0 } }

  func setLabel(_ text: String) { label.withLock { $0 = text } }
}

extension Runtime {
  /// Makes a block object running `body`: an `__NSMallocBlock__` (a subclass of `NSBlock`), which
  /// can be passed to a parameter of type `@?`, kept in a collection, copied and retained, and
  /// called with ``Object/callBlock(_:)``.
  ///
  /// ```swift
  /// let isBig = try runtime.makeBlock { arguments in .bool((arguments[0].intValue ?? 0) > 2) }
  /// try isBig.callBlock([3])   // true
  /// isBig.isa.name             // "__NSMallocBlock__"
  /// try runtime.msgSend(array, "indexOfObjectPassingTest:", .object(isBig))
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `duplicateClassName` if the program defined a class
  ///   named `NSBlock` or `__NSMallocBlock__` before the runtime's first block.
  ///
  /// Objective-C: a block literal `^(…){ … }`, copied to the heap (`Block_copy`, what ARC does)
  public func makeBlock(_ body: @escaping BlockBody) throws(RuntimeError) -> Object {
    let storage = BlockStorage(body)
    let block = try mallocBlockClass().createInstance(storage: storage)
    storage.setLabel("<__NSMallocBlock__: \(block.address)>")
    return block
  }

  /// The runtime's `__NSMallocBlock__` class (and `NSBlock` above it), made on first use.
  func mallocBlockClass() throws(RuntimeError) -> Class {
    let base = try builtinClass(named: "NSBlock", "Block_copy") { cls throws(RuntimeError) in
      // A block is immutable: its copy is itself, as Block_copy of a heap block answers it.
      let copy = Implementation(function: "-[NSBlock copyWithZone:]") { receiver, _, _ in .object(receiver) }
      _ = try cls.addMethod("copyWithZone:", types: "@24@0:8^{_NSZone=}16", implementation: copy)
    }
    return try builtinClass(named: "__NSMallocBlock__", superclass: base, "Block_copy") { _ throws(RuntimeError) in }
  }
}

extension Object {
  /// Whether this object is a block made by ``Runtime/makeBlock(_:)``.
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
