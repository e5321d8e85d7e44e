// Protocol.swift: protocols: named lists of method descriptions and properties, which classes
// adopt and which other protocols incorporate.
//
// Docs: docs/runtime.md#protocols. Tests: Tests/MiniRuntimeTests/ProtocolTests.swift.
//
// Model: as in objc4, a protocol is an object (its isa is the runtime's `Protocol` class, made
// with the `NSObject` protocol when the runtime starts, NSObjectProtocol.swift), so it can be passed as `.object(proto)` and
// messaged (`name`, `conformsTo:`, `descriptionForInstanceMethod:` …). It is mutable only while under construction
// (`allocateProtocol` → `registerProtocol`); after that it never changes. Under construction
// its isa is `__IncompleteProtocol` (objc4's empty subclass of NSObject, made on the first
// `allocateProtocol`), which answers none of Protocol's messages; registration sets the isa to
// `Protocol`, under `Runtime.lock`.
// State: `name` never changes; everything else is in `ProtocolMetadata`, guarded by
// `Runtime.lock` and reached through `locked(_:)` (which demands `inout Runtime.State`).
// Lifetime: the runtime's protocol table owns its protocols; a protocol holds its runtime only
// weakly (through its class), so a runtime's protocols go with it.

/// A protocol of the runtime: method descriptions (required or optional, instance or class),
/// properties and incorporated protocols.
///
/// ```swift
/// let named = try runtime.allocateProtocol(named: "Named")
/// try named.addMethodDescription("name", types: "@16@0:8", isRequired: true, isInstanceMethod: true)
/// try runtime.registerProtocol(named)
/// try person.addProtocol(named)                            // true
/// try Runtime.msgSend(ann, "conformsToProtocol:", .object(named))   // true
/// ```
///
/// Guarantees, each pinned by a test: a registered protocol cannot change; a declaration added
/// to it is ignored with a `diagnostic` event, as objc4 ignores it
/// (`ProtocolTests.registeredProtocolIgnoresNewDeclarationsWithADiagnostic`); conformance follows
/// incorporated protocols (`ProtocolTests.conformanceFollowsIncorporatedProtocols`).
///
/// Objective-C: `Protocol` / `protocol_t`
public final class Protocol: Object, @unchecked Sendable {
  /// The protocol's name.
  ///
  /// Objective-C: `protocol_getName` / `NSStringFromProtocol`
  public let name: String

  private let metadata = ProtocolMetadata()

  /// Creates a protocol object whose isa is `protocolClass` (`__IncompleteProtocol` until it is
  /// registered, as objc4's; `Protocol` for the NSObject protocol).
  /// Locking: caller holds `Runtime.lock`; the protocol is published by the caller.
  init(name: String, protocolClass: Class) {
    self.name = name
    super.init(classObject: ())
    isaWord.store(UInt(bitPattern: Unmanaged.passUnretained(protocolClass).toOpaque()), ordering: .releasing)
    // Counted as a live instance of `Protocol` for as long as the runtime lives, so the class
    // cannot be disposed under it (a protocol object has no owning runtime and is never deallocated
    // by the runtime: the runtime's table owns it).
    protocolClass.instanceCount.add(1, ordering: .relaxed)
  }

  /// Moves the protocol from `__IncompleteProtocol` to `protocolClass` (objc_registerProtocol's
  /// isa change), with the live-instance count that keeps each class from being disposed.
  /// Locking: caller holds `Runtime.lock` (objc4 changes the isa under its runtime lock).
  func becomeComplete(_ protocolClass: Class) {
    let incomplete = isa
    guard incomplete !== protocolClass else { return }  // the NSObject protocol: never incomplete
    isaWord.store(UInt(bitPattern: Unmanaged.passUnretained(protocolClass).toOpaque()), ordering: .releasing)
    protocolClass.instanceCount.add(1, ordering: .relaxed)
    incomplete.instanceCount.subtract(1, ordering: .relaxed)
  }

  /// The mutable metadata. Locking: caller holds `Runtime.lock` (enforced by `inout Runtime.State`).
  func locked(_ state: inout Runtime.State) -> ProtocolMetadata { metadata }

  /// Runs `body` on the metadata under the runtime's lock, or without it if the runtime is gone
  /// (then nothing can change it any more).
  func withMetadata<Result>(_ body: (ProtocolMetadata) -> Result) -> Result {
    guard let runtime else { return body(metadata) }
    return runtime.withState { state in body(locked(&state)) }
  }

  /// Whether the protocol is registered (and so immutable and found by ``Runtime/protocol(named:)``).
  ///
  /// Objective-C: none (objc4's `PROTOCOL_FIXED_UP` / under-construction state).
  public var isRegistered: Bool { withMetadata { $0.isRegistered } }

  /// The protocols this one incorporates (`@protocol B <A>` incorporates A), in the order added.
  ///
  /// Objective-C: `protocol_copyProtocolList`
  public var protocols: [Protocol] { withMetadata { $0.protocols } }

  /// `<Protocol: 0x…>`-style description naming the protocol: `@protocol(Named)`.
  ///
  /// Objective-C: none (the spelling of a protocol literal).
  public override var description: String { "@protocol(\(name))" }
}

/// The mutable part of a protocol. Locking: every member is guarded by `Runtime.lock`.
final class ProtocolMetadata: @unchecked Sendable {
  /// One method description and the list it belongs to.
  struct Entry {
    var description: MethodDescription
    var isRequired: Bool
    var isInstanceMethod: Bool
  }

  /// One declared property and the list it belongs to (only required ones are kept, as objc4).
  struct PropertyEntry {
    var property: Property
    var isInstanceProperty: Bool
  }

  @exclusivity(unchecked) var isRegistered = false
  @exclusivity(unchecked) var methods: [Entry] = []
  @exclusivity(unchecked) var properties: [PropertyEntry] = []
  @exclusivity(unchecked) var protocols: [Protocol] = []
}

/// A method's name and type encoding, as a protocol declares it.
///
/// A lookup that finds nothing answers the *null description* (``isNull``): a null selector and
/// no types, as objc4's `{NULL, NULL}`.
///
/// ```swift
/// let found = named.methodDescription(for: "name", isRequired: true, isInstanceMethod: true)
/// found.types         // "@16@0:8"
/// let missing = named.methodDescription(for: "age", isRequired: true, isInstanceMethod: true)
/// missing.isNull      // true
/// ```
///
/// Objective-C: `struct objc_method_description`
public struct MethodDescription: Hashable, Sendable, CustomStringConvertible {
  /// The method's name; ``Selector/null`` in the null description.
  ///
  /// Objective-C: `objc_method_description.name`
  public let selector: Selector

  /// The method's type encoding; `nil` in the null description.
  ///
  /// Objective-C: `objc_method_description.types`
  public let types: String?

  /// A description of `selector` with encoding `types`.
  ///
  /// Objective-C: none (a struct literal).
  public init(selector: Selector, types: String?) {
    self.selector = selector
    self.types = types
  }

  /// The null description `{NULL, NULL}` lookups answer when they find nothing.
  ///
  /// Objective-C: none (`(struct objc_method_description){NULL, NULL}`).
  public static let null = MethodDescription(selector: .null, types: nil)

  /// Whether this is the null description.
  ///
  /// Objective-C: none (`description.name == NULL`).
  public var isNull: Bool { selector.isNull }

  /// `name types`, or `{NULL, NULL}`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { isNull ? "{NULL, NULL}" : "\(selector.name) \(types ?? "")" }
}
