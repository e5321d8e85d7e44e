// Method.swift: a selector bound to an implementation in one class.
//
// Docs: docs/runtime.md#methods. Tests: Tests/MiniRuntimeTests/MethodTests.swift.
//
// Model: the selector and types never change; the implementation pointer does (replace,
// exchange, setImplementation). It is one atomic word holding an unretained `Implementation`
// pointer; the owning class retains every implementation the method ever had, so a reader that
// loaded an old pointer can still call it. Writes happen under `Runtime.lock` and are followed
// by a cache flush (Class+Methods.swift); reads take no lock. What a send calls may be a thunk
// that converts the arguments first (Method+ArgumentConversion.swift), made under the same lock.

import Synchronization

/// A method: a selector, its type encoding and the implementation it currently runs.
///
/// ```swift
/// let setter = try person.instanceMethod(for: "setAge:")!
/// setter.selector.name       // "setAge:"
/// setter.typeEncoding        // "v24@0:8q16"
/// setter.implementation      // the IMP msgSend calls
/// ```
///
/// Objective-C: `Method` (`method_getName`, `method_getTypeEncoding`, `method_getImplementation`)
public final class Method: @unchecked Sendable, CustomStringConvertible {
  /// The method's selector.
  ///
  /// Objective-C: `method_getName`
  public let selector: Selector

  /// The parsed type encoding.
  ///
  /// Objective-C: `method_getTypeEncoding` (parsed)
  public let signature: MethodSignature

  /// The class (or metaclass) whose method list holds this method.
  ///
  /// The reference is strong; the cycle class → method → class is broken when the class is
  /// disposed or its runtime goes away.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let owner: Class

  /// Unretained `Implementation` pointer bits; the owner retains the implementation.
  private let implementationWord: Atomic<UInt>

  /// The parameters a send converts, worked out on the first cache fill; `nil` before.
  /// Locking: `Runtime.lock` (Method+ArgumentConversion.swift).
  var argumentConversion: ArgumentConversion?

  /// The conversion thunk last made for this method; a send uses it while it still runs the
  /// method's current implementation. Locking: `Runtime.lock`.
  var thunk: Implementation?

  init(selector: Selector, signature: MethodSignature, implementation: Implementation, owner: Class) {
    self.selector = selector
    self.signature = signature
    self.owner = owner
    self.implementationWord = Atomic(UnretainedImplementation(implementation).bits)
  }

  /// The type encoding string, such as `v24@0:8q16`.
  ///
  /// Objective-C: `method_getTypeEncoding`
  public var typeEncoding: String { signature.description }

  /// The implementation the method currently runs.
  ///
  /// Objective-C: `method_getImplementation`
  public var implementation: Implementation {
    // INVARIANT: UnretainedImplementation (the owner retains every implementation it had).
    UnretainedImplementation(bits: implementationWord.load(ordering: .acquiring)).implementation
  }

  /// Swaps in `implementation` and returns the old one. Locking: caller holds `Runtime.lock`
  /// and has made the owner retain `implementation` (enforced by `inout Runtime.State`).
  func storeImplementation(_ implementation: Implementation, _ state: inout Runtime.State) -> Implementation {
    let old = implementationWord.exchange(UnretainedImplementation(implementation).bits, ordering: .acquiringAndReleasing)
    return UnretainedImplementation(bits: old).implementation
  }

  /// `-setAge: v24@0:8q16` (`+` for class methods).
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String {
    "\(owner.isMetaclass ? "+" : "-")\(selector.name) \(typeEncoding)"
  }
}
