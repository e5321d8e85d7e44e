// BridgedStorage.swift: the contents an object of a Foundation value class carries.
//
// Docs: docs/runtime.md#values. Tests: Tests/MiniRuntimeTests/BridgedStorageTests.swift.
//
// Model: an `NSArray` object keeps its elements in a Swift object attached when the instance is
// created (`Class.createInstance(bridgedStorage:)`), as CoreFoundation keeps a CFArray's
// contents after the object's ivars. The runtime knows only this protocol: what the contents
// bridge to, and how two contents compare, so that `Value` equality, hashing and descriptions
// treat `["a"]` and an `NSArray` object holding "a" alike without sending a message. The classes
// themselves live in MiniFoundation (docs/decisions/0005-foundation-classes-and-bridged-values.md).
// A storage that can change (an `NSMutableArray`'s) guards itself; the runtime only reads it.

/// The contents of an object of one of Foundation's value classes (an array's elements, a
/// string's characters), attached to the object when it is created.
///
/// ```swift
/// let array = try cls.createInstance(bridgedStorage: someArrayStorage)
/// Value.object(array) == ["a", "b"]   // true when the storage bridges to ["a", "b"]
/// ```
///
/// Objective-C: none (the contents CoreFoundation keeps after a CF object's header, read with
/// `object_getIndexedIvars`).
public protocol BridgedStorage: AnyObject, Sendable {
  /// The Swift value the contents bridge to, read now (a copy, for contents that can change),
  /// or `nil` when Swift has no bridged form (an `NSOrderedSet`).
  ///
  /// Objective-C: none (Swift's `as` bridging: `NSArray` → `Array`).
  var bridgedValue: Value? { get }

  /// Whether these contents equal `other`'s, as `isEqual:` decides for the class.
  ///
  /// The default compares the bridged values, or identity when either has none.
  ///
  /// Objective-C: `-isEqual:` of the value classes (`-isEqualToArray:`, …)
  func isEqual(to other: any BridgedStorage) -> Bool

  /// Hashes the contents consistently with ``isEqual(to:)``.
  ///
  /// Objective-C: `-hash` of the value classes
  func hash(into hasher: inout Hasher)

  /// The contents as `%@` prints them (`(1, 2)` for an array).
  ///
  /// The default prints the bridged value.
  ///
  /// Objective-C: `-description` of the value classes
  var description: String { get }

  /// Releases what the contents hold and empties them: the object was deallocated by a
  /// `release` (decision 0017) while Swift still holds its shell, so its `-dealloc` releases its
  /// elements now, as Foundation's collections do.
  ///
  /// The default does nothing (contents that hold no objects).
  ///
  /// Objective-C: `-dealloc` of the collection classes (`CFRelease` of each element)
  func releaseContents()
}

extension BridgedStorage {
  /// Does nothing: contents that hold no objects.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func releaseContents() {}

  /// Compares the bridged values (identity when either has none).
  ///
  /// Objective-C: none (MiniKVO extension).
  public func isEqual(to other: any BridgedStorage) -> Bool {
    guard let mine = bridgedValue, let theirs = other.bridgedValue else { return self === other }
    return mine == theirs
  }

  /// Hashes the bridged value (the identity when there is none).
  ///
  /// Objective-C: none (MiniKVO extension).
  public func hash(into hasher: inout Hasher) {
    if let value = bridgedValue { hasher.combine(value) } else { hasher.combine(ObjectIdentifier(self)) }
  }

  /// The bridged value's description.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { bridgedValue?.description ?? "<\(type(of: self))>" }
}

extension Class {
  /// Creates an instance of this class carrying `bridgedStorage`, its contents for life.
  ///
  /// How MiniFoundation makes an `NSArray`: `+alloc` of the concrete class calls this with the
  /// storage of its elements. Otherwise exactly ``createInstance(extraBytes:)``.
  ///
  /// - Throws: As ``createInstance(extraBytes:)``.
  ///
  /// Objective-C: `class_createInstance(cls, extraBytes)` (the contents live in the extra bytes)
  public func createInstance(bridgedStorage: any BridgedStorage) throws(RuntimeError) -> Object {
    try createInstance(storage: bridgedStorage)
  }
}
