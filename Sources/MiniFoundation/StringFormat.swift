// StringFormat.swift: the text of a format string and its arguments, as `+[NSString stringWithFormat:]`
// and `-[NSMutableString appendFormat:]` write it.
//
// Docs: docs/foundation.md#formats. Tests: Tests/MiniFoundationTests/StringFormatTests.swift,
// NSMutableStringTests.swift.
//
// A conversion is `%`, optional `n$`, flags (`-+ #0'`), a width (digits or `*`), a `.precision`
// (digits or `*`), a length (`hh h l ll q z t j L`) and the conversion character. The length is
// read as C's `printf` reads it: an integer conversion takes the argument's low 32 bits with no
// length (`%d` of 5000000000 is 705032704, `%u` of -1 is 4294967295), 16 with `h`, 8 with `hh`
// and all 64 with `l`, `ll`, `q`, `z`, `t` or `j`, as on LP64. `%@` prints the argument's
// `-description` (a message: user code, no lock held) or `(null)`; `%s` a C string; `%S` a
// `const unichar *`, given as a `.cArray` of UTF-16 units, read up to its first zero; `%c` the
// byte of its code as Latin-1, `%C` a UTF-16 unit (a lone surrogate kept: the result is units,
// StringText.swift, decision 0050); numbers go through the C library's own
// `snprintf` with the same flags, width and precision, so `%05.1f` and `%x` print exactly as
// printf does. Width and precision apply to `%s` and `%S` in UTF-16 units (for `%s` its bytes,
// one unit each in Mac Roman), so `%.1S` of "😀" is its lead surrogate alone; `%@` and `%C` ignore
// both, `%c` takes a width, and the `l` of `%ls` and `%lc` changes nothing, as CoreFoundation's
// format parser (run through swift-corelibs-foundation) prints them: `%5@` of `ab` is `ab`,
// `%5C` of U+0301 is U+0301, `%lc` of 0x263A is `:`.
// Where C would print garbage or crash, this throws `NSInvalidArgumentException` naming the
// conversion: a conversion with no argument left, an argument of the wrong kind (a string for
// `%d`, an integer for `%f`, a C string for `%@`), `%n`, or an unknown conversion. Arguments left
// over after the last conversion are ignored, as C ignores them.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum StringFormat {
  /// `format` with its conversions replaced by `arguments`' texts, the floating ones written
  /// with `decimalSeparator` for the point (a locale's `NSDecimalSeparator`).
  static func format(
    _ format: String, _ arguments: [Value], _ receiver: Object, _ selector: Selector, decimalSeparator: String = "."
  ) throws -> StringText {
    var output = ""
    var units: [UInt16]?  // once a piece has a lone surrogate: the units from then on
    func append(_ text: some StringProtocol) {
      if units == nil { output += text } else { units? += text.utf16 }
    }
    func append(_ text: StringText) {
      guard case .units(let piece) = text else { return append(text.lossy) }
      units = (units ?? Array(output.utf16)) + piece
    }
    var characters = Substring(format)
    var next = 0
    func failure(_ reason: String) -> FoundationError {
      FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(reason) in format \"\(format)\"")
    }
    func take(_ position: Int?, for what: String) throws(FoundationError) -> Value {
      let index = position.map { $0 - 1 } ?? next
      next = index + 1
      guard arguments.indices.contains(index) else {
        throw failure("a missing argument for \(what) (argument \(index + 1); \(arguments.count) given)")
      }
      return arguments[index]
    }
    while let percent = characters.firstIndex(of: "%") {
      append(characters[..<percent])
      characters = characters[characters.index(after: percent)...]
      var spec = Spec()
      guard spec.parse(&characters) else {
        let reason = spec.isTooLarge ? "a width, precision or position past \(Spec.largest)" : "an incomplete conversion at the end"
        throw failure(reason)
      }
      if spec.conversion == "%" {
        append("%")
        continue
      }
      guard let kind = spec.kind else {
        let pointer = "%n, which writes through a pointer, is not supported"
        throw failure(spec.conversion == "n" ? pointer : "%\(spec.conversion) is not a conversion")
      }
      if spec.widthFromArgument {
        let value = try take(nil, for: "the width *")
        guard let width = Spec.integer(value).map({ Int(Int32(truncatingIfNeeded: $0)) }) else {
          throw failure("\(value) for the width * is not an integer")
        }
        spec.setWidth(width)
      }
      if spec.precisionFromArgument {
        let value = try take(nil, for: "the precision .*")
        guard let precision = Spec.integer(value).map({ Int(Int32(truncatingIfNeeded: $0)) }) else {
          throw failure("\(value) for the precision .* is not an integer")
        }
        spec.precision = precision < 0 ? nil : precision
      }
      let argument = try take(spec.position, for: "%\(spec.conversion)")
      guard let text = try spec.text(of: argument) else {
        throw failure("\(argument) for %\(spec.conversion) is not \(kind.expected)")
      }
      if case .floating = kind, decimalSeparator != "." {
        append(text.lossy.split(separator: ".", omittingEmptySubsequences: false).joined(separator: decimalSeparator))
      } else {
        append(text)
      }
    }
    append(characters)
    return units.map { StringText(units: $0) } ?? .string(output)
  }

  /// What a conversion reads from its argument.
  enum Kind {
    case object, cString, unicharString, character, wideCharacter, signed, unsigned, floating, pointer

    var expected: String {
      switch self {
      case .object: return "an object"
      case .cString: return "a C string"
      case .unicharString: return "a unichar string (a C array of UTF-16 units)"
      case .character, .wideCharacter: return "a character code (an integer)"
      case .signed, .unsigned: return "an integer"
      case .floating: return "a floating-point number"
      case .pointer: return "a pointer or an object"
      }
    }
  }

  /// One conversion: `%-08.3lf` is flags `-0`, width 8, precision 3, length `l`, conversion `f`.
  struct Spec {
    var position: Int?
    var flags = ""
    var width: Int?
    var widthFromArgument = false
    var precision: Int?
    var precisionFromArgument = false
    var length = ""
    var conversion: Character = "%"
    /// Set by `parse` for a width, precision or position past ``largest``.
    var isTooLarge = false

    /// Reads a conversion after its `%`; `false` when the text ends inside it or a number in it
    /// is too large.
    mutating func parse(_ text: inout Substring) -> Bool {
      let digitsAhead = text.prefix { $0.isASCII && $0.isNumber }
      if !digitsAhead.isEmpty, text.dropFirst(digitsAhead.count).first == "$" {
        guard let value = number(&text), value > 0 else { return false }
        position = value
        text = text.dropFirst()
      }
      while let flag = text.first, "-+ #0'".contains(flag) {
        flags.append(flag)
        text = text.dropFirst()
      }
      if text.first == "*" {
        widthFromArgument = true
        text = text.dropFirst()
      } else if let digit = text.first, digit.isASCII, digit.isNumber {
        guard let value = number(&text) else { return false }
        width = value
      }
      if text.first == "." {
        text = text.dropFirst()
        if text.first == "*" {
          precisionFromArgument = true
          text = text.dropFirst()
        } else if let digit = text.first, digit.isASCII, digit.isNumber {
          guard let value = number(&text) else { return false }
          precision = value
        } else {
          precision = 0
        }
      }
      while let letter = text.first, "hlqztjL".contains(letter) {
        length.append(letter)
        text = text.dropFirst()
      }
      guard let character = text.first else { return false }
      conversion = character
      text = text.dropFirst()
      return true
    }

    /// A width read from an argument: a negative one is the `-` flag and its magnitude, as in C.
    mutating func setWidth(_ value: Int) {
      if value < 0 { flags.append("-") }
      width = Int(min(value.magnitude, UInt(Self.largest)))
    }

    /// Widths and precisions past this are refused (C would write that many characters).
    static let largest = 1 << 20

    private mutating func number(_ text: inout Substring) -> Int? {
      let digits = text.prefix { $0.isASCII && $0.isNumber }
      text = text.dropFirst(digits.count)
      guard let number = Int(digits), number <= Self.largest else {
        isTooLarge = true
        return nil
      }
      return number
    }

    /// What the conversion reads; `nil` for `%n` and for a character that is no conversion.
    var kind: Kind? {
      switch conversion {
      case "@": return .object
      case "s": return .cString
      case "S": return .unicharString
      case "c": return .character  // %lc too: CoreFoundation reads no wide character (StringFormat header)
      case "C": return .wideCharacter
      case "d", "i", "D": return .signed
      case "u", "x", "X", "o", "U", "O": return .unsigned
      case "f", "F", "e", "E", "g", "G", "a", "A": return .floating
      case "p": return .pointer
      default: return nil
      }
    }

    /// The argument's text, or `nil` when it is not of the kind the conversion reads.
    func text(of argument: Value) throws -> StringText? {
      switch kind {
      case .object?:
        // A string with a lone surrogate prints its units (its -description is itself).
        if let text = NSStringMethods.text(of: argument), case .units = text { return text }
        return try plainText(of: argument)
      case .unicharString?, .wideCharacter?:
        return try unitText(of: argument)
      default:
        return try plainText(of: argument)
      }
    }

    /// `%S` or `%C`: UTF-16 units, a lone surrogate kept. `%C` takes no width and no precision,
    /// as CFString's formatter appends the one unit as it is (`%5C` of U+0301 is U+0301).
    private func unitText(of argument: Value) throws -> StringText? {
      if case .wideCharacter? = kind {
        guard let code = Self.integer(argument) else { return nil }
        return StringText(units: [UInt16(truncatingIfNeeded: code)])
      }
      // `const unichar *`: UTF-16 units up to the first zero.
      if argument.isNil { return padded("(null)") }
      guard case .cArray(let elements) = argument else { return nil }
      var units: [UInt16] = []
      for element in elements {
        guard let unit = Self.integer(element) else { return nil }
        if unit == 0 { break }
        units.append(UInt16(truncatingIfNeeded: unit))
      }
      return padded(StringText(units: units))
    }

    /// The text of every other conversion.
    private func plainText(of argument: Value) throws -> StringText? {
      switch kind {
      case .object?:
        switch argument {
        case .nil: return .string("(null)")  // no width, no precision: CoreFoundation ignores them for %@
        case .cString, .cArray, .pointer, .selector, .swiftObject: return nil  // not objects: C would crash
        default: return .string(try Describing.text(of: argument))
        }
      case .cString?:
        if argument.isNil { return padded("(null)") }
        // The bytes in the default C string encoding, Mac Roman (decision 0051), as CoreFoundation
        // reads %s: UTF-8's "é" prints "√©". Every byte is a character there, so precision counts bytes.
        guard let bytes = argument.cStringBytes, let text = NSStringEncodings.eightBitText(bytes, .macRoman) else { return nil }
        return padded(text)
      case .character?:
        guard let code = Self.integer(argument) else { return nil }
        return padded(String(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: code)))), cut: false)
      case .signed?:
        guard let number = Self.integer(argument) else { return nil }
        return .string(printed("lld", signed(number)))
      case .unsigned?:
        guard let number = Self.integer(argument) else { return nil }
        let letter: String
        switch conversion {
        case "u", "U": letter = "u"
        case "o", "O": letter = "o"
        default: letter = String(conversion)
        }
        return .string(printed("ll" + letter, unsigned(number)))
      case .floating?:
        guard let number = Self.floating(argument) else { return nil }
        return .string(printed(String(conversion), number))
      case .pointer?:
        switch argument {
        case .nil: return padded("0x0", cut: false)
        case .pointer(let address): return padded("0x" + String(address, radix: 16), cut: false)
        case .object(let object): return padded(object.address, cut: false)
        case .class(let cls): return padded(cls.address, cut: false)
        default: return nil
        }
      case nil, .unicharString?, .wideCharacter?:
        return nil
      }
    }

    /// The bits an integer conversion reads, by its length: `%hhd` a `char`, `%hd` a `short`,
    /// `%d` an `int`, `%ld` and longer a `long` (`%D`, `%U`, `%O` are `%ld`, `%lu`, `%lo`).
    private var bits: Int {
      if "DUO".contains(conversion) { return 64 }
      switch length {
      case "": return 32
      case "h": return 16
      case "hh": return 8
      default: return 64
      }
    }

    private func signed(_ number: Int64) -> Int64 {
      switch bits {
      case 8: return Int64(Int8(truncatingIfNeeded: number))
      case 16: return Int64(Int16(truncatingIfNeeded: number))
      case 32: return Int64(Int32(truncatingIfNeeded: number))
      default: return number
      }
    }

    private func unsigned(_ number: Int64) -> UInt64 {
      switch bits {
      case 8: return UInt64(UInt8(truncatingIfNeeded: number))
      case 16: return UInt64(UInt16(truncatingIfNeeded: number))
      case 32: return UInt64(UInt32(truncatingIfNeeded: number))
      default: return UInt64(bitPattern: number)
      }
    }

    /// An integer argument as C's varargs pass it (its bit pattern); `nil` for anything else,
    /// a floating number or an `NSNumber` object included (C would read another register, or
    /// the object's address).
    static func integer(_ argument: Value) -> Int64? {
      switch argument {
      case .bool(let flag): return flag ? 1 : 0
      case .int8(let number): return Int64(number)
      case .int16(let number): return Int64(number)
      case .int32(let number): return Int64(number)
      case .int64(let number): return number
      case .uint8(let number): return Int64(number)
      case .uint16(let number): return Int64(number)
      case .uint32(let number): return Int64(number)
      case .uint64(let number): return Int64(bitPattern: number)
      default: return nil
      }
    }

    /// A floating argument as a `double`; `nil` for anything else, an integer included.
    static func floating(_ argument: Value) -> Double? {
      switch argument {
      case .float(let number): return Double(number)
      case .double(let number): return number
      default:
        #if arch(x86_64) || arch(i386)
          if case .longDouble(let number) = argument { return Double(number) }
        #endif
        return nil
      }
    }

    /// `text` cut to the precision (for a string: `cut`) and padded with spaces to the width
    /// (on the right with the `-` flag), both counted in UTF-16 units as CFString's formatter
    /// counts them: `%.1S` of "e\u{301}" is "e", of "😀" its lead surrogate alone.
    private func padded(_ text: String, cut shortens: Bool = true) -> StringText {
      padded(.string(text), cut: shortens)
    }

    /// ``padded(_:cut:)`` of a text that may hold a lone surrogate.
    private func padded(_ text: StringText, cut shortens: Bool = true) -> StringText {
      let cuts = shortens && precision != nil
      guard cuts || width != nil else { return text }
      var units = text.utf16
      if cuts, let precision, precision < units.count { units.removeSubrange(precision...) }
      let padding = [UInt16](repeating: 0x20, count: max(0, (width ?? 0) - units.count))
      return StringText(units: flags.contains("-") ? units + padding : padding + units)
    }

    /// `argument` printed by the C library with this conversion's flags, width and precision.
    /// `number` as `%0.<precision>g` prints it: at most `precision` significant digits, no
    /// trailing zeros, an exponent below 1e-4 or from 10^precision on (`NaN` as `nan`, whatever
    /// its sign bit, as Darwin's `printf` writes it).
    static func general(_ number: Double, precision: Int) -> String {
      if number.isNaN { return "nan" }
      var spec = Spec()
      spec.precision = precision
      return spec.printed("g", number)
    }

    private func printed(_ conversion: String, _ argument: some CVarArg) -> String {
      let format = "%" + flags + (width.map(String.init) ?? "") + (precision.map { "." + String($0) } ?? "") + conversion
      var buffer = [CChar](repeating: 0, count: 128)
      var written = withVaList([argument]) { list in vsnprintf(&buffer, buffer.count, format, list) }
      if written >= buffer.count {
        buffer = [CChar](repeating: 0, count: Int(written) + 1)
        written = withVaList([argument]) { list in vsnprintf(&buffer, buffer.count, format, list) }
      }
      guard written >= 0 else { return "" }
      let bytes = buffer.prefix(min(Int(written), buffer.count - 1)).map { UInt8(bitPattern: $0) }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
