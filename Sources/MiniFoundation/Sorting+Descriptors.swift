// Sorting+Descriptors.swift: sorting a collection by an array of sort descriptors
// (`sortedArrayUsingDescriptors:`, `sortUsingDescriptors:`), NSSortDescriptor.h's categories on
// NSArray, NSMutableArray, NSSet, NSOrderedSet and NSMutableOrderedSet.
//
// Docs: docs/foundation.md#sort-descriptors. Tests:
// Tests/KVOTests/FoundationBehaviourRound9SortDescriptorTests.swift.
//
// Each comparison sends `compareObject:toObject:` to the descriptors in order until one answers
// other than NSOrderedSame (so a subclass's override is heard): user code, sent with no lock
// held. The sort is Sorting's merge sort, so elements every descriptor calls the same keep their
// order, and a comparison that throws leaves the collection as it was. No state.

extension Sorting {
  /// `-[NSArray sortedArrayUsingDescriptors:]`.
  static let sortedArrayUsingDescriptors = MethodEntry("sortedArrayUsingDescriptors:", "@24@0:8@16") {
    receiver, selector, arguments in
    .array(try sorted(try Ordered.elements(of: receiver), descriptors: arguments[0], receiver, selector))
  }

  /// `-[NSSet sortedArrayUsingDescriptors:]`: the members in the descriptors' order (members the
  /// descriptors call the same in no particular order, as a set has none).
  static let setSortedArrayUsingDescriptors = MethodEntry("sortedArrayUsingDescriptors:", "@24@0:8@16") {
    receiver, selector, arguments in
    let members = try Runtime.msgSend(receiver, "allObjects").arrayValue ?? []  // call-out: the primitives
    return .array(try sorted(members, descriptors: arguments[0], receiver, selector))
  }

  /// `-[NSMutableArray sortUsingDescriptors:]`: sorts in place, through `setArray:`.
  static let sortUsingDescriptors = MethodEntry("sortUsingDescriptors:", "v24@0:8@16") {
    receiver, selector, arguments in
    let order = try sorted(try Ordered.elements(of: receiver), descriptors: arguments[0], receiver, selector)
    return try Runtime.msgSend(receiver, "setArray:", .array(order))
  }

  /// `-[NSMutableOrderedSet sortUsingDescriptors:]`: sorts in place, emptying the set and adding
  /// the members back in order.
  static let orderedSetSortUsingDescriptors = MethodEntry("sortUsingDescriptors:", "v24@0:8@16") {
    receiver, selector, arguments in
    let order = try sorted(try Ordered.elements(of: receiver), descriptors: arguments[0], receiver, selector)
    try Runtime.msgSend(receiver, "removeAllObjects")
    return try Runtime.msgSend(receiver, "addObjectsFromArray:", .array(order))
  }

  /// `elements` in the order the descriptors give, stably. A nil array of descriptors is an
  /// empty one (the elements keep their order), as a message to nil answers a count of 0.
  static func sorted(_ elements: [Value], descriptors argument: Value, _ receiver: Object, _ selector: Selector) throws
    -> [Value]
  {
    let descriptors = try Message.array(argument, receiver, selector)
    guard !descriptors.isEmpty, elements.count > 1 else { return elements }
    guard let runtime = receiver.runtime else {
      throw FoundationError(.invalidArgument, "*** sorting: the runtime of \(receiver.isa.name) no longer exists")
    }
    let objects = try descriptors.map { try runtime.object(bridging: $0) }
    return try mergeSorted(elements) { first, second in
      for descriptor in objects {
        let answer = try Runtime.msgSend(descriptor, "compareObject:toObject:", first, second)  // call-out
        let order = try comparisonResult(answer, from: "compareObject:toObject:")
        if order != 0 { return order < 0 }
      }
      return false
    }
  }
}
