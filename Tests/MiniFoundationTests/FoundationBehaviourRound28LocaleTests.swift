// FoundationBehaviourRound28LocaleTests.swift: an NSLocale where Apple documents "an NSLocale or
// a dictionary" (`-descriptionWithLocale:`, `+decimalNumberWithString:locale:`,
// `-initWithFormat:locale:`) stands for its decimal separator, as CLDR gives it for the locale's
// language; and a box of bytes is not equal to a decimal number of another `objCType`.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound28LocaleTests {
  /// `[NSLocale localeWithLocaleIdentifier:identifier]`.
  private func locale(_ identifier: String, in runtime: Runtime) throws -> Value {
    try send(try foundationClass("NSLocale", in: runtime), "localeWithLocaleIdentifier:", .string(identifier))
  }

  @Test func descriptionWithAnNSLocaleWritesItsDecimalSeparator() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let swedish = try locale("sv_SE", in: runtime)
    let current = try send(try foundationClass("NSLocale", in: runtime), "currentLocale")
    let array: Value = [.double(1.5)]
    #expect(try runtime.msgSend(bridging: array, "descriptionWithLocale:", swedish) == "(\n    \"1,5\"\n)")
    #expect(try runtime.msgSend(bridging: array, "descriptionWithLocale:", current) == "(\n    \"1.5\"\n)")
    #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", swedish) == "1,5")
    #expect(try runtime.msgSend(bridging: ["k": .double(2.5)], "descriptionWithLocale:", try locale("de_DE", in: runtime)) == "{\n    k = \"2,5\";\n}")
    #expect(try runtime.msgSend(bridging: .double(2.5), "descriptionWithLocale:", try locale("en_GB", in: runtime)) == "2.5")
    #expect(try runtime.msgSend(bridging: .double(2.5), "descriptionWithLocale:", try locale("ja_JP", in: runtime)) == "2.5", "a language not listed: the point")
    let system = try send(try foundationClass("NSLocale", in: runtime), "systemLocale")
    #expect(try runtime.msgSend(bridging: .double(2.5), "descriptionWithLocale:", system) == "2.5")
  }

  @Test func aDecimalNumberReadsAnNSLocalesDecimalSeparator() throws {
    let runtime = Runtime()
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    let read = try send(decimalClass, "decimalNumberWithString:locale:", "1,5", try locale("sv_SE", in: runtime))
    #expect(try send(read.objectValue, "description") == "1.5")
    let current = try send(try foundationClass("NSLocale", in: runtime), "currentLocale")
    let english = try send(decimalClass, "decimalNumberWithString:locale:", "1.5", current)
    #expect(try send(english.objectValue, "description") == "1.5")
    #expect(try send(read.objectValue, "descriptionWithLocale:", try locale("fr_FR", in: runtime)) == "1,5")
  }

  @Test func aRegionOverridesItsLanguagesDecimalSeparator() throws {
    // CLDR gives the separator per locale, not per language: Swiss German and Mexican Spanish
    // write the point, South African English and Norwegian Nynorsk the comma.
    let runtime = Runtime()
    let decimalClass = try foundationClass("NSDecimalNumber", in: runtime)
    for identifier in ["es_MX", "de_CH", "es_419", "es-US"] {
      let read = try send(decimalClass, "decimalNumberWithString:locale:", "1.5", try locale(identifier, in: runtime))
      #expect(try send(read.objectValue, "description") == "1.5", "\(identifier)")
    }
    #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", try locale("nn_NO", in: runtime)) == "1,5")
    #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", try locale("en_ZA", in: runtime)) == "1,5")
    #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", try locale("es_ES", in: runtime)) == "1,5")
    #expect(try runtime.msgSend(bridging: .double(1.5), "descriptionWithLocale:", try locale("en_US", in: runtime)) == "1.5")
  }

  @Test func theNullSingletonSurvivesDestructInstance() throws {
    // Apple's kCFNull is static: objc_destructInstance of it does not make [NSNull null] answer
    // a second object.
    let runtime = Runtime()
    let nsNull = try foundationClass("NSNull", in: runtime)
    let first = try #require(try send(nsNull, "null").objectValue)
    try first.destructInstance()
    let second = try #require(try send(nsNull, "null").objectValue)
    #expect(first === second)
    let yes = try #require(try send(try foundationClass("NSNumber", in: runtime), "numberWithBool:", true).objectValue)
    try yes.destructInstance()
    #expect(try send(try foundationClass("NSNumber", in: runtime), "numberWithBool:", true).objectValue === yes)
  }

  @Test func initWithFormatLocaleWritesAnNSLocalesDecimalSeparator() throws {
    // Apple's -initWithFormat:locale: formats %f and %g with the locale's decimal separator
    // (CFStringCreateWithFormat with a CFLocale). Integers and objects are left unchanged: our
    // choice, unverified (Apple may group %d or use -descriptionWithLocale: for %@).
    let runtime = Runtime()
    let stringClass = try foundationClass("NSString", in: runtime)
    func format(_ locale: Value) throws -> Value {
      let allocated = try send(stringClass, "alloc")
      return try send(allocated.objectValue, "initWithFormat:locale:", "%f|%g|%d|%@", locale, 1.5, 1.5, .int32(3), "a.b")
    }
    #expect(try format(try locale("de_DE", in: runtime)) == "1,500000|1,5|3|a.b")
    #expect(try format(try send(try foundationClass("NSLocale", in: runtime), "currentLocale")) == "1.500000|1.5|3|a.b")
    let listed = try send(
      try send(stringClass, "alloc").objectValue, "initWithFormat:locale:arguments:", "%.1f", try locale("nb_NO", in: runtime), [2.5])
    #expect(listed == "2,5")
  }

  @Test func aBoxOfAnIntIsNotEqualToADecimalNumber() throws {
    // NSConcreteValue compares the objCType strings first: the box's "i" is not the decimal
    // number's "d", so NO before the bytes.
    let runtime = Runtime()
    let five = try send(try foundationClass("NSDecimalNumber", in: runtime), "decimalNumberWithString:", "5")
    #expect(try send(five.objectValue, "objCType") == .cString("d"))
    let int = try send(
      try foundationClass("NSValue", in: runtime), "valueWithBytes:objCType:", .swiftObject(VariablePointer(.int32(5))), .cString("i"))
    #expect(try send(int.objectValue, "isEqual:", five) == false)
    #expect(try send(int.objectValue, "isEqualToValue:", five) == false)
    let double = try send(
      try foundationClass("NSValue", in: runtime), "valueWithBytes:objCType:", .swiftObject(VariablePointer(.double(5))), .cString("d"))
    #expect(try send(double.objectValue, "isEqual:", five) == true, "the same type and value")
  }
}

@Suite struct FoundationBehaviourRound28CollationTests {
  @Test func finnishPutsARingADiaeresisAndODiaeresisAfterZAndKeepsVAndWApart() throws {
    // CLDR's standard Finnish collation: å < ä < ö after z, as Swedish; v and w are separate
    // letters (the old v = w rule is only the "traditional" collation).
    let runtime = Runtime()
    let finnish = try send(try foundationClass("NSLocale", in: runtime), "localeWithLocaleIdentifier:", "fi_FI")
    func order(_ left: String, _ right: String) throws -> Int? {
      try runtime.msgSend(
        bridging: .string(left), "compare:options:range:locale:", .string(right), 0, .range(0..<left.utf16.count), finnish
      ).intValue
    }
    let words = ["ö", "z", "ä", "å", "a", "w", "v"]
    #expect(try words.sorted { try order($0, $1) == -1 } == ["a", "v", "w", "z", "å", "ä", "ö"])
    #expect(try order("wa", "vb") == 1, "w is no v")
  }
}
