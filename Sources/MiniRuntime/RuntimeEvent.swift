// RuntimeEvent.swift: what the runtime reports to event observers.
//
// Docs: docs/runtime.md#runtime-events. Tests: Tests/MiniRuntimeTests/RuntimeEventTests.swift.
//
// Events name classes and objects by name and description rather than holding them, so an
// observer that keeps events never keeps objects alive.

/// Something the runtime did: the raw material of the tour and of tests that show what happened.
///
/// ```swift
/// let log = runtime.addEventObserver { event in print(event) }
/// try runtime.registerClassPair(person)   // prints "registered class Person"
/// log.cancel()
/// ```
///
/// Objective-C: none (MiniKVO extension; compare `OBJC_PRINT_*` environment variables and
/// `instrumentObjcMessageSends`).
public enum RuntimeEvent: Sendable, Hashable, CustomStringConvertible {
  /// `allocateClassPair` made a class and its metaclass.
  case classAllocated(name: String, superclass: String?)
  /// `registerClassPair` registered a class.
  case classRegistered(name: String)
  /// `duplicateClass` made and registered a copy of `original` (sharing its metaclass).
  case classDuplicated(name: String, original: String)
  /// `disposeClassPair` removed a class.
  case classDisposed(name: String)
  /// An ivar was added to a class under construction.
  case ivarAdded(class: String, name: String, type: String)
  /// A property was declared.
  case propertyAdded(class: String, name: String, attributes: String)
  /// A method was added (`isClassMethod` when added to the metaclass).
  case methodAdded(class: String, selector: Selector, types: String, isClassMethod: Bool)
  /// A method's implementation was replaced (`class_replaceMethod` or `method_setImplementation`).
  case methodReplaced(class: String, selector: Selector, isClassMethod: Bool)
  /// Two methods swapped implementations.
  case implementationsExchanged(first: String, second: String)
  /// A class's superclass changed.
  case superclassChanged(class: String, from: String?, to: String?)
  /// A class's method cache was emptied (it had entries): `_objc_flush_caches`, a superclass change.
  case cacheFlushed(class: String, isMetaclass: Bool)
  /// A method change removed the entries of one selector from a class's cache (`count` of them),
  /// leaving its other entries: the precise invalidation of add, replace and exchange.
  case cacheEntriesFlushed(class: String, isMetaclass: Bool, selector: Selector, count: Int)
  /// `loadImage` loaded an image: its classes are registered and its categories attached.
  case imageLoaded(name: String, classes: [String], categories: [String])
  /// A category was attached to a class (its methods now come first).
  case categoryAttached(class: String, category: String)
  /// The image loader called a `+load` directly (`+[Animal load]`, `+[Animal(Extras) load]`).
  case loadCalled(method: String)
  /// A class finished `+initialize` (sent before its first message; see Class+Initialize.swift).
  case classInitialized(name: String)
  /// `registerProtocol` registered a protocol.
  case protocolRegistered(name: String)
  /// A class adopted a protocol (`class_addProtocol`, or a category); `class` is `Person` or
  /// `Person (meta)`.
  case protocolAdded(class: String, protocol: String)
  /// An object's isa changed (`object_setClass`).
  case isaChanged(object: String, from: String, to: String)
  /// An object was destroyed by `object_dispose` (no `dealloc` was sent).
  case objectDisposed(object: String, class: String)
  /// An object was freed; its `dealloc` has run.
  case objectDeallocated(object: String, class: String)
  /// A message was sent (only to observers that asked for message sends).
  case messageSent(receiver: String, selector: Selector, implementation: String, isSuper: Bool)
  /// A layer above delivered a change notification (KVO reports each one it delivers, with the
  /// change dictionary as `-[NSDictionary description]` prints it).
  case observerNotified(observer: String, keyPath: String, object: String, change: String)
  /// Something noteworthy from a layer above (KVO reports its will/did steps here).
  case note(subsystem: String, message: String)
  /// Something went wrong that could not be thrown (for example an error thrown by `dealloc`).
  case diagnostic(subsystem: String, message: String)

  /// One line describing the event.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String {
    switch self {
    case .classAllocated(let name, let superclass):
      return "allocated class pair \(name) : \(superclass ?? "(root)")"
    case .classRegistered(let name): return "registered class \(name)"
    case .classDuplicated(let name, let original): return "duplicated class \(original) as \(name)"
    case .classDisposed(let name): return "disposed class \(name)"
    case .ivarAdded(let cls, let name, let type): return "added ivar \(cls).\(name) '\(type)'"
    case .propertyAdded(let cls, let name, let attributes):
      return "added property \(cls).\(name) '\(attributes)'"
    case .methodAdded(let cls, let selector, let types, let isClassMethod):
      return "added method \(isClassMethod ? "+" : "-")[\(cls) \(selector.name)] '\(types)'"
    case .methodReplaced(let cls, let selector, let isClassMethod):
      return "replaced implementation of \(isClassMethod ? "+" : "-")[\(cls) \(selector.name)]"
    case .implementationsExchanged(let first, let second):
      return "exchanged implementations of \(first) and \(second)"
    case .superclassChanged(let cls, let from, let to):
      return "superclass of \(cls) changed from \(from ?? "nil") to \(to ?? "nil")"
    case .cacheFlushed(let cls, let isMetaclass):
      return "flushed method cache of \(cls)\(isMetaclass ? " (metaclass)" : "")"
    case .cacheEntriesFlushed(let cls, let isMetaclass, let selector, let count):
      return "flushed \(count) cache entr\(count == 1 ? "y" : "ies") for \(selector.name) of \(cls)\(isMetaclass ? " (metaclass)" : "")"
    case .imageLoaded(let name, let classes, let categories):
      return "loaded image \(name): classes \(classes), categories \(categories)"
    case .categoryAttached(let cls, let category): return "attached category \(cls)(\(category))"
    case .loadCalled(let method): return "called \(method)"
    case .classInitialized(let name): return "initialized class \(name)"
    case .protocolRegistered(let name): return "registered protocol \(name)"
    case .protocolAdded(let cls, let proto): return "\(cls) adopted protocol \(proto)"
    case .isaChanged(let object, let from, let to): return "isa of \(object): \(from) -> \(to)"
    case .objectDeallocated(let object, _): return "deallocated \(object)"
    case .objectDisposed(let object, _): return "disposed \(object) (object_dispose, no dealloc)"
    case .messageSent(let receiver, let selector, let implementation, let isSuper):
      return "\(isSuper ? "super " : "")send [\(receiver) \(selector.name)] -> \(implementation)"
    case .observerNotified(let observer, let keyPath, let object, let change):
      return "notified \(observer) of \"\(keyPath)\" on \(object): \(Self.oneLine(change))"
    case .note(let subsystem, let message): return "\(subsystem): \(message)"
    case .diagnostic(let subsystem, let message): return "\(subsystem) warning: \(message)"
    }
  }

  /// A multi-line dictionary description on one line: `{ kind = 1; new = 43; }`.
  private static func oneLine(_ text: String) -> String {
    text.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " ")
  }
}
