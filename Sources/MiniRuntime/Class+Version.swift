// Class+Version.swift: a class's version number (class_getVersion / class_setVersion).
//
// Docs: docs/runtime.md#classes-and-metaclasses. Tests: Tests/MiniRuntimeTests/ClassVersionTests.swift.
//
// A number the runtime stores for the class and never reads itself (archivers used it to tell
// old encodings from new). As objc4 sets it when it realizes a class: 0 for a class and 7 for a
// metaclass ("the old runtime went up to 6"); each side keeps its own. Kept in `ClassMetadata`,
// read and written under `Runtime.lock`.

extension Class {
  /// The class's version: 0 for a new class, 7 for a new metaclass, until set.
  ///
  /// ```swift
  /// person.version            // 0
  /// person.isa.version        // 7: a metaclass has its own
  /// person.version = 3        // class_setVersion(Person, 3)
  /// ```
  ///
  /// Objective-C: `class_getVersion` / `class_setVersion`
  public var version: Int32 {
    get { withMetadata { $0.version } }
    set { withMetadata { $0.version = newValue } }
  }
}
