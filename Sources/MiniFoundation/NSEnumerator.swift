// NSEnumerator.swift: NSEnumerator, the object that hands out a collection's elements one by one.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSEnumeratorTests.swift.
//
// Model: an enumerator made by `-[NSArray objectEnumerator]` or `-[NSSet objectEnumerator]`
// holds a copy of the elements taken when it was made and the position of the next one, in an
// `EnumeratorStorage` behind its own lock (a leaf: nothing is sent while it is held). Only the
// two messages key-value coding needs are modelled: `-nextObject` (nil once every element was
// handed out) and `-allObjects` (the elements not handed out yet, which it uses up). A subclass
// that defines `-nextObject` gets `-allObjects` from it, as in Foundation. An enumerator of a
// mutable collection that changed since the enumerator was made raises on its next element, as
// Foundation's fast-enumeration enumerator does (MutationGuard.swift); once every element was
// handed out it answers nil, as a `for … in` loop ends without a check.

/// The elements of an enumerator and how many it has handed out.
final class EnumeratorStorage: BridgedStorage {
  private let state: Locked<(elements: [Value], next: Int)>
  /// The check of the collection the elements came from (nil: an enumerator of no collection).
  private let mutations: MutationGuard?

  init(_ elements: [Value], guarding mutations: MutationGuard? = nil) {
    state = Locked((elements, 0))
    self.mutations = mutations
  }

  /// No bridged form: an enumerator equals only itself.
  var bridgedValue: Value? { nil }

  /// The next element, or `nil` when there is none left.
  ///
  /// - Throws: Foundation's mutation error when elements are left and the collection changed.
  func next() throws(FoundationError) -> Value? {
    try checkMutations()
    return state.withLock { state in
      guard state.next < state.elements.count else { return nil }
      defer { state.next += 1 }
      return state.elements[state.next]
    }
  }

  /// The elements not handed out yet, all handed out now.
  ///
  /// - Throws: Foundation's mutation error when elements are left and the collection changed.
  func rest() throws(FoundationError) -> [Value] {
    try checkMutations()
    return state.withLock { state in
      defer { state.next = state.elements.count }
      return Array(state.elements[state.next...])
    }
  }

  /// Throws if elements are left and the collection changed; the collection's lock is taken
  /// after this one is released, so each stays a leaf.
  private func checkMutations() throws(FoundationError) {
    guard let mutations, state.withLock({ $0.next < $0.elements.count }) else { return }
    try mutations.check()
  }
}

enum NSEnumeratorMethods {
  static let all = ClassMethods(
    instance: [
      MethodEntry("nextObject", "@16@0:8") { receiver, selector, _ in
        guard let storage = receiver.bridgedStorage as? EnumeratorStorage else {
          throw Message.abstract(receiver, selector, "NSEnumerator")
        }
        return try storage.next() ?? .nil
      },
      MethodEntry("allObjects", "@16@0:8") { receiver, _, _ in
        if let storage = receiver.bridgedStorage as? EnumeratorStorage { return .array(try storage.rest()) }
        var elements: [Value] = []
        while case let next = try Runtime.msgSend(receiver, "nextObject"), !next.isNil {  // call-out: the subclass's
          elements.append(next)
        }
        return .array(elements)
      },
    ])

  /// `-objectEnumerator` of a collection whose elements `elements` reads, guarded against changes
  /// to the collection from then on.
  static func objectEnumerator(
    _ selector: Selector = "objectEnumerator", _ elements: @escaping @Sendable (Object) throws -> [Value]
  ) -> MethodEntry {
    MethodEntry(selector, "@16@0:8") { receiver, _, _ in
      let classes = try FoundationClasses.of(receiver)
      let mutations = MutationGuard(receiver)  // before the elements are read
      return .object(
        try classes.enumerator.createInstance(bridgedStorage: EnumeratorStorage(try elements(receiver), guarding: mutations)))
    }
  }
}
