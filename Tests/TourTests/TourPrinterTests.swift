// TourPrinterTests.swift: a step's result as text, as a DOT file and as Markdown.

import Testing

@testable import Tour

@Suite struct TourPrinterTests {
  func step(_ number: Int) throws -> StepResult { try Tour(runtime: Runtime()).run(step: number) }

  @Test func textShowsHeadingActionsIndentedEventsAndFacts() throws {
    let text = TourPrinter(format: .text, terminal: Terminal(usesColor: false)).render(try step(3))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "3. " + Tour.steps[2].title)
    #expect(lines[1] == String(repeating: "=", count: lines[0].count))
    #expect(lines.contains { $0.hasPrefix("  > [ann addObserver:watcher forKeyPath:@\"age\"") })
    #expect(lines.contains("      · allocated class pair NSKVONotifying_Person : Person"))
    #expect(lines.contains("  object_getClass(ann) = NSKVONotifying_Person"))
    #expect(!text.contains("\u{1B}["))
  }

  @Test func textIsColouredOnlyWhenTheTerminalAllows() throws {
    let result = try step(4)
    let coloured = TourPrinter(format: .text, terminal: Terminal(usesColor: true)).render(result)
    #expect(coloured.contains("\u{1B}[33m"))
    #expect(coloured.contains("\u{1B}[32m"))
    for format in [TourOptions.Format.dot, .mermaid] {
      #expect(!TourPrinter(format: format, terminal: Terminal(usesColor: true)).render(result).contains("\u{1B}["))
    }
  }

  @Test func dotOutputIsCommentsThenOneDigraph() throws {
    let result = try step(6)
    let output = TourPrinter(format: .dot, terminal: Terminal(usesColor: false)).render(result)
    let lines = output.split(separator: "\n").map(String.init)
    let firstGraphLine = try #require(lines.firstIndex { !$0.hasPrefix("//") })
    #expect(lines[0] == "// 6. " + Tour.steps[5].title)
    #expect(lines[firstGraphLine...].joined(separator: "\n") == result.graph.dot(name: "step 6"))
    #expect(lines.contains("// > [ann removeObserver:watcher forKeyPath:@\"name\"];"))
  }

  @Test func mermaidOutputIsMarkdownWithATextAndAMermaidBlock() throws {
    let result = try step(5)
    let output = TourPrinter(format: .mermaid, terminal: Terminal(usesColor: false)).render(result)
    #expect(output.hasPrefix("## 5. " + Tour.steps[4].title + "\n\n```text\n"))
    #expect(output.contains("```mermaid\n" + result.graph.mermaid + "\n```"))
    #expect(output.components(separatedBy: "```").count == 5)
  }

  @Test func listNumbersEveryStep() {
    let lines = TourPrinter.list().split(separator: "\n")
    #expect(lines.count == 8)
    #expect(lines.first == "1. " + Tour.steps[0].title[...])
    #expect(lines.last?.hasPrefix("8. ") == true)
  }
}
