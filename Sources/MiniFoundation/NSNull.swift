// NSNull.swift: NSNull, the one object that stands for nil in collections.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSStringAndNumberTests.swift.
//
// `+null`, `+alloc` and `+new` all answer the runtime's one instance (FoundationClasses.swift).

enum NSNullMethods {
  static let all = ClassMethods(
    instance: ValueClassMethods.common + [
      MethodEntry("description", "@16@0:8") { _, _, _ in "<null>" },
    ],
    classSide: [
      MethodEntry("null", "@16@0:8") { receiver, _, _ in .object(try FoundationClasses.of(receiver).nullObject()) },
      MethodEntry("alloc", "@16@0:8") { receiver, _, _ in .object(try FoundationClasses.of(receiver).nullObject()) },
    ])
}

enum SwiftValueMethods {
  /// `__SwiftValue`: the box a Swift object gets when it must be sent a message (as Swift boxes
  /// a value with no Objective-C class). Equal only to the same Swift object.
  static let all = ClassMethods(instance: ValueClassMethods.common)
}
