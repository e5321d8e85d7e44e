// DocLinkTests.swift: the guides and the sources point at each other, and every pointer lands.
//   - every relative link in README.md and docs/ reaches a file (and, for `file.md#anchor`, a
//     heading of that file);
//   - every section of a guide (docs/*.md but the index) opens with a `Source: … | Tests: …` line
//     whose Source links reach into Sources/ (or Package.swift) and whose Tests links reach into
//     Tests/; every decision record names its source and tests the same way (STYLE.md);
//   - every `Docs: docs/<file>.md#<anchor>` in Sources names a heading that exists and opens with
//     that line;
//   - every `Tests/…`, `…Tests.swift`, `docs/….md` and `….swift` a source file's header comment
//     cites exists;
//   - every `SomeTests.someTest` cited in the guides or in Sources names a test that exists;
//   - docs/README.md's table of decision records lists every record.
// The Rosetta table is checked in RosettaTests.swift, the examples in SnippetSyncTests.swift.

import Testing

@Suite struct DocLinkTests {
  static let sources = Repository.root + "/Sources"
  static let tests = Repository.root + "/Tests"

  /// The Markdown files that are checked, parsed.
  static let documents: [MarkdownDocument] = Repository.markdownFiles.map { path in
    MarkdownDocument(path: path, text: Repository.contents(of: path) ?? "")
  }

  /// The guides whose every section opens with Source | Tests (the index and decisions aside).
  static var guides: [MarkdownDocument] {
    documents.filter { document in
      let name = Repository.relative(document.path)
      return name.hasPrefix("docs/") && !name.hasPrefix("docs/decisions/") && name != "docs/README.md"
    }
  }

  /// The parsed Markdown file at `relativePath`.
  static func document(_ relativePath: String) -> MarkdownDocument? {
    documents.first { Repository.relative($0.path) == relativePath }
  }

  /// The top-of-file `//` comment of a source file, as one line.
  static func header(of path: String) -> String {
    let lines = (Repository.contents(of: path) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
    return lines.prefix { $0.hasPrefix("//") }.map { $0.dropFirst(2) }.joined(separator: " ")
  }

  @Test func packageRootIsFound() {
    #expect(Repository.exists(Repository.root + "/Sources/MiniRuntime/Runtime.swift"), "looked in \(Repository.root)")
    #expect(Self.document("docs/runtime.md") != nil && Self.document("README.md") != nil)
  }

  @Test func everyRelativeLinkReachesAFileAndItsSection() {
    var problems: [String] = []
    var checked = 0
    for document in Self.documents {
      let directory = String(document.path[..<(document.path.lastIndex(of: "/") ?? document.path.endIndex)])
      for link in document.links where !link.target.hasPrefix("http://") && !link.target.hasPrefix("https://") {
        checked += 1
        let place = "\(Repository.relative(document.path)):\(link.line + 1)"
        let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? document.path : Repository.normalized(directory + "/" + parts[0])
        guard Repository.exists(target) else {
          problems.append("\(place): \(link.target) reaches nothing")
          continue
        }
        guard parts.count == 2 else { continue }
        let anchors = Self.document(Repository.relative(target))?.anchors ?? []
        if !anchors.contains(parts[1]) {
          problems.append("\(place): \(link.target) names a section that does not exist")
        }
      }
    }
    #expect(checked > 300, "the scan found too few links to be trusted")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func everyGuideSectionOpensWithSourceAndTestsLinksThatLand() {
    var problems: [String] = []
    var sections = 0
    func check(_ line: String, of document: MarkdownDocument, _ heading: MarkdownDocument.Heading) {
      sections += 1
      let place = "\(Repository.relative(document.path))#\(heading.anchor)"
      guard let source = line.firstRange(of: "Source: ["), let tests = line.firstRange(of: " | Tests: [") else {
        problems.append("\(place) does not open with a `Source: … | Tests: …` line")
        return
      }
      let directory = String(document.path[..<(document.path.lastIndex(of: "/") ?? document.path.endIndex)])
      let sourceLinks = MarkdownDocument.linkTargets(in: String(line[source.lowerBound..<tests.lowerBound]))
      // The Tests list ends with the sentence (decision records go on with "Explained in …").
      let rest = line[tests.lowerBound...]
      let testLinks = MarkdownDocument.linkTargets(
        in: String(rest[..<(rest.firstRange(of: ". ")?.lowerBound ?? rest.endIndex)]))
      for (links, roots) in [
        (sourceLinks, [Self.sources, Repository.root + "/Package.swift"]), (testLinks, [Self.tests]),
      ] {
        for link in links {
          let target = Repository.normalized(directory + "/" + link)
          if !roots.contains(where: { target == $0 || target.hasPrefix($0 + "/") }) {
            problems.append("\(place): \(link) is not under \(roots.map(Repository.relative))")
          }
        }
      }
      if sourceLinks.isEmpty || testLinks.isEmpty { problems.append("\(place): Source or Tests has no link") }
    }
    for document in Self.guides {
      for heading in document.headings { check(document.firstLine(after: heading), of: document, heading) }
    }
    for document in Self.documents
    where Repository.relative(document.path).hasPrefix("docs/decisions/")
      || Repository.relative(document.path) == "docs/README.md"
    {
      if let title = document.headings.first { check(document.firstLine(after: title), of: document, title) }
    }
    #expect(sections > 60, "the scan found too few sections to be trusted")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func everyDecisionRecordIsListedInTheIndex() throws {
    let index = try #require(Self.document("docs/README.md"))
    let listed = Set(index.links.map(\.target).filter { $0.hasPrefix("decisions/") && $0.hasSuffix(".md") })
    let records = Repository.files(under: Repository.root + "/docs/decisions", endingWith: ".md")
      .map { "decisions/" + Repository.relative($0).dropFirst("docs/decisions/".count) }
    #expect(records.count > 30, "the scan found too few decision records to be trusted")
    let missing = records.filter { !listed.contains($0) }.sorted()
    #expect(missing.isEmpty, "docs/README.md#decision-records does not list \(missing.joined(separator: ", "))")
  }

  @Test func everyDocsCitationInSourcesNamesASectionThatExists() {
    var problems: [String] = []
    var citations = 0
    for path in Repository.files(under: Self.sources, endingWith: ".swift") {
      let text = Repository.contents(of: path) ?? ""
      for match in text.matches(of: #/docs/(?<file>[A-Za-z0-9_./-]+?\.md)(?:#(?<anchor>[a-z0-9_-]+))?/#) {
        citations += 1
        let place = "\(Repository.relative(path)): docs/\(match.file)"
        guard let document = Self.document("docs/" + match.file) else {
          problems.append("\(place) does not exist")
          continue
        }
        if let anchor = match.anchor, !document.anchors.contains(String(anchor)) {
          problems.append("\(place) has no section #\(anchor)")
        }
      }
    }
    #expect(citations > 60, "the scan found too few citations to be trusted")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func everyPathASourceHeaderCitesExists() {
    let testFiles = Set(Repository.files(under: Self.tests, endingWith: ".swift").map(Repository.relative))
    let sourceNames = Set(
      Repository.files(under: Self.sources, endingWith: ".swift").map {
        $0.split(separator: "/").last.map(String.init) ?? ""
      })
    var problems: [String] = []
    var citations = 0
    for path in Repository.files(under: Self.sources, endingWith: ".swift") {
      let place = Repository.relative(path)
      var testDirectory: String?  // a bare `FooTests.swift` continues the list of the last full path
      let pattern =
        #/(?<full>Tests/[A-Za-z]+Tests(?:/[A-Za-z0-9+.]+\.swift)?)|(?<file>[A-Z][A-Za-z0-9+.]*\.swift)|(?<doc>docs/[A-Za-z0-9_./-]+?\.md)/#
      for match in Self.header(of: path).matches(of: pattern) {
        citations += 1
        if let full = match.full {
          let cited = String(full)
          if cited.hasSuffix(".swift") {
            testDirectory = String(cited[..<(cited.lastIndex(of: "/") ?? cited.endIndex)])
            if !testFiles.contains(cited) { problems.append("\(place) cites \(cited), which does not exist") }
          } else {
            testDirectory = cited
            if Repository.entries(of: Repository.root + "/" + cited) == nil {
              problems.append("\(place) cites \(cited), which does not exist")
            }
          }
        } else if let file = match.file {
          let name = String(file)
          if name.hasSuffix("Tests.swift") {
            let cited = (testDirectory ?? "Tests/?") + "/" + name
            if !testFiles.contains(cited) { problems.append("\(place) cites \(cited), which does not exist") }
          } else if !sourceNames.contains(name) {
            problems.append("\(place) cites \(name), which is not a file in Sources")
          }
        } else if let doc = match.doc, !Repository.exists(Repository.root + "/" + doc) {
          problems.append("\(place) cites \(doc), which does not exist")
        }
      }
    }
    #expect(citations > 150, "the scan found too few citations to be trusted")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func everyCitedTestExists() {
    var testsBySuite: [String: String] = [:]  // suite name → the text of its file
    for path in Repository.files(under: Self.tests, endingWith: ".swift") {
      let text = Repository.contents(of: path) ?? ""
      for match in text.matches(of: #/@Suite(?:\([^)]*\))? struct (?<name>\w+)/#) {
        testsBySuite[String(match.name)] = text
      }
    }
    var problems: [String] = []
    var citations = 0
    let places = Repository.markdownFiles + Repository.files(under: Self.sources, endingWith: ".swift")
    for path in places {
      let text = Repository.contents(of: path) ?? ""
      for match in text.matches(of: #/\b(?<suite>[A-Z]\w*Tests)\.(?<test>[a-z]\w*)\b/#) where match.test != "swift" {
        citations += 1
        guard let suite = testsBySuite[String(match.suite)], suite.contains("func \(match.test)(") else {
          problems.append("\(Repository.relative(path)) cites \(match.suite).\(match.test), which does not exist")
          continue
        }
      }
      guard path.hasSuffix(".md") else { continue }
      for match in text.matches(of: #/`(?<suite>[A-Z]\w*Tests)`/#) where testsBySuite[String(match.suite)] == nil {
        problems.append("\(Repository.relative(path)) cites the suite \(match.suite), which does not exist")
      }
    }
    #expect(citations > 10, "the scan found too few citations to be trusted")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func markdownHelpersFollowGitHubsRules() {
    #expect(MarkdownDocument.anchor("The isa-swizzle") == "the-isa-swizzle")
    #expect(
      MarkdownDocument.anchor("Where MiniKVO differs from Apple's KVO") == "where-minikvo-differs-from-apples-kvo")
    #expect(MarkdownDocument.anchor("`Change`: one notification") == "change-one-notification")
    #expect(
      MarkdownDocument.linkTargets(in: "see [a](x.md#y), `[c](no)` and [b](../z.swift)") == ["x.md#y", "../z.swift"])
    let document = MarkdownDocument(path: "x.md", text: "# A\n## B\n```swift\nlet x = 1\n```\n## B\n[l](y)")
    #expect(document.headings.map(\.anchor) == ["a", "b", "b-1"])
    #expect(document.codeBlocks.map(\.section) == ["b"] && document.codeBlocks.first?.body == ["let x = 1"])
    #expect(document.links.map(\.target) == ["y"])
    #expect(Repository.normalized("/a/docs/../Sources/./x.swift") == "/a/Sources/x.swift")
  }
}
