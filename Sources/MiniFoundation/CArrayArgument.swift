// CArrayArgument.swift: the C arrays a Foundation message reads or fills, such as the
// `const id *objects` of `+arrayWithObjects:count:` and the `id *objects` of `-getObjects:range:`.
//
// Docs: docs/foundation.md#c-arrays-and-out-parameters; the choice:
// docs/decisions/0047-a-c-array-is-a-pointer-to-slots.md. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound19BufferTests.swift.
//
// Stateless. A C array argument is a `VariablePointer` (decision 0013) whose pointee is
// `.cArray` of the array's slots; NULL is `.nil`. A reader takes the first `count` slots and
// refuses a shorter array (C would read past its end); a writer sets the slots from the first
// on, keeps the slots past them (C leaves the rest of the caller's buffer alone) and adds slots
// when the array is shorter, where C would write past the end of the caller's buffer.

enum CArrayArgument {
  /// The first `count` slots of the array `value` points at; nil for NULL.
  ///
  /// - Throws: `NSInvalidArgumentException` for something that is not a pointer to an array, or
  ///   an array with fewer than `count` slots.
  static func slots(_ value: Value, count: Int, _ name: String) throws(FoundationError) -> [Value]? {
    if value.isNil { return nil }
    let slots = try array(value, name)
    guard slots.count >= count else {
      throw FoundationError(
        .invalidArgument,
        "*** \(name): the array holds \(slots.count) slot(s), fewer than the \(count) asked for; C would read past its end")
    }
    return Array(slots.prefix(count))
  }

  /// The `count` objects of a `const id *` argument, as `-initWithObjects:count:` reads them.
  ///
  /// - Throws: `NSInvalidArgumentException` for NULL with a count (`pointer to objects array is
  ///   NULL but length is 2`), for a nil slot (`attempt to insert nil object from objects[3]`,
  ///   `what` naming the kind and `array` the argument), or a slot holding no object.
  static func objects(
    _ value: Value, count: Int, _ name: String, what: String = "object", array: String = "objects"
  ) throws(FoundationError) -> [Value] {
    guard let slots = try slots(value, count: count, name) else {
      guard count == 0 else {
        throw nullArray(array, count, name)
      }
      return []
    }
    var objects: [Value] = []
    for (index, slot) in slots.enumerated() {
      if slot.isNil {
        throw nilSlot(what, array, index, name)
      }
      switch slot {
      case .cString, .cArray, .pointer, .selector:
        throw FoundationError(.notAnObject, "*** \(name): \(array)[\(index)] holds \(slot), not an object")
      default: break
      }
      objects.append(slot)
    }
    return objects
  }

  /// Writes `values` into the slots of the array `value` points at, from the first on; NULL
  /// writes nothing.
  static func fill(_ value: Value, with values: [Value], _ name: String) throws(FoundationError) {
    guard !value.isNil, let pointer = value.swiftObject(as: VariablePointer.self) else {
      if value.isNil { return }
      throw notAnArray(value, name)
    }
    var slots = try array(value, name)
    for (index, element) in values.enumerated() {
      if index < slots.count { slots[index] = element } else { slots.append(element) }
    }
    pointer.pointee = .cArray(slots)
  }

  /// Writes `value` to the variable an out-parameter (`NSUInteger *`, `BOOL *` …) points at;
  /// NULL writes nothing, as Foundation skips a NULL out-parameter.
  static func store(_ value: Value, at pointer: Value, _ name: String) throws(FoundationError) {
    if pointer.isNil { return }
    guard let variable = pointer.swiftObject(as: VariablePointer.self) else { throw notAVariable(pointer, name) }
    variable.pointee = value
  }

  /// The slots of the array `value` points at: a nil pointee is an array not written yet.
  private static func array(_ value: Value, _ name: String) throws(FoundationError) -> [Value] {
    guard let pointer = value.swiftObject(as: VariablePointer.self) else { throw notAnArray(value, name) }
    switch pointer.pointee {
    case .cArray(let slots), .array(let slots): return slots
    case .nil: return []
    default: throw notAnArray(value, name)
    }
  }

  /// `pointer to objects array is NULL but length is 2`.
  static func nullArray(_ array: String, _ count: Int, _ name: String) -> FoundationError {
    FoundationError(.invalidArgument, "*** \(name): pointer to \(array) array is NULL but length is \(count)")
  }

  /// `attempt to insert nil object from objects[3]`.
  static func nilSlot(_ what: String, _ array: String, _ index: Int, _ name: String) -> FoundationError {
    FoundationError(.invalidArgument, "*** \(name): attempt to insert nil \(what) from \(array)[\(index)]")
  }

  private static func notAnArray(_ value: Value, _ name: String) -> FoundationError {
    FoundationError(
      .invalidArgument, "*** \(name): \(value) is not a pointer to a C array (a VariablePointer holding .cArray)")
  }

  private static func notAVariable(_ value: Value, _ name: String) -> FoundationError {
    FoundationError(.invalidArgument, "*** \(name): \(value) is not a pointer to a variable (VariablePointer)")
  }
}
