// Protocol+Declarations.swift: what a protocol declares (method descriptions, properties,
// incorporated protocols), and conformance between protocols.
//
// Docs: docs/runtime.md#protocols. Tests: Tests/MiniRuntimeTests/ProtocolTests.swift.
//
// Writers run under `Runtime.lock` and only while the protocol is under construction; readers
// take the lock too (a registered protocol never changes, but one under construction may).
// The calls objc4 ignores (a declaration added to a registered protocol, incorporating a protocol
// still under construction, an optional property) are ignored here too: nothing changes, nothing
// is thrown, and a `diagnostic` event says why (where objc4 prints an `_objc_inform` message).
// Lookups of one protocol's declarations search the protocols it incorporates, depth first in
// the order they were added, as objc4's `protocol_getMethod` does; list copies do not.

extension Protocol {
  // MARK: - Declaring (under construction only)

  /// Declares a method: required or optional, instance or class.
  ///
  /// ```swift
  /// try named.addMethodDescription("name", types: "@16@0:8", isRequired: true, isInstanceMethod: true)
  /// try named.addMethodDescription("nameCount", types: "Q16@0:8", isRequired: false, isInstanceMethod: false)
  /// ```
  ///
  /// Once the protocol is registered the call is ignored, as objc4 ignores it: nothing changes and
  /// a `diagnostic` event says so (objc4 logs that the protocol is not under construction).
  ///
  /// - Throws: ``RuntimeError`` with code `invalidSelectorName` (the null selector, a NUL in the
  ///   name) or `invalidTypeEncoding` (a string
  ///   that does not parse; `""` and an encoding whatever its arguments are taken, as objc4 takes them).
  ///
  /// Objective-C: `protocol_addMethodDescription`
  public func addMethodDescription(
    _ selector: Selector, types: String, isRequired: Bool, isInstanceMethod: Bool
  ) throws(RuntimeError) {
    let selector = try selector.nameable("protocol_addMethodDescription")
    _ = try MethodSignature.ofMethod(types)
    try mutate("protocol_addMethodDescription") { data, _ in
      data.methods.append(
        ProtocolMetadata.Entry(
          description: MethodDescription(selector: selector, types: types), isRequired: isRequired,
          isInstanceMethod: isInstanceMethod))
    }
  }

  /// Makes this protocol incorporate `other` (`@protocol Named <Identified>`): whatever conforms
  /// to this one conforms to `other` too.
  ///
  /// Ignored, with a `diagnostic` event, if this protocol is registered or `other` is still under
  /// construction (objc4 logs and ignores both).
  ///
  /// - Throws: ``RuntimeError`` with code `foreignRuntime`.
  ///
  /// Objective-C: `protocol_addProtocol`
  public func addProtocol(_ other: Protocol) throws(RuntimeError) {
    try runtime?.checkOwnProtocol(other, "protocol_addProtocol")
    try mutate("protocol_addProtocol") { data, state throws(RuntimeError) in
      guard other.locked(&state).isRegistered else {
        return state.record(
          Protocol.ignored("protocol_addProtocol: protocol '\(other.name)' is still under construction and cannot be incorporated"))
      }
      data.protocols.append(other)
    }
  }

  /// Declares a required property, of instances or of the class.
  ///
  /// Ignored, with a `diagnostic` event, once the protocol is registered (objc4 logs and ignores
  /// the call) and for an optional property (objc4 keeps required properties only and drops the
  /// others without a word; the event is MiniKVO's).
  ///
  /// - Throws: ``RuntimeError`` with code `invalidName` or `invalidPropertyAttributes`.
  ///
  /// Objective-C: `protocol_addProperty`
  public func addProperty(
    _ name: String, attributes: String, isRequired: Bool = true, isInstanceProperty: Bool = true
  ) throws(RuntimeError) {
    if let problem = Ivar.cStringProblem(withName: name) {
      throw RuntimeError(.invalidName, "protocol_addProperty: invalid property name '\(name)': \(problem)")
    }
    let parsed = try PropertyAttributes(attributes)
    try mutate("protocol_addProperty") { data, state in
      guard isRequired else {
        return state.record(
          Protocol.ignored("protocol_addProperty: optional property '\(name)' is not kept (only required properties are stored)"))
      }
      data.properties.append(
        ProtocolMetadata.PropertyEntry(property: Property(name: name, attributes: parsed), isInstanceProperty: isInstanceProperty))
    }
  }

  // MARK: - Reading

  /// The description of `selector` in the list given by `isRequired` and `isInstanceMethod`,
  /// searching incorporated protocols; the null description (``MethodDescription/isNull``) when
  /// there is none.
  ///
  /// Objective-C: `protocol_getMethodDescription`
  public func methodDescription(for selector: Selector, isRequired: Bool, isInstanceMethod: Bool) -> MethodDescription {
    for proto in [self] + allIncorporatedProtocols() {
      let found = proto.withMetadata { data in
        data.methods.first {
          $0.description.selector == selector && $0.isRequired == isRequired && $0.isInstanceMethod == isInstanceMethod
        }?.description
      }
      if let found { return found }
    }
    return .null
  }

  /// The descriptions of the list given by `isRequired` and `isInstanceMethod`, this protocol's
  /// own only (not those of incorporated protocols), in the order declared.
  ///
  /// Objective-C: `protocol_copyMethodDescriptionList`
  public func methodDescriptions(isRequired: Bool, isInstanceMethod: Bool) -> [MethodDescription] {
    withMetadata { data in
      data.methods.filter { $0.isRequired == isRequired && $0.isInstanceMethod == isInstanceMethod }.map(\.description)
    }
  }

  /// The required property `name` of instances (or of the class), searching incorporated
  /// protocols; `nil` if there is none. Optional properties are never stored, so asking for one
  /// answers `nil`, as in objc4.
  ///
  /// Objective-C: `protocol_getProperty`
  public func property(named name: String, isRequired: Bool = true, isInstanceProperty: Bool = true) -> Property? {
    guard isRequired else { return nil }
    for proto in [self] + allIncorporatedProtocols() {
      let found = proto.withMetadata { data in
        data.properties.first { $0.property.name == name && $0.isInstanceProperty == isInstanceProperty }?.property
      }
      if let found { return found }
    }
    return nil
  }

  /// The protocol's own required properties of instances (or of the class), in the order declared.
  ///
  /// Objective-C: `protocol_copyPropertyList2` (`protocol_copyPropertyList` for instances)
  public func properties(isRequired: Bool = true, isInstanceProperty: Bool = true) -> [Property] {
    guard isRequired else { return [] }
    return withMetadata { data in data.properties.filter { $0.isInstanceProperty == isInstanceProperty }.map(\.property) }
  }

  /// Whether this protocol is `other` (by name) or incorporates it, directly or not.
  ///
  /// ```swift
  /// named.conforms(to: named)        // true: a protocol conforms to itself
  /// named.conforms(to: identified)   // true if Named incorporates Identified
  /// ```
  ///
  /// Objective-C: `protocol_conformsToProtocol`
  public func conforms(to other: Protocol) -> Bool {
    name == other.name || allIncorporatedProtocols().contains { $0.name == other.name }
  }

  /// ``conforms(to:)`` for a caller holding the lock: by name, as objc4 compares protocols.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func conforms(to other: Protocol, _ state: inout Runtime.State) -> Bool {
    name == other.name || allIncorporatedProtocols(&state).contains { $0.name == other.name }
  }

  /// Whether the two protocols conform to each other (so are the same protocol).
  ///
  /// Objective-C: `protocol_isEqual`
  public func isEqual(to other: Protocol) -> Bool {
    self === other || (conforms(to: other) && other.conforms(to: self))
  }

  /// The properties clang writes into a compiled class's (or category's) property list after its
  /// own (`existing`): for each of `protocols` in turn, its properties of the kind asked (instance or
  /// class) in the order declared, then those of the protocols it incorporates, depth first, each
  /// name once. So `@interface NSObject <NSObject>` lists `hash`, `superclass`, `description` and
  /// `debugDescription`. From memory of clang's CGObjCMac (`EmitPropertyList` and
  /// `PushProtocolProperties`).
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  static func compiledProperties(
    of protocols: [Protocol], after existing: [Property], isInstanceProperty: Bool, _ state: inout Runtime.State
  ) -> [Property] {
    var names = Set(existing.map(\.name))
    var result: [Property] = []
    // clang recurses into every incorporated protocol; one met again adds no name, so the walk
    // that lists each once (allIncorporatedProtocols) gives the same list.
    for proto in protocols {
      for declaring in [proto] + proto.allIncorporatedProtocols(&state) {
        for entry in declaring.locked(&state).properties where entry.isInstanceProperty == isInstanceProperty {
          if names.insert(entry.property.name).inserted { result.append(entry.property) }
        }
      }
    }
    return result
  }

  /// Every protocol incorporated, directly or through another, depth first, each once, read in
  /// one lock section.
  func allIncorporatedProtocols() -> [Protocol] {
    // With the runtime gone, nothing can change a protocol any more: read without a lock.
    guard let runtime else { return walkIncorporated { $0.withMetadata { $0.protocols } } }
    return runtime.withState { state in allIncorporatedProtocols(&state) }
  }

  /// ``allIncorporatedProtocols()`` for a caller holding the lock.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  func allIncorporatedProtocols(_ state: inout Runtime.State) -> [Protocol] {
    walkIncorporated { $0.locked(&state).protocols }
  }

  /// The walk of ``allIncorporatedProtocols()``: pre-order, each protocol once (one seen again
  /// is skipped with what it incorporates, already listed), this one excluded.
  private func walkIncorporated(_ incorporated: (Protocol) -> [Protocol]) -> [Protocol] {
    var result: [Protocol] = []
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
    var pending = incorporated(self)
    while !pending.isEmpty {
      let proto = pending.removeFirst()
      guard seen.insert(ObjectIdentifier(proto)).inserted else { continue }
      result.append(proto)
      pending.insert(contentsOf: incorporated(proto), at: 0)
    }
    return result
  }

  /// Runs `body` on the metadata under the runtime lock if the protocol is under construction;
  /// otherwise records a `diagnostic` event and changes nothing.
  private func mutate(
    _ function: String, _ body: (ProtocolMetadata, inout Runtime.State) throws(RuntimeError) -> Void
  ) throws(RuntimeError) {
    guard let runtime else {
      throw RuntimeError(.foreignRuntime, "\(function): the runtime of protocol \(name) no longer exists")
    }
    try runtime.withState { state throws(RuntimeError) in
      let data = locked(&state)
      guard !data.isRegistered else {
        return state.record(Protocol.ignored("\(function): protocol '\(name)' is registered and can no longer change"))
      }
      try body(data, &state)
    }
  }

  /// The event for a call objc4 ignores: `message`, and that nothing changed.
  static func ignored(_ message: String) -> RuntimeEvent {
    .diagnostic(subsystem: "runtime", message: message + "; the call is ignored")
  }
}
