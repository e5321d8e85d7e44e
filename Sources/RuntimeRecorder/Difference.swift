// Difference.swift: what changed between two frames, which the page highlights.
//
// Docs: docs/recorder.md#what-a-frame-holds. Tests: Tests/RuntimeRecorderTests/DifferenceTests.swift.
//
// Most differences come from comparing two snapshots (a class that appeared, an isa that moved,
// a method added or given another IMP, an ivar or association that changed). A flushed method
// cache leaves no trace in a snapshot, so that one comes from the frame's runtime events.

import KVO

/// One thing that changed since the previous frame.
///
/// ```swift
/// frame.differences   // [.classAdded("NSKVONotifying_Person"), …,
///                     //  .isaMoved(instance: "ann", from: "Person", to: "NSKVONotifying_Person")]
/// ```
///
/// Objective-C: none (MiniKVO extension).
public enum Difference: Sendable, Hashable, CustomStringConvertible {
  /// A class or metaclass (by id) made during the frame.
  case classAdded(String)
  /// A class or metaclass (by id) that is no longer registered (`objc_disposeClassPair`).
  case classRemoved(String)
  /// A class's superclass changed (`class_setSuperclass`).
  case superclassChanged(class: String, from: String?, to: String?)
  /// A named instance appeared.
  case instanceAdded(String)
  /// A named instance was deallocated.
  case instanceRemoved(String)
  /// An instance's isa now points at another class (`object_setClass`).
  case isaMoved(instance: String, from: String, to: String)
  /// A class gained a method.
  case methodAdded(class: String, selector: String)
  /// A method of a class has another implementation (`class_replaceMethod`,
  /// `method_exchangeImplementations`, a category).
  case implementationChanged(class: String, selector: String, from: String, to: String)
  /// A class's method cache was flushed during the frame.
  case cacheFlushed(class: String)
  /// An ivar of an instance holds another value.
  case ivarChanged(instance: String, ivar: String, from: String, to: String)
  /// An associated object of an instance was set, changed or removed.
  case associationChanged(instance: String, key: String)

  /// One line for the page's "what changed" list.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String {
    switch self {
    case .classAdded(let id): return "new class \(id)"
    case .classRemoved(let id): return "class \(id) disposed"
    case .superclassChanged(let cls, let from, let to):
      return "superclass of \(cls): \(from ?? "nil") → \(to ?? "nil")"
    case .instanceAdded(let name): return "new instance \(name)"
    case .instanceRemoved(let name): return "\(name) deallocated"
    case .isaMoved(let name, let from, let to): return "isa of \(name) moved: \(from) → \(to)"
    case .methodAdded(let cls, let selector): return "method added: \(Self.signature(cls, selector))"
    case .implementationChanged(let cls, let selector, let from, let to):
      return "implementation of \(Self.signature(cls, selector)) changed: \(from) → \(to)"
    case .cacheFlushed(let cls): return "method cache of \(cls) flushed"
    case .ivarChanged(let name, let ivar, let from, let to): return "\(name).\(ivar): \(from) → \(to)"
    case .associationChanged(let name, let key): return "associated object \(key) of \(name) changed"
    }
  }

  /// `-[Person setAge:]`, or `+[Person make]` for a metaclass id.
  static func signature(_ cls: String, _ selector: String) -> String {
    let meta = " (meta)"
    return cls.hasSuffix(meta) ? "+[\(cls.dropLast(meta.count)) \(selector)]" : "-[\(cls) \(selector)]"
  }

  /// The differences from `before` to `after`, with the cache flushes among `events`.
  ///
  /// - Complexity: O(c · m) for c classes with m methods each.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func between(_ before: Snapshot, _ after: Snapshot, events: [RuntimeEvent]) -> [Difference] {
    var result: [Difference] = []
    let oldBoxes = Dictionary(before.boxes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let newIDs = Set(after.boxes.map(\.id))
    let created = Set(events.flatMap(createdClassIDs))
    for box in after.boxes {
      guard let old = oldBoxes[box.id] else {
        // A class drawn for the first time is new only if it was made in this frame (NSObject
        // entering the picture is not news).
        if created.contains(box.id) { result.append(.classAdded(box.id)) }
        continue
      }
      if old.superclass != box.superclass {
        result.append(.superclassChanged(class: box.id, from: old.superclass, to: box.superclass))
      }
      let oldMethods = Dictionary(old.methods.map { ($0.selector, $0) }, uniquingKeysWith: { first, _ in first })
      for method in box.methods {
        guard let previous = oldMethods[method.selector] else {
          result.append(.methodAdded(class: box.id, selector: method.selector))
          continue
        }
        if previous.implementation != method.implementation {
          result.append(
            .implementationChanged(
              class: box.id, selector: method.selector, from: previous.implementation, to: method.implementation))
        }
      }
    }
    for box in before.boxes where !newIDs.contains(box.id) { result.append(.classRemoved(box.id)) }
    result += instanceDifferences(before, after)
    var flushed: Set<String> = []
    for case .cacheFlushed(let cls, let isMetaclass) in events {
      let id = isMetaclass ? "\(cls) (meta)" : cls
      if flushed.insert(id).inserted { result.append(.cacheFlushed(class: id)) }
    }
    return result
  }

  /// The ids of the class and metaclass an event says were made.
  private static func createdClassIDs(_ event: RuntimeEvent) -> [String] {
    switch event {
    case .classAllocated(let name, _), .classRegistered(let name): return [name, name + " (meta)"]
    case .classDuplicated(let name, _): return [name]  // the metaclass is the original's
    default: return []
    }
  }

  private static func instanceDifferences(_ before: Snapshot, _ after: Snapshot) -> [Difference] {
    var result: [Difference] = []
    for instance in after.instances {
      guard let old = before.instance(named: instance.name) else {
        result.append(.instanceAdded(instance.name))
        continue
      }
      if old.isa != instance.isa { result.append(.isaMoved(instance: instance.name, from: old.isa, to: instance.isa)) }
      let oldIvars = Dictionary(old.ivars.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
      for ivar in instance.ivars {
        if let value = oldIvars[ivar.name], value != ivar.value {
          result.append(.ivarChanged(instance: instance.name, ivar: ivar.name, from: value, to: ivar.value))
        }
      }
      let keys = Set(old.associatedObjects.map(\.name)).union(instance.associatedObjects.map(\.name))
      for key in keys.sorted() {
        let was = old.associatedObjects.first { $0.name == key }?.value
        let now = instance.associatedObjects.first { $0.name == key }?.value
        if was != now { result.append(.associationChanged(instance: instance.name, key: key)) }
      }
    }
    for instance in before.instances where after.instance(named: instance.name) == nil {
      result.append(.instanceRemoved(instance.name))
    }
    return result
  }
}
