// VariablePointer.swift: a pointer to a variable, for the `id *` and `NSError **` arguments of
// methods such as `validateValue:forKey:error:`.
//
// Docs: docs/runtime.md#values, docs/decisions/0013-pointer-arguments.md. Tests:
// Tests/MiniRuntimeTests/VariablePointerTests.swift.
//
// Model: a small shared box standing for the address of the caller's variable. The caller makes
// one holding its variable's value, passes it as `.swiftObject(pointer)` to a parameter whose
// type is a pointer (`^@`, `^v` …), lets the method read and write `pointee`, and reads it back:
// what C does with `&value`. A `Value.pointer(UInt)` stays an opaque address that nobody
// dereferences (a KVO context). The pointee is guarded by a lock, so a method that hands the
// pointer to another thread cannot tear it.

/// A pointer to a variable holding a `Value`: what an `id *` or `NSError **` argument points at.
///
/// ```swift
/// let value = VariablePointer(" Ann ")       // id value = @" Ann ";
/// let error = VariablePointer()              // NSError *error = nil;
/// try runtime.msgSend(person, "validateName:error:", .swiftObject(value), .swiftObject(error))
/// value.pointee                              // what the validator left in *ioValue
/// ```
///
/// A typed send accepts it for any parameter whose type is a pointer; elsewhere it is an
/// ordinary Swift object (encoding `@`).
///
/// Objective-C: `id *` / `NSError **` (Swift's `AutoreleasingUnsafeMutablePointer`), the
/// address of a variable
public final class VariablePointer: Sendable {
  private let storage: Locked<Value>

  /// A pointer to a new variable holding `initial` (nil by default).
  ///
  /// Objective-C: `&variable` of a variable declared with that value
  public init(_ initial: Value = .nil) { storage = Locked(initial) }

  /// The variable's value: reading is `*pointer`, writing is `*pointer = value`.
  ///
  /// Objective-C: `*pointer`
  public var pointee: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
