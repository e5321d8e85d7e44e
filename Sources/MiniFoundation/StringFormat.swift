// StringFormat.swift: the text of a format string and its arguments, as `+[NSString stringWithFormat:]`
// and `-[NSMutableString appendFormat:]` write it.
//
// Docs: docs/foundation.md#nsmutablestring. Tests: Tests/MiniFoundationTests/NSMutableStringTests.swift.
//
// A conversion is `%`, optional `n$`, flags (`-+ #0`), a width, a `.precision`, a length
// (`hh h l ll q z t j L`, read and ignored: every argument is a `Value` that knows its own size)
// and the conversion character. `%@` prints the argument's `-description` (a message: user code,
// no lock held) or `(null)`; `%s` a C string; numbers go through the C library's own `snprintf`
// with the same flags, width and precision, so `%05.1f` and `%x` print exactly as printf does.
// A conversion whose argument is missing or of the wrong kind throws, where C would print garbage.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum StringFormat {
  /// `format` with its conversions replaced by `arguments`' texts.
  static func format(_ format: String, _ arguments: [Value], _ receiver: Object, _ selector: Selector) throws -> String {
    var output = ""
    var characters = Substring(format)
    var next = 0
    func failure(_ reason: String) -> FoundationError {
      FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(reason) in format \"\(format)\"")
    }
    while let percent = characters.firstIndex(of: "%") {
      output += characters[..<percent]
      characters = characters[characters.index(after: percent)...]
      var spec = Spec()
      guard spec.parse(&characters) else { throw failure("an incomplete conversion") }
      if spec.conversion == "%" {
        output += "%"
        continue
      }
      let position = spec.position.map { $0 - 1 } ?? next
      next = position + 1
      guard arguments.indices.contains(position) else { throw failure("a missing argument for %\(spec.conversion)") }
      guard let text = try spec.text(of: arguments[position]) else {
        throw failure("\(arguments[position]) for %\(spec.conversion)")
      }
      output += text
    }
    return output + characters
  }

  /// One conversion: `%-08.3lf` is flags `-0`, width 8, precision 3, conversion `f`.
  private struct Spec {
    var position: Int?
    var flags = ""
    var width: Int?
    var precision: Int?
    var conversion: Character = "%"

    /// Reads a conversion after its `%`; `false` when the text ends inside it.
    mutating func parse(_ text: inout Substring) -> Bool {
      let digitsAhead = text.prefix { $0.isASCII && $0.isNumber }
      if !digitsAhead.isEmpty, text.dropFirst(digitsAhead.count).first == "$" {
        position = Int(digitsAhead)
        text = text.dropFirst(digitsAhead.count + 1)
      }
      while let flag = text.first, "-+ #0".contains(flag) {
        flags.append(flag)
        text = text.dropFirst()
      }
      width = Self.number(&text)
      if text.first == "." {
        text = text.dropFirst()
        precision = Self.number(&text) ?? 0
      }
      while let length = text.first, "hlqztjL".contains(length) { text = text.dropFirst() }
      guard let character = text.first else { return false }
      conversion = character
      text = text.dropFirst()
      return true
    }

    private static func number(_ text: inout Substring) -> Int? {
      let digits = text.prefix { $0.isASCII && $0.isNumber }
      text = text.dropFirst(digits.count)
      return digits.isEmpty ? nil : Int(digits)
    }

    /// The argument's text, or `nil` when it is not of the kind the conversion reads.
    func text(of argument: Value) throws -> String? {
      switch conversion {
      case "@":
        guard !argument.isNil else { return padded("(null)") }
        return padded(try Describing.text(of: argument))
      case "s", "S":
        guard !argument.isNil else { return padded("(null)") }
        guard let text = argument.cStringValue ?? argument.stringValue else { return nil }
        return padded(precision.map { String(text.prefix($0)) } ?? text)
      case "c", "C":
        guard let code = argument.bridged.intValue, let scalar = Unicode.Scalar(UInt32(truncatingIfNeeded: code)) else { return nil }
        return padded(String(Character(scalar)))
      case "d", "i":
        guard let number = Self.integer(argument) else { return nil }
        return printed("lld", number)
      case "u", "x", "X", "o":
        guard let number = Self.integer(argument) else { return nil }
        return printed("ll" + String(conversion), UInt64(bitPattern: number))
      case "f", "F", "e", "E", "g", "G", "a", "A":
        guard let number = argument.bridged.doubleValue else { return nil }
        return printed(String(conversion), number)
      case "p":
        guard case .pointer(let address) = argument.bridged else { return nil }
        return padded("0x" + String(address, radix: 16))
      default:
        return nil
      }
    }

    /// A number argument as C's varargs would pass it to an integer conversion.
    private static func integer(_ argument: Value) -> Int64? {
      switch argument.bridged {
      case .uint64(let unsigned): return Int64(bitPattern: unsigned)
      case .bool(let flag): return flag ? 1 : 0
      case let number: return number.intValue.map(Int64.init)
      }
    }

    /// `text` padded to the width (on the right with the `-` flag).
    private func padded(_ text: String) -> String {
      let missing = (width ?? 0) - text.count
      guard missing > 0 else { return text }
      let padding = String(repeating: " ", count: missing)
      return flags.contains("-") ? text + padding : padding + text
    }

    /// `argument` printed by the C library with this conversion's flags, width and precision.
    private func printed(_ conversion: String, _ argument: some CVarArg) -> String {
      let format = "%" + flags + (width.map(String.init) ?? "") + (precision.map { "." + String($0) } ?? "") + conversion
      var buffer = [CChar](repeating: 0, count: 512)
      let written = withVaList([argument]) { list in vsnprintf(&buffer, buffer.count, format, list) }
      guard written >= 0 else { return "" }
      let bytes = buffer.prefix(min(Int(written), buffer.count - 1)).map { UInt8(bitPattern: $0) }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
