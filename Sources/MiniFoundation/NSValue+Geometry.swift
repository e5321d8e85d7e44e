// NSValue+Geometry.swift: NSValue's boxes of Foundation's four structs (the NSGeometry and
// NSRange additions: `+valueWithPoint:`, `-pointValue`, and the size, rect and range kinds).
//
// Docs: docs/foundation.md#nsvalue. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound8InitializerTests.swift,
// Tests/MiniFoundationTests/FoundationBehaviourRound24ValueTests.swift.
//
// Stateless. A box holds the structure it was given, so `objCType` and `description`
// (`NSPoint: {1.5, 2}`) follow from it. Which struct a box holds is FoundationStruct's rule, the
// whole encoding (`{CGPoint=dd}`, not a struct named `_NSPoint`). An accessor reads the box as
// Foundation's does, with `-getValue:size:` of its struct's size: a box of another size raises
// NSInvalidArgumentException (the size check of `-getValue:size:`), and a box of the same size
// but another type gives its bytes read as the struct (`-rangeValue` of a `{NSRange=QQ}` is
// that range; of a point, the doubles' bits), as C reads them back. Bytes that hold an object
// pointer have no such reading here (no raw pointers in Swift): that raises.

enum NSValueGeometry {
  static let instance: [MethodEntry] = FoundationStruct.allCases.map(accessor)

  static let classSide: [MethodEntry] = FoundationStruct.allCases.map(factory)

  /// The selector of the accessor of `kind`: `pointValue`.
  private static func accessorName(_ kind: FoundationStruct) -> String {
    "\(kind.flavourName.lowercased())Value"
  }

  private static func accessor(_ kind: FoundationStruct) -> MethodEntry {
    MethodEntry(Selector(interning: accessorName(kind)), "\(kind.encoding)16@0:8") { receiver, selector, _ in
      let value = try ValueClassMethods.value(of: receiver, selector, "NSValue")
      return try read(value, as: kind, Message.name(receiver, selector))
    }
  }

  /// `value` as the struct `kind`: itself when it is one, else its bytes read as one.
  private static func read(_ value: Value, as kind: FoundationStruct, _ method: String) throws(FoundationError) -> Value {
    let held = value.encoding
    if FoundationStruct(held) == kind, let exact = try? value.converted(to: kind.encoding) { return exact }
    let wanted = kind.encoding
    guard held.size == wanted.size else {
      throw FoundationError(
        .invalidArgument,
        "*** \(method): the value holds \(held.cDeclaration) ('\(held)', \(held.size) bytes), "
          + "not the \(wanted.size) bytes of an \(kind.typeName)")
    }
    do throws(RuntimeError) {
      // The bytes as C reads them back: one member of a union written, the other read.
      let overlay = TypeEncoding.union(name: "?", fields: [.init(held), .init(wanted)])
      return try Union(overlay, member: 0, value).member(1)
    } catch {
      throw FoundationError(
        .invalidArgument, "*** \(method): the bytes of '\(held)' cannot be read as an \(kind.typeName): \(error.message)")
    }
  }

  private static func factory(_ kind: FoundationStruct) -> MethodEntry {
    let size = kind.encoding.size
    return MethodEntry(
      Selector(interning: "valueWith\(kind.flavourName):"), "@\(16 + size)@0:8\(kind.encoding)16"
    ) { receiver, selector, arguments in
      guard FoundationStruct(arguments[0].encoding) == kind else {
        throw FoundationError(
          .invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[0]) is not an \(kind.typeName)")
      }
      return try ValueClassMethods.box(arguments[0], in: try FoundationClasses.of(receiver).valueConcrete)
    }
  }
}
