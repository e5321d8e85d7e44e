// Ivar.swift: an instance variable declared by a class.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/IvarTests.swift,
// InstanceLayoutTests.swift.
//
// State: everything is fixed when the ivar is added, except whether it is weak, which a
// `class_setWeakIvarLayout` may decide until the class is registered: that flag is one atomic
// byte, written under `Runtime.lock` at registration and read without a lock.

import Synchronization

/// An instance variable: a name, a type encoding, and a place (offset and size, in bytes) in
/// every instance.
///
/// ```swift
/// try person.addIvar("_age", type: .longLong)    // before registerClassPair
/// let ivar = person.ivar(named: "_age")!
/// ivar.type.description                           // "q"
/// ivar.offset                                     // 8: right after the isa
/// try object.setValue(7, for: ivar)
/// ```
///
/// Objective-C: `Ivar` (`ivar_getName`, `ivar_getTypeEncoding`, `ivar_getOffset`)
public final class Ivar: Sendable, CustomStringConvertible {
  /// The ivar's name, such as `_age`.
  ///
  /// Objective-C: `ivar_getName`
  public let name: String

  /// The ivar's type.
  ///
  /// Objective-C: `ivar_getTypeEncoding`
  public let type: TypeEncoding

  /// The ivar's offset in bytes from the start of the object (the isa is bytes 0 to 7).
  ///
  /// Objective-C: `ivar_getOffset`
  public let offset: Int

  /// The ivar's size in bytes (`class_addIvar`'s `size`).
  ///
  /// Objective-C: none (the `size` given to `class_addIvar`; objc4's `ivar_t.size`).
  public let size: Int

  /// The ivar's alignment in bytes (`1 << class_addIvar`'s `log2(alignment)`).
  ///
  /// Objective-C: none (objc4's `ivar_t.alignment()`).
  public let alignment: Int

  /// The name of the class that declares the ivar.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let className: String

  /// How the ivar's bytes hold a value.
  let layout: ValueLayout

  /// For an ivar that is one whole scalar word: that word's index in the storage; otherwise -1.
  /// (The synthesized setter's fast path.)
  let wholeScalarWord: Int
  /// For an object ivar (`id`, `Class`, a block) that is one whole, word-aligned storage word:
  /// that word's index; otherwise -1. (The synthesized object getter's fast path.)
  let wholeReferenceWord: Int
  /// The scalar kind, for a scalar ivar (read without unboxing `layout`).
  let scalarKind: ScalarKind?

  /// The storage words the ivar touches, and those of them that must hold object pointers.
  let words: Range<Int>
  let referenceWords: [Int]

  /// 1 when the ivar is weak (set at the latest when its class is registered).
  private let weakFlag: Atomic<UInt8>

  init(name: String, type: TypeEncoding, offset: Int, size: Int, alignment: Int, className: String, isWeak: Bool) {
    self.name = name
    self.type = type
    self.offset = offset
    self.size = size
    self.alignment = alignment
    self.className = className
    layout = ValueLayout(type)
    let start = offset - ObjectStorage.firstByte
    if start < 0 {
      // NSObject's `isa`: the isa word itself, not a word of the storage after it.
      words = 0..<0
      referenceWords = []
      scalarKind = nil
      wholeScalarWord = -1
      wholeReferenceWord = -1
    } else if case .scalar(let kind) = layout {
      words = (start / 8)..<((start + max(size, 1) + 7) / 8)
      referenceWords = []
      scalarKind = kind
      wholeScalarWord = kind.size == 8 && start % 8 == 0 ? start / 8 : -1
      wholeReferenceWord = -1
    } else {
      words = (start / 8)..<((start + max(size, 1) + 7) / 8)
      referenceWords = layout.referenceOffsets.map { (start + $0) / 8 }
      scalarKind = nil
      wholeScalarWord = -1
      wholeReferenceWord = layout.isReferenceItself && start % 8 == 0 && size <= 8 ? start / 8 : -1
    }
    weakFlag = Atomic(isWeak ? 1 : 0)
  }

  /// NSObject's `Class isa`: offset 0, 8 bytes, type `#`, as objc4's NSObject declares it.
  static func isa(declaredBy className: String) -> Ivar {
    Ivar(name: "isa", type: .class, offset: 0, size: 8, alignment: 8, className: className, isWeak: false)
  }

  /// Whether this is NSObject's `isa` ivar (offset 0: `class_addIvar` places every other ivar
  /// after the isa). Reading it answers the object's class; writing it is `object_setClass`
  /// (Object+Ivars.swift).
  ///
  /// Objective-C: none (MiniKVO extension; `ivar_getOffset(ivar) == 0`).
  public var isIsa: Bool { offset < ObjectStorage.firstByte }

  /// Whether the ivar is `__weak`: it does not keep its object alive and reads `nil` once the
  /// object is deallocated (a `weak` property's ivar, or one `class_setWeakIvarLayout` covers).
  ///
  /// Objective-C: none (objc4's private `_class_getIvarMemoryManagement` answering
  /// `objc_ivar_memoryWeak`).
  public var isWeak: Bool { weakFlag.load(ordering: .relaxed) != 0 }

  /// Marks the ivar weak. Locking: caller holds `Runtime.lock` and registers its class.
  func markWeak(_ state: inout Runtime.State) { weakFlag.store(1, ordering: .relaxed) }

  /// `_age q` (name and encoding).
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { "\(name) \(type)" }

  /// Why objc4 could not take `name` for a class, selector, ivar, property, protocol or
  /// category, or `nil`: it takes any C string, `""` and spaces included (decision 0027), so
  /// only a NUL is refused.
  static func cStringProblem(withName name: String) -> String? {
    // Over the contiguous bytes when the string has them (a native string always does): a byte
    // compare each, where the view's iterator decodes its way through (a class pair's name paid it).
    let hasNUL = name.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? name.utf8.contains(0)
    return hasNUL ? "a C string cannot hold a NUL" : nil
  }

  /// Why `name` is not a C identifier, or `nil` when it is: what the compiler allows where
  /// MiniKVO stands for it (`synthesizeProperty`'s `@synthesize`, an image's classes, `V` in
  /// property attributes).
  static func problem(withName name: String) -> String? {
    guard let first = name.utf8.first else { return "the name is empty" }
    guard Selector.isIdentifierStart(first) else { return "it must start with a letter or '_'" }
    guard name.utf8.allSatisfy(Selector.isIdentifierByte) else {
      return "only letters, digits and '_' are allowed"
    }
    return nil
  }
}
