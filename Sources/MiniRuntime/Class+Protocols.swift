// Class+Protocols.swift: adopting protocols and asking about conformance.
//
// Docs: docs/runtime.md#protocols. Tests: Tests/MiniRuntimeTests/ProtocolTests.swift.
//
// A class's protocol list lives in its metadata, under `Runtime.lock`; a class can adopt
// protocols at any time, registered or not (as objc4's `class_addProtocol`). The list keeps the
// newest first, as objc4 attaches each added list in front of the older ones; a compiled class
// (an image's, NSObject) starts with its declared list in order, in its metaclass too
// (Runtime+Images.swift), every protocol the definition names kept. `class_addProtocol` adds to
// the class it is given only, deciding under the same lock section as it adds.
// `class_conformsToProtocol` looks at the class's own list only (with what those protocols
// incorporate); NSObject's `-conformsToProtocol:` also walks the superclasses (RootClass.swift).

extension Class {
  /// Adopts `proto`, unless the class already conforms to it.
  ///
  /// ```swift
  /// try person.addProtocol(named)   // true
  /// try person.addProtocol(named)   // false: already conforms
  /// ```
  ///
  /// While an image's class is being defined (``Image/ClassDefinition/define``), the calls
  /// declare its compiled list, `@interface Animal : NSObject <Named, Identified>`: each protocol
  /// is listed, one another listed protocol incorporates included, as clang emits it.
  ///
  /// - Returns: `false` (and nothing changes) if the class's own list already conforms to `proto`
  ///   (for a definition: already lists it).
  /// - Throws: ``RuntimeError`` with code `invalidClassState` (the class was disposed) or
  ///   `foreignRuntime`.
  ///
  /// Objective-C: `class_addProtocol`
  @discardableResult
  public func addProtocol(_ proto: Protocol) throws(RuntimeError) -> Bool {
    guard let runtime = linkedRuntime else {
      throw RuntimeError(.foreignRuntime, "class_addProtocol: the runtime of \(name) no longer exists")
    }
    try runtime.checkOwnProtocol(proto, "class_addProtocol")
    return try runtime.withState { state throws(RuntimeError) -> Bool in
      let data = try lockedForMethodChange(&state, "class_addProtocol")
      if isCompiledDefinition(data, &state) {
        // A compiled class's definition declares its list: clang emits every protocol the
        // @interface names, one another already incorporates included (each named once here).
        guard !data.protocols.contains(where: { $0 === proto }) else { return false }
      } else {
        // objc4 asks class_conformsToProtocol, then takes its lock to add: asked here in the same
        // lock section as the adding, so a protocol another thread adds meanwhile counts too.
        guard !conforms(to: proto, &state) else { return false }
      }
      data.protocols.insert(proto, at: 0)
      state.record(.protocolAdded(class: Class.label(self), protocol: proto.name))
      return true
    }
  }

  /// Whether this class's own protocol list conforms to `proto` (superclasses are not asked;
  /// protocols incorporated by the listed ones count).
  ///
  /// ```swift
  /// person.conforms(to: named)    // true once Person adopts Named
  /// student.conforms(to: named)   // false: the adoption is Person's
  /// ```
  ///
  /// Objective-C: `class_conformsToProtocol`
  public func conforms(to proto: Protocol) -> Bool {
    guard let runtime = linkedRuntime else { return protocols.contains { $0.conforms(to: proto) } }
    return runtime.withState { state in conforms(to: proto, &state) }
  }

  /// ``conforms(to:)`` for a caller holding the lock: the class's own list, and what each of its
  /// protocols incorporates, compared by name as objc4 compares protocols.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func conforms(to proto: Protocol, _ state: inout Runtime.State) -> Bool {
    locked(&state).protocols.contains { $0.conforms(to: proto, &state) }
  }

  /// The protocols this class adopted itself, the most recently added first; a compiled class's
  /// (an image's, or NSObject's) own list comes after them in declared order.
  ///
  /// Objective-C: `class_copyProtocolList`
  public var protocols: [Protocol] { withMetadata { $0.protocols } }
}
