// TourError.swift: why the tour could not run a step.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.

/// A step that cannot be run on this tour.
///
/// Objective-C: none (MiniKVO extension).
public enum TourError: Error, Hashable, Sendable, CustomStringConvertible {
  /// There is no step with this number.
  case noSuchStep(Int)
  /// The step has already run on this tour; the tour only goes forward (make a new one).
  case alreadyRun(Int)
  /// Something an earlier step makes is missing (a bug in the tour).
  case missing(String)

  /// A one-line explanation.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String {
    switch self {
    case .noSuchStep(let number): return "there is no step \(number); the steps are 1 to \(Tour.steps.count)"
    case .alreadyRun(let number): return "step \(number) has already run on this tour; a tour only goes forward"
    case .missing(let what): return "the tour has no \(what) yet"
    }
  }
}
