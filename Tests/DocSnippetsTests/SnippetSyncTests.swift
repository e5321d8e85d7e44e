// SnippetSyncTests.swift: every ```swift example in README.md and docs/ is the code of a test,
// verbatim. A test marks the code an example shows:
//
//     // snippet: docs/runtime.md#message-send        (the first swift block of that section)
//     // snippet: docs/kvocontroller.md#before-and-after (2)   (the second one)
//     …code, compiled and run by the test…
//     // end snippet
//
// The region, less the marker's indentation, must equal the block line for line. `import` lines
// at the top of a block need not be in the region, but the test's file must import them. So an
// example cannot drift from code that compiles and passes, and an API change breaks CI.

import Testing

@Suite struct SnippetSyncTests {
  /// A marked region of a test file.
  struct Region {
    let file: String
    let line: Int
    let key: String
    let body: [String]
  }

  /// A swift block of a Markdown file, with the key a region must name to show it.
  struct Example {
    let file: String
    let line: Int
    let key: String
    let imports: [String]
    let body: [String]
  }

  static let snippetsDirectory = Repository.root + "/Tests/DocSnippetsTests"

  /// Every marked region of the snippet tests.
  static func regions() -> (regions: [Region], problems: [String]) {
    var regions: [Region] = []
    var problems: [String] = []
    for path in Repository.files(under: snippetsDirectory, endingWith: ".swift") {
      let lines = (Repository.contents(of: path) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
      var open: (line: Int, indent: Substring, key: String, body: [String])?
      for (index, line) in lines.enumerated() {
        let trimmed = String(line).trimmingSpaces
        if trimmed.hasPrefix("// snippet: ") {
          if open != nil { problems.append("\(Repository.relative(path)):\(index + 1): a snippet inside a snippet") }
          open = (index, line.prefix { $0 == " " }, String(trimmed.dropFirst("// snippet: ".count)), [])
        } else if trimmed == "// end snippet" {
          guard let region = open else {
            problems.append("\(Repository.relative(path)):\(index + 1): `// end snippet` without a start")
            continue
          }
          regions.append(Region(file: path, line: region.line, key: region.key, body: region.body))
          open = nil
        } else if let region = open {
          if !trimmed.isEmpty && !line.hasPrefix(region.indent) {
            problems.append("\(Repository.relative(path)):\(index + 1): indented less than its `// snippet:` line")
          }
          open?.body.append(trimmed.isEmpty ? "" : String(line.dropFirst(region.indent.count)))
        }
      }
      if let region = open { problems.append("\(Repository.relative(path)):\(region.line + 1): no `// end snippet`") }
    }
    return (regions, problems)
  }

  /// Every swift block of README.md and docs/.
  static func examples() -> [Example] {
    Repository.markdownFiles.flatMap { path -> [Example] in
      let document = MarkdownDocument(path: path, text: Repository.contents(of: path) ?? "")
      return document.codeBlocks.filter { $0.language == "swift" }.map { block in
        var body = block.body[...]
        var imports: [String] = []
        while let first = body.first, first.hasPrefix("import ") {
          imports.append(first)
          body = body.dropFirst()
        }
        if !imports.isEmpty, body.first == "" { body = body.dropFirst() }
        let key = "\(Repository.relative(path))#\(block.section)" + (block.ordinal > 1 ? " (\(block.ordinal))" : "")
        return Example(file: path, line: block.line, key: key, imports: imports, body: Array(body))
      }
    }
  }

  @Test func everySwiftExampleInTheDocsIsTheCodeOfATest() {
    let (regions, problems) = Self.regions()
    var issues = problems
    for example in Self.examples() {
      let place = "\(Repository.relative(example.file)):\(example.line + 1) (\(example.key))"
      let matching = regions.filter { $0.key == example.key }
      guard let region = matching.first, matching.count == 1 else {
        issues.append("\(place): \(matching.count) test regions are marked `// snippet: \(example.key)`; 1 is needed")
        continue
      }
      if region.body != example.body {
        let firstDifference =
          zip(region.body, example.body).enumerated().first { $0.element.0 != $0.element.1 }?.offset
          ?? min(region.body.count, example.body.count)
        let shown = firstDifference < example.body.count ? example.body[firstDifference] : "(the end)"
        let tested = firstDifference < region.body.count ? region.body[firstDifference] : "(the end)"
        issues.append(
          "\(place) differs from \(Repository.relative(region.file)):\(region.line + 1) at its line \(firstDifference + 1):\n"
            + "  shown:  \(shown)\n  tested: \(tested)")
      }
      let testFile = Repository.contents(of: region.file) ?? ""
      for line in example.imports where !testFile.split(separator: "\n").contains(Substring(line)) {
        issues.append("\(place) shows `\(line)`, which \(Repository.relative(region.file)) does not have")
      }
    }
    #expect(Self.examples().count > 40, "the scan found too few examples to be trusted")
    #expect(issues.isEmpty, "\(issues.joined(separator: "\n"))")
  }

  @Test func everyMarkedRegionIsShownInTheDocs() {
    let keys = Set(Self.examples().map(\.key))
    let orphans = Self.regions().regions.filter { !keys.contains($0.key) }.map {
      "\(Repository.relative($0.file)):\($0.line + 1) \($0.key)"
    }
    #expect(orphans == [], "regions that no swift block of the docs shows")
  }

  @Test func examplesAreKeyedBySectionAndPosition() {
    let document = MarkdownDocument(
      path: "x.md", text: "# T\n```swift\na\n```\n## S\n```sh\nb\n```\n```swift\nc\n```\n```swift\nd\n```")
    let blocks = document.codeBlocks.filter { $0.language == "swift" }
    #expect(blocks.map(\.section) == ["t", "s", "s"])
    #expect(blocks.map(\.ordinal) == [1, 1, 2])
  }
}
