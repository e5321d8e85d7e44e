// TourOptions.swift: the command line of kvo-tour.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourOptionsTests.swift.
//
// Parsing never exits or prints: it returns the options or throws a `TourOptions.UsageError`
// that carries the usage text, and the command line decides what to print and the exit status.

/// What the user asked `kvo-tour` to do.
///
/// ```swift
/// try TourOptions.parse(["--step", "3", "--dot"])   // step 3, format .dot
/// try TourOptions.parse(["--step"])                 // throws UsageError: --step needs a step number (1-8)
/// ```
///
/// Objective-C: none (MiniKVO extension).
public struct TourOptions: Sendable, Hashable {
  /// What to do.
  ///
  /// Objective-C: none (MiniKVO extension).
  public enum Command: Sendable, Hashable {
    /// Run the tour (every step, or `step`).
    case run
    /// List the steps.
    case list
    /// Print the usage.
    case help
  }

  /// Which walk to take.
  ///
  /// Objective-C: none (MiniKVO extension).
  public enum Chapter: String, Sendable, Hashable, CaseIterable {
    /// The tour of KVO: isa-swizzling, notifying setters, FBKVOController (the default).
    case kvo
    /// The runtime itself: +initialize order and a forwarding proxy (``RuntimeChapter``).
    case runtime
  }

  /// How to print each step.
  ///
  /// Objective-C: none (MiniKVO extension).
  public enum Format: Sendable, Hashable {
    /// The narrative, coloured on a terminal.
    case text
    /// A DOT file: each step's narrative as `//` comments, then its graph as a `digraph`.
    case dot
    /// Markdown: each step's narrative, then its graph as a Mermaid diagram.
    case mermaid
    /// A step-through HTML page written to ``TourOptions/htmlPath`` (one frame per step).
    case html
  }

  /// A command line that cannot be obeyed; its description ends with the usage.
  ///
  /// Objective-C: none (MiniKVO extension).
  public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let message: String

    /// `kvo-tour: <message>`, a blank line and the usage.
    ///
    /// Objective-C: none (MiniKVO extension).
    public var description: String { "kvo-tour: \(message)\n\n\(TourOptions.usage)" }
  }

  /// What to do.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var command: Command = .run
  /// The only step to show, or `nil` for all of them.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var step: Int?
  /// How to print each step.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var format: Format = .text
  /// Where `--html` writes the page.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var htmlPath: String?
  /// Whether `--no-color` was given.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var noColor = false
  /// Which walk to take (`--chapter`); the KVO tour by default.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var chapter = Chapter.kvo

  /// The defaults: every step, as text, coloured on a terminal.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init() {}

  /// The usage text.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static let usage = """
    usage: kvo-tour [--step N] [--dot | --mermaid | --html FILE] [--no-color]
           kvo-tour --chapter runtime
           kvo-tour --list
           kvo-tour --help

    A guided walk through what the Objective-C runtime and KVO do, in \(Tour.steps.count) steps.

      --step N     show only step N (1-\(Tour.steps.count)); the steps before it run silently first
      --list       list the steps
      --dot        print each step as Graphviz DOT: its narrative as // comments, then its
                   class/isa graph (kvo-tour --step 3 --dot | dot -Tsvg > step3.svg)
      --mermaid    print each step as Markdown with its class/isa graph as a Mermaid diagram
      --html FILE  write a step-through page to FILE: one frame per step, with the code, the
                   runtime events, what changed and a diagram of objects, classes and
                   metaclasses (kvo-tour --html tour.html, then open tour.html in a browser)
      --no-color   no colour (colour is only used on a terminal, and never when NO_COLOR is set)
      --chapter C  kvo (the default) or runtime: +initialize order and a forwarding proxy (text only)
      --help       show this help
    """

  /// Parses the arguments (without the program name).
  ///
  /// - Throws: ``UsageError`` for an unknown option, a missing or bad step number, a repeated
  ///   `--step` or `--html`, `--html` without a file, or two formats together.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func parse(_ arguments: [String]) throws(UsageError) -> TourOptions {
    var options = TourOptions()
    var formats: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h":
        options.command = .help
      case "--list":
        if options.command != .help { options.command = .list }
      case "--dot":
        formats.append(argument)
        options.format = .dot
      case "--mermaid":
        formats.append(argument)
        options.format = .mermaid
      case "--no-color":
        options.noColor = true
      case "--html":
        guard let path = remaining.popFirst(), !path.hasPrefix("-") || path == "-" else {
          throw UsageError(message: "--html needs a file to write (kvo-tour --html tour.html)")
        }
        formats.append(argument)
        options.format = .html
        options.htmlPath = path
      case _ where argument.hasPrefix("--html="):
        let path = String(argument.dropFirst("--html=".count))
        guard !path.isEmpty else { throw UsageError(message: "--html needs a file to write (kvo-tour --html tour.html)") }
        formats.append("--html")
        options.format = .html
        options.htmlPath = path
      case "--chapter":
        guard let value = remaining.popFirst() else { throw UsageError(message: "--chapter needs a name (kvo or runtime)") }
        options.chapter = try chapter(value)
      case _ where argument.hasPrefix("--chapter="):
        options.chapter = try chapter(String(argument.dropFirst("--chapter=".count)))
      case "--step":
        guard let value = remaining.popFirst() else {
          throw UsageError(message: "--step needs a step number (1-\(Tour.steps.count))")
        }
        options.step = try stepNumber(value, replacing: options.step)
      case _ where argument.hasPrefix("--step="):
        options.step = try stepNumber(String(argument.dropFirst("--step=".count)), replacing: options.step)
      default:
        throw UsageError(
          message: argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
      }
    }
    if Set(formats).count > 1 {
      throw UsageError(message: Set(formats).sorted().joined(separator: " and ") + " cannot be combined")
    }
    if formats.filter({ $0 == "--html" }).count > 1 { throw UsageError(message: "--html can be given only once") }
    if options.chapter == .runtime && (options.step != nil || !formats.isEmpty) {
      throw UsageError(message: "--chapter runtime prints text only; it takes no --step, --dot, --mermaid or --html")
    }
    return options
  }

  private static func chapter(_ name: String) throws(UsageError) -> Chapter {
    guard let chapter = Chapter(rawValue: name) else {
      throw UsageError(message: "there is no chapter '\(name)'; the chapters are kvo and runtime")
    }
    return chapter
  }

  private static func stepNumber(_ text: String, replacing previous: Int?) throws(UsageError) -> Int {
    guard previous == nil else { throw UsageError(message: "--step can be given only once") }
    guard let number = Int(text) else {
      throw UsageError(message: "'\(text)' is not a step number (1-\(Tour.steps.count))")
    }
    guard Tour.steps.indices.contains(number - 1) else {
      throw UsageError(message: "there is no step \(number); the steps are 1 to \(Tour.steps.count)")
    }
    return number
  }
}
