// DiagramLayoutTests.swift: the diagram's geometry: columns, rows, and no box on another.

import Testing

@testable import RuntimeRecorder

@Suite struct DiagramLayoutTests {
  /// ann observed: NSObject, Person, NSKVONotifying_Person and their metaclasses.
  func observedLayout() throws -> (DiagramLayout, Runtime, ObservationToken) {
    let (runtime, person) = try personRuntime()
    let ann = try person.createInstance()
    let token = try ann.observe("age") { _, _ in }
    let snapshot = Snapshot(objects: [("ann", ann)], classes: [person])
    let moved = Difference.isaMoved(instance: "ann", from: "Person", to: "NSKVONotifying_Person")
    return (DiagramLayout(snapshot: snapshot, differences: [moved]), runtime, token)
  }

  @Test func eachMetaclassSitsOnItsClassRowInTheColumnToTheRight() throws {
    let (layout, runtime, token) = try observedLayout()
    for name in ["NSObject", "Person", "NSKVONotifying_Person"] {
      let cls = try #require(layout.box(name))
      let meta = try #require(layout.box(name + " (meta)"))
      #expect(cls.y == meta.y)
      #expect(meta.x > cls.x + cls.width)
    }
    let ann = try #require(layout.box("ann"))
    #expect(ann.x + ann.width < (layout.box("NSObject")?.x ?? 0))
    #expect(ann.y == layout.box("NSKVONotifying_Person")?.y, "an instance sits on its class's row")
    token.invalidate()
    try runtime.checkInvariants()
  }

  @Test func noTwoBoxesOverlapAndAllFit() throws {
    let (layout, runtime, token) = try observedLayout()
    for (index, a) in layout.boxes.enumerated() {
      #expect(a.x >= 0 && a.y >= 0 && a.x + a.width <= layout.width && a.y + a.height <= layout.height)
      for b in layout.boxes[(index + 1)...] {
        let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
        #expect(apart, "\(a.id) overlaps \(b.id)")
      }
    }
    token.invalidate()
    try runtime.checkInvariants()
  }

  @Test func movedIsaIsHighlightedWithAGhostOfWhereItWas() throws {
    let (layout, runtime, token) = try observedLayout()
    let isa = layout.edges.filter { $0.from == "ann" && $0.kind == .isa }
    #expect(isa.map(\.to) == ["NSKVONotifying_Person", "Person"])
    #expect(isa.map(\.isChanged) == [true, false])
    #expect(isa.map(\.isGhost) == [false, true])
    #expect(isa.map(\.label) == ["isa (moved)", "was"])
    let superclasses = layout.edges.filter { $0.kind == .superclass }.map { "\($0.from)>\($0.to)" }
    #expect(superclasses.contains("NSKVONotifying_Person>Person"))
    #expect(superclasses.contains("NSObject (meta)>NSObject"), "the root metaclass's superclass is the root class")
    token.invalidate()
    try runtime.checkInvariants()
  }

  @Test func aRootClassListsOnlyItsChangedMethods() throws {
    let runtime = Runtime()
    runtime.installKeyValueObserving()
    let count = runtime.rootClass.methodList.count
    try runtime.rootClass.addMethod("wave", types: "v16@0:8") { _, _, _ in .nil }
    let snapshot = Snapshot(objects: [], classes: [runtime.rootClass])
    let layout = DiagramLayout(snapshot: snapshot, differences: [.methodAdded(class: "NSObject", selector: "wave")])
    let rows = try #require(layout.box("NSObject")).rows
    #expect(count > DiagramLayout.longList)
    #expect(rows.map(\.left) == ["-wave", "… \(count) more methods"])
    #expect(rows.first?.tag == "new")
    try runtime.checkInvariants()
  }
}
