// Arguments+InPlace.swift: reading one argument of a message without copying its `Value`.
//
// Docs: docs/runtime.md. Tests: Tests/MiniRuntimeTests/ArgumentsInPlaceTests.swift.
//
// `arguments[i]` returns the whole `Value`: an outlined copy of the enum, then its destruction
// once the caller has matched the case it wanted. A method that runs on every notification (the
// shared controller's observeValueForKeyPath:ofObject:change:context:) reads three arguments that
// way. These accessors match the wanted case in place, as the subscript matches one argument of a
// tuple, and return only its payload. The `with…` forms go one step further: they lend the
// payload to a closure for the call's length, so a caller that only needs it while it runs pays
// no retain and release for it (an owned result must be retained on the way out). No state.

extension Arguments {
  /// The argument at `index` if it is an object, else `nil` (past the end too).
  ///
  /// ```swift
  /// Arguments(.string("age"), .object(ann)).object(at: 1)   // ann
  /// ```
  ///
  /// Objective-C: none (MiniKVO extension; `va_arg(args, id)`).
  @inlinable public func object(at index: Int) -> Object? {
    switch storage {
    case .four(.object(let object), _, _, _) where index == 0: return object
    case .four(_, .object(let object), _, _) where index == 1: return object
    case .four(_, _, .object(let object), _) where index == 2: return object
    case .four(_, _, _, .object(let object)) where index == 3: return object
    case .four: return nil
    default:
      if case .object(let object) = self[index] { return object }
      return nil
    }
  }

  /// The argument at `index` if it is a Swift object, else `nil` (past the end too).
  ///
  /// Objective-C: none (MiniKVO extension; `va_arg(args, id)` for an object Swift boxed).
  @inlinable public func swiftObject(at index: Int) -> (any AnyObject & Sendable)? {
    switch storage {
    case .four(.swiftObject(let object), _, _, _) where index == 0: return object
    case .four(_, .swiftObject(let object), _, _) where index == 1: return object
    case .four(_, _, .swiftObject(let object), _) where index == 2: return object
    case .four(_, _, _, .swiftObject(let object)) where index == 3: return object
    case .four: return nil
    default:
      if case .swiftObject(let object) = self[index] { return object }
      return nil
    }
  }

  /// The argument at `index` if it is a pointer, else `nil` (past the end too).
  ///
  /// Objective-C: none (MiniKVO extension; `va_arg(args, void *)`).
  @inlinable public func pointer(at index: Int) -> UInt? {
    switch storage {
    case .four(.pointer(let pointer), _, _, _) where index == 0: return pointer
    case .four(_, .pointer(let pointer), _, _) where index == 1: return pointer
    case .four(_, _, .pointer(let pointer), _) where index == 2: return pointer
    case .four(_, _, _, .pointer(let pointer)) where index == 3: return pointer
    case .four: return nil
    default:
      if case .pointer(let pointer) = self[index] { return pointer }
      return nil
    }
  }

  /// Calls `body` with the argument at `index`, lent for the call's length (not retained), if it
  /// is an object; answers `nil` without calling it otherwise (past the end too).
  ///
  /// ```swift
  /// Arguments(.string("age"), .object(ann)).withObject(at: 1) { $0 === ann }   // true
  /// ```
  ///
  /// Objective-C: none (MiniKVO extension; `va_arg(args, id)` without a retain).
  @inlinable public func withObject<Result>(at index: Int, _ body: (Object) throws -> Result) rethrows -> Result? {
    switch storage {
    case .four(.object(let object), _, _, _) where index == 0: return try body(object)
    case .four(_, .object(let object), _, _) where index == 1: return try body(object)
    case .four(_, _, .object(let object), _) where index == 2: return try body(object)
    case .four(_, _, _, .object(let object)) where index == 3: return try body(object)
    case .four: return nil
    default:
      if case .object(let object) = self[index] { return try body(object) }
      return nil
    }
  }

  /// Calls `body` with the argument at `index`, lent for the call's length (not retained), if it
  /// is a Swift object; answers `nil` without calling it otherwise (past the end too).
  ///
  /// Objective-C: none (MiniKVO extension; `va_arg(args, id)` without a retain).
  @inlinable public func withSwiftObject<Result>(
    at index: Int, _ body: (any AnyObject & Sendable) throws -> Result
  ) rethrows -> Result? {
    switch storage {
    case .four(.swiftObject(let object), _, _, _) where index == 0: return try body(object)
    case .four(_, .swiftObject(let object), _, _) where index == 1: return try body(object)
    case .four(_, _, .swiftObject(let object), _) where index == 2: return try body(object)
    case .four(_, _, _, .swiftObject(let object)) where index == 3: return try body(object)
    case .four: return nil
    default:
      if case .swiftObject(let object) = self[index] { return try body(object) }
      return nil
    }
  }
}
