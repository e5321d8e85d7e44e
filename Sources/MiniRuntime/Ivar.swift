// Ivar.swift: an instance variable declared by a class.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/IvarTests.swift.

/// An instance variable: a name, a type encoding and a slot in every instance.
///
/// ```swift
/// try person.addIvar("_age", type: .longLong)    // before registerClassPair
/// let ivar = person.ivar(named: "_age")!
/// ivar.type.description                           // "q"
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

  /// The slot index in an instance (superclass ivars come first).
  ///
  /// MiniKVO counts slots, where Objective-C counts bytes.
  ///
  /// Objective-C: `ivar_getOffset`
  public let offset: Int

  /// The name of the class that declares the ivar.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let className: String

  let storage: InstanceLayout.Storage

  init(name: String, type: TypeEncoding, offset: Int, className: String, storage: InstanceLayout.Storage) {
    self.name = name
    self.type = type
    self.offset = offset
    self.className = className
    self.storage = storage
  }

  /// `_age q` (name and encoding).
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { "\(name) \(type)" }

  /// Why `name` cannot name an ivar or property, or `nil` when it can: a C identifier.
  static func problem(withName name: String) -> String? {
    guard let first = name.utf8.first else { return "the name is empty" }
    guard Selector.isIdentifierStart(first) else { return "it must start with a letter or '_'" }
    guard name.utf8.allSatisfy(Selector.isIdentifierByte) else {
      return "only letters, digits and '_' are allowed"
    }
    return nil
  }
}
