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
// closure's captures, so the maker names the kind (decision 0021); how each kind retains and
// copies is in Block+Kinds.swift. Its code and captures are a Swift closure, carried in the
// object's bridged storage (`BlockStorage`), as the block's invoke pointer and captured variables
// follow its isa in memory. Calling it is not a message but a call of that closure
// (`Object.callBlock`), with the arguments of the block's type (`@?`). The classes are made on
// the runtime's first block (decision 0008). State: the closure, kind and label are immutable;
// the label is set once, before the block is handed out, under the storage's lock.

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
  let kind: BlockKind
  private let label = Locked<String>("<NSBlock>")

  init(_ body: @escaping BlockBody, kind: BlockKind) {
    self.body = body
    self.kind = kind
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
  ///   - body: The block's code; it receives the block's arguments (no `self`, no `_cmd`).
  /// - Throws: ``RuntimeError`` with code `duplicateClassName` if the program defined a class
  ///   named `NSBlock` or the kind's class (such as `__NSMallocBlock__`) before the runtime's
  ///   first block of that kind.
  ///
  /// Objective-C: a block literal `^(…){ … }` (`_NSConcreteGlobalBlock` or
  /// `_NSConcreteStackBlock`), copied to the heap (`Block_copy`, what ARC does) for `.malloc`
  public func makeBlock(kind: BlockKind = .malloc, _ body: @escaping BlockBody) throws(RuntimeError) -> Object {
    let storage = BlockStorage(body, kind: kind)
    let cls = try blockClass(kind)
    let block = try cls.createInstance(storage: storage)
    storage.setLabel("<\(cls.name): \(block.address)>")
    return block
  }
}

extension Object {
  /// Whether this object is a block made by ``Runtime/makeBlock(kind:_:)``.
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
