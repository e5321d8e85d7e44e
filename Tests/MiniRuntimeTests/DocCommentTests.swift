// DocCommentTests.swift: every public declaration of MiniRuntime has a `///` doc comment whose
// last paragraph names its Objective-C counterpart (STYLE.md, "Doc comments").

import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct DocCommentTests {
  /// `Sources/MiniRuntime`, found from this file's path.
  static let sourceDirectory: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // DocCommentTests.swift, MiniRuntimeTests, Tests
    return parts.joined(separator: "/") + "/Sources/MiniRuntime"
  }()

  static func swiftFiles(in directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".swift") { names.append(name) }
    }
    return names.sorted()
  }

  static func contents(of path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The line without leading attributes (`@inlinable`, `@discardableResult`, `@available(…)`).
  static func droppingAttributes(_ line: Substring) -> Substring {
    var rest = line
    while rest.first == "@" {
      var depth = 0
      var end = rest.endIndex
      for index in rest.indices {
        let character = rest[index]
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
        if character == " " && depth == 0 {
          end = index
          break
        }
      }
      rest = rest[end...].drop { $0 == " " }
    }
    return rest
  }

  /// Why the declaration at `index` is not properly documented, or `nil` if it is.
  static func problem(at index: Int, in lines: [Substring]) -> String? {
    var doc: [Substring] = []
    var cursor = index - 1
    while cursor >= 0 {
      let line = lines[cursor].drop { $0 == " " }
      if line.hasPrefix("///") {
        doc.insert(line.dropFirst(3).drop { $0 == " " }, at: 0)
      } else if line.hasPrefix("@") && doc.isEmpty {
        // an attribute on its own line between the doc comment and the declaration
      } else {
        break
      }
      cursor -= 1
    }
    guard !doc.isEmpty else { return "no /// doc comment" }
    var paragraphs: [[Substring]] = [[]]
    for line in doc {
      if line.isEmpty { paragraphs.append([]) } else { paragraphs[paragraphs.count - 1].append(line) }
    }
    guard let last = paragraphs.last(where: { !$0.isEmpty }), last[0].hasPrefix("Objective-C:") else {
      return "last paragraph does not start with \"Objective-C:\""
    }
    return nil
  }

  @Test func sourceDirectoryIsFound() {
    let files = Self.swiftFiles(in: Self.sourceDirectory)
    #expect(files.contains("Runtime.swift"), "looked in \(Self.sourceDirectory)")
    #expect(files.count >= 30)
  }

  @Test func everyPublicDeclarationEndsItsDocWithObjectiveCName() throws {
    var offenders: [String] = []
    var declarations = 0
    for name in Self.swiftFiles(in: Self.sourceDirectory) {
      let text = try #require(Self.contents(of: Self.sourceDirectory + "/" + name))
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() {
        let code = Self.droppingAttributes(line.drop { $0 == " " })
        guard code.hasPrefix("public ") || code.hasPrefix("open ") else { continue }
        declarations += 1
        if let problem = Self.problem(at: index, in: lines) {
          offenders.append("\(name):\(index + 1): \(code.prefix(70)) — \(problem)")
        }
      }
    }
    #expect(declarations > 150, "the scan found too few public declarations to be trusted")
    let list = offenders.joined(separator: "\n")
    #expect(offenders.isEmpty, "\(offenders.count) public declarations lack an Objective-C line:\n\(list)")
  }

  /// Source comments cite tests as `SuiteTests.testName` and files as
  /// `Tests/MiniRuntimeTests/SuiteTests.swift`; each cited test and file must exist.
  @Test func everyTestCitedInSourcesExists() throws {
    let testDirectory = Self.sourceDirectory.replacingSuffix("Sources/MiniRuntime", with: "Tests/MiniRuntimeTests")
    var missing: [String] = []
    var citations = 0
    for name in Self.swiftFiles(in: Self.sourceDirectory) {
      let text = try #require(Self.contents(of: Self.sourceDirectory + "/" + name))
      for (suite, test) in Self.citations(in: text) {
        citations += 1
        guard let tests = Self.contents(of: "\(testDirectory)/\(suite).swift") else {
          missing.append("\(name): \(suite).swift does not exist")
          continue
        }
        if let test, !tests.contains("func \(test)(") { missing.append("\(name): \(suite).\(test) does not exist") }
      }
    }
    #expect(citations > 20)
    #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
  }

  /// `(Suite, test)` for `SuiteTests.test`, `(Suite, nil)` for `SuiteTests.swift`.
  static func citations(in text: String) -> [(String, String?)] {
    let characters = Array(text)
    func isIdentifier(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
    var found: [(String, String?)] = []
    var index = 0
    while index < characters.count {
      guard characters[index] == ".", index >= 5, String(characters[(index - 5)..<index]) == "Tests" else {
        index += 1
        continue
      }
      var start = index
      while start > 0, isIdentifier(characters[start - 1]) { start -= 1 }
      var end = index + 1
      while end < characters.count, isIdentifier(characters[end]) { end += 1 }
      let suite = String(characters[start..<index])
      let member = String(characters[(index + 1)..<end])
      if suite.first?.isUppercase == true, !member.isEmpty {
        found.append((suite, member == "swift" ? nil : member))
      }
      index = end
    }
    return found
  }

  @Test func checkerRecognisesGoodAndBadDocs() {
    let good: [Substring] = [
      "/// Does it.", "///", "/// Objective-C: `class_addMethod`", "@discardableResult", "public func f()",
    ]
    let noObjC: [Substring] = ["/// Does it.", "public func f()"]
    let objCNotLast: [Substring] = ["/// Objective-C: `x`", "///", "/// More text.", "public func f()"]
    let undocumented: [Substring] = ["// a plain comment", "public func f()"]
    #expect(Self.problem(at: 4, in: good) == nil)
    #expect(Self.problem(at: 1, in: noObjC) != nil)
    #expect(Self.problem(at: 3, in: objCNotLast) != nil)
    #expect(Self.problem(at: 1, in: undocumented) == "no /// doc comment")
    #expect(Self.droppingAttributes("@available(*, deprecated) @inlinable public var x") == "public var x")
    let cited = Self.citations(
      in: "see `MetaclassTests.rootMetaclassIsaIsItself` and Tests/MiniRuntimeTests/IvarTests.swift.")
    #expect(cited.map(\.0) == ["MetaclassTests", "IvarTests"])
    #expect(cited.map(\.1) == ["rootMetaclassIsaIsItself", nil])
  }
}

extension String {
  fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
  }
}
