// RecorderTests.swift: what a recorder captures between checkpoints, and what it leaves alone.

import Testing

@testable import RuntimeRecorder

@Suite struct RecorderTests {
  @Test func eventsFollowTheStatementThatCausedThem() throws {
    let (runtime, person) = try personRuntime()
    let ann = try person.createInstance()
    let recording = try Recorder.record("story", in: runtime) { recorder in
      recorder.statement("[ann addObserver:…];")
      let token = try ann.observe("age", options: [.new]) { _, _ in }
      recorder.statement("ann.age = 7;")
      try runtime.msgSend(ann, "setAge:", 7)
      recorder.checkpoint("observed and set")
      token.invalidate()
    }
    let entries = try #require(recording.frames.first).entries
    let firstSet = try #require(entries.firstIndex(of: .statement("ann.age = 7;")))
    let swizzle = try #require(
      entries.firstIndex { if case .event(.isaChanged(_, "Person", "NSKVONotifying_Person")) = $0 { true } else { false } })
    let delivery = try #require(
      entries.firstIndex { if case .event(.observerNotified) = $0 { true } else { false } })
    #expect(entries.first == .statement("[ann addObserver:…];"))
    #expect(swizzle < firstSet)
    #expect(delivery > firstSet)
    try runtime.checkInvariants()
  }

  @Test func deliveriesAreRecordedWithTheirChangeDictionary() throws {
    let (runtime, person) = try personRuntime()
    let ann = try person.createInstance()
    let token = try ann.observe("age", options: [.new, .old]) { _, _ in }
    let recording = try Recorder.record("story", in: runtime) { recorder in
      try runtime.msgSend(ann, "setAge:", 43)
      recorder.checkpoint("set")
    }
    token.invalidate()
    let deliveries = recording.frames[0].events.compactMap { event -> (String, String)? in
      if case .observerNotified(let observer, let keyPath, _, let change) = event { (observer + " " + keyPath, change) } else { nil }
    }
    #expect(deliveries.count == 1)
    #expect(deliveries.first?.0 == "block age")
    #expect(deliveries.first?.1.contains("new = 43;") == true)
    #expect(deliveries.first?.1.contains("old = 0;") == true)
    try runtime.checkInvariants()
  }

  @Test func checkpointSnapshotShowsTheSwizzledIsa() throws {
    let (runtime, person) = try personRuntime()
    let ann = try person.createInstance()
    let recorder = Recorder(runtime: runtime)
    recorder.show(ann, as: "ann")
    recorder.start()
    let token = try ann.observe("age") { _, _ in }
    let observed = recorder.checkpoint("observed")
    token.invalidate()
    let restored = recorder.checkpoint("removed")
    recorder.stop()
    #expect(observed.snapshot.instance(named: "ann")?.isa == "NSKVONotifying_Person")
    #expect(observed.snapshot.box("NSKVONotifying_Person")?.superclass == "Person")
    #expect(observed.differences.contains(.isaMoved(instance: "ann", from: "Person", to: "NSKVONotifying_Person")))
    #expect(observed.differences.contains(.classAdded("NSKVONotifying_Person")))
    #expect(restored.snapshot.instance(named: "ann")?.isa == "Person")
    #expect(restored.snapshot.box("NSKVONotifying_Person") != nil, "a class once drawn stays while registered")
    #expect(restored.differences == [.isaMoved(instance: "ann", from: "NSKVONotifying_Person", to: "Person")])
    #expect(recorder.frames.map(\.number) == [1, 2])
    try runtime.checkInvariants()
  }

  @Test func classesTheStoryTouchesAreDrawn() throws {
    let runtime = Runtime()
    let recording = try Recorder.record("story", in: runtime) { recorder in
      let animal = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Animal")
      try runtime.registerClassPair(animal)
      let dog = try runtime.allocateClassPair(superclass: animal, name: "Dog")
      try runtime.registerClassPair(dog)
      recorder.checkpoint("classes")
      try runtime.rootClass.addMethod("bark", types: "v16@0:8") { _, _, _ in .nil }
    }
    #expect(recording.frames.map(\.title) == ["classes", "End"])
    let ids = recording.frames[0].snapshot.boxes.map(\.id)
    #expect(ids == ["NSObject", "Animal", "Dog", "NSObject (meta)", "Animal (meta)", "Dog (meta)"])
    #expect(recording.frames[1].differences.contains(.methodAdded(class: "NSObject", selector: "bark")))
    try runtime.checkInvariants()
  }

  @Test func recordingKeepsNoObjectAlive() throws {
    let (runtime, person) = try personRuntime()
    let recorder = Recorder(runtime: runtime)
    recorder.start()
    weak var weakAnn: Object?
    do {
      let ann = try person.createInstance()
      weakAnn = ann
      recorder.show(ann, as: "ann")
      #expect(recorder.checkpoint("alive").snapshot.instance(named: "ann") != nil)
    }
    #expect(weakAnn == nil)
    let gone = recorder.checkpoint("gone")
    recorder.stop()
    #expect(gone.snapshot.instances.isEmpty)
    #expect(gone.differences.contains(.instanceRemoved("ann")))
    #expect(person.liveInstanceCount == 0)
    try runtime.checkInvariants()
  }

  @Test func stoppedRecorderHearsNothing() throws {
    let runtime = Runtime()
    let recorder = Recorder(runtime: runtime)
    recorder.start()
    recorder.start()  // harmless
    #expect(recorder.isRecording)
    recorder.stop()
    #expect(!recorder.isRecording)
    _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Unheard")
    #expect(recorder.checkpoint("after stop").events.isEmpty)
  }

  @Test func messageSendsAreRecordedOnlyWhenAskedFor() throws {
    let (runtime, person) = try personRuntime()
    let ann = try person.createInstance()
    try runtime.msgSend(ann, "age")  // the first message initializes Person (events) before recording
    let quiet = try Recorder.record("quiet", in: runtime) { _ in try runtime.msgSend(ann, "setAge:", 1) }
    let traced = try Recorder.record("traced", in: runtime, tracingMessageSends: true) { _ in
      try runtime.msgSend(ann, "setAge:", 2)
    }
    #expect(quiet.frames.isEmpty, "no event, so no End frame")
    #expect(traced.frames.first?.events.contains { if case .messageSent(_, "setAge:", _, _) = $0 { true } else { false } } == true)
  }
}
