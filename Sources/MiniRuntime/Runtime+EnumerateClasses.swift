// Runtime+EnumerateClasses.swift: objc_enumerateClasses (objc4 818 and later), the filtered walk
// over one image's classes or over the classes made at run time.
//
// Docs: docs/runtime.md#classes-and-metaclasses. Tests: Tests/MiniRuntimeTests/ObjC4BehaviourRound19Tests.swift.
//
// objc4 takes an image (a handle or Mach header), `OBJC_DYNAMIC_CLASSES` for the classes
// `objc_allocateClassPair` made, or NULL for the image of the code that called it. That last one
// reads the caller's return address, which Swift code cannot name, so here the source is always
// explicit (`ClassSource`); docs/differences.md has the row. The three filters combine: a class is
// handed to the body only if its name has the prefix, it conforms to the protocol (its own list or
// a superclass's: a subclass of an adopting class conforms, as `-conformsToProtocol:` says) and it
// is the given class or a subclass of it (objc4's `isSubclassOf` starts at the class itself).
// Setting `stop` ends the walk after the current class.
//
// Locking: the candidate list is copied under `Runtime.lock`; the filters take it briefly for each
// class, and the body runs with no lock held (it may make or dispose classes; a class made during
// the walk is not visited, one disposed is skipped).

/// Where ``Runtime/enumerateClasses(in:namePrefix:conformingTo:subclassing:_:)`` looks.
///
/// Objective-C: the `image` argument of `objc_enumerateClasses` (an image, or
/// `OBJC_DYNAMIC_CLASSES`)
public enum ClassSource: Sendable, Hashable {
  /// The classes a loaded image defined, in the image's order (a class whose name an earlier image
  /// took is still its image's class). An image never loaded has none.
  case image(named: String)
  /// The registered classes made at run time (``Runtime/allocateClassPair(superclass:name:)``
  /// then ``Runtime/registerClassPair(_:)``, or ``Runtime/duplicateClass(_:name:extraBytes:)``), in
  /// the order they were made; not `NSObject` nor the classes the runtime makes for itself
  /// (`Protocol`, `NSMethodSignature`, `NSInvocation`, the block classes), which objc4 and
  /// Foundation link in.
  case dynamicClasses
}

extension Runtime {
  /// Calls `body` with each class of `source` that passes every filter given, until `body` sets
  /// its `stop` argument.
  ///
  /// ```swift
  /// runtime.enumerateClasses(in: .image(named: "Plugins"), conformingTo: plugin) { cls, stop in
  ///   found.append(cls.name)   // every plugin class of the image, subclasses of adopters too
  /// }
  /// runtime.enumerateClasses(in: .dynamicClasses, namePrefix: "Lazy", subclassing: base) { cls, stop in
  ///   stop = true              // the first one only
  /// }
  /// ```
  ///
  /// objc4's NULL image (the caller's own image) has no counterpart: Swift cannot name the image
  /// of its caller, so the source is always explicit.
  ///
  /// - Parameters:
  ///   - source: The image whose classes are walked, or the classes made at run time.
  ///   - namePrefix: If given, a class's name must start with it (`""` matches every name).
  ///   - proto: If given, a class must conform to it, itself or through a superclass.
  ///   - superclass: If given, a class must be it or one of its subclasses.
  ///   - body: Called with no lock held for each class that passes, in the source's order; set
  ///     `stop` to `true` to end the walk.
  /// - Complexity: O(*n* × *d*) for *n* classes of the source, *d* deep, plus `body`.
  ///
  /// Objective-C: `objc_enumerateClasses`
  public func enumerateClasses(
    in source: ClassSource, namePrefix: String? = nil, conformingTo proto: Protocol? = nil,
    subclassing superclass: Class? = nil, _ body: (_ cls: Class, _ stop: inout Bool) throws -> Void
  ) rethrows {
    var stop = false
    for cls in classes(of: source) where cls.isRegistered {
      if let namePrefix, !cls.name.hasPrefix(namePrefix) { continue }
      if let superclass, !cls.isSubclass(of: superclass) { continue }
      if let proto, !cls.superclassChain.contains(where: { $0.conforms(to: proto) }) { continue }
      try body(cls, &stop)  // call-out: user code, no lock held
      if stop { return }
    }
  }

  /// The registered classes of `source`, in order.
  private func classes(of source: ClassSource) -> [Class] {
    withState { state in
      state.listed.filter { cls in
        let data = cls.locked(&state)
        guard data.state == .registered else { return false }
        switch source {
        case .image(let name): return data.imageName == name
        case .dynamicClasses:  // NSObject and the runtime's own classes have their images (decision 0055)
          return data.imageName == nil
        }
      }
    }
  }
}
