// NSString+Buffers.swift: NSString's messages that fill a caller's C array or variables:
// `getCharacters:range:`, `getCharacters:`, `getCString:maxLength:encoding:`,
// `getLineStart:end:contentsEnd:forRange:` and `getParagraphStart:end:contentsEnd:forRange:`;
// `getBytes:maxLength:usedLength:encoding:options:range:remainingRange:` is
// NSString+ByteConversion.swift's.
//
// Docs: docs/foundation.md#c-arrays-and-out-parameters. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound19BufferTests.swift.
//
// Stateless. The arrays and out-parameters are CArrayArgument.swift's (decision 0047): a
// `unichar` slot is `.uint16`, a `char` slot `.int8`, an `NSUInteger *` a `VariablePointer`
// given a `.uint64`. Lines and paragraphs are NSString+Lines.swift's.

enum NSStringBuffers {
  static let all: [MethodEntry] = [
    MethodEntry("getCharacters:range:", "v40@0:8^S16{_NSRange=QQ}24") { receiver, selector, arguments in
      let units = try NSStringSearching.units(receiver, selector)
      let range = try NSStringSearching.checkedRange(arguments[1], length: units.count, receiver, selector)
      try CArrayArgument.fill(arguments[0], with: units[range].map(Value.uint16), Message.name(receiver, selector))
      return .nil
    },
    MethodEntry("getCharacters:", "v24@0:8^S16") { receiver, selector, arguments in
      let length = try NSStringSearching.units(receiver, selector).count
      return try Runtime.msgSend(receiver, "getCharacters:range:", arguments[0], .range(0..<length))
    },
    MethodEntry("getCString:maxLength:encoding:", "B40@0:8*16Q24Q32") { receiver, selector, arguments in
      let text = try NSStringMethods.stringText(receiver, selector)
      let maxLength = try Message.index(arguments[1], receiver, selector)
      guard let bytes = try NSStringEncodings.cStringBytes(text, arguments[2], receiver, selector), bytes.count < maxLength else {
        return false
      }
      let terminated = bytes.map { Value.int8(Int8(bitPattern: $0)) } + [.int8(0)]
      try CArrayArgument.fill(arguments[0], with: terminated, Message.name(receiver, selector))
      return true
    },
    enclosingRange("getLineStart:end:contentsEnd:forRange:", ends: NSStringLines.lineEnds),
    enclosingRange("getParagraphStart:end:contentsEnd:forRange:", ends: NSStringLines.paragraphEnds),
    NSStringByteConversion.getBytes,
  ]

  /// `getLineStart:end:contentsEnd:forRange:` (or the paragraph one): the start, end and
  /// end-before-the-terminator of the lines `lineRangeForRange:` answers, each written only
  /// where its pointer is not NULL.
  private static func enclosingRange(_ selector: Selector, ends: Set<UInt16>) -> MethodEntry {
    MethodEntry(selector, "v48@0:8^Q16^Q24^Q32{_NSRange=QQ}40") { receiver, selector, arguments in
      let units = try NSStringSearching.units(receiver, selector)
      let range = try NSStringSearching.checkedRange(arguments[3], length: units.count, receiver, selector)
      let lines = NSStringLines.enclosing(range, in: units, ends: ends)
      let name = Message.name(receiver, selector)
      try CArrayArgument.store(.uint64(UInt64(lines.lowerBound)), at: arguments[0], name)
      try CArrayArgument.store(.uint64(UInt64(lines.upperBound)), at: arguments[1], name)
      try CArrayArgument.store(.uint64(UInt64(contentsEnd(of: lines, in: units, ends: ends))), at: arguments[2], name)
      return .nil
    }
  }

  /// The end of `lines` without the last one's terminator (`\r\n` is one).
  static func contentsEnd(of lines: Range<Int>, in units: [UInt16], ends: Set<UInt16>) -> Int {
    var end = lines.upperBound
    guard end > lines.lowerBound, ends.contains(units[end - 1]) else { return end }
    end -= 1
    if units[end] == 0x0A, end > lines.lowerBound, units[end - 1] == 0x0D { end -= 1 }
    return end
  }
}
