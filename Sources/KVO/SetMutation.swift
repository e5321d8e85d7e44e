// SetMutation.swift: the four ways a set relationship changes, and what each reports.
//
// Docs: docs/kvo.md#set-mutations. Tests: Tests/KVOTests/SetMutationTests.swift.
//
// Foundation's `willChangeValueForKey:withSetMutation:usingObjects:` names an unordered to-many
// change by the set operation it performs with `objects`, and derives the notification from it,
// reading the current set once, at the will:
//   union     → insertion,   new = objects − current        (the objects actually added)
//   minus     → removal,     old = current ∩ objects        (the objects actually removed)
//   intersect → removal,     old = current − objects
//   set       → replacement, old = current − objects, new = objects − current
// Both values are sets (Foundation's are `NSMutableSet`s); a change has no indexes. Objects
// are equal as Foundation's sets find them (decision 0024): a user's object with its own
// `hash` and `isEqual:` equal to a member is not new in a union, and a minus reports the member
// it finds, not the object (CollectionEquality; its messages are sent with no lock held). The did
// reports what the will computed: the mutation says what happens, so nothing is read again.
// Stateless: a `SetMutation` is an immutable value carried by the change it describes.

import MiniFoundation
import MiniRuntime

/// The set operation an unordered to-many change performs.
///
/// Objective-C: `NSKeyValueSetMutationKind`
public enum SetMutationKind: UInt, Hashable, Sendable, CustomStringConvertible {
  /// The objects are added (`-unionSet:`): observers get an insertion.
  ///
  /// Objective-C: `NSKeyValueUnionSetMutation`
  case union = 1
  /// The objects are removed (`-minusSet:`): observers get a removal.
  ///
  /// Objective-C: `NSKeyValueMinusSetMutation`
  case minus = 2
  /// Only the objects are kept (`-intersectSet:`): observers get a removal.
  ///
  /// Objective-C: `NSKeyValueIntersectSetMutation`
  case intersect = 3
  /// The objects become the whole set (`-setSet:`): observers get a replacement.
  ///
  /// Objective-C: `NSKeyValueSetSetMutation`
  case set = 4

  /// The change kind observers see for this mutation.
  ///
  /// Objective-C: none (the mapping `NSKeyValueWillChangeBySetMutation` makes).
  public var changeKind: ChangeKind {
    switch self {
    case .union: return .insertion
    case .minus, .intersect: return .removal
    case .set: return .replacement
    }
  }

  /// `union`, `minus`, `intersect` or `set`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String {
    switch self {
    case .union: return "union"
    case .minus: return "minus"
    case .intersect: return "intersect"
    case .set: return "set"
    }
  }
}

/// One set mutation in progress: its kind and the objects it uses.
struct SetMutation: Sendable {
  let kind: SetMutationKind
  let objects: Set<Value>

  /// The old and new values this mutation reports, from the set as it is before the change
  /// (`current`, a set value, an `NSSet` object, or nil for an empty relationship). Only the
  /// values asked for are computed.
  func values(from current: Value, old wantsOld: Bool, new wantsNew: Bool) throws -> (old: Value?, new: Value?) {
    let members = try Self.members(of: current)
    var old: Value?
    var new: Value?
    switch kind {
    case .union:
      if wantsNew { new = .set(try CollectionEquality.added(byUnion: objects, to: members)) }
    case .minus:
      if wantsOld { old = .set(try CollectionEquality.removed(byMinus: objects, from: members)) }
    case .intersect:
      if wantsOld { old = .set(try CollectionEquality.removed(byIntersect: objects, from: members)) }
    case .set:
      if wantsOld { old = .set(try CollectionEquality.removed(byIntersect: objects, from: members)) }
      if wantsNew { new = .set(try CollectionEquality.added(byUnion: objects, to: members)) }
    }
    return (old, new)
  }

  /// The members of a set relationship's value (an ordered collection's elements count too, as
  /// Foundation's `-minusSet:` on a mutable copy of one would take them).
  static func members(of value: Value) throws -> Set<Value> {
    if value.isNil { return [] }
    guard let contents = try value.collectionContents() else {
      throw KeyValueError(.invalidValue, "a set mutation needs a set, but the value is \(value)")
    }
    return Set(contents.elements)
  }

  /// The objects argument of a message: a set, an `NSSet`, or any collection of objects.
  static func objects(_ value: Value) throws(KeyValueError) -> Set<Value> {
    do {
      if value.isNil { return [] }
      if let contents = try value.collectionContents() { return Set(contents.elements) }
    } catch {
      throw KeyValueError(.invalidArgument, "the objects of a set mutation could not be read: \(error)")
    }
    throw KeyValueError(.invalidArgument, "the objects of a set mutation must be a set, not \(value)")
  }

  /// The mutation kind argument of a message.
  static func kind(_ value: Value) throws(KeyValueError) -> SetMutationKind {
    guard let raw = value.intValue, raw > 0, let kind = SetMutationKind(rawValue: UInt(raw)) else {
      throw KeyValueError(.invalidArgument, "\(value) is not an NSKeyValueSetMutationKind")
    }
    return kind
  }
}
