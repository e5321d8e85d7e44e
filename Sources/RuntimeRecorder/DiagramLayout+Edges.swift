// DiagramLayout+Edges.swift: the arrows of a frame's diagram, routed between placed boxes.
//
// Docs: docs/recorder.md#the-page. Tests: Tests/RuntimeRecorderTests/DiagramLayoutTests.swift.
//
// isa arrows run left to right (instance → class → metaclass) as curves; superclass arrows are
// elbows up the indentation gutter of their column, so they never cross a box. Two arrows leave
// the grid: the root metaclass's superclass (the root class) arcs over the top, and every
// metaclass's isa (the root metaclass) joins a faint bus on the right.

extension DiagramLayout {
  static func edges(_ snapshot: Snapshot, boxes: [Box], marks: Marks) -> [Edge] {
    let byID = Dictionary(boxes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var edges: [Edge] = []
    let busX = (boxes.filter { $0.kind == .metaclass }.map { $0.x + $0.width }.max() ?? 0) + 22
    for instance in snapshot.instances {
      guard let from = byID[instance.name], let to = byID[instance.isa] else { continue }
      var edge = isaCurve(from, to, label: marks.movedIsa[instance.name] == nil ? "isa" : "isa (moved)")
      edge.isChanged = marks.movedIsa[instance.name] != nil
      edges.append(edge)
      if let previous = marks.movedIsa[instance.name], let old = byID[previous] {
        var ghost = isaCurve(from, old, label: "was")
        ghost.isGhost = true
        edges.append(ghost)
      }
    }
    for cls in snapshot.boxes {
      guard let box = byID[cls.id] else { continue }
      if let superclassID = cls.superclass, let superclass = byID[superclassID] {
        var edge =
          superclass.kind == box.kind
          ? elbow(box, up: superclass) : arcOver(from: box, to: superclass)
        edge.isChanged = marks.changedSuperclass.contains(cls.id)
        edges.append(edge)
      }
      guard let isa = byID[cls.isa] else { continue }
      if box.kind == .class {
        edges.append(isaCurve(box, isa, label: "isa"))
      } else {
        var edge = bus(box, to: isa, busX: busX)
        edge.isFaint = true
        edges.append(edge)
      }
    }
    return edges
  }

  /// A curve from the right of `from`'s header to the left of `to`'s.
  private static func isaCurve(_ from: Box, _ to: Box, label: String) -> Edge {
    let (x1, y1) = (from.x + from.width, from.anchorY)
    let (x2, y2) = (to.x - 2, to.anchorY)
    let bend = max(24, (x2 - x1) / 2)
    let path = "M\(n(x1)),\(n(y1)) C\(n(x1 + bend)),\(n(y1)) \(n(x2 - bend)),\(n(y2)) \(n(x2)),\(n(y2))"
    return Edge(kind: .isa, from: from.id, to: to.id, path: path, label: label, labelX: x1 + 6, labelY: y1 - 5)
  }

  /// From the left of `child`'s header, left into the gutter, then up to `parent`'s bottom.
  private static func elbow(_ child: Box, up parent: Box) -> Edge {
    let gutter = parent.x + 8
    let path = "M\(n(child.x)),\(n(child.anchorY)) H\(n(gutter)) V\(n(parent.y + parent.height + 2))"
    return Edge(
      kind: .superclass, from: child.id, to: parent.id, path: path, label: nil, labelX: gutter, labelY: child.anchorY)
  }

  /// The root metaclass's superclass, the root class: up from the metaclass, over, and down.
  private static func arcOver(from meta: Box, to root: Box) -> Edge {
    let top = 26.0
    let x1 = meta.x + 24
    let x2 = root.x + root.width - 24
    let path = "M\(n(x1)),\(n(meta.y)) V\(n(top)) H\(n(x2)) V\(n(root.y - 2))"
    return Edge(
      kind: .superclass, from: meta.id, to: root.id, path: path, label: "superclass", labelX: (x1 + x2) / 2 - 36,
      labelY: top - 5)
  }

  /// A metaclass's isa to the root metaclass: right to the bus, along it, and back in.
  private static func bus(_ meta: Box, to root: Box, busX: Double) -> Edge {
    let y1 = meta.anchorY
    let y2 = root.anchorY + (meta.id == root.id ? 0 : -5)
    let start = meta.id == root.id ? y1 + 5 : y1
    let path = "M\(n(meta.x + meta.width)),\(n(start)) H\(n(busX)) V\(n(y2)) H\(n(root.x + root.width + 2))"
    return Edge(
      kind: .isa, from: meta.id, to: root.id, path: path, label: meta.id == root.id ? "isa" : nil, labelX: busX + 3,
      labelY: y2 + 4)
  }

  /// A coordinate as SVG text: at most one decimal.
  static func n(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
  }
}
