// FoundationBehaviourRound22ValueTests.swift: the twenty-second round of Foundation behaviours:
// `-boolValue` of a number and of a string.
//
// A number: Apple documents "a 0 value always means false, and any nonzero value is interpreted
// as true", so `[@0.5 boolValue]` is YES (GNUstep-base 1.28, run here, agrees;
// swift-corelibs-foundation converts to an integer first and answers NO: we follow Apple's
// documentation) and `[@256 boolValue]` is YES, not the low byte's NO.
// A string: Apple documents YES on a Y, y, T, t or a digit 1-9 after leading whitespace, one
// optional sign and any zeros, whatever follows, so `"0.5"` is NO and `"+y"` YES. Run here,
// GNUstep-base agrees except that it says YES for `"--1"`; swift-corelibs-foundation agrees except
// that it says NO for a letter after a sign (`"+y"`, `"-Y"`). We follow Apple's wording.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound22ValueTests {
  @Test func aNumbersBoolValueIsYesForAnyNonZeroValueEvenAFraction() throws {
    // Already matched: `value != 0`, not the value cut to an integer or to a byte.
    let runtime = Runtime()
    try runtime.installFoundation()
    for yes: Value in [.double(0.5), .double(-0.5), .float(0.1), .int32(256), .int64(1 << 32), .int64(.min), .double(.nan)] {
      #expect(try runtime.msgSend(bridging: yes, "boolValue") == true, "\(yes)")
    }
    for no: Value in [.double(0), .double(-0.0), .int32(0), .uint64(0)] {
      #expect(try runtime.msgSend(bridging: no, "boolValue") == false, "\(no)")
    }
    #expect(try runtime.msgSend(bridging: .double(0.5), "intValue") == .int32(0), "intValue cuts the fraction")
    #expect(try runtime.msgSend(bridging: .int32(256), "charValue") == .int8(0), "charValue keeps the low byte")
  }

  @Test func aStringsBoolValueReadsOnlyTheFirstCharacterAfterSignAndZeros() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let yes = ["Y", "yes", "T", "true", "1", " +1", "-5", "00001", "0009", "+y", "-Y", "\n\tt", "9 lives"]
    let no = ["", "0.5", "  -0.9", "00.5", "n", "NO", "+0", "0x1", "--1", "+-1", "false", ".5", "x1"]
    for text in yes {
      #expect(try runtime.msgSend(bridging: .string(text), "boolValue") == true, "\(text.debugDescription)")
    }
    for text in no {
      #expect(try runtime.msgSend(bridging: .string(text), "boolValue") == false, "\(text.debugDescription)")
    }
  }
}
