// MutationGuard.swift: Foundation's guard against a mutable collection changed while it is being
// enumerated ("*** Collection <__NSDictionaryM: 0x…> was mutated while being enumerated.").
//
// Docs: docs/foundation.md#blocks. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound10EnumerationTests.swift.
//
// Model: each collection storage counts the changes made to its contents, under its own lock
// (`CollectionStorage.mutations`, the `mutationsPtr` of Foundation's fast enumeration). A guard
// reads the count when an enumeration begins, before it reads the elements, and `check()` reads
// it again after each call-out (a block, or the code between two `-nextObject`s): a different
// count is a change, an equal element put back included. Reading the count first means a change
// made on another thread between the two reads is never missed. An object without collection
// storage (a subclass's, read through its primitives) is not guarded. No state of its own: the
// count it started from is a constant.

/// Storage whose changes are counted.
protocol MutationCounting: AnyObject, Sendable {
  /// How many changes were made to the contents so far (wrapping).
  var mutations: UInt { get }
}

extension CollectionStorage: MutationCounting {}

/// The mutation check of one enumeration of one collection.
struct MutationGuard: Sendable {
  private let collection: Object
  private let storage: (any MutationCounting)?
  private let start: UInt

  /// A guard of `collection`'s contents as they are now.
  init(_ collection: Object) {
    self.collection = collection
    storage = collection.bridgedStorage as? any MutationCounting
    start = storage?.mutations ?? 0
  }

  /// Throws Foundation's `NSGenericException` if the collection changed since the guard was made.
  func check() throws(FoundationError) {
    guard let storage, storage.mutations != start else { return }
    throw FoundationError(
      .collectionMutated, "*** Collection <\(collection.isa.name): \(collection.address)> was mutated while being enumerated.")
  }
}
