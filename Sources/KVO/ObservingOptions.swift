// ObservingOptions.swift: what an observer asks to receive.
//
// Docs: docs/kvo.md#options. Tests: Tests/KVOTests/ChangeDictionaryTests.swift.

/// The options of an observation: which values the change carries and when notifications come.
///
/// ```swift
/// try person.addObserver(watcher, forKeyPath: "age", options: [.new, .old], context: .none)
/// ```
///
/// Objective-C: `NSKeyValueObservingOptions`
public struct ObservingOptions: OptionSet, Hashable, Sendable, CustomStringConvertible {
  /// The raw bits, equal to Foundation's.
  ///
  /// Objective-C: `NSUInteger` value of the option set.
  public let rawValue: UInt

  /// Creates options from raw bits.
  ///
  /// Objective-C: none (Swift `OptionSet`).
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// The change carries the new value.
  ///
  /// Objective-C: `NSKeyValueObservingOptionNew`
  public static let new = ObservingOptions(rawValue: 0x01)
  /// The change carries the old value (an explicit `nil` marker when the old value was nil).
  ///
  /// Objective-C: `NSKeyValueObservingOptionOld`
  public static let old = ObservingOptions(rawValue: 0x02)
  /// A notification is sent at once, during registration, with the current value.
  ///
  /// Objective-C: `NSKeyValueObservingOptionInitial`
  public static let initial = ObservingOptions(rawValue: 0x04)
  /// An extra notification is sent before each change, marked `notificationIsPrior`.
  ///
  /// Objective-C: `NSKeyValueObservingOptionPrior`
  public static let prior = ObservingOptions(rawValue: 0x08)

  /// The four options Foundation defines: all a registration keeps (Registration.swift).
  static let defined: ObservingOptions = [.new, .old, .initial, .prior]

  /// The options spelled out, in Foundation's order: `New|Old|Initial|Prior`, or `0`.
  ///
  /// Objective-C: none (FBKVOController decodes the bits the same way for its description).
  public var description: String {
    let names = [(ObservingOptions.new, "New"), (.old, "Old"), (.initial, "Initial"), (.prior, "Prior")]
      .filter { contains($0.0) }.map(\.1)
    return names.isEmpty ? "0" : names.joined(separator: "|")
  }
}

/// An opaque value an observer registers with and gets back with each notification.
///
/// Contexts are compared by value only; MiniKVO never dereferences one. Make one from an
/// object's identity (the Swift equivalent of `static void *MyContext = &MyContext;`) or from
/// an integer.
///
/// ```swift
/// let context = ObservationContext(identityOf: self)
/// try person.addObserver(watcher, forKeyPath: "age", options: .new, context: context)
/// ```
///
/// Objective-C: the `void *context` of `addObserver:forKeyPath:options:context:`
public struct ObservationContext: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
  /// The pointer-sized value.
  ///
  /// Objective-C: the context pointer's bits.
  public let rawValue: UInt

  /// Creates a context from raw bits.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Creates a context from an integer literal.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(integerLiteral value: UInt) { rawValue = value }

  /// Creates a context unique to `object` for as long as it lives.
  ///
  /// Objective-C: none (`&MyContext` or `(__bridge void *)self`).
  public init(identityOf object: AnyObject) { rawValue = UInt(bitPattern: ObjectIdentifier(object)) }

  /// No context (`NULL`).
  ///
  /// Objective-C: `NULL`
  public static let none = ObservationContext(rawValue: 0)

  /// `0x…`, as `%p` prints a pointer.
  ///
  /// Objective-C: none (`%p`).
  public var description: String { "0x" + String(rawValue, radix: 16) }

  /// The context as the runtime passes it in a message (`^v`).
  var value: Value { rawValue == 0 ? .nil : .pointer(rawValue) }

  /// The context carried by a message argument (`.nil` is `NULL`).
  init(_ value: Value) {
    if case .pointer(let raw) = value { rawValue = raw } else { rawValue = 0 }
  }
}
