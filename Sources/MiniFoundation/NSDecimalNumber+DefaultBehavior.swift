// NSDecimalNumber+DefaultBehavior.swift: `+[NSDecimalNumber setDefaultBehavior:]` and
// `+defaultBehavior`, the behaviour the arithmetic without `withBehavior:` (or with nil) uses.
//
// Docs: docs/foundation.md#nsdecimalnumber. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound17DecimalTests.swift.
//
// Model: Apple's NSDecimalNumber.h keeps "one behavior per thread", so a behaviour set on one
// thread is not seen on another. Each thread holds (a `ThreadLocal`) the behaviour set in each
// runtime, its runtime held weakly so that a runtime freed and another made at its address
// start again from the default. The behaviour itself is retained while it is set (as a thread
// dictionary would), and released when another replaces it or nil resets the default. Only the
// owning thread reads or writes its list: no lock. Until a behaviour is set, `+defaultBehavior`
// answers `+[NSDecimalNumberHandler defaultDecimalNumberHandler]`, and the arithmetic rounds as
// that handler does without sending it messages.

import MiniRuntime

/// The default behaviours set on one thread, one per runtime.
final class DefaultDecimalBehaviours: @unchecked Sendable {
  /// Each thread's list, made on first use and freed when the thread ends.
  static let perThread = ThreadLocal { DefaultDecimalBehaviours() }

  @exclusivity(unchecked) private var entries: [(runtime: WeakReference<Runtime>, behaviour: Value)] = []

  /// The behaviour set in `runtime` on this thread; nil when none was.
  func behaviour(in runtime: Runtime) -> Value? {
    entries.first { $0.runtime.object === runtime }?.behaviour
  }

  /// Sets (or with nil, forgets) the behaviour of `runtime` on this thread; answers the one it
  /// replaced, for the caller to release.
  func replace(_ new: Value?, in runtime: Runtime) -> Value? {
    let old = behaviour(in: runtime)
    entries.removeAll { $0.runtime.object == nil || $0.runtime.object === runtime }
    if let new { entries.append((WeakReference(runtime), new)) }
    return old
  }
}

enum NSDecimalNumberDefaultBehavior {
  static let classSide: [MethodEntry] = [
    MethodEntry("setDefaultBehavior:", "v24@0:8@16") { receiver, _, arguments in
      guard let runtime = receiver.runtime else { return .nil }
      let new: Value? = arguments[0].isNil ? nil : arguments[0]
      if let new { try Runtime.retainForStore(new) }  // call-out: a `retain` override, no state touched yet
      let old = DefaultDecimalBehaviours.perThread.current.replace(new, in: runtime)
      if let old { Runtime.releaseForStore(old) }
      return .nil
    },
    MethodEntry("defaultBehavior", "@16@0:8") { receiver, _, _ in
      guard let runtime = receiver.runtime else { return .nil }
      if let set = DefaultDecimalBehaviours.perThread.current.behaviour(in: runtime) { return set }
      return .object(try FoundationClasses.of(runtime).defaultDecimalHandler())
    },
  ]

  /// The behaviour an operation given `behaviour` uses: `behaviour` itself, or for nil the one
  /// set on this thread in the receiver's runtime; nil still when none was set (the default).
  static func resolved(_ behaviour: Value, _ receiver: Object) -> Value {
    guard behaviour.isNil, let runtime = receiver.runtime else { return behaviour }
    return DefaultDecimalBehaviours.perThread.current.behaviour(in: runtime) ?? .nil
  }
}
