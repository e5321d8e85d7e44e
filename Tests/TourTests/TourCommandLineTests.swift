// TourCommandLineTests.swift: kvo-tour end to end: arguments in, output and exit status out.

import Testing

@testable import Tour

@Suite struct TourCommandLineTests {
  /// What `kvo-tour arguments` writes and returns, in a fresh runtime.
  struct Run {
    var status: Int32 = 0
    var output = ""
    var errors = ""
  }

  func kvoTour(_ arguments: [String], terminal: Bool = false, noColor: String? = nil) -> Run {
    var run = Run()
    run.status = TourCommandLine.run(
      arguments, runtime: Runtime(), outputIsTerminal: terminal, noColorVariable: noColor,
      output: { run.output += $0 + "\n" }, errorOutput: { run.errors += $0 + "\n" })
    return run
  }

  @Test func noArgumentsRunEveryStep() {
    let run = kvoTour([])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    for step in Tour.steps {
      #expect(run.output.contains("\(step.number). \(step.title)\n"))
    }
  }

  @Test func stepFourShowsTheChangeAndTheCallOrder() {
    let run = kvoTour(["--step", "4"])
    #expect(run.status == 0)
    #expect(!run.output.contains(Tour.steps[2].title))
    #expect(run.output.contains("old = 42;"))
    #expect(run.output.contains("new = 43;"))
    #expect(run.output.contains("1. willChangeValueForKey:"))
    #expect(run.output.contains("2. -[Person setAge:] (the original setter, via super)"))
    #expect(run.output.contains("3. didChangeValueForKey:"))
  }

  @Test(arguments: [["--bogus"], ["--step"], ["--step", "9"], ["--dot", "--mermaid"], ["extra"]])
  func badArgumentsPrintUsageToStandardErrorAndExitTwo(arguments: [String]) {
    let run = kvoTour(arguments)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.errors.hasPrefix("kvo-tour: "))
    #expect(run.errors.contains("usage: kvo-tour"))
  }

  @Test func helpPrintsUsageToStandardOutput() {
    let run = kvoTour(["--help"])
    #expect(run.status == 0)
    #expect(run.output == TourOptions.usage + "\n")
    #expect(run.errors.isEmpty)
  }

  @Test func listPrintsTheStepsAndRunsNone() {
    let run = kvoTour(["--list"])
    #expect(run.status == 0)
    #expect(run.output == TourPrinter.list() + "\n")
  }

  @Test func colourOnlyOnATerminalWithoutOptOut() {
    #expect(kvoTour(["--step", "1"], terminal: true).output.contains("\u{1B}["))
    #expect(!kvoTour(["--step", "1"], terminal: false).output.contains("\u{1B}["))
    #expect(!kvoTour(["--step", "1", "--no-color"], terminal: true).output.contains("\u{1B}["))
    #expect(!kvoTour(["--step", "1"], terminal: true, noColor: "1").output.contains("\u{1B}["))
  }

  @Test func dotPrintsOneDigraphPerStep() {
    let run = kvoTour(["--dot"])
    #expect(run.status == 0)
    let graphLines = run.output.split(separator: "\n").filter { !$0.hasPrefix("//") }
    #expect(graphLines.filter { $0.hasPrefix("digraph ") }.count == 8)
    #expect(graphLines.filter { $0 == "}" }.count == 8)
  }

  @Test(.enabled(if: DOT.graphvizPath != nil, "Graphviz (dot) is not installed"))
  func dotOutputOfAStepIsAFileGraphvizRenders() throws {
    let run = kvoTour(["--step", "3", "--dot"])
    let svg = try DOT.render(run.output)
    #expect(svg.contains("<svg"))
    #expect(svg.contains("NSKVONotifying_Person"))
  }

  @Test func mermaidPrintsOneDiagramPerStep() {
    let run = kvoTour(["--mermaid", "--step", "3"])
    #expect(run.status == 0)
    #expect(run.output.components(separatedBy: "```mermaid\nflowchart LR\n").count == 2)
  }
}
