// Terminal.swift: colour on a terminal, plain text everywhere else.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TerminalTests.swift.
//
// Colour is used only when standard output is a terminal, `--no-color` was not given and the
// `NO_COLOR` environment variable is unset or empty (https://no-color.org). The decision is a
// pure function of those three facts so tests can check it; reading them is the only part that
// touches the C library.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paints tour text with ANSI colours, or leaves it alone.
///
/// ```swift
/// let terminal = Terminal(usesColor: Terminal.usesColor(noColorOption: false, isTerminal: true, noColorVariable: nil))
/// terminal.paint("[ann setAge:43]", .action)   // "\u{1B}[36m[ann setAge:43]\u{1B}[0m"
/// ```
///
/// Objective-C: none (MiniKVO extension).
public struct Terminal: Sendable, Hashable {
  /// How a piece of text is shown.
  ///
  /// Objective-C: none (MiniKVO extension).
  public enum Style: Sendable, Hashable {
    /// A step's title: bold.
    case heading
    /// What the tour does: cyan.
    case action
    /// A runtime event: yellow.
    case event
    /// An introspected fact: plain.
    case fact
    /// A notification: magenta.
    case notification
    /// A line of a change dictionary: green.
    case change
    /// An explanation: dim.
    case note
  }

  /// Whether `paint` adds colour.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let usesColor: Bool

  /// A terminal that paints (`usesColor`) or not.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(usesColor: Bool) {
    self.usesColor = usesColor
  }

  /// Whether to use colour: only on a terminal, without `--no-color`, and with `NO_COLOR` unset
  /// or empty.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func usesColor(noColorOption: Bool, isTerminal: Bool, noColorVariable: String?) -> Bool {
    isTerminal && !noColorOption && (noColorVariable ?? "").isEmpty
  }

  /// Whether standard output is a terminal (`isatty(1)`).
  ///
  /// Objective-C: none (MiniKVO extension).
  public static var standardOutputIsTerminal: Bool { isatty(1) == 1 }

  /// The value of the `NO_COLOR` environment variable, if set.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static var noColorVariable: String? { getenv("NO_COLOR").map { String(cString: $0) } }

  /// Writes `text` and a newline to standard error.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func writeToStandardError(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// `text` in the colour of `style`, or unchanged without colour.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func paint(_ text: String, _ style: Style) -> String {
    guard usesColor, !text.isEmpty else { return text }
    let code: String
    switch style {
    case .heading: code = "1"
    case .action: code = "36"
    case .event: code = "33"
    case .fact: return text
    case .notification: code = "35"
    case .change: code = "32"
    case .note: code = "2"
    }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}
