// ClassGraph+Mermaid.swift: the class/isa graph as a Mermaid flowchart.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/ClassGraphTests.swift.
//
// Mermaid node ids must be plain words, so nodes are numbered (`n0`, `n1`, …) and carry their
// real names as quoted labels; subgraph ids get a `Column` suffix so that none can collide with
// a Mermaid keyword. Instances, classes and metaclasses each get a subgraph column;
// isa arrows are dotted, superclass arrows solid, as in the DOT rendering.

extension ClassGraph {
  /// The graph as a Mermaid `flowchart LR`.
  ///
  /// ```
  /// flowchart LR
  ///   subgraph instancesColumn["instances"]
  ///     n0(["ann"])
  ///   end
  ///   …
  ///   n0 -. isa .-> n1
  ///   n1 -- superclass --> n2
  /// ```
  ///
  /// Objective-C: none (MiniKVO extension).
  public var mermaid: String {
    let ids = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, "n\($0)") })
    var lines = ["flowchart LR"]
    for (kind, title) in [(Node.Kind.instance, "instances"), (.class, "classes"), (.metaclass, "metaclasses")] {
      let column = nodes.filter { $0.kind == kind }
      guard !column.isEmpty else { continue }
      lines.append("  subgraph \(title)Column[\"\(title)\"]")
      for node in column {
        let id = ids[node.id] ?? "?"
        let label = Self.mermaidQuoted(node.id)
        lines.append(kind == .instance ? "    \(id)([\(label)])" : "    \(id)[\(label)]")
      }
      lines.append("  end")
    }
    for edge in edges {
      let from = ids[edge.from] ?? "?"
      let to = ids[edge.to] ?? "?"
      lines.append(edge.kind == .isa ? "  \(from) -. isa .-> \(to)" : "  \(from) -- superclass --> \(to)")
    }
    return lines.joined(separator: "\n")
  }

  /// `text` as a Mermaid quoted label; `"` becomes `#quot;`, Mermaid's entity for it.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static func mermaidQuoted(_ text: String) -> String {
    "\"" + text.replacingAll("\"", with: "#quot;") + "\""
  }
}

extension String {
  /// The string with every occurrence of `target` replaced (no Foundation in this target).
  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
