// ClassGraph.swift: the class/isa/metaclass graph of a moment of the tour, read by introspection.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/ClassGraphTests.swift.
//
// The picture every Objective-C runtime article draws: instances point to their class through
// `isa`, classes to their metaclass, metaclasses to the root metaclass (itself included), and
// both classes and metaclasses to their superclass. The graph is built only from `isa` and
// `superclass` (object_getClass, class_getSuperclass), so it shows what the runtime holds, not
// what `-class` claims. It sends no messages, so building it never runs user code.

import MiniRuntime

/// The instances, classes and metaclasses of one moment, with their isa and superclass edges.
///
/// ```swift
/// let graph = ClassGraph(objects: [("ann", ann)], classes: [person])
/// graph.target(of: "ann", .isa)          // "NSKVONotifying_Person" while ann is observed
/// graph.target(of: "Person", .superclass) // "NSObject"
/// ```
///
/// Objective-C: none (MiniKVO extension; the diagram of `object_getClass` and
/// `class_getSuperclass` links).
public struct ClassGraph: Sendable, Hashable {
  /// One box of the picture.
  ///
  /// Objective-C: none (MiniKVO extension).
  public struct Node: Sendable, Hashable {
    /// What a node stands for.
    ///
    /// Objective-C: none (MiniKVO extension).
    public enum Kind: Sendable, Hashable {
      /// An object that is not a class (`ann`).
      case instance
      /// A class (`Person`).
      case `class`
      /// A metaclass (`Person (meta)`).
      case metaclass
    }

    /// A unique name: the variable name of an instance, `Person`, or `Person (meta)`.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let id: String
    /// What the node stands for.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let kind: Kind
  }

  /// One arrow of the picture.
  ///
  /// Objective-C: none (MiniKVO extension).
  public struct Edge: Sendable, Hashable {
    /// Which pointer an arrow draws.
    ///
    /// Objective-C: none (MiniKVO extension).
    public enum Kind: String, Sendable, Hashable {
      /// `object_getClass`: an object's class, a class's metaclass.
      case isa
      /// `class_getSuperclass`.
      case superclass
    }

    /// The id of the node the arrow starts at.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let from: String
    /// The id of the node the arrow points to.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let to: String
    /// Which pointer the arrow draws.
    ///
    /// Objective-C: none (MiniKVO extension).
    public let kind: Kind
  }

  /// The nodes: instances first, then classes and metaclasses in the order they were reached.
  ///
  /// Objective-C: none (MiniKVO extension).
  public private(set) var nodes: [Node] = []
  /// The edges, in the order they were found.
  ///
  /// Objective-C: none (MiniKVO extension).
  public private(set) var edges: [Edge] = []

  /// The graph of `objects` (named as the tour names them) and `classes`, with everything their
  /// isa and superclass pointers lead to, up to the root metaclass.
  ///
  /// - Parameters:
  ///   - objects: Instances with the names to show them under.
  ///   - classes: Classes to show even if no instance points to them (a registered KVO
  ///     subclass nobody uses any more).
  /// - Complexity: O(n) in the number of classes reached.
  ///
  /// Objective-C: none (MiniKVO extension).
  public init(objects: [(name: String, object: Object)], classes: [Class] = []) {
    for (name, object) in objects where !(object is Class) {
      nodes.append(Node(id: name, kind: .instance))
      let cls = object.isa
      edges.append(Edge(from: name, to: Self.id(of: cls), kind: .isa))
      add(cls)
    }
    for cls in classes { add(cls) }
  }

  /// The node id of a class: its name, with ` (meta)` for a metaclass.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func id(of cls: Class) -> String { cls.isMetaclass ? "\(cls.name) (meta)" : cls.name }

  /// The node `id` points to along an edge of `kind`, if it has one.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func target(of id: String, _ kind: Edge.Kind) -> String? {
    edges.first { $0.from == id && $0.kind == kind }?.to
  }

  /// The node with `id`, if the graph has one.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func node(_ id: String) -> Node? { nodes.first { $0.id == id } }

  /// Adds `cls` and, transitively, its isa and superclass.
  private mutating func add(_ first: Class) {
    var pending = [first]  // breadth first: a class's superclass chain before its metaclass's
    var next = 0
    while next < pending.count {
      let cls = pending[next]
      next += 1
      let id = Self.id(of: cls)
      guard node(id) == nil else { continue }
      nodes.append(Node(id: id, kind: cls.isMetaclass ? .metaclass : .class))
      edges.append(Edge(from: id, to: Self.id(of: cls.isa), kind: .isa))
      if let superclass = cls.superclass {
        edges.append(Edge(from: id, to: Self.id(of: superclass), kind: .superclass))
        pending.append(superclass)
      }
      pending.append(cls.isa)
    }
  }
}
