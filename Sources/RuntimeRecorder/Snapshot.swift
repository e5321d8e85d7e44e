// Snapshot.swift: the objects and classes of one moment, read by introspection, as plain data.
//
// Docs: docs/recorder.md#what-a-frame-holds. Tests: Tests/RuntimeRecorderTests/SnapshotTests.swift.
//
// A snapshot is what a frame's diagram draws: each named instance with its isa, ivar values and
// associated objects; each class and metaclass with its isa, superclass and own method list
// (selector, type encoding, IMP name). It is read only through the runtime's public
// introspection (object_getClass, class_getSuperclass, class_copyMethodList, object_getIvar,
// the associated-object table), sends no message and so never runs user code. It holds names and
// descriptions, never objects, so a recording keeps nothing alive.

import KVO

/// The instances and classes of one moment of a recording.
///
/// ```swift
/// let snapshot = Snapshot(objects: [("ann", ann)])
/// snapshot.instance(named: "ann")?.isa          // "NSKVONotifying_Person" while ann is observed
/// snapshot.box("Person")?.superclass            // "NSObject"
/// snapshot.box("Person (meta)")?.isa            // "NSObject (meta)"
/// ```
///
/// Objective-C: none (MiniKVO extension; what `object_getClass`, `class_getSuperclass` and
/// `class_copyMethodList` answer, gathered).
public struct Snapshot: Sendable, Hashable {
  /// A method of a class's own method list.
  ///
  /// Objective-C: none (a `Method`'s `method_getName`, `method_getTypeEncoding` and IMP, as data).
  public struct MethodEntry: Sendable, Hashable {
    /// The selector's name: `setAge:`.
    ///
    /// Objective-C: `sel_getName(method_getName(m))`
    public let selector: String
    /// The type encoding: `v24@0:8q16`.
    ///
    /// Objective-C: `method_getTypeEncoding`
    public let types: String
    /// The implementation's name: `_NSSetLongLongValueAndNotify`.
    ///
    /// Objective-C: none (the symbol name of `method_getImplementation`).
    public let implementation: String
  }

  /// A class or a metaclass.
  ///
  /// Objective-C: none (a `Class` as data).
  public struct ClassBox: Sendable, Hashable {
    /// `Person`, or `Person (meta)` for its metaclass.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let id: String
    /// The class's name (a metaclass has its class's name).
    ///
    /// Objective-C: `class_getName`
    public let name: String
    /// Whether this is a metaclass.
    ///
    /// Objective-C: `class_isMetaClass`
    public let isMetaclass: Bool
    /// The id of the superclass, `nil` for a root class.
    ///
    /// Objective-C: `class_getSuperclass`
    public let superclass: String?
    /// The id of the isa: the metaclass of a class, the root metaclass of a metaclass.
    ///
    /// Objective-C: `object_getClass`
    public let isa: String
    /// The class's own methods, in the order `class_copyMethodList` returns them.
    ///
    /// Objective-C: `class_copyMethodList`
    public let methods: [MethodEntry]
    /// The class's own ivars as `name type`.
    ///
    /// Objective-C: `class_copyIvarList`
    public let ivars: [String]
    /// Whether the class is registered (a class pair under construction is not).
    ///
    /// Objective-C: none (`objc_lookUpClass` finds it).
    public let isRegistered: Bool
  }

  /// A named instance.
  ///
  /// Objective-C: none (an `id` as data).
  public struct Instance: Sendable, Hashable {
    /// The name the recording gave it: `ann`.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let name: String
    /// Its description: `<Person: 0x…>`, naming its real class.
    ///
    /// Objective-C: none (`%p` with `object_getClassName`).
    public let description: String
    /// The id of its class.
    ///
    /// Objective-C: `object_getClass`
    public let isa: String
    /// Its ivars, superclass ivars first, as (`_age`, `42`).
    ///
    /// Objective-C: `object_getIvar`
    public let ivars: [Field]
    /// Its associated objects, as (key, value).
    ///
    /// Objective-C: `objc_getAssociatedObject`
    public let associatedObjects: [Field]
  }

  /// A name and a value's description.
  ///
  /// Objective-C: none (MiniKVO extension).
  public struct Field: Sendable, Hashable {
    /// `_age`, or an association key's name.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let name: String
    /// `42`, `"Ann"`, `<Person: 0x…>`.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let value: String
  }

  /// The named instances, in the order they were named.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let instances: [Instance]
  /// Classes then metaclasses, each side in tree order: a superclass before its subclasses,
  /// siblings in the order given.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let boxes: [ClassBox]

  /// The snapshot of `objects` (with the names to show them under) and `classes`, with every
  /// class their isa and superclass pointers lead to, up to the root metaclass.
  ///
  /// - Complexity: O(c · m) for c classes reached with m methods each.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(objects: [(name: String, object: Object)], classes: [Class] = []) {
    var instances: [Instance] = []
    var reached: [Class] = []
    for (name, object) in objects where !(object is Class) {
      instances.append(Self.instance(object, named: name))
      reached.append(object.isa)
    }
    reached += classes
    self.instances = instances
    self.boxes = Self.boxes(reaching: reached)
  }

  /// A snapshot of given parts (a baseline with some instances as they were when named).
  init(instances: [Instance], boxes: [ClassBox]) {
    self.instances = instances
    self.boxes = boxes
  }

  /// `object` as the snapshot of it alone would show it.
  static func instance(of object: Object, named name: String) -> Instance { instance(object, named: name) }

  /// The node id of a class: its name, with ` (meta)` for a metaclass.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func id(of cls: Class) -> String { cls.isMetaclass ? "\(cls.name) (meta)" : cls.name }

  /// The instance named `name`, if the snapshot has one.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func instance(named name: String) -> Instance? { instances.first { $0.name == name } }

  /// The class or metaclass with `id` (`Person`, `Person (meta)`), if the snapshot has it.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func box(_ id: String) -> ClassBox? { boxes.first { $0.id == id } }

  private static func instance(_ object: Object, named name: String) -> Instance {
    var ivars: [Field] = []
    for cls in object.isa.superclassChain.reversed() {
      for ivar in cls.ivarList where !ivar.isIsa {  // NSObject's isa: the instance's isa arrow
        ivars.append(Field(name: ivar.name, value: (try? object.value(for: ivar))?.description ?? "?"))
      }
    }
    let associations = object.associationKeys.map { key in
      Field(name: key.name, value: object.associatedObject(forKey: key).description)
    }
    return Instance(
      name: name, description: object.description, isa: id(of: object.isa), ivars: ivars,
      associatedObjects: associations)
  }

  /// Every class `first` leads to along isa and superclass, classes before metaclasses, each
  /// side in tree order.
  private static func boxes(reaching first: [Class]) -> [ClassBox] {
    var seen: [ObjectIdentifier: Class] = [:]
    var order: [Class] = []
    var pending = first
    var next = 0
    while next < pending.count {
      let cls = pending[next]
      next += 1
      guard seen[ObjectIdentifier(cls)] == nil else { continue }
      seen[ObjectIdentifier(cls)] = cls
      order.append(cls)
      if let superclass = cls.superclass { pending.append(superclass) }
      pending.append(cls.isa)
    }
    let classes = treeOrder(order.filter { !$0.isMetaclass })
    let metaclasses = treeOrder(order.filter(\.isMetaclass))
    return (classes + metaclasses).map(box)
  }

  /// `classes` with each superclass before its subclasses (pre-order), siblings in the order
  /// they were registered (a class under construction last). A superclass outside the list
  /// counts as absent (its subclass is a root here).
  static func treeOrder(_ unordered: [Class]) -> [Class] {
    let registered = unordered.first?.runtime?.classes ?? []
    var rank: [ObjectIdentifier: Int] = [:]
    for (index, cls) in registered.enumerated() {
      rank[ObjectIdentifier(cls)] = index
      rank[ObjectIdentifier(cls.isa)] = index
    }
    let classes = unordered.enumerated().sorted { a, b in
      (rank[ObjectIdentifier(a.element)] ?? Int.max, a.offset) < (rank[ObjectIdentifier(b.element)] ?? Int.max, b.offset)
    }.map(\.element)
    let ids = Set(classes.map(ObjectIdentifier.init))
    func isRoot(_ cls: Class) -> Bool { cls.superclass.map { !ids.contains(ObjectIdentifier($0)) } ?? true }
    var result: [Class] = []
    func visit(_ cls: Class) {
      result.append(cls)
      for child in classes where child.superclass === cls && child !== cls { visit(child) }
    }
    for root in classes where isRoot(root) { visit(root) }
    return result
  }

  private static func box(_ cls: Class) -> ClassBox {
    ClassBox(
      id: id(of: cls), name: cls.name, isMetaclass: cls.isMetaclass, superclass: cls.superclass.map(id(of:)),
      isa: id(of: cls.isa),
      methods: cls.methodList.map {
        MethodEntry(selector: $0.selector.name, types: $0.typeEncoding, implementation: $0.implementation.name)
      },
      ivars: cls.ivarList.map { "\($0.name) \($0.type)" }, isRegistered: cls.isRegistered)
  }
}
