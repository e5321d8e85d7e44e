// ClassGraphTests.swift: the class/isa graph, and its DOT and Mermaid renderings.

import Foundation
import Testing

@testable import Tour

@Suite struct ClassGraphTests {
  /// Every step's graph from one whole tour in a fresh runtime.
  func graphs() throws -> [ClassGraph] {
    try Tour(runtime: Runtime()).runRemainingSteps().map(\.graph)
  }

  @Test func graphDrawsTheClassicIsaAndSuperclassPicture() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()
    let graph = ClassGraph(objects: [("ann", ann)])
    #expect(graph.nodes.map(\.id) == ["ann", "Person", "NSObject", "Person (meta)", "NSObject (meta)"])
    #expect(graph.node("ann")?.kind == .instance)
    #expect(graph.node("Person (meta)")?.kind == .metaclass)
    #expect(graph.target(of: "ann", .isa) == "Person")
    #expect(graph.target(of: "ann", .superclass) == nil)
    #expect(graph.target(of: "NSObject", .superclass) == nil)
    #expect(graph.target(of: "NSObject", .isa) == "NSObject (meta)")
    #expect(graph.target(of: "NSObject (meta)", .isa) == "NSObject (meta)")
    #expect(graph.target(of: "NSObject (meta)", .superclass) == "NSObject")
    #expect(Set(graph.edges).count == graph.edges.count)
    try runtime.checkInvariants()
  }

  @Test func everyEdgeOfEveryStepConnectsNodesOfTheGraph() throws {
    for graph in try graphs() {
      let ids = Set(graph.nodes.map(\.id))
      #expect(ids.count == graph.nodes.count)
      for edge in graph.edges {
        #expect(ids.contains(edge.from) && ids.contains(edge.to), "\(edge)")
      }
    }
  }

  // MARK: - DOT

  @Test func dotIsOneBalancedDigraphWhoseEdgesJoinDeclaredNodes() throws {
    for (index, graph) in try graphs().enumerated() {
      let dot = graph.dot(name: "step \(index + 1)")
      #expect(dot.hasPrefix("digraph \"step \(index + 1)\" {"))
      #expect(dot.hasSuffix("}"))
      #expect(dot.filter { $0 == "{" }.count == dot.filter { $0 == "}" }.count)
      let declared = Set(DOT.nodeDeclarations(in: dot))
      #expect(declared == Set(graph.nodes.map(\.id)))
      let edges = DOT.edges(in: dot)
      #expect(edges.count == graph.edges.count)
      for edge in edges {
        #expect(declared.contains(edge.from) && declared.contains(edge.to), "\(edge)")
        #expect(edge.label == "isa" || edge.label == "superclass")
      }
    }
  }

  @Test func dotOfStepThreeHasAnnIsaNotifyingSubclassAndStepSixPerson() throws {
    let graphs = try graphs()
    let step3 = DOT.edges(in: graphs[2].dot(name: "step 3"))
    #expect(step3.contains(DOT.Edge(from: "ann", to: "NSKVONotifying_Person", label: "isa")))
    #expect(step3.contains(DOT.Edge(from: "NSKVONotifying_Person", to: "Person", label: "superclass")))
    let step6 = DOT.edges(in: graphs[5].dot(name: "step 6"))
    #expect(step6.contains(DOT.Edge(from: "ann", to: "Person", label: "isa")))
    #expect(!step6.contains(DOT.Edge(from: "ann", to: "NSKVONotifying_Person", label: "isa")))
    #expect(step6.contains(DOT.Edge(from: "NSKVONotifying_Person", to: "Person", label: "superclass")))
  }

  @Test(arguments: [
    ("Person", "\"Person\""), ("Person (meta)", "\"Person (meta)\""), ("say \"hi\"", "\"say \\\"hi\\\"\""),
    ("a\\b", "\"a\\\\b\""),
  ])
  func dotQuotesEveryIdentifier(text: String, quoted: String) {
    #expect(ClassGraph.dotQuoted(text) == quoted)
  }

  @Test(.enabled(if: DOT.graphvizPath != nil, "Graphviz (dot) is not installed"))
  func graphvizRendersEveryStepAsSVG() throws {
    for (index, graph) in try graphs().enumerated() {
      let svg = try DOT.render(graph.dot(name: "step \(index + 1)"))
      #expect(svg.contains("<svg"), "step \(index + 1)")
      #expect(svg.contains("NSKVONotifying_Person") == (index >= 2), "step \(index + 1)")
    }
  }

  // MARK: - Mermaid

  @Test func mermaidIsAFlowchartWhoseEdgesJoinDeclaredNodes() throws {
    for graph in try graphs() {
      let lines = graph.mermaid.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(lines.first == "flowchart LR")
      #expect(lines.filter { $0.hasPrefix("subgraph ") }.count == lines.filter { $0 == "end" }.count)
      var labels: [String: String] = [:]
      for line in lines {
        if let match = line.wholeMatch(of: /(n\d+)\(?\[\"(.*)\"\]\)?/) { labels[String(match.1)] = String(match.2) }
      }
      #expect(Set(labels.values) == Set(graph.nodes.map(\.id)))
      var edges: [(String, String, String)] = []
      for line in lines {
        if let match = line.wholeMatch(of: /(n\d+) -\. isa \.-> (n\d+)/) {
          edges.append((String(match.1), String(match.2), "isa"))
        } else if let match = line.wholeMatch(of: /(n\d+) -- superclass --> (n\d+)/) {
          edges.append((String(match.1), String(match.2), "superclass"))
        }
      }
      #expect(edges.count == graph.edges.count)
      for (from, to, kind) in edges {
        let edge = ClassGraph.Edge(
          from: labels[from] ?? "?", to: labels[to] ?? "?", kind: kind == "isa" ? .isa : .superclass)
        #expect(graph.edges.contains(edge))
      }
    }
  }

  @Test func mermaidEscapesQuotesInLabels() {
    #expect(ClassGraph.mermaidQuoted("say \"hi\"") == "\"say #quot;hi#quot;\"")
  }
}

/// A small reader for the DOT the tour writes, and Graphviz if it is installed.
enum DOT {
  struct Edge: Hashable {
    let from: String
    let to: String
    let label: String
  }

  /// The ids of lines of the form `"id" [attributes];`.
  static func nodeDeclarations(in dot: String) -> [String] {
    dot.split(separator: "\n").compactMap { line in
      line.trimmingCharacters(in: .whitespaces).wholeMatch(of: /"((?:[^"\\]|\\.)*)" \[.*\];/).map {
        unescape(String($0.1))
      }
    }
  }

  /// The edges, from lines of the form `"a" -> "b" [label="isa", …];`.
  static func edges(in dot: String) -> [Edge] {
    dot.split(separator: "\n").compactMap { line in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard let match = trimmed.wholeMatch(of: /"((?:[^"\\]|\\.)*)" -> "((?:[^"\\]|\\.)*)" \[label="([a-z]+)".*\];/)
      else {
        return nil
      }
      return Edge(from: unescape(String(match.1)), to: unescape(String(match.2)), label: String(match.3))
    }
  }

  static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
  }

  /// `dot` on the PATH, if any.
  static let graphvizPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// `dot -Tsvg` of `source`.
  static func render(_ source: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(graphvizPath))
    process.arguments = ["-Tsvg"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(source.utf8))
    try input.fileHandleForWriting.close()
    let svg = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(String(decoding: message, as: UTF8.self))")
    return String(decoding: svg, as: UTF8.self)
  }
}
