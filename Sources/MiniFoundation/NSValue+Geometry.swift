// NSValue+Geometry.swift: NSValue's point, size and rect boxes (Foundation's NSGeometry
// additions: `+valueWithPoint:`, `-pointValue`, and the size and rect kinds).
//
// Docs: docs/foundation.md#the-classes. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound8InitializerTests.swift.
//
// Stateless. A box holds the structure it was given (`{CGPoint=dd}`, `{CGSize=dd}`,
// `{CGRect={CGPoint=dd}{CGSize=dd}}` on 64-bit Apple platforms, where NSPoint is CGPoint), so
// `objCType` and `description` (`NSPoint: {1.5, 2}`) follow from it. Asking a box for a kind it
// does not hold (`-rectValue` of a point) raises NSInvalidArgumentException: Foundation copies
// bytes of the wrong size there, and a wrong answer is worse than an error.

enum NSValueGeometry {
  /// The names a structure of each kind goes by (CG, NS and the underscored NS spelling).
  static let names: [String: Set<String>] = [
    "point": ["CGPoint", "NSPoint", "_NSPoint"],
    "size": ["CGSize", "NSSize", "_NSSize"],
    "rect": ["CGRect", "NSRect", "_NSRect"],
  ]

  static let instance: [MethodEntry] = [
    accessor("pointValue", "{CGPoint=dd}", kind: "point"),
    accessor("sizeValue", "{CGSize=dd}", kind: "size"),
    accessor("rectValue", "{CGRect={CGPoint=dd}{CGSize=dd}}", kind: "rect"),
  ]

  static let classSide: [MethodEntry] = [
    factory("valueWithPoint:", "{CGPoint=dd}", kind: "point"),
    factory("valueWithSize:", "{CGSize=dd}", kind: "size"),
    factory("valueWithRect:", "{CGRect={CGPoint=dd}{CGSize=dd}}", kind: "rect"),
  ]

  /// Whether `value` is a structure of `kind`.
  private static func holds(_ value: Value, kind: String) -> Bool {
    guard case .structure(let structure) = value, structure.fields.count == 2 else { return false }
    return names[kind]?.contains(structure.name) == true
  }

  private static func accessor(_ name: Selector, _ type: String, kind: String) -> MethodEntry {
    MethodEntry(name, "\(type)16@0:8") { receiver, selector, _ in
      let value = try ValueClassMethods.value(of: receiver, selector, "NSValue")
      guard holds(value, kind: kind) else {
        throw FoundationError(
          .invalidArgument,
          "*** \(Message.name(receiver, selector)): the value holds \(NSNumberMethods.objCType(of: value)), not a \(kind)"
        )
      }
      return value
    }
  }

  private static func factory(_ name: Selector, _ type: String, kind: String) -> MethodEntry {
    MethodEntry(name, "@\(16 + (kind == "rect" ? 32 : 16))@0:8\(type)16") { receiver, selector, arguments in
      guard holds(arguments[0], kind: kind) else {
        throw FoundationError(
          .invalidArgument, "*** \(Message.name(receiver, selector)): \(arguments[0]) is not a \(kind)")
      }
      return try ValueClassMethods.box(arguments[0], in: try FoundationClasses.of(receiver).valueConcrete)
    }
  }
}
