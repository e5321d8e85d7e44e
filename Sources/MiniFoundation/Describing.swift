// Describing.swift: the text of `-description` for Foundation's objects.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSDictionaryTests.swift.
//
// Foundation prints collections in the old property-list style, one element per line, nested
// collections indented by four spaces: `(\n    1,\n    2\n)`, `{\n    age = 7;\n}`, `{(\n    a\n)}`.
// At the top a string prints bare; inside a collection every leaf's text (a string's, a number's,
// an object's `description`) is quoted unless it is a plain word, and a nested collection starts
// indented (`tags =     (`). Other objects are asked for their `description` (a message: user
// code, no lock held).

enum Describing {
  /// The `description` of `value`, as Foundation's `-description` gives it.
  static func text(of value: Value, indent: Int = 0) throws -> String {
    let pad = String(repeating: "    ", count: indent)
    let inner = pad + "    "
    if let decimal = value.objectValue?.bridgedStorage as? DecimalStorage { return decimal.description }  // exact, not its nearest double
    switch value.bridged {
    case .string(let text): return text
    case .null: return "<null>"
    case .bool(let flag): return flag ? "1" : "0"  // an NSNumber made from a BOOL prints as 1 or 0
    case .float(let number): return floating(String(number))
    case .double(let number): return floating(String(number))
    case .array(let elements):
      if elements.isEmpty { return "(\n" + pad + ")" }
      let lines = try elements.map { inner + (try element($0, indent: indent + 1)) }
      return "(\n" + lines.joined(separator: ",\n") + "\n" + pad + ")"
    case .set(let elements):
      return try unordered(Array(elements), sorted: true, indent: indent)
    case .dictionary(let entries):
      let lines = try entries.map { key, value in
        inner + (try element(key, indent: indent + 1)) + " = " + (try element(value, indent: indent + 1)) + ";"
      }.sorted()
      return "{\n" + lines.map { $0 + "\n" }.joined() + pad + "}"
    case .object(let object):
      if let elements = value.orderedSetElements { return try unordered(elements, sorted: false, indent: indent) }
      if let indexes = value.indexesValue { return "<\(object.isa.name): \(object.address)>" + indexes.description }
      // call-out: the object's own -description
      return try Runtime.msgSend(object, "description").stringValue ?? object.description
    case let other:
      return other.description
    }
  }

  /// A floating number's text as NSNumber prints it: the shortest digits that read back as the
  /// same number (Swift's), without Swift's `.0` on a whole number (`@1.0` prints `1`).
  private static func floating(_ text: String) -> String {
    text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// `{(\n    a,\n    b\n)}`: a set (elements sorted by their text, as any order is Foundation's)
  /// or an ordered set (in order).
  static func unordered(_ elements: [Value], sorted: Bool, indent: Int) throws -> String {
    let pad = String(repeating: "    ", count: indent)
    var lines = try elements.map { pad + "    " + (try element($0, indent: indent + 1)) }
    if sorted { lines.sort() }
    return "{(\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + pad + ")}"
  }

  /// An element inside a collection: a nested collection indented, a leaf's text in quotes
  /// unless it is a plain word.
  private static func element(_ value: Value, indent: Int) throws -> String {
    switch value.bridged {
    case .array, .set, .dictionary:
      return String(repeating: "    ", count: indent) + (try self.text(of: value, indent: indent))
    case .object where value.orderedSetElements != nil:
      return String(repeating: "    ", count: indent) + (try self.text(of: value, indent: indent))
    default:
      return quoted(try self.text(of: value, indent: indent))
    }
  }

  /// `text` in quotes (with `\` and `"` escaped) unless it is a plain word.
  private static func quoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
      (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))))
        || scalar == "_" || scalar == "." || scalar == "$" || scalar == "/" || scalar == ":"
    }
    if plain { return text }
    var escaped = "\""
    for character in text {
      if character == "\\" || character == "\"" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped + "\""
  }
}
