// SVGDiagram.swift: a frame's diagram as inline SVG.
//
// Docs: docs/recorder.md#the-page. Tests: Tests/RuntimeRecorderTests/HTMLPageTests.swift, DiagramLayoutTests.swift.
//
// Drawn from a `DiagramLayout`; styled by the page's stylesheet through classes (so print and
// screen can differ), with the ids the browser test reads in data attributes: every box is a
// `<g class="node KIND" data-id="…">`, every arrow a `<path class="edge isa|superclass"
// data-from="…" data-to="…">`. Changes are marked by class and by a word (a `new` badge, an
// `isa (moved)` label), never by colour alone, so they survive a black-and-white printer.

/// Renders one frame's diagram.
struct SVGDiagram {
  let layout: DiagramLayout
  let label: String
  let summary: String

  init(frame: Frame) {
    layout = DiagramLayout(snapshot: frame.snapshot, differences: frame.differences)
    label = "Objects and classes after step \(frame.number)"
    summary = Self.summary(of: frame.snapshot)
  }

  /// One sentence per instance and class: what a screen reader says instead of the picture.
  static func summary(of snapshot: Snapshot) -> String {
    var sentences = snapshot.instances.map { "\($0.name)'s isa points to \($0.isa)." }
    for cls in snapshot.boxes where !cls.isMetaclass {
      let superclass = cls.superclass.map { "a subclass of \($0)" } ?? "a root class"
      sentences.append("\(cls.id) is \(superclass) with \(cls.methods.count) methods of its own.")
    }
    return sentences.joined(separator: " ")
  }

  func render(id: String) -> String {
    let width = DiagramLayout.n(layout.width)
    let height = DiagramLayout.n(layout.height)
    var out = """
      <svg class="diagram" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(width) \(height)" \
      width="\(width)" height="\(height)" style="max-width:\(DiagramLayout.n(layout.width * 1.3))px" \
      role="img" aria-labelledby="\(id)-title \(id)-desc">
      <title id="\(id)-title">\(Markup.escape(label))</title>
      <desc id="\(id)-desc">\(Markup.escape(summary))</desc>

      """
    for column in layout.columns {
      out += "<text class=\"column-title\" x=\"\(DiagramLayout.n(column.x))\" y=\"14\">\(column.title)</text>\n"
    }
    for edge in layout.edges.sorted(by: { ($0.isFaint ? 0 : 1, $0.isChanged ? 1 : 0) < ($1.isFaint ? 0 : 1, $1.isChanged ? 1 : 0) }) {
      out += render(edge)
    }
    for box in layout.boxes { out += render(box) }
    return out + "</svg>"
  }

  private func render(_ edge: DiagramLayout.Edge) -> String {
    var classes = ["edge", edge.kind.rawValue]
    if edge.isChanged { classes.append("changed") }
    if edge.isGhost { classes.append("ghost") }
    if edge.isFaint { classes.append("faint") }
    let marker = edge.isChanged ? "arrow-changed" : edge.isGhost || edge.isFaint ? "arrow-faint" : "arrow"
    var out =
      "<path class=\"\(classes.joined(separator: " "))\" data-from=\"\(Markup.escape(edge.from))\" "
      + "data-to=\"\(Markup.escape(edge.to))\" d=\"\(edge.path)\" marker-end=\"url(#\(marker))\"/>\n"
    if let label = edge.label {
      out +=
        "<text class=\"edge-label \(classes.dropFirst().joined(separator: " "))\" x=\"\(DiagramLayout.n(edge.labelX))\" "
        + "y=\"\(DiagramLayout.n(edge.labelY))\">\(Markup.escape(label))</text>\n"
    }
    return out
  }

  private func render(_ box: DiagramLayout.Box) -> String {
    let n = DiagramLayout.n
    let changed = !box.badges.isEmpty
    var out = "<g class=\"node \(box.kind.rawValue)\(changed ? " changed" : "")\" data-id=\"\(Markup.escape(box.id))\">\n"
    out +=
      "<rect class=\"box\" x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" rx=\"\(box.kind == .instance ? 10 : 3)\"/>\n"
    out +=
      "<rect class=\"header\" x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.width))\" height=\"\(n(DiagramLayout.header))\" rx=\"\(box.kind == .instance ? 10 : 3)\"/>\n"
    let textX = box.x + DiagramLayout.padding
    out +=
      "<text class=\"title\" x=\"\(n(textX))\" y=\"\(n(box.y + 17))\">\(Markup.escape(box.title))</text>\n"
    var badgeRight = box.x + box.width - 6
    for badge in box.badges.reversed() {
      let width = Double(badge.count) * 6.4 + 10
      badgeRight -= width
      out +=
        "<g class=\"badge\"><rect x=\"\(n(badgeRight))\" y=\"\(n(box.y + 5))\" width=\"\(n(width))\" height=\"14\" rx=\"7\"/>"
        + "<text x=\"\(n(badgeRight + 5))\" y=\"\(n(box.y + 15.5))\">\(Markup.escape(badge))</text></g>\n"
      badgeRight -= 4
    }
    var y = box.y + DiagramLayout.header
    if let subtitle = box.subtitle {
      out += "<text class=\"subtitle\" x=\"\(n(textX))\" y=\"\(n(y + 13))\">\(Markup.escape(subtitle))</text>\n"
      y += DiagramLayout.line
    }
    for row in box.rows {
      out += render(row, x: textX, y: y, box: box)
      y += DiagramLayout.line
    }
    return out + "</g>\n"
  }

  private func render(_ row: DiagramLayout.Row, x: Double, y: Double, box: DiagramLayout.Box) -> String {
    let n = DiagramLayout.n
    var out = ""
    var classes = ["row"]
    if row.isDim { classes.append("dim") }
    if row.isContinuation { classes.append("imp") }
    if let tag = row.tag {
      classes.append("changed")
      out +=
        "<rect class=\"row-mark\" x=\"\(n(box.x + 2))\" y=\"\(n(y + 1))\" width=\"\(n(box.width - 4))\" height=\"\(n(DiagramLayout.line - 1))\"/>\n"
      out +=
        "<text class=\"row-tag\" x=\"\(n(box.x + box.width - 6))\" y=\"\(n(y + 13))\" text-anchor=\"end\">\(Markup.escape(tag))</text>\n"
    }
    let right =
      row.right.isEmpty
      ? ""
      : "<tspan class=\"imp\" x=\"\(n(x + Double(box.leftWidth + 2) * DiagramLayout.character))\">\(Markup.escape(row.right))</tspan>"
    out +=
      "<text class=\"\(classes.joined(separator: " "))\" x=\"\(n(x))\" y=\"\(n(y + 13))\">"
      + "<tspan class=\"sel\">\(Markup.escape(row.left))</tspan>\(right)</text>\n"
    return out
  }
}

/// Escaping for HTML and SVG text and attributes.
enum Markup {
  /// `text` with `&`, `<`, `>` and `"` escaped.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
