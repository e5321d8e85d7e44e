// Describing.swift: the text of `-description` for Foundation's objects.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSDictionaryTests.swift.
//
// Foundation prints collections in the old property-list style, one element per line, nested
// collections indented by four spaces: `(\n    1,\n    2\n)`, `{\n    age = 7;\n}`, `{(\n    a\n)}`.
// At the top a string prints bare; inside a collection every leaf's text (a string's, a number's,
// an object's `description`) is quoted unless it is a plain word of ASCII letters and digits
// (`"snake_case"`, `"1.5"`, `"-3"`, `"<null>"`), with non-ASCII characters written `\U00e9`, and
// a nested collection starts indented (`tags =     (`). A dictionary lists its entries in the
// order of its keys. Other objects are asked for their `description` (a message: user
// code, no lock held).

package enum Describing {
  /// The `description` of `value`, as Foundation's `-description` gives it; with a locale's
  /// `decimalSeparator`, as `-descriptionWithLocale:` gives it: a number's and each number
  /// element's point written as the separator (a decimal number's as `NSDecimalString` writes it).
  /// Without `sendingMessages` an object that is no Foundation value prints its identity
  /// (`<Person: 0x…>`, ``Object/description``) instead of being sent `description`.
  static func text(of value: Value, indent: Int = 0, decimalSeparator: String = ".", sendingMessages: Bool = true) throws -> String {
    let pad = String(repeating: "    ", count: indent)
    let inner = pad + "    "
    func localized(_ text: String) -> String { Describing.localized(text, decimalSeparator: decimalSeparator) }
    func element(_ value: Value, indent: Int) throws -> String {
      try Describing.element(value, indent: indent, decimalSeparator: decimalSeparator, sendingMessages: sendingMessages)
    }
    if let decimal = value.objectValue?.bridgedStorage as? DecimalStorage { return localized(decimal.description) }  // exact, not its nearest double
    switch value.bridged {
    case .string(let text): return text
    case .null: return "<null>"
    case .bool(let flag): return flag ? "1" : "0"  // an NSNumber made from a BOOL prints as 1 or 0
    // NSNumber's documented formats: a float as %0.7g, a double as %0.16g (1.0/3 is
    // 0.3333333333333333, 0.1 + 0.2 is 0.3, 100.0 is 100).
    case .float(let number): return localized(StringFormat.Spec.general(Double(number), precision: 7))
    case .double(let number): return localized(StringFormat.Spec.general(number, precision: 16))
    case .array(let elements):
      if elements.isEmpty { return "(\n" + pad + ")" }
      let lines = try elements.map { inner + (try element($0, indent: indent + 1)) }
      return "(\n" + lines.joined(separator: ",\n") + "\n" + pad + ")"
    case .set(let elements):
      return try unordered(Array(elements), sorted: true, indent: indent, decimalSeparator: decimalSeparator, sendingMessages: sendingMessages)
    case .dictionary(let entries):
      // In the order of the keys' own text (Foundation sorts string keys with compare:), not of
      // the printed lines, where a quoted key's `"` would sort first.
      let sortedEntries = try entries.map { (sortKey: try text(of: $0.key, sendingMessages: sendingMessages), key: $0.key, value: $0.value) }
        .sorted { $0.sortKey < $1.sortKey }
      let lines = try sortedEntries.map { entry in
        inner + (try element(entry.key, indent: indent + 1)) + " = " + (try element(entry.value, indent: indent + 1)) + ";"
      }
      return "{\n" + lines.map { $0 + "\n" }.joined() + pad + "}"
    case .object(let object):
      if let elements = value.orderedSetElements {
        return try unordered(elements, sorted: false, indent: indent, decimalSeparator: decimalSeparator, sendingMessages: sendingMessages)
      }
      if let indexes = value.indexesValue { return "<\(object.isa.name): \(object.address)>" + indexes.description }
      // (at the top, a string with a lone surrogate prints it as U+FFFD, as Swift reads it)
      return try objectText(object, sendingMessages: sendingMessages).lossy
    case let other:
      return other.description
    }
  }

  /// `value` as the value of an entry of a top-level dictionary's description prints it
  /// (`name = "Ann Lee";` gives `"Ann Lee"`, a plain word bare, a collection indented), without
  /// sending any message: KVO's change dictionary is described from inside notifications and
  /// events, where no user code may run. `nil` for a collection too deep to print.
  package static func entryWithoutMessages(_ value: Value) -> String? {
    try? element(value, indent: 1, decimalSeparator: ".", sendingMessages: false)
  }

  /// `-[NSDictionary descriptionInStringsFileFormat]`: a line `"key" = "value";` per entry, in the
  /// order of the keys' text, each side quoted and escaped as a `.strings` file writes it (a value
  /// that is not a string is written as its `description`).
  static func stringsFileFormat(_ entries: [Value: Value]) throws -> String {
    let lines = try entries.map { (key: try text(of: $0.key), value: try text(of: $0.value)) }.sorted { $0.key < $1.key }
    return lines.map { "\"" + escaped($0.key) + "\" = \"" + escaped($0.value) + "\";\n" }.joined()
  }

  /// A number's `text` with `decimalSeparator` for its point, as a locale writes it.
  static func localized(_ text: String, decimalSeparator: String) -> String {
    decimalSeparator == "." ? text : text.split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimalSeparator)
  }

  /// `{(\n    a,\n    b\n)}`: a set (elements sorted by their text, as any order is Foundation's)
  /// or an ordered set (in order).
  static func unordered(
    _ elements: [Value], sorted: Bool, indent: Int, decimalSeparator: String = ".", sendingMessages: Bool = true
  ) throws -> String {
    let pad = String(repeating: "    ", count: indent)
    var lines = try elements.map {
      pad + "    " + (try element($0, indent: indent + 1, decimalSeparator: decimalSeparator, sendingMessages: sendingMessages))
    }
    if sorted { lines.sort() }
    return "{(\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + pad + ")}"
  }

  /// An element inside a collection: a nested collection indented, a leaf's text in quotes
  /// unless it is a plain word.
  private static func element(_ value: Value, indent: Int, decimalSeparator: String, sendingMessages: Bool = true) throws -> String {
    // A collection holding itself ends past Value.nestingLimit levels (Apple's runs out of stack).
    guard let text = try Value.nested({ () throws -> String in try nestedElement(value, indent: indent, decimalSeparator, sendingMessages) }) else {
      throw MessageEquality.tooDeep(value, "description")
    }
    return text
  }

  private static func nestedElement(_ value: Value, indent: Int, _ decimalSeparator: String, _ sendingMessages: Bool) throws -> String {
    if case .object(let object) = value.bridged, value.orderedSetElements == nil, value.indexesValue == nil,
      !(object.bridgedStorage is DecimalStorage)
    {
      return quoted(try objectText(object, sendingMessages: sendingMessages))  // its units escaped: "\Ud800"
    }
    let text = try self.text(of: value, indent: indent, decimalSeparator: decimalSeparator, sendingMessages: sendingMessages)
    switch value.bridged {
    case .array, .set, .dictionary: return String(repeating: "    ", count: indent) + text
    case .object where value.orderedSetElements != nil: return String(repeating: "    ", count: indent) + text
    default: return quoted(text)
    }
  }

  /// The text of an object that is no Foundation collection or number: its `description`
  /// (a message: user code, no lock held); without `sendingMessages`, a string object's own
  /// characters (read from its storage) and any other object's identity.
  private static func objectText(_ object: Object, sendingMessages: Bool) throws -> StringText {
    guard sendingMessages else { return (object.bridgedStorage as? StringStorage)?.value ?? .string(object.description) }
    // call-out: the object's own -description
    return NSStringMethods.text(of: try Runtime.msgSend(object, "description")) ?? .string(object.description)
  }

  /// ``quoted(_:)`` of text that may hold a lone surrogate, which is escaped as its unit.
  static func quoted(_ text: StringText) -> String {
    guard case .units(let units) = text else { return quoted(text.lossy) }
    return "\"" + escaped(units) + "\""  // a surrogate is no plain word
  }

  /// `text` in quotes unless it is a plain word: one or more ASCII letters and digits. Any
  /// other character (a space, `_`, `.`, `-`, `/`, a letter outside ASCII) makes Foundation
  /// quote it, so `snake_case`, `1.5` and `-3` print as `"snake_case"`, `"1.5"`, `"-3"`.
  static func quoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
    return plain ? text : "\"" + escaped(text) + "\""
  }

  /// The inside of a quoted string as Foundation writes it: `\` and `"` escaped, a newline,
  /// tab or carriage return as `\n`, `\t`, `\r`, and every other character outside printable
  /// ASCII as `\U` and its UTF-16 code unit in four lowercase hex digits (`café` is `caf\U00e9`).
  static func escaped(_ text: String) -> String { escaped(text.utf16) }

  /// ``escaped(_:)`` of UTF-16 units: a lone surrogate is written as its unit (`\Ud800`).
  static func escaped(_ units: some Sequence<UInt16>) -> String {
    var result = ""
    for unit in units {
      switch unit {
      case 0x5C: result += "\\\\"
      case 0x22: result += "\\\""
      case 0x0A: result += "\\n"
      case 0x09: result += "\\t"
      case 0x0D: result += "\\r"
      case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
      default:
        let hex = String(unit, radix: 16)
        result += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return result
  }
}
