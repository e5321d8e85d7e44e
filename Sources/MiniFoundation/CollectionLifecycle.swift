// CollectionLifecycle.swift: making, initializing and copying Foundation's collections.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/FoundationClassesTests.swift.
//
// `+alloc` of a public class (`NSArray`, `NSMutableArray`) or of its concrete class hands out an
// instance of the concrete class (`__NSArrayI`, `__NSArrayM`) with empty storage, as Foundation's
// placeholder does; `+alloc` of any other subclass is NSObject's, so a user's subclass has no
// storage and must define the primitives. `-copy` of an immutable collection is the collection
// itself; of a mutable one, a new immutable collection; `-mutableCopy` always a new mutable one.

enum CollectionLifecycle {
  /// `+alloc` for the collection classes of `kind`.
  static func alloc(_ kind: CollectionKind) -> MethodEntry {
    MethodEntry("alloc", "@16@0:8") { receiver, _, _ in
      guard let cls = receiver as? Class, let runtime = cls.runtime else { return .nil }
      let classes = try FoundationClasses.of(runtime)
      guard let mutable = classes.mutability(of: cls, kind) else {
        return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass.isa, "alloc")
      }
      return .object(try runtime.makeCollection(kind, mutable: mutable, storage: emptyStorage(kind)))
    }
  }

  /// A class method that sends `[[self alloc] <initializer>]` (`+arrayWithArray:` …), with every
  /// argument it was sent (a variadic one's too: `+stringWithFormat:` → `-initWithFormat:`).
  static func convenience(
    _ selector: Selector, _ types: String, _ initializer: Selector, variadic: Bool = false
  ) -> MethodEntry {
    MethodEntry(selector, types, variadic: variadic) { receiver, _, arguments in
      let instance = try Runtime.msgSend(receiver, "alloc")
      return try Runtime.msgSend(instance.objectValue, initializer, arguments: arguments)
    }
  }

  /// A one-object factory (`+arrayWithObject:`, `+setWithObject:`): `[[self alloc]
  /// initWithArray:@[object]]`, refusing a non-object argument as Foundation's do.
  static func withObject(_ selector: Selector) -> MethodEntry {
    MethodEntry(selector, "@24@0:8@16") { receiver, selector, arguments in
      let element = try Message.object(arguments[0], receiver, selector)
      let instance = try Runtime.msgSend(receiver, "alloc")
      return try Runtime.msgSend(instance.objectValue, "initWithArray:", .array([element]))
    }
  }

  /// `-copyWithZone:` and `-mutableCopyWithZone:` for the classes of `kind`, reading the contents
  /// with `contents` (from the storage, or through the primitives of a subclass).
  static func copying(_ kind: CollectionKind, contents: @escaping @Sendable (Object) throws -> any BridgedStorage) -> [MethodEntry] {
    [
      MethodEntry("copyWithZone:", "@24@0:8^v16") { receiver, _, _ in
        guard let runtime = receiver.runtime else { return .nil }
        let classes = try FoundationClasses.of(runtime)
        if receiver.bridgedStorage != nil, classes.mutability(of: receiver.isa, kind, inherited: true) == false {
          return try Copying.itself(receiver)  // immutable: the copy is the object itself, retained
        }
        return .object(try runtime.makeCollection(kind, mutable: false, storage: try contents(receiver)))
      },
      MethodEntry("mutableCopyWithZone:", "@24@0:8^v16") { receiver, _, _ in
        guard let runtime = receiver.runtime else { return .nil }
        return .object(try runtime.makeCollection(kind, mutable: true, storage: try contents(receiver)))
      },
    ]
  }

  static func emptyStorage(_ kind: CollectionKind) -> any BridgedStorage {
    switch kind {
    case .array: return ArrayStorage.array([])
    case .dictionary: return DictionaryStorage.dictionary([:])
    case .set: return SetStorage.set([])
    case .orderedSet: return OrderedSetStorage.orderedSet(OrderedElements([]))
    case .indexSet: return IndexSetStorage.indexSet([])
    }
  }
}

extension FoundationClasses {
  /// Whether `cls` makes mutable collections of `kind` (`true`), immutable ones (`false`), or is
  /// another subclass (`nil`). With `inherited`, any subclass of the mutable public class counts
  /// as mutable and any other subclass of the public class as immutable (for `-copy`).
  func mutability(of cls: Class, _ kind: CollectionKind, inherited: Bool = false) -> Bool? {
    let immutable = concreteClass(for: kind, mutable: false)
    let mutable = concreteClass(for: kind, mutable: true)
    let (publicImmutable, publicMutable) = publicClasses(kind)
    if cls === mutable || cls === publicMutable { return true }
    if cls === immutable || cls === publicImmutable { return false }
    guard inherited else { return nil }
    if cls.isSubclass(of: publicMutable) { return true }
    return cls.isSubclass(of: publicImmutable) ? false : nil
  }

  /// The public immutable and mutable classes of `kind` (`NSArray`, `NSMutableArray`).
  func publicClasses(_ kind: CollectionKind) -> (Class, Class) {
    switch kind {
    case .array: return (array, mutableArray)
    case .dictionary: return (dictionary, mutableDictionary)
    case .set: return (set, mutableSet)
    case .orderedSet: return (orderedSet, mutableOrderedSet)
    case .indexSet: return (indexSet, mutableIndexSet)
    }
  }
}
