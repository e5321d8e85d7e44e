// Invocation+Classes.swift: the runtime classes NSMethodSignature and NSInvocation, and their
// methods (what Objective-C code sends them), made on a runtime's first signature or invocation.
//
// Docs: docs/runtime.md#forwarding-and-invocations. Tests: Tests/MiniRuntimeTests/InvocationTests.swift.
//
// Model: Foundation's classes (decision 0008: made on first use through the public class-pair
// calls, Runtime+BuiltinClasses.swift). Each method reads or changes the object's bridged
// storage (Invocation.swift). `-getArgument:atIndex:` and `-setArgument:atIndex:` take pointers
// in Objective-C, so they are Swift calls only (`Invocation.argument(at:)`), as docs/differences.md says.

extension Runtime {
  /// The runtime's `NSMethodSignature` class, made on first use.
  func methodSignatureClass() throws(RuntimeError) -> Class {
    try builtinClass(named: "NSMethodSignature", "NSMethodSignature") { cls throws(RuntimeError) in
      try InvocationClasses.install(InvocationClasses.signatureMethods, on: cls, isClassMethod: false)
      try InvocationClasses.install(InvocationClasses.signatureClassMethods, on: cls.isa, isClassMethod: true)
    }
  }

  /// The runtime's `NSInvocation` class, made on first use.
  func invocationClass() throws(RuntimeError) -> Class {
    try builtinClass(named: "NSInvocation", "NSInvocation") { cls throws(RuntimeError) in
      try InvocationClasses.install(InvocationClasses.invocationMethods, on: cls, isClassMethod: false)
      try InvocationClasses.install(InvocationClasses.invocationClassMethods, on: cls.isa, isClassMethod: true)
    }
  }
}

enum InvocationClasses {
  static func install(_ methods: [(Selector, String, ImplementationBody)], on cls: Class, isClassMethod: Bool) throws(RuntimeError) {
    let name = cls.instanceClass?.name ?? cls.name
    for (selector, types, body) in methods {
      let implementation = Implementation(function: "\(isClassMethod ? "+" : "-")[\(name) \(selector.name)]", body)
      _ = try cls.addMethod(selector, types: types, implementation: implementation)
    }
  }

  private static func signature(_ receiver: Object) throws -> MethodSignature {
    guard let signature = MethodSignature(receiver) else {
      throw RuntimeError(.invalidArgument, "\(receiver) is not an initialized NSMethodSignature")
    }
    return signature
  }

  private static func invocation(_ receiver: Object) throws -> Invocation {
    guard let invocation = Invocation(receiver) else {
      throw RuntimeError(.invalidArgument, "\(receiver) is not an initialized NSInvocation")
    }
    return invocation
  }

  static let signatureMethods: [(Selector, String, ImplementationBody)] = [
    ("numberOfArguments", "Q16@0:8", { receiver, _, _ in .uint64(UInt64(try signature(receiver).numberOfArguments)) }),
    ("getArgumentTypeAtIndex:", "r*24@0:8Q16", { receiver, _, arguments in
      let signature = try signature(receiver)
      guard let index = arguments[0].intValue, index >= 0, index < signature.numberOfArguments else {
        throw RuntimeError(
          .invalidArgument,
          "-[NSMethodSignature getArgumentTypeAtIndex:]: index (\(arguments[0])) out of bounds [0, \(signature.numberOfArguments - 1)]")
      }
      return .cString(signature.argumentTypes[index].description)
    }),
    ("methodReturnType", "r*16@0:8", { receiver, _, _ in .cString(try signature(receiver).returnType.description) }),
    ("methodReturnLength", "Q16@0:8", { receiver, _, _ in
      .uint64(UInt64(try signature(receiver).returnType.unqualified == .void ? 0 : try signature(receiver).returnType.size))
    }),
    ("frameLength", "Q16@0:8", { receiver, _, _ in .uint64(UInt64(try signature(receiver).returnElement.offset ?? 0)) }),
    ("isOneway", "B16@0:8", { receiver, _, _ in
      if case .qualified(let qualifier, _) = try signature(receiver).returnType { return .bool(qualifier == .oneway) }
      return false
    }),
  ]

  static let signatureClassMethods: [(Selector, String, ImplementationBody)] = [
    ("signatureWithObjCTypes:", "@24@0:8r*16", { receiver, _, arguments in
      guard let types = arguments[0].stringValue ?? arguments[0].cStringValue else {
        throw RuntimeError(.invalidArgument, "+[NSMethodSignature signatureWithObjCTypes:]: \(arguments[0]) is not a type string")
      }
      guard let runtime = receiver.runtime else { return .nil }
      return .object(try runtime.methodSignature(objCTypes: types))
    }),
  ]

  static let invocationMethods: [(Selector, String, ImplementationBody)] = [
    ("target", "@16@0:8", { receiver, _, _ in try invocation(receiver).target.map(Value.object) ?? .nil }),
    ("setTarget:", "v24@0:8@16", { receiver, _, arguments in
      try invocation(receiver).target = arguments[0].objectValue
      return .nil
    }),
    ("selector", ":16@0:8", { receiver, _, _ in .selector(try invocation(receiver).selector) }),
    ("setSelector:", "v24@0:8:16", { receiver, _, arguments in
      try invocation(receiver).setArgument(arguments[0], at: 1)
      return .nil
    }),
    ("methodSignature", "@16@0:8", { receiver, _, _ in .object(try invocation(receiver).methodSignatureObject) }),
    ("invoke", "v16@0:8", { receiver, _, _ in
      try invocation(receiver).invoke()
      return .nil
    }),
    ("invokeWithTarget:", "v24@0:8@16", { receiver, _, arguments in
      try invocation(receiver).invoke(target: arguments[0].objectValue)
      return .nil
    }),
    ("retainArguments", "v16@0:8", { _, _, _ in .nil }),  // arguments are always held strongly here
    ("argumentsRetained", "B16@0:8", { _, _, _ in true }),
  ]

  static let invocationClassMethods: [(Selector, String, ImplementationBody)] = [
    ("invocationWithMethodSignature:", "@24@0:8@16", { receiver, _, arguments in
      guard let runtime = receiver.runtime, let signature = arguments[0].objectValue else {
        throw RuntimeError(.invalidArgument, "+[NSInvocation invocationWithMethodSignature:]: method signature argument cannot be nil")
      }
      return .object(try runtime.invocation(methodSignature: signature).object)
    }),
  ]
}
