// TourPageTests.swift: `kvo-tour --html FILE`, the tour recorded as a step-through page.

import Testing

@testable import Tour

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct TourPageTests {
  @Test func htmlTakesAFileAndExcludesOtherFormats() throws {
    #expect(try TourOptions.parse(["--html", "tour.html"]).htmlPath == "tour.html")
    #expect(try TourOptions.parse(["--html=t.html", "--step", "3"]).format == .html)
    #expect(throws: TourOptions.UsageError.self) { try TourOptions.parse(["--html"]) }
    #expect(throws: TourOptions.UsageError.self) { try TourOptions.parse(["--html", "--dot"]) }
    #expect(throws: TourOptions.UsageError.self) { try TourOptions.parse(["--html", "a", "--dot"]) }
    #expect(throws: TourOptions.UsageError.self) { try TourOptions.parse(["--html", "a", "--html", "b"]) }
  }

  @Test func recordedTourHasOneFramePerStepShowingTheSwizzle() throws {
    let runtime = Runtime()
    let recorder = Recorder(runtime: runtime)
    let tour = Tour(runtime: runtime, recorder: recorder)
    _ = try tour.runRemainingSteps()
    recorder.stop()
    let frames = recorder.frames
    #expect(frames.map(\.title) == Tour.steps.map(\.title))
    #expect(frames[2].snapshot.instance(named: "ann")?.isa == "NSKVONotifying_Person")
    #expect(frames[2].snapshot.box("Person") != nil)
    #expect(frames[2].differences.contains(.classAdded("NSKVONotifying_Person")))
    #expect(frames[2].statements.contains { $0.hasPrefix("[ann addObserver:watcher forKeyPath:@\"age\"") })
    #expect(frames[3].events.contains { if case .observerNotified(_, "age", _, _) = $0 { true } else { false } })
    #expect(frames[4].differences.contains(.methodAdded(class: "NSKVONotifying_Person", selector: "setName:")))
    #expect(frames[5].snapshot.instance(named: "ann")?.isa == "Person")
    #expect(frames[5].snapshot.box("NSKVONotifying_Person") != nil, "the subclass stays registered and drawn")
  }

  @Test func oneStepAloneIsOneFrameComparedWithTheStepsBefore() throws {
    let runtime = Runtime()
    let recorder = Recorder(runtime: runtime)
    _ = try Tour(runtime: runtime, recorder: recorder).run(step: 3)
    let frames = recorder.frames
    #expect(frames.count == 1)
    #expect(frames.first?.differences.contains(.isaMoved(instance: "ann", from: "Person", to: "NSKVONotifying_Person")) == true)
    #expect(frames.first?.differences.contains(.instanceAdded("ann")) == false, "ann was made in a silent step")
  }

  @Test func commandLineWritesThePageAndSaysWhere() throws {
    let path = "/tmp/minikvo-tour-page-\(getpid()).html"
    defer { unlink(path) }
    var output: [String] = []
    var errors: [String] = []
    let status = TourCommandLine.run(
      ["--html", path], outputIsTerminal: false, noColorVariable: nil, output: { output.append($0) },
      errorOutput: { errors.append($0) })
    #expect(status == 0)
    #expect(errors.isEmpty)
    #expect(output == ["kvo-tour: wrote \(path) (\(Tour.steps.count) steps); open it in a browser"])
    let file = try #require(fopen(path, "r"))
    fclose(file)
    let failed = TourCommandLine.run(
      ["--html", "/nonexistent-directory/tour.html"], outputIsTerminal: false, noColorVariable: nil,
      output: { _ in }, errorOutput: { errors.append($0) })
    #expect(failed == 1)
    #expect(errors.first?.hasPrefix("kvo-tour: cannot write /nonexistent-directory/tour.html: ") == true)
  }
}
