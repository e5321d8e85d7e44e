// NSEnumerator.swift: NSEnumerator, the object that hands out a collection's elements one by one.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSEnumeratorTests.swift.
//
// Model: an enumerator made by `-[NSArray objectEnumerator]` or `-[NSSet objectEnumerator]`
// holds a copy of the elements taken when it was made and the position of the next one, in an
// `EnumeratorStorage` behind its own lock (a leaf: nothing is sent while it is held). Only the
// two messages key-value coding needs are modelled: `-nextObject` (nil once every element was
// handed out) and `-allObjects` (the elements not handed out yet, which it uses up). A subclass
// that defines `-nextObject` gets `-allObjects` from it, as in Foundation.

/// The elements of an enumerator and how many it has handed out.
final class EnumeratorStorage: BridgedStorage {
  private let state: Locked<(elements: [Value], next: Int)>

  init(_ elements: [Value]) { state = Locked((elements, 0)) }

  /// No bridged form: an enumerator equals only itself.
  var bridgedValue: Value? { nil }

  /// The next element, or `nil` when there is none left.
  func next() -> Value? {
    state.withLock { state in
      guard state.next < state.elements.count else { return nil }
      defer { state.next += 1 }
      return state.elements[state.next]
    }
  }

  /// The elements not handed out yet, all handed out now.
  func rest() -> [Value] {
    state.withLock { state in
      defer { state.next = state.elements.count }
      return Array(state.elements[state.next...])
    }
  }
}

enum NSEnumeratorMethods {
  static let all = ClassMethods(
    instance: [
      MethodEntry("nextObject", "@16@0:8") { receiver, selector, _ in
        guard let storage = receiver.bridgedStorage as? EnumeratorStorage else {
          throw Message.abstract(receiver, selector, "NSEnumerator")
        }
        return storage.next() ?? .nil
      },
      MethodEntry("allObjects", "@16@0:8") { receiver, _, _ in
        if let storage = receiver.bridgedStorage as? EnumeratorStorage { return .array(storage.rest()) }
        var elements: [Value] = []
        while case let next = try Runtime.msgSend(receiver, "nextObject"), !next.isNil {  // call-out: the subclass's
          elements.append(next)
        }
        return .array(elements)
      },
    ])

  /// `-objectEnumerator` of a collection whose elements `elements` reads.
  static func objectEnumerator(
    _ selector: Selector = "objectEnumerator", _ elements: @escaping @Sendable (Object) throws -> [Value]
  ) -> MethodEntry {
    MethodEntry(selector, "@16@0:8") { receiver, _, _ in
      let classes = try FoundationClasses.of(receiver)
      return .object(try classes.enumerator.createInstance(bridgedStorage: EnumeratorStorage(try elements(receiver))))
    }
  }
}
