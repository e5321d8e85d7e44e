// DocLinkTests.swift: the guides and the sources point at each other, and the Rosetta table in
// docs/runtime.md names Swift API that exists.
//   - every `Docs: docs/<file>.md#<anchor>` in Sources names a heading that exists, and that
//     section opens with a `Source: … | Tests: …` line (STYLE.md);
//   - every relative link in docs/ reaches a file (and, for `file.md#anchor`, a heading);
//   - for each row of the Rosetta table, the member named by the first backticked identifier of
//     the Swift cell (after the last `.`, before `(`) appears in Sources/MiniRuntime.

import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading the repository without Foundation.
private enum Repository {
  /// The package root, found from this file's path.
  static let root: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // DocLinkTests.swift, DocSnippetsTests, Tests
    return parts.joined(separator: "/")
  }()

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

  /// The names in `directory` (without `.` and `..`), or `nil` if it is not a directory.
  static func entries(of directory: String) -> [String]? {
    guard let handle = opendir(directory) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Every file under `directory` whose name ends with `suffix`, recursively.
  static func files(under directory: String, endingWith suffix: String) -> [String] {
    var result: [String] = []
    for name in entries(of: directory) ?? [] {
      let path = directory + "/" + name
      if entries(of: path) != nil {
        result += files(under: path, endingWith: suffix)
      } else if name.hasSuffix(suffix) {
        result.append(path)
      }
    }
    return result
  }

  static func exists(_ path: String) -> Bool { entries(of: path) != nil || contents(of: path) != nil }

  /// `path` with `.` and `..` components resolved.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
      if part == ".." {
        if parts.count > 1 { parts.removeLast() }
      } else if part != "." {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }
}

/// Just enough Markdown: headings, their GitHub anchors, links, fenced code.
private enum Markdown {
  /// GitHub's anchor for a heading: lower-cased, punctuation dropped, spaces as hyphens.
  static func anchor(_ heading: String) -> String {
    var result = ""
    for character in heading.lowercased() {
      if character == " " {
        result.append("-")
      } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
        result.append(character)
      }
    }
    return result
  }

  /// The lines outside fenced code blocks, with their index in the file.
  static func proseLines(of text: String) -> [(index: Int, line: Substring)] {
    var result: [(index: Int, line: Substring)] = []
    var inFence = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if !inFence { result.append((index: index, line: line)) }
    }
    return result
  }

  /// The anchor of a heading line (`## Title`), or `nil` for any other line.
  static func headingAnchor(_ line: Substring) -> String? {
    guard line.hasPrefix("#") else { return nil }
    let title = line.drop { $0 == "#" }
    guard title.first == " " else { return nil }
    return anchor(String(title.dropFirst()))
  }

  static func anchors(in text: String) -> Set<String> {
    Set(proseLines(of: text).compactMap { headingAnchor($0.line) })
  }

  /// The targets of `[text](target)` links outside code.
  static func links(in text: String) -> [String] {
    var result: [String] = []
    for (_, line) in proseLines(of: text) {
      var rest = line[...]
      while let start = rest.firstRange(of: "](") {
        let afterOpen = rest[start.upperBound...]
        guard let close = afterOpen.firstIndex(of: ")") else { break }
        result.append(String(afterOpen[..<close]))
        rest = afterOpen[close...]
      }
    }
    return result
  }
}

@Suite struct DocLinkTests {
  static let docs = Repository.root + "/docs"

  static var guides: [String] { Repository.files(under: docs, endingWith: ".md") }

  @Test func repositoryIsFound() {
    #expect(Repository.exists(Repository.root + "/Sources/MiniRuntime/Runtime.swift"), "looked in \(Repository.root)")
    #expect(Self.guides.contains(Self.docs + "/runtime.md"))
  }

  @Test func everyDocsCitationInSourcesNamesASectionThatOpensWithSourceAndTests() throws {
    var problems: [String] = []
    var citations = 0
    for path in Repository.files(under: Repository.root + "/Sources", endingWith: ".swift") {
      let text = try #require(Repository.contents(of: path))
      for line in text.split(separator: "\n") {
        guard let marker = line.firstRange(of: "Docs: docs/") else { continue }
        citations += 1
        var target = String(line[marker.upperBound...].prefix { $0 != " " })
        while target.hasSuffix(".") || target.hasSuffix(",") { target.removeLast() }
        let parts = target.split(separator: "#", maxSplits: 1).map(String.init)
        let file = Self.docs + "/" + parts[0]
        guard let guide = Repository.contents(of: file) else {
          problems.append("\(path): docs/\(parts[0]) does not exist")
          continue
        }
        guard parts.count == 2 else { continue }
        let prose = Markdown.proseLines(of: guide)
        guard let position = prose.firstIndex(where: { Markdown.headingAnchor($0.line) == parts[1] }) else {
          problems.append("\(path): docs/\(parts[0]) has no section #\(parts[1])")
          continue
        }
        let next = prose[(position + 1)...].first { !$0.line.isEmpty }?.line ?? ""
        if !(next.hasPrefix("Source: [") && next.contains(" | Tests: [")) {
          problems.append("docs/\(parts[0])#\(parts[1]) does not open with a `Source: … | Tests: …` line")
        }
      }
    }
    #expect(citations > 50, "the scan found too few citations to be trusted")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func everyRelativeLinkInTheDocsResolves() throws {
    var problems: [String] = []
    var checked = 0
    for guide in Self.guides {
      let text = try #require(Repository.contents(of: guide))
      let directory = String(guide[..<(guide.lastIndex(of: "/") ?? guide.endIndex)])
      for link in Markdown.links(in: text) where !link.hasPrefix("http://") && !link.hasPrefix("https://") {
        checked += 1
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? guide : Repository.normalized(directory + "/" + parts[0])
        guard Repository.exists(target) else {
          problems.append("\(guide): link \(link) reaches nothing")
          continue
        }
        guard parts.count == 2, target.hasSuffix(".md") else { continue }
        let anchors = Markdown.anchors(in: Repository.contents(of: target) ?? "")
        if !anchors.contains(parts[1]) { problems.append("\(guide): link \(link) names a missing section") }
      }
    }
    #expect(checked > 100, "the scan found too few links to be trusted")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func rosettaTableNamesMembersThatExistInMiniRuntime() throws {
    let guide = try #require(Repository.contents(of: Self.docs + "/runtime.md"))
    let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(lines.firstIndex { $0 == "| Objective-C | MiniKVO (Swift) |" })
    var sources = ""
    for path in Repository.files(under: Repository.root + "/Sources/MiniRuntime", endingWith: ".swift") {
      sources += Repository.contents(of: path) ?? ""
    }
    var rows = 0
    var problems: [String] = []
    for row in lines[(header + 2)...] {
      guard row.hasPrefix("|") else { break }
      rows += 1
      let cells = row.split(separator: "|", omittingEmptySubsequences: false)
      guard cells.count == 4, cells[1].contains("`"), cells[2].contains("`") else {
        problems.append("not two backticked cells: \(row)")
        continue
      }
      let afterTick = cells[2].drop { $0 != "`" }.dropFirst()
      let identifier = afterTick.prefix { $0 != "`" }
      let callee = identifier.prefix { $0 != "(" }
      let member = callee.split(separator: ".").last.map(String.init) ?? ""
      if member.isEmpty || !sources.contains(member) {
        problems.append("\(identifier): '\(member)' does not appear in Sources/MiniRuntime")
      }
    }
    #expect(rows >= 50, "the Rosetta table is shorter than expected")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func anchorsFollowGitHubsRules() {
    #expect(Markdown.anchor("The isa-swizzle") == "the-isa-swizzle")
    #expect(Markdown.anchor("Where MiniKVO differs from Apple's KVO") == "where-minikvo-differs-from-apples-kvo")
    #expect(Markdown.anchor("Changes as an AsyncSequence") == "changes-as-an-asyncsequence")
    #expect(Markdown.links(in: "see [a](x.md#y) and [b](../z.swift)\n```\n[c](no)\n```") == ["x.md#y", "../z.swift"])
    #expect(Repository.normalized("/a/docs/../Sources/./x.swift") == "/a/Sources/x.swift")
  }
}
