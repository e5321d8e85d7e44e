// Markdown.swift: just enough Markdown to check the guides: headings and their GitHub anchors,
// fenced code blocks and the section each sits in, and links outside code.

/// One Markdown file, split into the parts the doc tests check.
struct MarkdownDocument {
  /// A heading line (`## Message send`).
  struct Heading {
    /// 0-based line index.
    let line: Int
    let level: Int
    let title: String
    /// GitHub's anchor for it (`message-send`), with `-1`, `-2` … for repeated titles.
    let anchor: String
  }

  /// A fenced code block.
  struct CodeBlock {
    /// 0-based line index of the opening fence.
    let line: Int
    /// The info string (`swift`, `mermaid`, `sh`, …).
    let language: String
    /// The lines between the fences.
    let body: [String]
    /// The anchor of the heading the block sits under (`""` before the first heading).
    let section: String
    /// 1-based position among the blocks of the same language in that section.
    let ordinal: Int
  }

  /// A link `[text](target)` outside code.
  struct Link {
    let line: Int
    let target: String
  }

  let path: String
  let lines: [String]
  private(set) var headings: [Heading] = []
  private(set) var codeBlocks: [CodeBlock] = []
  private(set) var links: [Link] = []

  init(path: String, text: String) {
    self.path = path
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var anchorCounts: [String: Int] = [:]
    var section = ""
    var ordinals: [String: Int] = [:]
    var fence: (line: Int, language: String, body: [String])?
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") {
        if let open = fence {
          let key = section + "\u{0}" + open.language
          ordinals[key, default: 0] += 1
          codeBlocks.append(
            CodeBlock(
              line: open.line, language: open.language, body: open.body, section: section,
              ordinal: ordinals[key] ?? 1))
          fence = nil
        } else {
          fence = (index, String(line.dropFirst(3)).trimmingSpaces, [])
        }
        continue
      }
      if fence != nil {
        fence?.body.append(line)
        continue
      }
      if let (level, title) = Self.heading(line) {
        let base = Self.anchor(title)
        let count = anchorCounts[base, default: 0]
        anchorCounts[base] = count + 1
        let anchor = count == 0 ? base : "\(base)-\(count)"
        headings.append(Heading(line: index, level: level, title: title, anchor: anchor))
        section = anchor
        continue
      }
      for target in Self.linkTargets(in: line) { links.append(Link(line: index, target: target)) }
    }
  }

  /// The anchors of every heading.
  var anchors: Set<String> { Set(headings.map(\.anchor)) }

  /// The first non-empty line after `heading`.
  func firstLine(after heading: Heading) -> String {
    lines[(heading.line + 1)...].first { !$0.trimmingSpaces.isEmpty } ?? ""
  }

  /// `(level, title)` for a heading line such as `## Title`, or `nil`.
  static func heading(_ line: String) -> (Int, String)? {
    let hashes = line.prefix { $0 == "#" }
    guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { return nil }
    return (hashes.count, String(line.dropFirst(hashes.count + 1)).trimmingSpaces)
  }

  /// GitHub's anchor for a heading: lower-cased, punctuation dropped, spaces as hyphens.
  static func anchor(_ title: String) -> String {
    var result = ""
    for character in title.lowercased() {
      if character == " " {
        result.append("-")
      } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
        result.append(character)
      }
    }
    return result
  }

  /// The targets of `[text](target)` links in one line of prose, ignoring inline code.
  static func linkTargets(in line: String) -> [String] {
    var prose = ""
    var inCode = false
    for character in line {
      if character == "`" {
        inCode.toggle()
      } else if !inCode {
        prose.append(character)
      }
    }
    var result: [String] = []
    var rest = prose[...]
    while let start = rest.firstRange(of: "](") {
      let afterOpen = rest[start.upperBound...]
      guard let close = afterOpen.firstIndex(of: ")") else { break }
      result.append(String(afterOpen[..<close]))
      rest = afterOpen[close...]
    }
    return result
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
