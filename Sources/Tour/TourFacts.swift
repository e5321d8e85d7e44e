// TourFacts.swift: what a step established, as data, for tests and for the graph.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.
//
// Every step records the same facts at its end, read by introspection (the class list, each
// class's own methods, `ann`'s isa and what `[ann class]` answers), plus what happened during
// it (runtime events, received changes, and for the set in step 4 the call order). Tests assert
// on these rather than on the printed text.

import KVO

/// The key facts of one step.
///
/// Objective-C: none (MiniKVO extension).
public struct TourFacts: Sendable, Hashable {
  /// Every registered class after the step, in registration order (`objc_copyClassList`).
  ///
  /// Objective-C: none (the names from `objc_copyClassList`).
  public var classes: [String] = []
  /// The classes registered during the step.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var newClasses: [String] = []
  /// Each registered class's own instance methods after the step, by class name
  /// (`class_copyMethodList`), newest first as in objc4.
  ///
  /// Objective-C: none (the selector names from `class_copyMethodList`).
  public var methods: [String: [String]] = [:]
  /// Each registered class's superclass after the step, by class name.
  ///
  /// Objective-C: none (`class_getSuperclass`).
  public var superclasses: [String: String] = [:]
  /// `object_getClass(ann)` after the step, once `ann` exists.
  ///
  /// Objective-C: none (`object_getClassName`).
  public var isa: String?
  /// What `[ann class]` answers after the step, once `ann` exists.
  ///
  /// Objective-C: none (`NSStringFromClass([ann class])`).
  public var claimedClass: String?
  /// The notifications observers received during the step, in delivery order.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var changes: [ReceivedChange] = []
  /// The runtime events of the step, as their descriptions, in order.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var events: [String] = []
  /// For a traced set: the messages that make up a notifying set, in the order they were sent
  /// (`willChangeValueForKey:`, `super setAge:`, `didChangeValueForKey:`, then the observer's
  /// `observeValueForKeyPath:ofObject:change:context:`).
  ///
  /// Objective-C: none (MiniKVO extension).
  public var callOrder: [String] = []

  /// No facts yet.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init() {}
}
