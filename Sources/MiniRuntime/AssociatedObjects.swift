// AssociatedObjects.swift: values attached to an object under a key.
//
// Docs: docs/runtime.md#associated-objects. Tests: Tests/MiniRuntimeTests/AssociatedObjectTests.swift.
//
// Model: a short list of (key, stored value) pairs on the object, guarded by the object's own
// lock (objc4 keeps one global hash map behind one lock; per-object storage avoids that global
// point of contention). Replaced and removed values are released after unlocking, because a
// release may run a `dealloc`. The object's deinit releases what is left, after `dealloc`.

/// A key for associated objects, compared by identity (like the address of a `static char`).
///
/// ```swift
/// let nameTagKey = AssociationKey("nameTag")
/// try object.setAssociatedObject("Ann", forKey: nameTagKey, policy: .retainNonatomic)
/// object.associatedObject(forKey: nameTagKey)   // "Ann"
/// ```
///
/// Objective-C: the `const void *key` of `objc_setAssociatedObject`
public final class AssociationKey: Sendable, CustomStringConvertible {
  /// A label for dumps.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let name: String

  /// Creates a key; every key is distinct from every other, whatever its name.
  ///
  /// Objective-C: none (declaring `static char key;`).
  public init(_ name: String) { self.name = name }

  /// The label.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { name }
}

/// How an associated object is held.
///
/// Objective-C: `objc_AssociationPolicy`
public enum AssociationPolicy: Sendable, Hashable {
  /// Not retained. MiniKVO holds objects weakly here, so a read after the object is gone gives
  /// `nil` instead of the dangling pointer Objective-C would give.
  ///
  /// Objective-C: `OBJC_ASSOCIATION_ASSIGN`
  case assign
  /// Retained, with non-atomic access.
  ///
  /// Objective-C: `OBJC_ASSOCIATION_RETAIN_NONATOMIC`
  case retainNonatomic
  /// Copied, with non-atomic access: values are copied by value; an object gets `copy` sent.
  ///
  /// Objective-C: `OBJC_ASSOCIATION_COPY_NONATOMIC`
  case copyNonatomic
  /// Retained, with atomic access.
  ///
  /// Objective-C: `OBJC_ASSOCIATION_RETAIN`
  case retain
  /// Copied, with atomic access.
  ///
  /// Objective-C: `OBJC_ASSOCIATION_COPY`
  case copy
}

/// One associated value as stored.
struct Association {
  enum Storage {
    case strong(Value)
    case weak(WeakReference<Object>)
    case weakSwift(WeakSwiftReference)
  }

  let key: AssociationKey
  let policy: AssociationPolicy
  let storage: Storage

  var value: Value {
    switch storage {
    case .strong(let value): return value
    case .weak(let reference): return reference.object.map { .object($0) } ?? .nil
    case .weakSwift(let reference): return reference.object.map { .swiftObject($0) } ?? .nil
    }
  }
}

/// A weak reference to a Swift object, for `assign` associations of `.swiftObject` values.
final class WeakSwiftReference: Sendable {
  weak let object: (any AnyObject & Sendable)?
  init(_ object: any AnyObject & Sendable) { self.object = object }
}

extension Object {
  /// Associates `value` with this object under `key`, or removes the association for `.nil`.
  ///
  /// ```swift
  /// try object.setAssociatedObject(.object(tag), forKey: key, policy: .retain)  // keeps tag alive
  /// try object.setAssociatedObject(.object(tag), forKey: key, policy: .assign)  // does not
  /// try object.setAssociatedObject(nil, forKey: key, policy: .retain)           // removes it
  /// ```
  ///
  /// With a copy policy, values (strings, numbers, structs, arrays) are stored as the copies
  /// they already are, and an object is sent `copy`; the previous value is released after the
  /// new one is in place.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` if a copy policy is given a Swift
  ///   object, or whatever the object's `copy` throws (for example an unrecognized selector).
  ///   Nothing changes when it throws.
  ///
  /// Objective-C: `objc_setAssociatedObject`
  public func setAssociatedObject(_ value: Value, forKey key: AssociationKey, policy: AssociationPolicy) throws {
    let storage: Association.Storage?
    switch (value, policy) {
    case (.nil, _):
      storage = nil
    case (.object(let object), .assign):
      storage = .weak(WeakReference(object))
    case (.class(let object), .assign):
      storage = .weak(WeakReference(object))
    case (.swiftObject(let object), .assign):
      storage = .weakSwift(WeakSwiftReference(object))
    case (.object, .copy), (.object, .copyNonatomic), (.class, .copy), (.class, .copyNonatomic):
      storage = .strong(try Runtime.msgSend(value.objectValue, "copy"))  // call-out: user `copy`
    case (.swiftObject, .copy), (.swiftObject, .copyNonatomic):
      throw RuntimeError(
        .invalidArgument, "cannot associate \(value) with a copy policy: a Swift object has no `copy`")
    default:
      storage = .strong(value)
    }
    let replaced = withLock { () -> Association? in
      let index = associations.firstIndex { $0.key === key }
      let old = index.map { associations[$0] }
      switch (index, storage) {
      case (let index?, let storage?): associations[index] = Association(key: key, policy: policy, storage: storage)
      case (let index?, nil): associations.remove(at: index)
      case (nil, let storage?): associations.append(Association(key: key, policy: policy, storage: storage))
      case (nil, nil): break
      }
      return old
    }
    withExtendedLifetime(replaced) {}  // released here, outside the lock
  }

  /// The value associated with this object under `key`, or `.nil`.
  ///
  /// - Complexity: O(*n*) in the number of associations of this object (usually one or two).
  ///
  /// Objective-C: `objc_getAssociatedObject`
  public func associatedObject(forKey key: AssociationKey) -> Value {
    withLock { associations.first { $0.key === key }?.value } ?? .nil
  }

  /// Removes every association of this object.
  ///
  /// Objective-C: `objc_removeAssociatedObjects`
  public func removeAssociatedObjects() {
    let removed = withLock { () -> [Association] in
      defer { associations = [] }
      return associations
    }
    withExtendedLifetime(removed) {}  // released here, outside the lock
  }

  /// The keys that currently have associations, in the order they were first set.
  ///
  /// Objective-C: none (MiniKVO extension, for introspection).
  public var associationKeys: [AssociationKey] {
    withLock { associations.map(\.key) }
  }
}
