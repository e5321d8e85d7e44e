// RecorderSnippetTests.swift: the examples of docs/recorder.md. The code between
// `// snippet: docs/recorder.md#<section>` and `// end snippet` is the example of that section,
// verbatim (SnippetSyncTests checks it); what follows a region checks the rest.

import RuntimeRecorder
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct RecorderSnippetTests {
  @Test func recordingAStoryGivesFramesAndAPage() throws {
    let path = "/tmp/minikvo-recorder-snippet-\(getpid()).html"
    defer { unlink(path) }
    // snippet: docs/recorder.md#recording-a-story
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()

    let recording = try Recorder.record("Observing ann", in: runtime) { recorder in
      recorder.show(ann, as: "ann")  // draw ann (held weakly) from the next checkpoint on
      recorder.statement("[ann observe:@\"age\" options:NSKeyValueObservingOptionNew …];")
      let token = try ann.observe("age", options: [.new]) { _, _ in }
      recorder.checkpoint("Observe age")  // frame 1 ends here

      recorder.statement("ann.age = 43;")
      try runtime.msgSend(ann, "setAge:", 43)  // KVO's delivery is recorded as an event
      recorder.checkpoint("Set age")

      recorder.statement("[token invalidate];")
      token.invalidate()
      recorder.checkpoint("Stop observing")
    }
    let observed = recording.frames[0]
    #expect(observed.snapshot.instance(named: "ann")?.isa == "NSKVONotifying_Person")
    #expect(observed.differences.contains(.isaMoved(instance: "ann", from: "Person", to: "NSKVONotifying_Person")))
    #expect(recording.frames[1].events.contains { if case .observerNotified = $0 { true } else { false } })
    #expect(recording.frames[2].snapshot.instance(named: "ann")?.isa == "Person")
    try recording.write(toFile: path)  // one self-contained page: open it in a browser
    // end snippet
    #expect(recording.frames.map(\.title) == ["Observe age", "Set age", "Stop observing"])
    let file = try #require(fopen(path, "r"))
    fclose(file)
    try runtime.checkInvariants()
  }
}
