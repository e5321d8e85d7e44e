// Value+Nesting.swift: how deep a walk through nested collection objects may go.
//
// Docs: docs/foundation.md#collections-that-contain-themselves,
// docs/decisions/0024-collections-send-isequal-and-hash.md. Tests:
// Tests/MiniRuntimeTests/ValueNestingTests.swift (and MiniFoundation's self-containing collection tests).
//
// Model: a mutable collection object can hold itself (`[a addObject:a]`), or two can hold each
// other. Comparing, hashing or printing such a collection by its contents never ends: Apple's
// `-isEqual:` and `-description` recurse until the stack runs out. Every walk that goes from a
// collection object into its contents (Value's `==`, `hash` and `description` here; Foundation's
// `-isEqual:` and `-description` in MiniFoundation) enters one level with `Value.nested`, which
// counts the levels entered on this thread and refuses a level past `nestingLimit`. A walk that
// cannot fail answers what is bounded (`==` false, a hash of what it saw, `...` printed); a
// message raises (MiniFoundation).
//
// Locking: none. The count is the calling thread's own (`ThreadLocal`), touched only by it.

/// The calling thread's count of collection levels being walked.
final class NestingDepth {
  @exclusivity(unchecked) var level = 0
  /// Whether a level was refused since the innermost `reachedNestingLimit` began.
  @exclusivity(unchecked) var refused = false
  static let perThread = ThreadLocal { NestingDepth() }
}

extension Value {
  /// How many collection objects deep a walk through contents may go: a collection nested
  /// deeper (one that holds itself, at any depth) is refused rather than walked forever.
  ///
  /// Objective-C: none (Apple's walks recurse until the stack runs out).
  public static let nestingLimit = 256

  /// Runs `body` one collection level deeper on this thread, or answers `nil` without running it
  /// when the walk is already ``nestingLimit`` levels deep.
  ///
  /// ```swift
  /// Value.nested { compare(theirContents, myContents) } ?? false   // a self-containing array ends
  /// ```
  ///
  /// - Throws: What `body` throws.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func nested<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result? {
    try nested(marking: true, body)
  }

  /// ``nested(_:)``; `marking` false for a hash, whose bounded answer is still a good hash (two
  /// equal values hash alike), so it makes no message raise.
  static func nested<Result, Failure: Error>(marking: Bool, _ body: () throws(Failure) -> Result) throws(Failure) -> Result? {
    let depth = NestingDepth.perThread.current
    guard depth.level < nestingLimit else {
      if marking { depth.refused = true }
      return nil
    }
    depth.level += 1
    defer { depth.level -= 1 }
    return try body()
  }

  /// Runs `body` and says whether any walk inside it reached ``nestingLimit`` (so answered a
  /// bounded `==`, hash or description): what lets a message raise where `==` cannot.
  ///
  /// ```swift
  /// let (found, tooDeep) = Value.reachingNestingLimit { set.contains(selfContainingArray) }
  /// ```
  ///
  /// - Throws: What `body` throws.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func reachingNestingLimit<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> (result: Result, reachedLimit: Bool) {
    let depth = NestingDepth.perThread.current
    let outer = depth.refused
    depth.refused = false
    defer { depth.refused = depth.refused || outer }
    let result = try body()
    return (result, depth.refused)
  }
}
