// TourCommandLine.swift: what `kvo-tour` does with its arguments, and its exit status.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourCommandLineTests.swift.
//
// Kept out of main.swift so tests can run the whole command (arguments in, output and status
// out) without starting a process. Exit status: 0 done, 1 a step failed or the page could not be
// written, 2 a usage error (the usage goes to standard error). With `--html FILE` the steps are
// recorded by a `Recorder` (RuntimeRecorder), one frame each, and the page goes to FILE.
// `--chapter runtime` prints the runtime chapter (RuntimeChapter.swift) instead of the steps.

import RuntimeRecorder

/// The `kvo-tour` command.
///
/// Objective-C: none (MiniKVO extension).
public enum TourCommandLine {
  /// Runs `kvo-tour` with `arguments` (without the program name) and returns its exit status.
  ///
  /// - Parameters:
  ///   - runtime: The runtime to tour (a fresh one by default).
  ///   - outputIsTerminal: Whether standard output is a terminal (colour is used only then).
  ///   - noColorVariable: The `NO_COLOR` environment variable.
  ///   - output: Writes a chunk of standard output (a line break is added).
  ///   - errorOutput: Writes a chunk of standard error (a line break is added).
  /// - Returns: 0 on success, 1 if a step failed or the page could not be written, 2 for a
  ///   usage error.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func run(
    _ arguments: [String], runtime: Runtime = Runtime(), outputIsTerminal: Bool = Terminal.standardOutputIsTerminal,
    noColorVariable: String? = Terminal.noColorVariable, output: (String) -> Void = { print($0) },
    errorOutput: (String) -> Void = Terminal.writeToStandardError
  ) -> Int32 {
    let options: TourOptions
    do {
      options = try TourOptions.parse(arguments)
    } catch {
      errorOutput(error.description)
      return 2
    }
    switch options.command {
    case .help:
      output(TourOptions.usage)
      return 0
    case .list:
      output(TourPrinter.list())
      return 0
    case .run:
      break
    }
    if options.chapter == .runtime {
      do {
        try RuntimeChapter.lines(runtime: runtime).forEach(output)
        return 0
      } catch {
        errorOutput("kvo-tour: the runtime chapter failed: \(error)")
        return 1
      }
    }
    if options.format == .html, let path = options.htmlPath {
      return writePage(to: path, step: options.step, runtime: runtime, output: output, errorOutput: errorOutput)
    }
    let colour = Terminal.usesColor(
      noColorOption: options.noColor, isTerminal: outputIsTerminal, noColorVariable: noColorVariable)
    let printer = TourPrinter(format: options.format, terminal: Terminal(usesColor: colour))
    let tour = Tour(runtime: runtime)
    let numbers = options.step.map { [$0] } ?? Tour.steps.map(\.number)
    for number in numbers {
      do {
        output(printer.render(try tour.run(step: number)))
      } catch {
        errorOutput("kvo-tour: step \(number) failed: \(error)")
        return 1
      }
    }
    return 0
  }

  /// The title of the tour's page.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static let pageTitle = "MiniKVO: the Objective-C runtime and KVO, step by step"

  /// Runs the tour (or one step) with a recorder and writes the page.
  private static func writePage(
    to path: String, step: Int?, runtime: Runtime, output: (String) -> Void, errorOutput: (String) -> Void
  ) -> Int32 {
    let recorder = Recorder(runtime: runtime)
    let tour = Tour(runtime: runtime, recorder: recorder)
    for number in step.map({ [$0] }) ?? Tour.steps.map(\.number) {
      do {
        _ = try tour.run(step: number)
      } catch {
        errorOutput("kvo-tour: step \(number) failed: \(error)")
        return 1
      }
    }
    recorder.stop()
    let recording = recorder.recording(title: pageTitle)
    do {
      try recording.write(toFile: path)
    } catch {
      errorOutput("kvo-tour: \(error)")
      return 1
    }
    output("kvo-tour: wrote \(path) (\(recording.frames.count) steps); open it in a browser")
    return 0
  }
}
