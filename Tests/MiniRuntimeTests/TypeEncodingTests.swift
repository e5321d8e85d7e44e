// TypeEncodingTests.swift: parsing and printing type encodings and method signatures
// (TypeEncoding.swift, TypeEncoding+Parsing.swift, TypeEncoding+Layout.swift, MethodSignature.swift).

import Testing

@testable import MiniRuntime

@Suite struct TypeEncodingTests {
  /// Every kind of encoding the parser supports, and a few combinations.
  static let supported = [
    "v", "B", "c", "C", "s", "S", "i", "I", "l", "L", "q", "Q", "f", "d", "D", "*", "@",
    "@\"NSString\"", "@?", "#", ":", "?", "^v", "^{Node}", "^^i", "[12^f]", "[2[3i]]",
    "{Point=dd}", "{Point}", "{Point=\"x\"d\"y\"d}", "{S=\"o\"@\"NSString\"\"i\"i}",
    "{S=\"o\"@\"i\"i}", "{Rect={Point=dd}{Size=dd}}", "{?=ii}", "{Empty=}", "(U=ic)", "(U)",
    "b5", "r*", "Vv", "n@", "N^i", "o^@", "O@", "R@", "r^{Node}",
  ]

  @Test(arguments: supported)
  func parsedEncodingPrintsBackExactly(encoding: String) throws {
    let parsed = try TypeEncoding(encoding)
    #expect(parsed.description == encoding)
  }

  @Test(arguments: supported)
  func printedEncodingParsesToSameValue(encoding: String) throws {
    let parsed = try TypeEncoding(encoding)
    #expect(try TypeEncoding(parsed.description) == parsed)
  }

  @Test(arguments: [
    ("v", TypeEncoding.void), ("B", .bool), ("c", .char), ("C", .unsignedChar), ("s", .short),
    ("S", .unsignedShort), ("i", .int), ("I", .unsignedInt), ("l", .long), ("L", .unsignedLong),
    ("q", .longLong), ("Q", .unsignedLongLong), ("f", .float), ("d", .double), ("D", .longDouble),
    ("*", .cString), ("@", .object(className: nil)), ("@\"NSString\"", .object(className: "NSString")),
    ("@?", .block), ("#", .class), (":", .selector), ("?", .unknown), ("^v", .pointer(.void)),
    ("^{Node}", .pointer(.structure(name: "Node", fields: nil))),
    ("[12^f]", .array(count: 12, element: .pointer(.float))),
    ("{Point=dd}", .structure(name: "Point", fields: [.init(.double), .init(.double)])),
    ("{Point}", .structure(name: "Point", fields: nil)),
    (
      "{Point=\"x\"d\"y\"d}", .structure(name: "Point", fields: [.init(.double, name: "x"), .init(.double, name: "y")])
    ),
    (
      "{S=\"o\"@\"NSString\"\"i\"i}",
      .structure(name: "S", fields: [.init(.object(className: "NSString"), name: "o"), .init(.int, name: "i")])
    ),
    ("(U=ic)", .union(name: "U", fields: [.init(.int), .init(.char)])),
    ("b5", .bitField(width: 5)), ("r*", .qualified(.const, .cString)), ("Vv", .qualified(.oneway, .void)),
    ("n@", .qualified(.in, .object(className: nil))),
  ])
  func encodingParsesToExpectedCase(encoding: String, expected: TypeEncoding) throws {
    #expect(try TypeEncoding(encoding) == expected)
    #expect(expected.description == encoding)
  }

  @Test(arguments: [
    ("{Point=dd", "unterminated", 9),
    ("z", "unknown type code 'z'", 0),
    ("{Point=dz}", "unknown type code 'z'", 8),
    ("qq", "unexpected 'q'", 1),
    ("{Point=dd}x", "unexpected 'x'", 10),
    ("[", "an array needs a count", 1),
    ("[i]", "an array needs a count", 1),
    ("[3i", "expected ']'", 3),
    ("", "expected a type, found the end", 0),
    ("^", "expected a type, found the end", 1),
    ("@\"NSString", "unterminated quoted name", 10),
    ("b", "a bit field needs a width", 1),
    ("[99999999999999999999i]", "number too large", 19),
  ])
  func malformedEncodingThrowsWithOffset(encoding: String, problem: String, offset: Int) {
    let error = expectError(.invalidTypeEncoding) { _ = try TypeEncoding(encoding) }
    let message = error?.message ?? ""
    #expect(message.contains(problem), "\(message)")
    #expect(message.hasSuffix("at offset \(offset)"), "\(message)")
  }

  @Test func deeplyNestedPointersThrowInsteadOfCrashing() {
    let deep = String(repeating: "^", count: 10_000) + "v"
    let error = expectError(.invalidTypeEncoding) { _ = try TypeEncoding(deep) }
    #expect(error?.message.contains("nested too deeply") == true)
  }

  @Test func deeplyNestedStructsThrowInsteadOfCrashing() {
    let deep = String(repeating: "{A=", count: 10_000) + String(repeating: "}", count: 10_000)
    expectError(.invalidTypeEncoding) { _ = try TypeEncoding(deep) }
    let arrays = String(repeating: "[1", count: 10_000) + "i" + String(repeating: "]", count: 10_000)
    expectError(.invalidTypeEncoding) { _ = try TypeEncoding(arrays) }
    expectError(.invalidTypeEncoding) { _ = try MethodSignature("v@:" + String(repeating: "^", count: 10_000) + "i") }
  }

  @Test func moderatelyNestedEncodingParses() throws {
    let nested = String(repeating: "^", count: 100) + "v"
    #expect(try TypeEncoding(nested).description == nested)
  }

  // MARK: - Method signatures

  @Test(arguments: [
    "v24@0:8q16", "v@:q", "@16@0:8", "v@:", "B24@0:8:16", "v24@0:8@\"NSString\"16", "v-8@0:8", "Vv16@0:8",
  ])
  func methodSignatureRoundTrips(encoding: String) throws {
    let signature = try MethodSignature(encoding)
    #expect(signature.description == encoding)
    #expect(try MethodSignature(signature.description) == signature)
  }

  @Test func cachedParseGivesTheSameSignatureAndNeverCachesAnError() throws {
    // addMethod parses through a process-wide cache of encodings; what it returns must equal a
    // fresh parse, and a malformed encoding must be refused every time it is given.
    for encoding in ["v24@0:8q16", "v24@0:8q16", "@16@0:8"] {
      #expect(try MethodSignature.parsed(encoding) == MethodSignature(encoding))
    }
    for _ in 0..<2 {
      expectError(.invalidTypeEncoding) { _ = try MethodSignature.parsed("v@:{broken") }
    }
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Cached")
    expectError(.invalidTypeEncoding) { try cls.addMethod("broken", types: "v@:{broken") { _, _, _ in .nil } }
    #expect(try cls.instanceMethod(for: "broken") == nil)
  }

  @Test func methodSignatureSplitsReturnArgumentsAndOffsets() throws {
    let signature = try MethodSignature("v24@0:8q16")
    #expect(signature.returnType == .void)
    #expect(signature.returnElement.offset == 24)
    #expect(signature.argumentTypes == [.object(className: nil), .selector, .longLong])
    #expect(signature.argumentElements.map(\.offset) == [0, 8, 16])
    #expect(signature.messageArgumentTypes == [.longLong])
    #expect(signature.numberOfArguments == 3)
    let bare = try MethodSignature("v@:q")
    #expect(bare.argumentElements.map(\.offset) == [nil, nil, nil])
    #expect(bare.argumentTypes == signature.argumentTypes)
  }

  @Test(arguments: [
    ("v@:q", "v24@0:8q16"), ("v@:c", "v20@0:8c16"), ("@@:", "@16@0:8"), ("v@:{Point=dd}", "v32@0:8{Point=dd}16"),
    ("v@:@@", "v32@0:8@16@24"), ("B@::", "B24@0:8:16"), ("c@:i", "c20@0:8i16"), ("v@:[4i]", "v24@0:8[4i]16"),
    ("v@:{Pair=cc}@", "v26@0:8{Pair=cc}16@18"),
  ])
  func withFrameOffsetsMatchesClang(bare: String, expected: String) throws {
    #expect(try MethodSignature(bare).withFrameOffsets().description == expected)
  }

  @Test func signatureBuiltFromTypesPrintsWithoutOffsets() {
    #expect(MethodSignature(returning: .void, arguments: [.longLong]).description == "v@:q")
  }

  @Test(arguments: ["", "v@:q24x", "v@:{", "z@:"])
  func malformedMethodSignatureThrows(encoding: String) {
    expectError(.invalidTypeEncoding) { _ = try MethodSignature(encoding) }
  }

  // MARK: - Layout

  @Test(arguments: [
    ("c", 1, 1), ("B", 1, 1), ("s", 2, 2), ("i", 4, 4), ("l", 4, 4), ("q", 8, 8), ("f", 4, 4), ("d", 8, 8),
    ("D", 16, 16), ("@", 8, 8), ("#", 8, 8), (":", 8, 8), ("*", 8, 8), ("^v", 8, 8),
    ("{Point=dd}", 16, 8), ("{Mixed=cd}", 16, 8), ("{Small=cs}", 4, 2), ("[3i]", 12, 4), ("(U=ic)", 4, 4),
    ("{Point}", 0, 1),
  ])
  func sizeAndAlignmentFollowLP64(encoding: String, size: Int, alignment: Int) throws {
    let type = try TypeEncoding(encoding)
    #expect(type.size == size)
    #expect(type.alignment == alignment)
  }

  @Test func forMethodSignatureDropsClassNames() throws {
    #expect(TypeEncoding.object(className: "NSString").forMethodSignature == .object(className: nil))
    #expect(try TypeEncoding("r@\"NSString\"").forMethodSignature.description == "r@")
    #expect(TypeEncoding.longLong.forMethodSignature == .longLong)
  }
}
