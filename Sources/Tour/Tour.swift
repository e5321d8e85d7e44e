// Tour.swift: the guided tour of the runtime and KVO, step by step.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.
//
// A tour runs in a runtime it is given (the executable uses a fresh one, tests their own) and
// only goes forward. Asking for step N runs the steps before it first, silently, so any step
// can be shown on its own with the state the earlier ones leave. Each step returns its
// narrative, the class graph at its end and its key facts (`StepResult`). The facts common to
// all steps (class list, method lists, `ann`'s isa and claimed class) are read here, after the
// step, by introspection.
//
// `import Tour` re-exports KVOController (and so KVO and MiniRuntime): results carry runtime
// values and change dictionaries; and RuntimeRecorder, whose recorder a tour can feed.

@_exported import KVOController
@_exported import RuntimeRecorder

/// The guided walk through what the Objective-C runtime and KVO do, in numbered steps.
///
/// ```swift
/// let tour = Tour(runtime: Runtime())
/// let step3 = try tour.run(step: 3)         // runs steps 1 and 2 silently first
/// step3.facts.isa                           // "NSKVONotifying_Person"
/// step3.facts.claimedClass                  // "Person"
/// ```
///
/// Objective-C: none (MiniKVO extension).
public final class Tour {
  /// The steps, in order.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static let steps: [TourStep] = [
    TourStep(number: 1, title: "Define Person (name, age) at runtime: class, metaclass, methods"),
    TourStep(number: 2, title: "Create an instance: [ann class] and object_getClass(ann)"),
    TourStep(number: 3, title: "Observe age: NSKVONotifying_Person appears and becomes ann's isa"),
    TourStep(number: 4, title: "Set age: the change received, and willChange, setter, didChange"),
    TourStep(number: 5, title: "Observe name too: its setter is added lazily to the same subclass"),
    TourStep(number: 6, title: "Remove the observers: isa restored, the subclass stays registered"),
    TourStep(number: 7, title: "The same through KVOController: no removal code, release cleans up"),
    TourStep(number: 8, title: "Dependent keys, a key-path chain and to-many changes (array and set)"),
  ]

  /// The runtime the tour runs in.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let runtime: Runtime

  /// The number of the last step run (0 before the first).
  ///
  /// Objective-C: none (MiniKVO extension).
  public private(set) var completedSteps = 0

  /// Where the steps that are run (not the silent ones before a `--step`) are recorded as
  /// frames for the step-through page, if anywhere.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let recorder: Recorder?

  let world: TourWorld

  /// A tour in `runtime`, which must not have classes named `Person`, `Observer` or `Team`.
  ///
  /// Loads Foundation into the runtime first (its classes, its KVC/KVO category and the private
  /// classes of KVC's collection proxies), as linking Foundation does before `main`, so that
  /// each step's events are its own: step 3's are KVO's, and step 8's set proxy does not print
  /// Foundation's classes being made. If Foundation cannot be loaded (the runtime already has a
  /// class with one of its names), the first step that needs it throws that error.
  ///
  /// - Parameter recorder: Records each step run as one frame (see ``TourCommandLine`` and
  ///   `kvo-tour --html`); it must record `runtime`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(runtime: Runtime, recorder: Recorder? = nil) {
    self.runtime = runtime
    self.recorder = recorder
    Self.loadFoundation(into: runtime)
    world = TourWorld(runtime: runtime)
  }

  /// What a process linked with Foundation has before `main`. Errors are left for the step that
  /// needs Foundation to report.
  private static func loadFoundation(into runtime: Runtime) {
    try? runtime.installFoundation()
    runtime.installKeyValueObserving()
    try? runtime.installKeyValueCodingProxyClasses()  // NSKeyValueMutableSet, …
  }

  /// Runs step `number`, after running the steps before it silently if they have not run.
  ///
  /// - Throws: ``TourError`` for a step that does not exist or has already run; whatever the
  ///   runtime throws if a step fails.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func run(step number: Int) throws -> StepResult {
    guard Self.steps.indices.contains(number - 1) else { throw TourError.noSuchStep(number) }
    guard number > completedSteps else { throw TourError.alreadyRun(number) }
    while completedSteps + 1 < number {
      _ = try perform(Self.steps[completedSteps], recorder: nil)
    }
    return try perform(Self.steps[number - 1], recorder: recorder)
  }

  /// Runs every step not run yet, in order.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func runRemainingSteps() throws -> [StepResult] {
    try Self.steps.dropFirst(completedSteps).map { try run(step: $0.number) }
  }

  private func perform(_ step: TourStep, recorder frames: Recorder?) throws -> StepResult {
    if let frames {
      showWorld(to: frames)
      frames.start()
    }
    let recorder = StepRecorder(runtime: runtime, received: world.received, recorder: frames)
    let classesBefore = runtime.classes.map(\.name)
    try Runtime.autoreleasepool {  // as an app's run loop drains a pool per event: what a step autoreleased goes with it
      switch step.number {
      case 1: try defineClass(recorder)
      case 2: try createInstance(recorder)
      case 3: try addFirstObserver(recorder)
      case 4: try setObservedValue(recorder)
      case 5: try observeSecondKey(recorder)
      case 6: try removeObservers(recorder)
      case 7: try observeThroughController(recorder)
      default: try observeDerivedValues(recorder)
      }
    }
    completedSteps = step.number
    var facts = TourFacts()
    let classes = runtime.classes
    facts.classes = classes.map(\.name)
    facts.newClasses = facts.classes.filter { !classesBefore.contains($0) }
    for cls in classes {
      facts.methods[cls.name] = cls.methodList.map(\.selector.name)
      facts.superclasses[cls.name] = cls.superclass?.name
    }
    if let ann = world.ann {
      facts.isa = ann.isa.name
      facts.claimedClass = try world.claimedClass(of: ann)?.name
    }
    facts.changes = recorder.changes
    facts.events = recorder.events.map(\.description)
    facts.callOrder = recorder.callOrder
    let graph = ClassGraph(objects: world.namedObjects, classes: world.drawnClasses)
    if let frames {
      showWorld(to: frames)
      frames.checkpoint(step.title)
    }
    return StepResult(step: step, lines: recorder.lines, graph: graph, facts: facts)
  }

  /// Names the tour's objects and classes to the page's recorder: the instances of the graph
  /// and the watcher, whose class and associated object the page draws too.
  private func showWorld(to recorder: Recorder) {
    for (name, object) in world.namedObjects { recorder.show(object, as: name) }
    if let watcher = world.watcher { recorder.show(watcher, as: "watcher") }
    for cls in world.drawnClasses { recorder.show(cls) }
  }
}
