// TourLine.swift: one line of a step's narrative, tagged with what it is.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourPrinterTests.swift.
//
// Steps produce tagged lines rather than text, so the same step can be printed in colour on a
// terminal, plainly, as DOT comments or as Markdown, and tests can look at what kind of thing
// was said (the runtime events, say) without parsing text.

/// One line of a step's output.
///
/// Objective-C: none (MiniKVO extension).
public struct TourLine: Sendable, Hashable {
  /// What a line is.
  ///
  /// Objective-C: none (MiniKVO extension).
  public enum Kind: Sendable, Hashable {
    /// What the step does next, in Objective-C spelling: `[ann setAge:43]`.
    case action
    /// A runtime event that happened during the last action, verbatim.
    case event
    /// A fact read back by introspection: `object_getClass(ann) = Person`.
    case fact
    /// A notification an observer received (its change dictionary follows as `.change` lines).
    case notification
    /// A line of a change dictionary.
    case change
    /// An explanation.
    case note
  }

  /// What the line is.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let kind: Kind
  /// The text, without indentation or colour.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let text: String
  /// The nesting level: 0 for actions, facts and notes, 1 for what belongs to the line above.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let depth: Int

  /// A line of `kind`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(_ kind: Kind, _ text: String, depth: Int = 0) {
    self.kind = kind
    self.text = text
    self.depth = depth
  }
}
