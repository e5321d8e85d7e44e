// Implementation+DefaultResolvers.swift: NSObject's own `+resolveInstanceMethod:` and
// `+resolveClassMethod:`, one implementation each shared by every runtime.
//
// Docs: docs/runtime.md#the-root-class. Tests: Tests/MiniRuntimeTests/RootClassTests.swift.
//
// NSObject's resolvers add nothing and answer NO. A layer above that must ask a class's resolver
// on a miss (KVO's accessor search, as Foundation's goes through `class_getInstanceMethod`) can
// leave the send out when the resolver a miss would send is exactly this implementation, found
// by identity: a category, `method_setImplementation` or `method_exchangeImplementations`
// putting anything else in its place makes it another implementation, which is then sent.

extension Implementation {
  /// NSObject's own `+resolveInstanceMethod:`: adds nothing and answers NO. Every runtime's
  /// NSObject metaclass has this one implementation, so a class's resolver can be compared with
  /// it by identity.
  ///
  /// ```swift
  /// runtime.rootClass.isa.instanceMethodWithoutResolver(for: "resolveInstanceMethod:")?.implementation
  ///   === Implementation.defaultInstanceMethodResolver.implementation   // true
  /// ```
  ///
  /// Objective-C: none (MiniKVO extension: the implementation of `+[NSObject resolveInstanceMethod:]`).
  public static let defaultInstanceMethodResolver: (selector: Selector, implementation: Implementation) = (
    "resolveInstanceMethod:", Implementation(function: "+[NSObject resolveInstanceMethod:]") { _, _, _ in false }
  )

  /// NSObject's own `+resolveClassMethod:`: adds nothing and answers NO, shared by every
  /// runtime as ``defaultInstanceMethodResolver`` is.
  ///
  /// Objective-C: none (MiniKVO extension: the implementation of `+[NSObject resolveClassMethod:]`).
  public static let defaultClassMethodResolver: (selector: Selector, implementation: Implementation) = (
    "resolveClassMethod:", Implementation(function: "+[NSObject resolveClassMethod:]") { _, _, _ in false }
  )
}
