// DiagramLayout.swift: where each box and arrow of a frame's diagram goes.
//
// Docs: docs/recorder.md#the-page. Tests: Tests/RuntimeRecorderTests/DiagramLayoutTests.swift.
//
// The classic picture of the Objective-C object model, in three columns: instances, classes,
// metaclasses. Classes are listed as a tree (a superclass above its subclasses, indented by
// depth), with superclass arrows as elbows in the indentation gutter; each metaclass sits on its
// class's row, so the class → metaclass isa arrows are level; each instance sits as close as it
// can to the row of its class. Text is monospaced, so a box's width follows from its longest line
// without a browser to measure it. Pure: a snapshot and its differences in, geometry out.

/// The geometry of one frame's diagram.
struct DiagramLayout {
  enum Kind: String { case instance, `class`, metaclass }

  /// One line inside a box: up to two aligned columns, and a tag when it changed.
  struct Row {
    var left: String
    var right: String = ""
    var tag: String? = nil
    var isDim = false
    /// The second line of a row too long for one: its right column, indented.
    var isContinuation = false
  }

  struct Box {
    let id: String
    let kind: Kind
    var x = 0.0
    var y = 0.0
    let width: Double
    let title: String
    let subtitle: String?
    let rows: [Row]
    /// `new`, `cache flushed`: shown in the header; the box is highlighted when it has any.
    let badges: [String]
    let leftWidth: Int
    var height: Double { DiagramLayout.header + (subtitle == nil ? 0 : DiagramLayout.line) + Double(max(rows.count, 0)) * DiagramLayout.line + 8 }
    var anchorY: Double { y + DiagramLayout.header / 2 }
  }

  enum EdgeKind: String { case isa, superclass }

  struct Edge {
    let kind: EdgeKind
    let from: String
    let to: String
    let path: String
    let label: String?
    let labelX: Double
    let labelY: Double
    var isChanged = false
    var isGhost = false
    /// A metaclass's isa to the root metaclass: drawn faintly, it is the same for all.
    var isFaint = false
  }

  // Metrics of the SVG's monospaced text (12px; DejaVu Sans Mono's advance is 0.602 em).
  static let character = 7.3
  static let titleCharacter = 8.0
  static let line = 17.0
  static let header = 24.0
  static let padding = 10.0
  static let indent = 18.0
  static let gap = 60.0
  /// A row longer than this many characters puts its right column on a line of its own.
  static let longRow = 44
  static let top = 44.0
  /// Method lists longer than this (a root class's) show only their changed methods.
  static let longList = 8

  private(set) var boxes: [Box] = []
  private(set) var edges: [Edge] = []
  private(set) var width = 0.0
  private(set) var height = 0.0
  private(set) var columns: [(title: String, x: Double)] = []

  init(snapshot: Snapshot, differences: [Difference]) {
    let marks = Marks(differences)
    let classes = snapshot.boxes.filter { !$0.isMetaclass }
    let metaclasses = snapshot.boxes.filter(\.isMetaclass)
    var instances = snapshot.instances.map { Self.box(for: $0, marks) }
    var classBoxes = classes.map { Self.box(for: $0, marks) }
    var metaBoxes = metaclasses.map { Self.box(for: $0, marks) }
    let classDepth = Self.depths(classes)
    let metaDepth = Self.depths(metaclasses)

    // Columns.
    var x = 16.0
    let instanceColumn = x
    if !instances.isEmpty {
      columns.append(("instances", x))
      x += (instances.map(\.width).max() ?? 0) + Self.gap
    }
    let classColumn = x
    columns.append(("classes", x))
    x += zip(classBoxes, classes).map { Double(classDepth[$1.id] ?? 0) * Self.indent + $0.width }.max() ?? 0
    x += Self.gap
    let metaColumn = x
    if !metaBoxes.isEmpty { columns.append(("metaclasses", x)) }
    x += zip(metaBoxes, metaclasses).map { Double(metaDepth[$1.id] ?? 0) * Self.indent + $0.width }.max() ?? 0

    // Rows: a class and its metaclass share one.
    var y = Self.top
    var rowOf: [String: Double] = [:]
    for index in classBoxes.indices {
      let cls = classes[index]
      classBoxes[index].x = classColumn + Double(classDepth[cls.id] ?? 0) * Self.indent
      classBoxes[index].y = y
      rowOf[cls.id] = y
      var rowHeight = classBoxes[index].height
      if let meta = metaBoxes.firstIndex(where: { $0.id == cls.isa }) {
        metaBoxes[meta].x = metaColumn + Double(metaDepth[metaclasses[meta].id] ?? 0) * Self.indent
        metaBoxes[meta].y = y
        rowOf[metaclasses[meta].id] = y
        rowHeight = max(rowHeight, metaBoxes[meta].height)
      }
      y += rowHeight + 18
    }
    for index in metaBoxes.indices where rowOf[metaBoxes[index].id] == nil {  // a metaclass shown alone
      metaBoxes[index].x = metaColumn + Double(metaDepth[metaclasses[index].id] ?? 0) * Self.indent
      metaBoxes[index].y = y
      y += metaBoxes[index].height + 18
    }
    // Instances: each as near its class's row as the ones above it allow.
    var order = Array(instances.indices)
    let wanted = snapshot.instances.map { rowOf[$0.isa] ?? Self.top }
    order.sort { (wanted[$0], $0) < (wanted[$1], $1) }
    var bottom = 0.0
    for index in order {
      instances[index].x = instanceColumn
      instances[index].y = max(wanted[index], bottom == 0 ? Self.top : bottom + 14)
      bottom = instances[index].y + instances[index].height
    }
    boxes = instances + classBoxes + metaBoxes
    width = x + 44
    height = (boxes.map { $0.y + $0.height }.max() ?? Self.top) + 12
    edges = Self.edges(snapshot, boxes: boxes, marks: marks)
  }

  func box(_ id: String) -> Box? { boxes.first { $0.id == id } }

  /// Depth of each class in its column's tree (0 for a root there).
  private static func depths(_ classes: [Snapshot.ClassBox]) -> [String: Int] {
    var depth: [String: Int] = [:]
    for cls in classes {  // tree order: a superclass comes first
      depth[cls.id] = cls.superclass.flatMap { depth[$0] }.map { $0 + 1 } ?? 0
    }
    return depth
  }
}

extension DiagramLayout {
  /// The differences, indexed by what they mark.
  struct Marks {
    var newBoxes: Set<String> = []
    var flushed: Set<String> = []
    var movedIsa: [String: String] = [:]  // instance → previous class
    var changedSuperclass: Set<String> = []
    var methodTags: [String: String] = [:]  // "class selector" → tag
    var fieldTags: Set<String> = []  // "instance name"

    init(_ differences: [Difference]) {
      for difference in differences {
        switch difference {
        case .classAdded(let id), .instanceAdded(let id): newBoxes.insert(id)
        case .cacheFlushed(let id): flushed.insert(id)
        case .isaMoved(let name, let from, _): movedIsa[name] = from
        case .superclassChanged(let id, _, _): changedSuperclass.insert(id)
        case .methodAdded(let id, let selector): methodTags["\(id) \(selector)"] = "new"
        case .implementationChanged(let id, let selector, _, _): methodTags["\(id) \(selector)"] = "IMP changed"
        case .ivarChanged(let name, let ivar, _, _): fieldTags.insert("\(name) \(ivar)")
        case .associationChanged(let name, let key): fieldTags.insert("\(name) \(key)")
        case .classRemoved, .instanceRemoved: break
        }
      }
    }
  }

  static func box(for instance: Snapshot.Instance, _ marks: Marks) -> Box {
    var rows = instance.ivars.map { field in
      Row(left: field.name, right: "= " + field.value, tag: marks.fieldTags.contains("\(instance.name) \(field.name)") ? "changed" : nil)
    }
    rows += instance.associatedObjects.map { field in
      Row(
        left: "assoc " + field.name, right: "= " + field.value,
        tag: marks.fieldTags.contains("\(instance.name) \(field.name)") ? "changed" : nil)
    }
    if rows.isEmpty { rows = [Row(left: "(no ivars)", isDim: true)] }
    return makeBox(
      id: instance.name, kind: .instance, title: instance.name, subtitle: instance.description, rows: rows,
      badges: marks.newBoxes.contains(instance.name) ? ["new"] : [])
  }

  static func box(for cls: Snapshot.ClassBox, _ marks: Marks) -> Box {
    let prefix = cls.isMetaclass ? "+" : "-"
    func tag(_ method: Snapshot.MethodEntry) -> String? { marks.methodTags["\(cls.id) \(method.selector)"] }
    var methods = cls.methods
    var summary: Row?
    if methods.count > longList {
      methods = cls.methods.filter { tag($0) != nil }
      let hidden = cls.methods.count - methods.count
      summary = Row(left: "… \(hidden) more methods", isDim: true)
    }
    var rows = methods.map { method in
      Row(left: prefix + method.selector, right: shortImplementation(method, of: cls), tag: tag(method))
    }
    if let summary { rows.append(summary) }
    if cls.methods.isEmpty { rows = [Row(left: "(no methods)", isDim: true)] }
    var badges: [String] = []
    if marks.newBoxes.contains(cls.id) { badges.append("new") }
    if marks.flushed.contains(cls.id) { badges.append("cache flushed") }
    return makeBox(
      id: cls.id, kind: cls.isMetaclass ? .metaclass : .class, title: cls.id,
      subtitle: cls.isRegistered ? nil : "(under construction)", rows: rows, badges: badges)
  }

  /// The IMP's name, or `-[Observer …]` when it is the method's own conventional name and the
  /// row would not fit on one line (the selector is right beside it; the events list it whole).
  private static func shortImplementation(_ method: Snapshot.MethodEntry, of cls: Snapshot.ClassBox) -> String {
    let sign = cls.isMetaclass ? "+" : "-"
    let own = "\(sign)[\(cls.name) \(method.selector)]"
    guard method.implementation == own, method.selector.count + 3 + own.count > longRow else {
      return method.implementation
    }
    return "\(sign)[\(cls.name) …]"
  }

  private static func makeBox(
    id: String, kind: Kind, title: String, subtitle: String?, rows wide: [Row], badges: [String]
  ) -> Box {
    var rows: [Row] = []
    for row in wide {
      if row.right.isEmpty || row.left.count + 2 + row.right.count <= longRow {
        rows.append(row)
      } else {
        rows.append(Row(left: row.left, tag: row.tag, isDim: row.isDim))
        rows.append(Row(left: "  " + row.right, isDim: row.isDim, isContinuation: true))
      }
    }
    let leftWidth = rows.filter { !$0.right.isEmpty }.map(\.left.count).max() ?? 0
    let rowWidths = rows.map { row -> Double in
      let columns = row.right.isEmpty ? row.left.count : leftWidth + 2 + row.right.count
      return Double(columns + (row.tag.map { $0.count + 3 } ?? 0)) * character
    }
    let badgeWidth = badges.map { Double($0.count) * 6.4 + 16 }.reduce(0, +)
    let titleWidth = Double(title.count) * titleCharacter + badgeWidth
    let subtitleWidth = Double(subtitle?.count ?? 0) * character
    let width = max(titleWidth, subtitleWidth, rowWidths.max() ?? 0, 96) + 2 * padding
    return Box(
      id: id, kind: kind, width: width.rounded(.up), title: title, subtitle: subtitle, rows: rows, badges: badges,
      leftWidth: leftWidth)
  }
}
