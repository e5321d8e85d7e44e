// NSProxy.swift: NSProxy, Foundation's second root class, for objects that stand in for another.
//
// Docs: docs/foundation.md#nsproxy. Tests: Tests/MiniFoundationTests/NSProxyTests.swift,
// Tests/KVOTests/ProxyObservationTests.swift.
//
// NSProxy has no superclass and adopts the NSObject protocol. It answers the root-class
// housekeeping itself (retain counting, `self`, `class`, `hash`, `isEqual:`, `description`,
// `isProxy` …), with the same code NSObject runs (the bodies are NSObject's implementations,
// looked up when Foundation loads, so the two root classes cannot drift apart). The four
// questions about what an object is (`isKindOfClass:`, `isMemberOfClass:`, `conformsToProtocol:`,
// `respondsToSelector:`) it passes on: it builds an invocation and sends itself
// `forwardInvocation:`, so a subclass that forwards to a target answers for the target. Every
// other message (KVC's and KVO's included, which are categories of NSObject) reaches the
// forwarding path. NSProxy's own `methodSignatureForSelector:` and `forwardInvocation:` raise:
// a subclass must override both. It has no `-init`.

enum NSProxyMethods {
  /// NSProxy's methods; `root` is NSObject, whose implementations the housekeeping reuses.
  static func all(reusing root: Class) -> ClassMethods {
    func shared(_ cls: Class, _ selector: Selector) -> MethodEntry {
      let method = cls.instanceMethodWithoutResolver(for: selector)
      return MethodEntry(selector, method?.typeEncoding ?? "@16@0:8", cls.methodImplementationWithoutResolver(for: selector).body)
    }
    let instance: [MethodEntry] =
      [
        "self", "superclass", "hash", "isEqual:", "zone", "description", "debugDescription", "retain", "release",
        "autorelease", "retainCount", "_tryRetain", "_isDeallocating", "allowsWeakReference", "retainWeakReference",
        "performSelector:", "performSelector:withObject:", "performSelector:withObject:withObject:", "dealloc",
      ].map { shared(root, $0) } + [
        MethodEntry("class", "#16@0:8") { receiver, _, _ in .class(receiver.isa) },
        MethodEntry("isProxy", "B16@0:8") { _, _, _ in true },
        MethodEntry("finalize", "v16@0:8") { _, _, _ in .nil },
        MethodEntry("methodSignatureForSelector:", "@24@0:8:16") { _, selector, _ in throw abstract(selector) },
        MethodEntry("forwardInvocation:", "v24@0:8@16") { _, selector, _ in throw abstract(selector) },
        MethodEntry("isKindOfClass:", "B24@0:8#16", askTarget),
        MethodEntry("isMemberOfClass:", "B24@0:8#16", askTarget),
        MethodEntry("conformsToProtocol:", "B24@0:8@16", askTarget),
        MethodEntry("respondsToSelector:", "B24@0:8:16", askTarget),
      ]
    let classSide: [MethodEntry] =
      [
        "class", "superclass", "description", "debugDescription", "retain", "release", "autorelease", "retainCount",
        "isKindOfClass:", "isMemberOfClass:", "conformsToProtocol:", "load", "initialize",
      ].map { shared(root.isa, $0) } + [
        MethodEntry("alloc", "@16@0:8") { receiver, _, _ in try Runtime.msgSend(receiver, "allocWithZone:", .nil) },
        MethodEntry("allocWithZone:", "@24@0:8^{_NSZone=}16") { receiver, _, _ in
          guard let cls = receiver as? Class else { return .nil }
          return .object(try cls.createInstance())
        },
        MethodEntry("respondsToSelector:", "B24@0:8:16") { receiver, _, arguments in
          // The class itself is asked (its metaclass's methods), never a target.
          guard let selector = arguments[0].selectorValue else { return false }
          return .bool(receiver.isa.instancesRespond(to: selector))
        },
      ]
    return ClassMethods(instance: instance, classSide: classSide)
  }

  /// `*** -[NSProxy methodSignatureForSelector:] called!`: what NSProxy's own forwarding pair
  /// raises (NSInvalidArgumentException), the wording Apple's prints as we remember it.
  static func abstract(_ selector: Selector) -> FoundationError {
    FoundationError(.invalidArgument, "*** -[NSProxy \(selector.name)] called!")
  }

  /// `isKindOfClass:` and the other three questions: the message is packed in an invocation
  /// (the signature from the receiver's `methodSignatureForSelector:`) and the receiver is sent
  /// `forwardInvocation:`; the answer is the invocation's return value. A nil signature leaves
  /// the message unrecognized.
  static let askTarget: ImplementationBody = { receiver, selector, arguments in
    guard let runtime = receiver.runtime else { return false }
    let signature = try Runtime.msgSend(receiver, "methodSignatureForSelector:", .selector(selector))
    guard let signatureObject = signature.objectValue else { throw Runtime.unrecognizedSelector(receiver, selector) }
    let invocation = try runtime.invocation(methodSignature: signatureObject)
    try invocation.setArgument(.object(receiver), at: 0)
    try invocation.setArgument(.selector(selector), at: 1)
    try invocation.setArgument(arguments[0], at: 2)
    _ = try Runtime.msgSend(receiver, "forwardInvocation:", .object(invocation.object))
    return .bool(invocation.returnValue.boolValue ?? false)
  }
}
