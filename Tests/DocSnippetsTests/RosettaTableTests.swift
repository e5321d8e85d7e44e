// RosettaTableTests.swift: the Rosetta table in docs/runtime.md (Objective-C → Swift) agrees with
// RosettaTests.swift and its topic files (RosettaTests+*.swift), which exercise every row. For
// each row there must be a `// Rosetta:` marker with that Objective-C name, and the code under it
// must use every Swift spelling the row gives:
//   `runtime.allocateClassPair(superclass:name:)`  needs  `allocateClassPair(`, `superclass:`, `name:`
//   `cls.instanceSize`                             needs  `.instanceSize`
//   `.retain`, `arguments:`, `Object`, `==`         need   themselves (identifiers as whole words)
//   `Selector("setAge:")`                          needs  itself, verbatim
// So the table cannot name an API the exercise does not call, and the exercise cannot call an API
// that does not compile.

import Testing

@Suite struct RosettaTableTests {
  /// One row: the Objective-C name and the backticked spans of the Swift cell.
  struct Row {
    let objectiveC: String
    let swift: [String]
  }

  /// The rows of the table under `## Rosetta table` in docs/runtime.md.
  static func rows() -> [Row] {
    let guide = MarkdownDocument(
      path: "runtime.md", text: Repository.contents(of: Repository.root + "/docs/runtime.md") ?? "")
    guard let heading = guide.headings.first(where: { $0.anchor == "rosetta-table" }) else { return [] }
    let table = guide.lines[(heading.line + 1)...].drop { !$0.hasPrefix("| Objective-C |") }.dropFirst(2)
    return table.prefix { $0.hasPrefix("|") }.map { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
      let spans = cells.count > 2 ? codeSpans(in: String(cells[2])) : []
      return Row(objectiveC: cells.count > 1 ? codeSpans(in: String(cells[1])).first ?? "" : "", swift: spans)
    }
  }

  /// The files holding exercises: RosettaTests.swift and its topic files (`RosettaTests+Protocols.swift`, …).
  static func exerciseFiles() -> [String] {
    let directory = Repository.root + "/Tests/DocSnippetsTests"
    return (Repository.entries(of: directory) ?? []).filter { $0.hasPrefix("RosettaTests") && $0.hasSuffix(".swift") }
      .map { directory + "/" + $0 }
  }

  /// The code under each `// Rosetta:` marker of the exercise files, by Objective-C name.
  static func exercises() -> [(name: String, code: String)] {
    let text = exerciseFiles().map { Repository.contents(of: $0) ?? "" }.joined(separator: "\n\n")
    var result: [(name: String, code: String)] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map({ String($0).trimmingSpaces }) {
      if line.hasPrefix("// Rosetta: ") {
        result.append((String(line.dropFirst("// Rosetta: ".count)), ""))
      } else if line.isEmpty || line.hasPrefix("@Test") {
        result.append(("", ""))  // ends the code of the last marker
      } else if let last = result.indices.last {
        result[last].code += line + "\n"
      }
    }
    return result.filter { !$0.name.isEmpty }
  }

  /// The texts between backticks.
  static func codeSpans(in text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
  }

  /// What the code exercising a Swift spelling must contain (see the file comment).
  static func requiredTokens(for spelling: String) -> [String] {
    if let open = spelling.firstIndex(of: "("), spelling.hasSuffix(")") {
      let inside = spelling[spelling.index(after: open)..<spelling.index(before: spelling.endIndex)]
      guard inside.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }) else { return [spelling] }
      let member = spelling[..<open].split(separator: ".").last.map(String.init) ?? ""
      return [member + "("] + inside.split(separator: ":").filter { $0 != "_" }.map { $0 + ":" }
    }
    if !spelling.hasPrefix("."), let dot = spelling.firstIndex(of: ".") { return [String(spelling[dot...])] }
    return [spelling]
  }

  /// Whether `code` contains `token`, not as part of a longer identifier.
  static func code(_ code: String, uses token: String) -> Bool {
    func isIdentifier(_ character: Character?) -> Bool {
      guard let character else { return false }
      return character.isLetter || character.isNumber || character == "_"
    }
    var rest = code[...]
    while let range = rest.firstRange(of: token) {
      let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
      let after = range.upperBound == code.endIndex ? nil : code[range.upperBound]
      let startsOK = !isIdentifier(token.first) || !isIdentifier(before)
      let endsOK = !isIdentifier(token.last) || !isIdentifier(after)
      if startsOK && endsOK { return true }
      rest = code[range.upperBound...]
    }
    return false
  }

  @Test func everyRowOfTheRosettaTableIsExercisedWithItsSwiftSpelling() {
    let rows = Self.rows()
    let exercises = Self.exercises()
    var problems: [String] = []
    for row in rows {
      let code = exercises.filter { $0.name == row.objectiveC }.map(\.code).joined()
      if code.isEmpty {
        problems.append("\(row.objectiveC): no `// Rosetta: \(row.objectiveC)` exercise in RosettaTests*.swift")
        continue
      }
      if row.swift.isEmpty { problems.append("\(row.objectiveC): the Swift cell names nothing in backticks") }
      for spelling in row.swift {
        for token in Self.requiredTokens(for: spelling) where !Self.code(code, uses: token) {
          problems.append("\(row.objectiveC): the exercise does not use `\(token)` (from `\(spelling)`)")
        }
      }
    }
    #expect(rows.count >= 70, "the Rosetta table is shorter than expected: was it found?")
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test func everyExerciseHasARowAndEveryRowOneName() {
    let names = Self.rows().map(\.objectiveC)
    let marked = Set(Self.exercises().map(\.name))
    #expect(marked.subtracting(names).sorted() == [], "exercises without a row in the table")
    #expect(Set(names).count == names.count, "an Objective-C name appears in two rows")
  }

  @Test func exercisesAreReadFromEveryRosettaTestsFile() {
    let names = Self.exerciseFiles().map { $0.split(separator: "/").last.map(String.init) ?? "" }
    #expect(names.contains("RosettaTests.swift"))
    #expect(names.allSatisfy { $0.hasPrefix("RosettaTests") })
  }

  @Test func tokensComeFromTheSwiftSpelling() {
    #expect(
      Self.requiredTokens(for: "runtime.allocateClassPair(superclass:name:)") == [
        "allocateClassPair(", "superclass:", "name:",
      ])
    #expect(Self.requiredTokens(for: "Runtime.msgSend(_:_:)") == ["msgSend("])
    #expect(Self.requiredTokens(for: "obj.removeAssociatedObjects()") == ["removeAssociatedObjects("])
    #expect(Self.requiredTokens(for: "method.signature.returnType") == [".signature.returnType"])
    #expect(Self.requiredTokens(for: "Selector(\"setAge:\")") == ["Selector(\"setAge:\")"])
    #expect(Self.requiredTokens(for: ".retain") == [".retain"])
    #expect(Self.code("x.retainNonatomic", uses: ".retain") == false)
    #expect(Self.code("[.retain, .copy]", uses: ".retain"))
    #expect(Self.code("let m: Method? = try cls.instanceMethod(for: s)", uses: "Method"))
    #expect(Self.code("cls.instanceMethod(for: s)", uses: "Method") == false)
  }
}
