// ClassGraph+DOT.swift: the class/isa graph as a Graphviz DOT digraph.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/ClassGraphTests.swift.
//
// Laid out as the classic diagram: left to right, one column each for instances, classes and
// metaclasses (`rank=same`), isa arrows dashed across the columns, superclass arrows solid
// within them. Every identifier is a quoted DOT string, so names such as `Person (meta)` or
// `NSKVONotifying_Person` need no mangling; quotes and backslashes are escaped.

extension ClassGraph {
  /// The graph as a DOT `digraph` named `name`, ready for `dot -Tsvg`.
  ///
  /// ```
  /// digraph "step 3" {
  ///   rankdir=LR;
  ///   "ann" [shape=ellipse];
  ///   "ann" -> "NSKVONotifying_Person" [label="isa", style=dashed];
  ///   …
  /// }
  /// ```
  ///
  /// Objective-C: none (MiniKVO extension).
  public func dot(name: String) -> String {
    var lines = ["digraph \(Self.dotQuoted(name)) {"]
    lines.append("  rankdir=LR;")
    lines.append("  node [shape=box, fontname=\"Helvetica\"];")
    lines.append("  edge [fontname=\"Helvetica\", fontsize=10];")
    for kind in [Node.Kind.instance, .class, .metaclass] {
      let column = nodes.filter { $0.kind == kind }
      guard !column.isEmpty else { continue }
      lines.append("  subgraph {")
      lines.append("    rank=same;")
      for node in column {
        lines.append("    \(Self.dotQuoted(node.id)) [\(Self.dotAttributes(of: node))];")
      }
      lines.append("  }")
    }
    for edge in edges {
      let style = edge.kind == .isa ? ", style=dashed" : ""
      lines.append(
        "  \(Self.dotQuoted(edge.from)) -> \(Self.dotQuoted(edge.to)) [label=\(Self.dotQuoted(edge.kind.rawValue))\(style)];"
      )
    }
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  private static func dotAttributes(of node: Node) -> String {
    switch node.kind {
    case .instance: return "shape=ellipse"
    case .class: return "style=rounded"
    case .metaclass: return "style=\"rounded,dashed\", color=gray40"
    }
  }

  /// `text` as a DOT quoted string: `"Person (meta)"`, with `"` and `\` escaped.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func dotQuoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
