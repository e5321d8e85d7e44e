// FuzzRegressionTests.swift: every input a fuzz target (Fuzz/) found a problem with, kept as a
// test so the problem stays fixed. Each entry names the target, the input and what was wrong.
//
// Add a row when `Fuzz/run.sh TARGET SECONDS` writes a crash file: the input (as a Swift
// string literal, escaped), then fix the code until the property the target checks holds.

import Testing

@testable import MiniRuntime

@Suite struct FuzzRegressionTests {
  /// Inputs found by Fuzz/TypeEncoding. Each must either be refused with `invalidTypeEncoding`
  /// or parse to a signature that prints back to a string parsing to the same signature.
  static let methodSignatureFindings = [
    // A bit field followed by an offset: `b0-0` parsed as width 0, offset 0 and printed as
    // `b00`, which parses back as width 0 with no offset. Now refused.
    "b0-0",
    "b1-0",
    "^b1-0",
    "rb1-0",
    "v@:b3-0",
  ]

  @Test(arguments: methodSignatureFindings)
  func fuzzFoundMethodSignatureIsRefusedOrRoundTrips(input: String) throws {
    let signature: MethodSignature
    do {
      signature = try MethodSignature(input)
    } catch {
      #expect(error.code == .invalidTypeEncoding)
      return
    }
    #expect(try MethodSignature(signature.description) == signature, "\(input) printed as \(signature)")
  }

  @Test func methodSignatureRefusesAnOffsetAfterABitField() {
    let error = expectError(.invalidTypeEncoding) { _ = try MethodSignature("b1-0") }
    #expect(error?.message == "invalid type encoding 'b1-0': an offset cannot follow a bit field at offset 2")
    expectError(.invalidTypeEncoding) { _ = try MethodSignature("v16@0:8^b3-4") }
  }

  @Test func methodSignatureKeepsBitFieldsWithoutOffsetsAndOffsetsAfterOtherTypes() throws {
    #expect(try MethodSignature("b12").returnType == .bitField(width: 12))
    #expect(try MethodSignature("v@:b3").messageArgumentTypes == [.bitField(width: 3)])
    let negative = try MethodSignature("i-0@0:8")
    #expect(negative.returnElement.offset == 0)
    #expect(try MethodSignature(negative.description) == negative)
  }
}
