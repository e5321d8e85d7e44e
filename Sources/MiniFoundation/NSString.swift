// NSString.swift: NSString, for the messages key-value coding and its users send.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSStringAndNumberTests.swift.
//
// A string object holds a Swift `String` (bridged `.string`), or, when its UTF-16 units are not
// valid UTF-16 (a lone surrogate), the units themselves (StringText.swift, decision 0050).
// Lengths and indexes count UTF-16 code units, as NSString's do. The number conversions (`intValue`, `doubleValue`, `boolValue`)
// read a leading number and ignore the rest, as NSString's do (`"12abc"` is 12). A mutable
// string is the same class with a storage that changes (NSMutableString.swift): `-copy` of one is
// a new immutable string, of an immutable one the string itself (retained, Copying.swift); `-mutableCopy` always a new
// mutable string. The format messages are variadic: the values follow the format
// (StringFormat.swift).

enum NSStringMethods {
  static let all = ClassMethods(
    instance: ValueClassMethods.equality + [
      MethodEntry("copyWithZone:", "@24@0:8^v16") { receiver, selector, _ in
        if isImmutable(receiver) { return try Copying.itself(receiver) }  // immutable: itself, retained
        let classes = try FoundationClasses.of(receiver)
        return try box(try contentsText(receiver, selector), in: classes.stringConcrete)
      },
      MethodEntry("mutableCopyWithZone:", "@24@0:8^v16") { receiver, selector, _ in
        let classes = try FoundationClasses.of(receiver)
        return .object(try classes.stringConcrete.createInstance(bridgedStorage: StringStorage.string(try contentsText(receiver, selector))))
      },
      MethodEntry("length", "Q16@0:8") { receiver, selector, _ in .uint64(UInt64(try stringText(receiver, selector).count)) },
      MethodEntry("characterAtIndex:", "S24@0:8Q16") { receiver, selector, arguments in
        let units = try stringText(receiver, selector).utf16
        let index = try Message.index(arguments[0], receiver, selector)
        guard index < units.count else {
          throw FoundationError(
            .indexOutOfBounds,
            "*** \(Message.name(receiver, selector)): Index \(Message.indexText(arguments[0])) out of bounds; string length \(units.count)")
        }
        return .uint16(units[index])
      },
      MethodEntry("description", "@16@0:8") { receiver, _, _ in .object(receiver) },
      MethodEntry("isEqualToString:", "B24@0:8@16") { receiver, selector, arguments in
        // Literally, unit by unit: "é" is not equal to "e\u{301}", though compare: orders them the same.
        let mine = try stringText(receiver, selector)
        return .bool(text(of: arguments[0]).map { $0 == mine } ?? false)
      },
      MethodEntry("stringByAppendingString:", "@24@0:8@16") { receiver, selector, arguments in
        try result(try stringText(receiver, selector) + (try textArgument(arguments[0], receiver, selector)), receiver)
      },
      MethodEntry("uppercaseString", "@16@0:8") { receiver, selector, _ in
        try result(try stringText(receiver, selector).mappingRuns { $0.uppercased() }, receiver)
      },
      MethodEntry("lowercaseString", "@16@0:8") { receiver, selector, _ in
        try result(try stringText(receiver, selector).mappingRuns(NSStringCasing.lowercased), receiver)
      },
      MethodEntry("UTF8String", "r*16@0:8") { receiver, selector, _ in
        try stringText(receiver, selector).string.map(Value.cString) ?? .nil  // UTF-8 has no lone surrogate
      },
      MethodEntry("intValue", "i16@0:8") { receiver, selector, _ in
        .int32(Int32(clamping: leadingInteger(try text(receiver, selector))))  // INT_MAX/INT_MIN past the range
      },
      MethodEntry("integerValue", "q16@0:8") { receiver, selector, _ in
        .int64(leadingInteger(try text(receiver, selector)))
      },
      MethodEntry("longLongValue", "q16@0:8") { receiver, selector, _ in
        .int64(leadingInteger(try text(receiver, selector)))
      },
      MethodEntry("doubleValue", "d16@0:8") { receiver, selector, _ in .double(leadingNumber(try text(receiver, selector))) },
      MethodEntry("floatValue", "f16@0:8") { receiver, selector, _ in .float(Float(leadingNumber(try text(receiver, selector)))) },
      MethodEntry("boolValue", "B16@0:8") { receiver, selector, _ in
        // Past leading whitespace, one sign and any zeros: YES for Y, y, T, t or a digit 1-9,
        // whatever follows ("0.5" is NO, "+y" YES), as Apple documents.
        let (_, rest) = signedStart(of: try text(receiver, selector))
        return .bool(rest.drop { $0 == "0" }.first.map { "YyTt123456789".contains($0) } ?? false)
      },
      MethodEntry("init", "@16@0:8") { receiver, selector, _ in
        // A subclass's instance is its own empty string: it keeps its characters its own way.
        receiver.bridgedStorage == nil ? .object(receiver) : try make(.string(""), receiver, selector)
      },
      MethodEntry("initWithString:", "@24@0:8@16") { receiver, selector, arguments in
        try make(try textArgument(arguments[0], receiver, selector), receiver, selector)
      },
      MethodEntry("initWithFormat:", "@24@0:8@16", variadic: true) { receiver, selector, arguments in
        // Variadic: the values follow the format, as a C call's `...` passes them.
        let format = try Message.object(arguments[0], receiver, selector, what: "format")
        let values = Array(arguments.values.dropFirst())
        return try make(try StringFormat.format(text(of: format)?.lossy ?? "", values, receiver, selector), receiver, selector)
      },
      MethodEntry("initWithFormat:locale:", "@32@0:8@16@24", variadic: true) { receiver, selector, arguments in
        // The values follow the locale; its decimal separator (a dictionary's NSDecimalSeparator,
        // an NSLocale's language's) prints the floating conversions.
        let format = try Message.object(arguments[0], receiver, selector, what: "format")
        let separator = try LocaleDictionary.decimalSeparator(arguments[1], receiver, selector)
        let values = Array(arguments.values.dropFirst(2))
        return try make(
          try StringFormat.format(text(of: format)?.lossy ?? "", values, receiver, selector, decimalSeparator: separator), receiver, selector)
      },
      MethodEntry("stringByAppendingFormat:", "@24@0:8@16", variadic: true) { receiver, selector, arguments in
        let format = try Message.object(arguments[0], receiver, selector, what: "format")
        let values = Array(arguments.values.dropFirst())
        let addition = try StringFormat.format(text(of: format)?.lossy ?? "", values, receiver, selector)
        return try result(try contentsText(receiver, selector) + addition, receiver)
      },
      MethodEntry("initWithFormat:arguments:", "@32@0:8@16@24") { receiver, selector, arguments in
        let format = try Message.object(arguments[0], receiver, selector, what: "format")
        let values = try Message.array(arguments[1], receiver, selector)
        return try make(try StringFormat.format(text(of: format)?.lossy ?? "", values, receiver, selector), receiver, selector)
      },
      MethodEntry("initWithFormat:locale:arguments:", "@40@0:8@16@24@32") { receiver, selector, arguments in
        let format = try Message.object(arguments[0], receiver, selector, what: "format")
        let separator = try LocaleDictionary.decimalSeparator(arguments[1], receiver, selector)
        let values = try Message.array(arguments[2], receiver, selector)
        return try make(
          try StringFormat.format(text(of: format)?.lossy ?? "", values, receiver, selector, decimalSeparator: separator), receiver, selector)
      },
      MethodEntry("initWithUTF8String:", "@24@0:8r*16") { receiver, selector, arguments in
        if let bytes = arguments[0].cStringBytes, String(validating: bytes, as: UTF8.self) == nil {
          return .nil  // bytes that are not UTF-8: Apple answers nil (decision 0049)
        }
        guard let text = arguments[0].cStringValue ?? arguments[0].stringValue else {
          throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): NULL cString")
        }
        return try make(.string(text), receiver, selector)
      },
      NSStringEncodings.initializer,
    ] + NSStringSearching.all + NSStringComparing.all + NSStringEncodings.all
      + NSStringCharacterSets.all + NSStringPercentEncoding.all + NSStringPaths.all
      + NSStringLines.all + NSStringBuffers.all + NSStringSubstrings.all + NSStringPathResolving.all + NSStringNormalization.all
      + NSStringDecoding.all + NSStringFolding.all,
    classSide: [
      MethodEntry("alloc", "@16@0:8") { receiver, _, _ in
        guard let cls = receiver as? Class, let runtime = cls.runtime else { return .nil }
        let classes = try FoundationClasses.of(runtime)
        if cls === classes.mutableString {  // a mutable placeholder: its initializers make mutable strings
          return .object(try classes.stringConcrete.createInstance(bridgedStorage: StringStorage.string(.string(""))))
        }
        guard cls === classes.string || cls === classes.stringConcrete else {
          return try Runtime.msgSendSuper(receiver, superclass: runtime.rootClass.isa, "alloc")
        }
        return try ValueClassMethods.box("", in: classes.stringConcrete)
      },
      CollectionLifecycle.convenience("string", "@16@0:8", "init"),
      CollectionLifecycle.convenience("stringWithString:", "@24@0:8@16", "initWithString:"),
      CollectionLifecycle.convenience("stringWithUTF8String:", "@24@0:8r*16", "initWithUTF8String:"),
      CollectionLifecycle.convenience("stringWithCString:encoding:", "@32@0:8r*16Q24", "initWithCString:encoding:"),
      NSStringDecoding.factory,
      CollectionLifecycle.convenience("stringWithFormat:", "@24@0:8@16", "initWithFormat:", variadic: true),
      MethodEntry("localizedStringWithFormat:", "@24@0:8@16", variadic: true) { receiver, _, arguments in
        // [[self alloc] initWithFormat:format locale:[NSLocale currentLocale], ...]; MiniFoundation's
        // current locale is the POSIX one, whose separator is the point (nil).
        var values = arguments.values
        values.insert(.nil, at: Swift.min(1, values.count))
        let instance = try Runtime.msgSend(receiver, "alloc")
        return try Runtime.msgSend(instance.objectValue, "initWithFormat:locale:", arguments: Arguments(values))
      },
    ] + NSStringPaths.classSide + NSStringEncodings.classSide)

  /// The characters of a string argument. Nil raises `nil argument` in the words of the message's
  /// family: NSString's own messages say `*** -[__NSCFString stringByAppendingString:]: nil
  /// argument`; a mutation (`mutation: true`) says it as CFString's mutation check does, without
  /// the stars (`-[__NSCFString appendString:]: nil argument`), the same way it words its bounds
  /// error. An NSString subclass's instance gives its characters through its primitives; any other
  /// object is sent what Foundation's string code sends it first, `length`, so an NSNumber raises
  /// `-[__NSCFNumber length]: unrecognized selector sent to instance …`, as on Apple.
  static func textArgument(
    _ value: Value, _ receiver: Object, _ selector: Selector, mutation: Bool = false
  ) throws -> StringText {
    if value.isNil {
      throw FoundationError(.invalidArgument, "\(mutation ? "" : "*** ")\(Message.name(receiver, selector)): nil argument")
    }
    if let text = text(of: try Message.object(value, receiver, selector, what: "string")) { return text }
    guard let runtime = receiver.runtime, let object = try value.objectValue ?? runtime.object(bridging: value) else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(value) is not a string")
    }
    let classes = try FoundationClasses.of(runtime)
    if object.bridgedStorage == nil, object.isa.isSubclass(of: classes.string) { return try contentsText(object, selector) }
    _ = try Runtime.msgSend(object, "length")  // call-out: raises unrecognized selector for a non-string
    throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(object.isa.name) is not a string")
  }

  /// A string argument's characters as Swift reads them (a lone surrogate as U+FFFD): see
  /// ``textArgument(_:_:_:mutation:)``.
  static func stringArgument(
    _ value: Value, _ receiver: Object, _ selector: Selector, mutation: Bool = false
  ) throws -> String {
    try textArgument(value, receiver, selector, mutation: mutation).lossy
  }

  /// The characters of a `.string` or of a string object with a storage, without a message; nil
  /// for any other value.
  static func text(of value: Value) -> StringText? {
    if let storage = value.objectValue?.bridgedStorage as? StringStorage { return storage.value }
    return value.stringValue.map(StringText.string)
  }

  /// The characters of a string object as Swift reads them (a lone surrogate as U+FFFD): what
  /// the text readers (case mapping, comparing, numbers, paths) read.
  static func text(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> String {
    if let storage = receiver.bridgedStorage as? StringStorage { return storage.value.lossy }
    return try ValueClassMethods.value(of: receiver, selector, "NSString").stringValue ?? ""
  }

  /// The characters of a string object, a lone surrogate kept: what the unit readers read.
  static func stringText(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> StringText {
    if let storage = receiver.bridgedStorage as? StringStorage { return storage.value }
    return .string(try ValueClassMethods.value(of: receiver, selector, "NSString").stringValue ?? "")
  }

  /// The characters of any string object as Swift reads them (a lone surrogate as U+FFFD): see
  /// ``contentsText(_:_:)``.
  static func contents(_ receiver: Object, _ selector: Selector) throws -> String {
    try contentsText(receiver, selector).lossy
  }

  /// The characters of any string object, a lone surrogate kept: from its storage, else through
  /// the primitives a subclass defines (`length`, `characterAtIndex:`).
  static func contentsText(_ receiver: Object, _ selector: Selector) throws -> StringText {
    guard receiver.bridgedStorage == nil else { return try stringText(receiver, selector) }
    let length = try Runtime.msgSend(receiver, "length").intValue ?? 0  // call-out: the subclass's primitives
    let units = try (0..<max(0, length)).map { UInt16(truncatingIfNeeded: try Runtime.msgSend(receiver, "characterAtIndex:", .int($0)).intValue ?? 0) }
    return StringText(units: units)
  }

  /// Whether `object` is an immutable string (an ordinary one's `ScalarStorage`, or an immutable
  /// `StringStorage` with a lone surrogate).
  static func isImmutable(_ object: Object) -> Bool {
    switch object.bridgedStorage {
    case is ScalarStorage: return true
    case let storage as StringStorage: return !storage.isMutable
    default: return false
    }
  }

  /// What a message answers for new text: `.string`, or a new immutable string object for text
  /// with a lone surrogate (a `.string` cannot hold it).
  static func result(_ text: StringText, _ receiver: Object) throws -> Value {
    if case .string(let string) = text { return .string(string) }
    return try box(text, in: try FoundationClasses.of(receiver).stringConcrete)
  }

  /// A new immutable string object of `cls` holding `text`.
  static func box(_ text: StringText, in cls: Class) throws -> Value {
    if case .string(let string) = text { return try ValueClassMethods.box(.string(string), in: cls) }
    return .object(try cls.createInstance(bridgedStorage: StringStorage(text, mutable: false)))
  }

  /// What an initializer returns: a new string object (an allocated string is a placeholder, as
  /// Foundation's is), mutable when the placeholder is, or the abstract-class error for a
  /// subclass's instance.
  private static func make(_ text: StringText, _ receiver: Object, _ selector: Selector) throws -> Value {
    if let storage = receiver.bridgedStorage as? StringStorage, storage.isMutable {
      return .object(try receiver.isa.createInstance(bridgedStorage: StringStorage.string(text)))
    }
    guard isImmutable(receiver) else { throw Message.abstract(receiver, selector, "NSString") }
    return try box(text, in: receiver.isa)
  }

  /// The decimal integer at the start of `text` after spaces, as `intValue`, `integerValue` and
  /// `longLongValue` read it: digits only (`"1e3"` → 1, `"-3.9"` → -3), exact past 2^53, and
  /// `LLONG_MAX` or `LLONG_MIN` past the range; 0 when there is none.
  static func leadingInteger(_ text: String) -> Int64 {
    let (sign, characters) = signedStart(of: text)
    let negative = sign == "-"
    var magnitude: UInt64 = 0
    for character in characters {
      guard let digit = character.asciiValue, (48...57).contains(digit) else { break }
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(digit - 48))
      guard !overflow, !carry, sum <= UInt64(Int64.max) + 1 else { return negative ? .min : .max }
      magnitude = sum
    }
    if negative { return magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude) }
    return magnitude > UInt64(Int64.max) ? .max : Int64(magnitude)
  }

  /// Where the number readers (`leadingInteger`, `leadingNumber`, `DecimalParsing`) start in
  /// `text`: past its leading spaces, tabs and newlines, and past a `-` or `+` sign, which is
  /// returned (`nil` when there is none).
  static func signedStart(of text: String) -> (sign: Character?, rest: Substring) {
    let characters = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    guard let sign = characters.first, sign == "-" || sign == "+" else { return (nil, characters) }
    return (sign, characters.dropFirst())
  }

  /// The number at the start of `text` after spaces (`"12abc"` → 12, `"-2.5e1x"` → -25), else 0.
  static func leadingNumber(_ text: String) -> Double {
    let (sign, characters) = signedStart(of: text)
    var prefix = sign.map(String.init) ?? ""
    var best = 0.0
    for character in characters {
      prefix.append(character)
      if let number = Double(prefix) { best = number } else if !"eE.+-".contains(character) { break }
    }
    return best
  }
}
