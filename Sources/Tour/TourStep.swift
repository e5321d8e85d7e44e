// TourStep.swift: the steps of the tour and what running one produces.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.

/// A step of the tour: its number and title.
///
/// ```swift
/// Tour.steps.map(\.title)[2]   // "Observe age: NSKVONotifying_Person appears"
/// ```
///
/// Objective-C: none (MiniKVO extension).
public struct TourStep: Sendable, Hashable {
  /// The step's number, from 1.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let number: Int
  /// A one-line title.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let title: String
}

/// What running a step produced: its narrative, the class graph at its end and its key facts.
///
/// Objective-C: none (MiniKVO extension).
public struct StepResult: Sendable, Hashable {
  /// The step that ran.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let step: TourStep
  /// The narrative: actions with the events they caused, introspected facts, notifications.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let lines: [TourLine]
  /// The instances, classes and metaclasses at the end of the step.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let graph: ClassGraph
  /// The key facts, for tests.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let facts: TourFacts
}
