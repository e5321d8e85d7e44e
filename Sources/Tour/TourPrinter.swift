// TourPrinter.swift: a step's result as text, as a DOT file or as Markdown with Mermaid.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourPrinterTests.swift.
//
// The narrative is the same in every format; only its framing changes. As text it is indented
// by kind (actions, then the events they caused beneath them) and coloured when the terminal
// allows. In a DOT file it becomes `//` comments before the step's `digraph`, so the whole
// output can be piped to `dot`. As Markdown it is a fenced text block before a fenced
// `mermaid` block, which renders on GitHub.

/// Turns step results into output.
///
/// Objective-C: none (MiniKVO extension).
public struct TourPrinter: Sendable {
  /// The output format.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let format: TourOptions.Format
  /// Where colour comes from (used only by the text format).
  ///
  /// Objective-C: none (MiniKVO extension).
  public let terminal: Terminal

  /// A printer for `format`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(format: TourOptions.Format, terminal: Terminal) {
    self.format = format
    self.terminal = format == .text ? terminal : Terminal(usesColor: false)
  }

  /// The step list for `--list`: `3. Observe age: …`, one per line.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func list() -> String {
    Tour.steps.map { "\($0.number). \($0.title)" }.joined(separator: "\n")
  }

  /// One step's output in this printer's format.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func render(_ result: StepResult) -> String {
    let heading = "\(result.step.number). \(result.step.title)"
    switch format {
    case .text, .html:  // a page is written whole (TourCommandLine); per step it reads as text
      let body = result.lines.map { "  " + text(of: $0) }
      let rule = String(repeating: "=", count: heading.count)
      return ([terminal.paint(heading, .heading), terminal.paint(rule, .heading)] + body).joined(separator: "\n") + "\n"
    case .dot:
      let comments = ([heading, ""] + result.lines.map(plain)).map { $0.isEmpty ? "//" : "// " + $0 }
      return (comments + [result.graph.dot(name: "step \(result.step.number)")]).joined(separator: "\n") + "\n"
    case .mermaid:
      let parts = [
        "## \(heading)", "", "```text", result.lines.map(plain).joined(separator: "\n"), "```", "",
        "```mermaid", result.graph.mermaid, "```",
      ]
      return parts.joined(separator: "\n") + "\n"
    }
  }

  /// A line with its indentation and marker, coloured by kind.
  private func text(of line: TourLine) -> String {
    terminal.paint(plain(line), style(of: line.kind))
  }

  /// A line with its indentation and marker: `> ` before actions, `· ` before events, `<- ` before
  /// notifications.
  func plain(_ line: TourLine) -> String {
    let indent = String(repeating: "    ", count: line.depth)
    switch line.kind {
    case .action: return indent + "> " + line.text
    case .event: return indent + "· " + line.text
    case .notification: return indent + "<- " + line.text
    case .change: return indent + line.text
    case .fact: return indent + line.text
    case .note: return indent + "# " + line.text
    }
  }

  private func style(of kind: TourLine.Kind) -> Terminal.Style {
    switch kind {
    case .action: return .action
    case .event: return .event
    case .fact: return .fact
    case .notification: return .notification
    case .change: return .change
    case .note: return .note
    }
  }
}
