// FoundationBehaviourRound11PathTests.swift: NSString's path messages, ported from GNUstep-base's
// Tests/base/NSString cases, each with the answer Apple's NSString documentation tables give.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound11PathTests {
  /// `[path selector]` for each path, as a string (nil as `.nil`).
  private func answers(_ selector: Selector, _ paths: [String], in runtime: Runtime) throws -> [Value] {
    try paths.map { try runtime.msgSend(bridging: .string($0), selector) }
  }

  @Test func lastPathComponentIgnoresTrailingSlashesAndTheRootIsItsOwn() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let paths = ["/tmp/scratch.tiff", "/tmp/scratch", "/tmp/", "scratch///", "/", ""]
    #expect(try answers("lastPathComponent", paths, in: runtime) == ["scratch.tiff", "scratch", "tmp", "scratch", "/", ""])
  }

  @Test func pathExtensionIsAfterTheLastDotOfTheLastComponent() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let paths = ["/tmp/scratch.tiff", ".scratch.tiff", "/tmp/scratch", "/tmp/", "/tmp/scratch..tiff", ".tiff", "a.b/c", "scratch.bundle/"]
    #expect(try answers("pathExtension", paths, in: runtime) == ["tiff", "tiff", "", "", "tiff", "", "", "bundle"])
  }

  @Test func deletingTheLastComponentKeepsTheRootAndEmptiesARelativeName() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let paths = ["/tmp/scratch.tiff", "/tmp/lock/", "/tmp/", "/tmp", "/", "scratch.tiff", "tmp/scratch", ""]
    #expect(try answers("stringByDeletingLastPathComponent", paths, in: runtime) == ["/tmp", "/tmp", "/", "/", "/", "", "tmp", ""])
  }

  @Test func deletingThePathExtensionLeavesADotThatStartsTheName() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let paths = ["/tmp/scratch.tiff", "/tmp/", "scratch.bundle/", "scratch..tiff", ".tiff", "/", "/tmp/scratch"]
    #expect(
      try answers("stringByDeletingPathExtension", paths, in: runtime)
        == ["/tmp/scratch", "/tmp", "scratch", "scratch.", ".tiff", "/", "/tmp/scratch"])
  }

  @Test func appendingAComponentPutsOneSlashBetween() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    for (path, expected) in [("/tmp", "/tmp/scratch.tiff"), ("/tmp/", "/tmp/scratch.tiff"), ("/", "/scratch.tiff"), ("", "scratch.tiff")] {
      #expect(try runtime.msgSend(bridging: .string(path), "stringByAppendingPathComponent:", "scratch.tiff") == .string(expected))
    }
    #expect(try runtime.msgSend(bridging: "/tmp", "stringByAppendingPathComponent:", "/x/") == "/tmp/x")
    let error = expectFoundationError(.invalidArgument) { try runtime.msgSend(bridging: "/tmp", "stringByAppendingPathComponent:", .nil) }
    #expect(error?.message == "*** -[__NSCFString stringByAppendingPathComponent:]: nil argument")
  }

  @Test func appendingAnExtensionPutsADotAfterTheLastComponent() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    for (path, expected) in [
      ("/tmp/scratch.old", "/tmp/scratch.old.tiff"), ("/tmp/scratch.", "/tmp/scratch..tiff"), ("/tmp/", "/tmp.tiff"),
      ("scratch", "scratch.tiff"),
    ] {
      #expect(try runtime.msgSend(bridging: .string(path), "stringByAppendingPathExtension:", "tiff") == .string(expected))
    }
    #expect(try runtime.msgSend(bridging: "", "stringByAppendingPathExtension:", "tiff") == .nil)
    #expect(try runtime.msgSend(bridging: "/", "stringByAppendingPathExtension:", "tiff") == .nil)
  }

  @Test func pathComponentsMarkTheRootAndATrailingSlashAndJoinBack() throws {
    let runtime = Runtime()
    let strings = try foundationClass("NSString", in: runtime)
    #expect(try runtime.msgSend(bridging: "tmp/scratch", "pathComponents") == ["tmp", "scratch"])
    #expect(try runtime.msgSend(bridging: "/tmp/scratch", "pathComponents") == ["/", "tmp", "scratch"])
    #expect(try runtime.msgSend(bridging: "//tmp//scratch/", "pathComponents") == ["/", "tmp", "scratch", "/"])
    #expect(try runtime.msgSend(bridging: "", "pathComponents") == [])
    #expect(try send(strings, "pathWithComponents:", ["/", "tmp", "scratch"]) == "/tmp/scratch")
    #expect(try send(strings, "pathWithComponents:", ["tmp", "scratch/"]) == "tmp/scratch")
    #expect(try runtime.msgSend(bridging: "/tmp", "isAbsolutePath") == true)
    #expect(try runtime.msgSend(bridging: "~/notes", "isAbsolutePath") == true)
    #expect(try runtime.msgSend(bridging: "tmp", "isAbsolutePath") == false)
  }
}
