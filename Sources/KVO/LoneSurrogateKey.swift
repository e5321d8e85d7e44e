// LoneSurrogateKey.swift: a key held in a string object with a lone surrogate (half a surrogate
// pair, which an NSString keeps: decision 0050), as KVC and KVO name it inside and hand it out.
//
// Docs: docs/kvo.md#a-key-with-a-lone-surrogate, decision 0052. Tests:
// Tests/KVOTests/FidelityRound29LoneKeyTests.swift.
//
// Stateless. KVO names a key with a Swift `String` (interned as a `KeyID`, compared, split at
// `.`), and a `String` cannot hold a lone surrogate: read as text, the units 0xD800 and 0xDBFF
// are both U+FFFD, one key. So such a key is named by a spelling of its units: each lone unit is
// the noncharacter U+FFFF followed by a private-use scalar of plane 15 (U+F0000 + unit − 0xD800),
// every other unit is itself. Two keys with different units have different names, and no
// accessor or ivar is named that way, as on Apple, where a selector's name is UTF-8 and so never
// holds the unit. Where the key goes back to user code (the undefined-key hooks, a dictionary's
// `objectForKey:`, `observeValueForKeyPath:…`, the class's KVO hooks, an exception's
// `NSUnknownUserInfoKey`, a chain's `addObserver:forKeyPath:…` and `removeObserver:forKeyPath:`
// to the intermediate object) it is a string object with the units again; text for people
// (exception messages, diagnostics, `Observance.keyPath`, the event stream) reads each unit as
// U+FFFD (`displayed`): the spelling never leaves KVO. A real key holding U+FFFF followed by such a scalar is read
// as that spelling: U+FFFF is a noncharacter, which no key names.

import MiniRuntime

/// The name KVO gives a key whose units hold a lone surrogate, and the key object back.
enum LoneSurrogateKey {
  /// The mark opening each lone unit in a name (a noncharacter).
  private static let mark: Unicode.Scalar = "\u{FFFF}"
  /// The first of the private-use scalars standing for the units 0xD800 ..< 0xE000.
  private static let base: UInt32 = 0xF_0000

  /// The name of a key with these units: the `String` they spell when they are valid UTF-16,
  /// else each lone surrogate written as the mark and its scalar.
  static func name(units: [UInt16]) -> String {
    if let text = String(validating: units, as: UTF16.self) { return text }
    var name = String.UnicodeScalarView()
    var parser = UTF16.ForwardParser()  // the standard library's reading: a pair is one scalar
    var iterator = units.makeIterator()
    var index = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = UTF16.decode(encoded)
        name.append(scalar)
        index += UTF16.width(scalar)
      case .error(let length):  // a lone surrogate
        for unit in units[index..<(index + length)] {
          name.append(mark)
          // always a scalar (plane 15): 0xD800 ..< 0xE000 less 0xD800 is below 0x800
          name.append(Unicode.Scalar(base + UInt32(unit & 0x7FF)) ?? mark)
        }
        index += length
      case .emptyInput:
        return String(name)
      }
    }
  }

  /// Whether `name` spells a key with a lone surrogate (it holds the mark and a unit's scalar).
  /// O(n) in the name's UTF-8 bytes; an ASCII name is one pass over its bytes.
  static func isName(_ name: String) -> Bool { units(of: name) != nil }

  /// The units of a name that spells a lone surrogate, or nil for any other name.
  static func units(of name: String) -> [UInt16]? {
    guard name.utf8.contains(0xEF) else { return nil }  // the first byte of U+FFFF in UTF-8
    var units: [UInt16] = []
    var spelled = false
    var afterMark = false
    for scalar in name.unicodeScalars {
      if afterMark, (base..<(base + 0x800)).contains(scalar.value) {
        units.append(UInt16(0xD800 + scalar.value - base))
        spelled = true
        afterMark = false
        continue
      }
      if afterMark { units.append(0xFFFF) }
      afterMark = scalar == mark
      if !afterMark { units += scalar.utf16 }
    }
    if afterMark { units.append(0xFFFF) }
    return spelled ? units : nil
  }

  /// `name` as a message argument: a string object with the lone units for a name that spells
  /// them, else the `String`. The object is made by `+[NSString stringWithCharacters:length:]`.
  ///
  /// - Throws: What making the string threw.
  static func argument(_ name: String, in runtime: Runtime?) throws -> Value {
    guard let units = Self.units(of: name), let runtime,
      let nsString = runtime.lookUpClass(named: "NSString")
    else { return .string(name) }
    let characters = VariablePointer(.cArray(units.map(Value.uint16)))  // a `const unichar *`
    let length = Value.uint64(UInt64(units.count))
    return try Runtime.msgSend(
      nsString, "stringWithCharacters:length:", .swiftObject(characters), length)
  }

  /// `name` as people read it: each lone unit as U+FFFD, as Swift reads such a string.
  static func displayed(_ name: String) -> String {
    guard let units = Self.units(of: name) else { return name }
    return String(decoding: units, as: UTF16.self)
  }
}
