// InstanceLayout.swift: which ivar lives in which slot of an instance.
//
// Docs: docs/runtime.md#objects-and-ivars. Tests: Tests/MiniRuntimeTests/IvarTests.swift.
//
// Model: a class's layout is its superclass's layout plus its own ivars, fixed at registration
// (which is why objc refuses `class_addIvar` afterwards: instances already have that shape).
// A class that adds no ivars shares its superclass's layout object, so the KVO subclass of
// `Person` has exactly `Person`'s layout. Immutable after creation: any thread may read it.

/// The slots of an instance: one per ivar, superclass ivars first.
final class InstanceLayout: Sendable {
  /// How a slot stores its value.
  enum Storage: UInt8, Sendable {
    case bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float, double
    case selector, pointer
    /// A retained object or boxed value, read and written under a `PropertyLocks` stripe.
    case reference
  }

  struct Slot: Sendable {
    let name: String
    let type: TypeEncoding
    let storage: Storage
  }

  static let empty = InstanceLayout(slots: [], parent: nil)

  let slots: [Slot]
  /// `slots.map(\.storage)`: a trivial array the send path can index without reference counting.
  let storages: [Storage]
  /// The layout this one extends (the superclass's), for the fast ancestry check.
  let parent: InstanceLayout?

  init(slots: [Slot], parent: InstanceLayout?) {
    self.slots = slots
    storages = slots.map(\.storage)
    self.parent = parent
  }

  /// The layout of a subclass adding `ivars` to this one (this very object if there are none).
  func extended(with ivars: [Ivar]) -> InstanceLayout {
    guard !ivars.isEmpty else { return self }
    let added = ivars.map { Slot(name: $0.name, type: $0.type, storage: $0.storage) }
    return InstanceLayout(slots: slots + added, parent: self)
  }

  /// Whether the two layouts have the same ivar types in the same places.
  func hasSameIvarTypes(as other: InstanceLayout) -> Bool {
    slots.map(\.type) == other.slots.map(\.type)
  }

  /// Whether an object allocated with this layout can be used as an instance of a class whose
  /// layout is `other`: `other` is this layout, an ancestor of it, or slot-for-slot a prefix.
  func canHost(_ other: InstanceLayout) -> Bool {
    var layout: InstanceLayout? = self
    while let each = layout {
      if each === other { return true }
      layout = each.parent
    }
    guard other.slots.count <= slots.count else { return false }
    return zip(other.slots, slots).allSatisfy { $0.type == $1.type }
  }
}

extension InstanceLayout.Storage {
  /// How an ivar of `type` is stored, or `nil` if no ``Value`` can live there.
  init?(for type: TypeEncoding) {
    switch type.unqualified {
    case .bool: self = .bool
    case .char: self = .int8
    case .short: self = .int16
    case .int, .long: self = .int32
    case .longLong: self = .int64
    case .unsignedChar: self = .uint8
    case .unsignedShort: self = .uint16
    case .unsignedInt, .unsignedLong: self = .uint32
    case .unsignedLongLong: self = .uint64
    case .float: self = .float
    case .double: self = .double
    case .selector: self = .selector
    case .pointer: self = .pointer
    case .cString, .object, .block, .class, .structure, .array: self = .reference
    case .void, .longDouble, .unknown, .union, .bitField, .qualified: return nil
    }
  }
}
