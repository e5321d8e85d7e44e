// NotifyingSetMutators.swift: the overrides a notifying subclass installs for a set relationship.
//
// Docs: docs/kvo.md#set-mutations. Tests: Tests/KVOTests/SetMutationTests.swift.
//
// For an observed key whose class implements the unordered to-many accessors, each of
// `add<Key>Object:`, `add<Key>:`, `remove<Key>Object:`, `remove<Key>:` and `intersect<Key>:` it
// has is overridden (Foundation's `NSKVOAddObjectAndNotify`, `NSKVOUnionSetAndNotify`,
// `NSKVORemoveObjectAndNotify`, `NSKVOMinusSetAndNotify`, `NSKVOIntersectSetAndNotify`): a
// will/did of the matching set mutation with the argument as its objects (one object makes a
// one-object set) around the original method. An object nobody observes for the key goes
// straight to the original. The setter `set<Key>:` keeps its ordinary notifying override (a
// setting). Stateless: each override captures its key and original class.

import MiniRuntime

enum NotifyingSetMutators {
  /// The overrides for `key` (whose id is `id` and accessor names `names`) on instances of `original`
  /// (one per accessor the class has: `methods`, what it has of `names.setMutators`).
  static func hooks(
    for key: String, id: KeyID, names: AccessorNames, methods: ArraySlice<Method?>, in original: Class
  ) -> [NotifyingSetters.Hook] {
    var hooks: [NotifyingSetters.Hook] = []
    for ((selector, method), (kind, oneObject, implementationName)) in zip(zip(names.setMutators, methods), accessorKinds) {
      guard let method, method.signature.messageArgumentTypes.count == 1
      else { continue }
      hooks.append(
        NotifyingSetters.Hook(
          selector: selector, signature: method.signature,
          implementation: mutator(
            key: key, id: id, kind: kind, oneObject: oneObject, named: implementationName, original: original)))
    }
    return hooks
  }

  /// What each set mutator of `AccessorNames.setMutators` does, in that order.
  private static let accessorKinds: [(SetMutationKind, Bool, String)] = [
    (.union, true, "NSKVOAddObjectAndNotify"),
    (.union, false, "NSKVOUnionSetAndNotify"),
    (.minus, true, "NSKVORemoveObjectAndNotify"),
    (.minus, false, "NSKVOMinusSetAndNotify"),
    (.intersect, false, "NSKVOIntersectSetAndNotify"),
  ]

  /// The notifying override of one set accessor.
  private static func mutator(
    key: String, id: KeyID, kind: SetMutationKind, oneObject: Bool, named name: String, original: Class
  ) -> Implementation {
    return Implementation(function: name) { receiver, selector, arguments in
      guard try Notifier.isObserved(receiver, id: id) else {
        return try Runtime.msgSendSuper(receiver, superclass: original, selector, arguments: arguments)
      }
      let objects: Set<Value> = oneObject ? (arguments[0].isNil ? [] : [arguments[0]]) : try SetMutation.objects(arguments[0])
      return try Notifier.bracket(receiver, key: key, mutation: SetMutation(kind: kind, objects: objects)) {
        try Runtime.msgSendSuper(receiver, superclass: original, selector, arguments: arguments)
      }
    }
  }
}
