// FidelityFoundationTests.swift: descriptions of Foundation's values, probed as a Foundation
// user would, pinned to Apple's answers.

import Testing

@testable import MiniFoundation

@Suite struct FidelityFoundationTests {
  @Test func valueDescriptionNamesTheGeometryFoundationKnows() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: .range(1..<3), "description") == "NSRange: {1, 2}")
    let point = Value.structure(Structure(name: "CGPoint", fields: [.double(1.5), .double(2)]))
    #expect(try runtime.msgSend(bridging: point, "description") == "NSPoint: {1.5, 2}")
    let size = Value.structure(Structure(name: "CGSize", fields: [.double(3), .double(4)]))
    #expect(try runtime.msgSend(bridging: size, "description") == "NSSize: {3, 4}")
    let origin = Value.structure(Structure(name: "CGPoint", fields: [.double(0), .double(0)]))
    let rect = Value.structure(Structure(name: "CGRect", fields: [origin, size]))
    #expect(try runtime.msgSend(bridging: rect, "description") == "NSRect: {{0, 0}, {3, 4}}")
  }

  @Test func nestedCollectionsPrintWithFoundationsIndentation() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    #expect(try runtime.msgSend(bridging: [[1, 2], 3], "description") == "(\n        (\n        1,\n        2\n    ),\n    3\n)")
    #expect(try runtime.msgSend(bridging: ["k": [1]], "description") == "{\n    k =     (\n        1\n    );\n}")
    #expect(try runtime.msgSend(bridging: .set([]), "description") == "{(\n)}")
    #expect(try runtime.msgSend(bridging: [], "description") == "(\n)")
    #expect(try runtime.msgSend(bridging: [:], "description") == "{\n}")
  }
}
