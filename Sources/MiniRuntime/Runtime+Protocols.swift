// Runtime+Protocols.swift: making, registering and finding protocols; the `Protocol` class.
//
// Docs: docs/runtime.md#protocols. Tests: Tests/MiniRuntimeTests/ProtocolTests.swift.
//
// A protocol is allocated (then under construction: descriptions, properties and incorporated
// protocols may be added), registered (then immutable, and found by name), and never disposed,
// as in objc4. All of it runs under `Runtime.lock`.

extension Runtime {
  /// Creates a protocol under construction; add its methods, properties and incorporated
  /// protocols, then register it.
  ///
  /// ```swift
  /// let named = try runtime.allocateProtocol(named: "Named")
  /// try named.addMethodDescription("name", types: "@16@0:8", isRequired: true, isInstanceMethod: true)
  /// try runtime.registerProtocol(named)
  /// runtime.protocol(named: "Named") === named   // true
  /// ```
  ///
  /// A protocol under construction does not reserve its name, as in objc4: another may be
  /// allocated with the same name, and the one registered last is the one found by name.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidName` (a NUL in the name) or `duplicateName`
  ///   (a registered protocol has that name), where objc4 answers `nil`.
  ///
  /// Objective-C: `objc_allocateProtocol`
  public func allocateProtocol(named name: String) throws(RuntimeError) -> Protocol {
    try allocateProtocol(named: name, isaName: "__IncompleteProtocol")
  }

  /// ``allocateProtocol(named:)`` with the protocol's isa: `__IncompleteProtocol` for a user's
  /// protocol, `Protocol` for the NSObject protocol (compiled into the runtime, never incomplete).
  func allocateProtocol(named name: String, isaName: String) throws(RuntimeError) -> Protocol {
    if let problem = Ivar.cStringProblem(withName: name) {
      throw RuntimeError(.invalidName, "objc_allocateProtocol: invalid protocol name '\(name)': \(problem)")
    }
    _ = try builtinClass(named: "Protocol", "objc_allocateProtocol", install: ProtocolClass.install)
    let isaClass = try builtinClass(named: isaName, "objc_allocateProtocol", install: { _ in })
    return try withState { state throws(RuntimeError) -> Protocol in
      guard state.protocolsByName[name] == nil else {
        throw RuntimeError(.duplicateName, "objc_allocateProtocol: protocol '\(name)' already exists")
      }
      return Protocol(name: name, protocolClass: isaClass)  // objc4 reserves no name until registration
    }
  }

  /// Registers a protocol made with ``allocateProtocol(named:)``: it becomes immutable and
  /// ``protocol(named:)`` finds it.
  ///
  /// Registering a protocol again is ignored, as objc4 ignores it: nothing changes and a
  /// `diagnostic` event says so (objc4 logs that it was already registered).
  ///
  /// - Throws: ``RuntimeError`` with code `foreignRuntime`.
  ///
  /// Objective-C: `objc_registerProtocol`
  public func registerProtocol(_ proto: Protocol) throws(RuntimeError) {
    try checkOwnProtocol(proto, "objc_registerProtocol")
    try withState { state throws(RuntimeError) in
      let data = proto.locked(&state)
      guard !data.isRegistered else {
        return state.record(Protocol.ignored("objc_registerProtocol: protocol '\(proto.name)' was already registered"))
      }
      data.isRegistered = true
      if let protocolClass = state.builtinClasses["Protocol"] { proto.becomeComplete(protocolClass) }
      // objc4's table insert replaces a protocol of the same name registered before (two were
      // allocated while neither was registered): the newer one is found by name and listed.
      if let replaced = state.protocolsByName.updateValue(proto, forKey: proto.name) {
        state.registeredProtocols.removeAll { $0 === replaced }
      }
      state.registeredProtocols.append(proto)
      state.record(.protocolRegistered(name: proto.name))
    }
  }

  /// The registered protocol named `name`, or `nil` (also for one still under construction).
  ///
  /// - Complexity: O(1).
  ///
  /// Objective-C: `objc_getProtocol` / `NSProtocolFromString`
  public func `protocol`(named name: String) -> Protocol? {
    withState { state in
      state.protocolsByName[name]  // registered protocols only
    }
  }

  /// Every registered protocol, in registration order.
  ///
  /// Objective-C: `objc_copyProtocolList`
  public var protocols: [Protocol] { withState { $0.registeredProtocols } }

  /// Throws unless `proto` belongs to this runtime.
  func checkOwnProtocol(_ proto: Protocol, _ function: String) throws(RuntimeError) {
    guard proto.runtime === self else {
      throw RuntimeError(.foreignRuntime, "\(function): protocol \(proto.name) belongs to another runtime")
    }
  }
}

/// The methods of the runtime's `Protocol` class (objc4's Protocol.mm).
enum ProtocolClass {
  static func install(_ cls: Class) throws(RuntimeError) {
    try cls.addMethod("name", types: "r*16@0:8") { receiver, _, _ in
      .string((receiver as? Protocol)?.name ?? "")
    }
    try cls.addMethod("conformsTo:", types: "B24@0:8@16") { receiver, _, arguments in
      guard let proto = receiver as? Protocol, let other = arguments[0].objectValue as? Protocol else { return false }
      return .bool(proto.conforms(to: other))
    }
    try cls.addMethod("isEqual:", types: "B24@0:8@16") { [weak cls] receiver, _, arguments in
      // As Protocol.mm: NO unless the other object is a Protocol (an __IncompleteProtocol is
      // not), then protocol_isEqual.
      guard let cls, let proto = receiver as? Protocol, let other = arguments[0].objectValue as? Protocol,
        other.isa.isSubclass(of: cls)
      else { return false }
      return .bool(proto.isEqual(to: other))
    }
    try cls.addMethod("hash", types: "Q16@0:8") { _, _, _ in
      // Protocol.mm answers 23 for every protocol: equal protocols (two of one name, see
      // protocol_isEqual) then always hash alike.
      .uint64(23)
    }
    let lookups: [(Selector, Bool)] = [("descriptionForInstanceMethod:", true), ("descriptionForClassMethod:", false)]
    for (selector, isInstanceMethod) in lookups {
      try cls.addMethod(selector, types: "^{objc_method_description=:*}24@0:8:16") { receiver, _, arguments in
        guard let proto = receiver as? Protocol, case .selector(let selector) = arguments[0] else { return .nil }
        return describingPointer(proto.methodDescription(for: selector, isRequired: true, isInstanceMethod: isInstanceMethod))
      }
    }
  }

  /// Protocol.mm's answer for `-descriptionForInstanceMethod:` / `-descriptionForClassMethod:`:
  /// a pointer (a ``VariablePointer``, decision 0013) to the `struct objc_method_description` of
  /// a *required* method (protocol_getMethod is asked for required ones only), or NULL.
  static func describingPointer(_ description: MethodDescription) -> Value {
    guard !description.isNull else { return .nil }
    let fields: [Value] = [.selector(description.selector), description.types.map(Value.cString) ?? .nil]
    return .swiftObject(VariablePointer(.structure(Structure(name: "objc_method_description", fields: fields))))
  }
}
