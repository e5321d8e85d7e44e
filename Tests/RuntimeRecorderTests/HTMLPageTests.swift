// HTMLPageTests.swift: the page is one self-contained file with a section and a diagram per frame.

import Testing

@testable import RuntimeRecorder

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct HTMLPageTests {
  /// Observe ann's age, set it, stop observing: three frames.
  func story() throws -> (Recording, Runtime) {
    let (runtime, person) = try personRuntime()
    let ann = try person.createInstance()
    let recording = try Recorder.record("ann <observed> & \"set\"", in: runtime) { recorder in
      recorder.show(ann, as: "ann")
      recorder.statement("[ann addObserver:…];")
      let token = try ann.observe("age", options: [.new]) { _, _ in }
      recorder.checkpoint("Observe")
      recorder.statement("ann.age = 43;")
      try runtime.msgSend(ann, "setAge:", 43)
      recorder.checkpoint("Set")
      token.invalidate()
      recorder.checkpoint("Stop")
    }
    return (recording, runtime)
  }

  @Test func pageIsSelfContained() throws {
    let (recording, runtime) = try story()
    let page = recording.html()
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    for outside in ["http://", "https://", "src=", "href=", "@import", "url(http"] where outside != "http://" {
      #expect(!page.contains(outside), "the page must not load \(outside)")
    }
    #expect(!page.replacingAll("http://www.w3.org/2000/svg", with: "").contains("http://"))
    #expect(page.contains("<style>") && page.contains("<script>"))
    try runtime.checkInvariants()
  }

  @Test func everyFrameHasASectionWithItsDiagram() throws {
    let (recording, runtime) = try story()
    let page = recording.html()
    #expect(page.occurrences(of: "<section class=\"frame\"") == 3)
    #expect(page.occurrences(of: "<svg class=\"diagram\"") == 3)
    #expect(page.contains("id=\"slider\" min=\"1\" max=\"3\""))
    #expect(page.contains("<path class=\"edge isa changed\" data-from=\"ann\" data-to=\"NSKVONotifying_Person\""))
    #expect(page.contains("<g class=\"node class\" data-id=\"Person\">"))
    #expect(page.contains("class=\"event notification\""), "the delivery of step 2 is shown with its dictionary")
    try runtime.checkInvariants()
  }

  @Test func textIsEscaped() throws {
    let (recording, runtime) = try story()
    let page = recording.html()
    #expect(page.contains("<title>ann &lt;observed&gt; &amp; &quot;set&quot;</title>"))
    #expect(page.contains("&lt;Person: 0x"))
    #expect(Markup.escape("<a href=\"x\">&</a>") == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;")
    try runtime.checkInvariants()
  }

  @Test func writeReplacesTheFileAndReportsAFailure() throws {
    let (recording, runtime) = try story()
    let path = "/tmp/minikvo-recorder-\(getpid()).html"
    defer { unlink(path) }
    try recording.write(toFile: path)
    let file = try #require(fopen(path, "r"))
    fseek(file, 0, SEEK_END)
    let size = ftell(file)
    fclose(file)
    #expect(size == recording.html().utf8.count)
    #expect(throws: RecordingWriteError.self) { try recording.write(toFile: "/nonexistent-directory/page.html") }
    try runtime.checkInvariants()
  }
}

extension String {
  func occurrences(of needle: String) -> Int { split(separator: needle, omittingEmptySubsequences: false).count - 1 }
  func replacingAll(_ needle: String, with replacement: String) -> String {
    split(separator: needle, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
