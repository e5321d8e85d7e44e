// PathResolvingTests.swift: NSString's path messages that read the home directory and the file
// system, with the answers Apple's NSString documentation gives; each test builds what it reads
// (a directory of its own with links in it) or reads what the process has (`$HOME`, root's entry).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Testing

@testable import MiniFoundation

@Suite struct PathResolvingTests {
  private func answer(_ path: String, _ selector: Selector, in runtime: Runtime) throws -> String? {
    try runtime.msgSend(bridging: .string(path), selector).stringValue
  }

  /// A new empty directory of this test's own (its real path: no links above it).
  private func scratchDirectory() throws -> String {
    var template = Array("/tmp/minikvo-paths-XXXXXX".utf8CString)
    let made = try #require(template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } })
    var resolved = [CChar](repeating: 0, count: 4096)
    return String(cString: try #require(realpath(made, &resolved)))
  }

  private func home() throws -> String { try #require(NSStringPathResolving.homeDirectory()) }

  @Test func aTildeExpandsToTheHomeDirectoryAndTildeUserToThatUsersHome() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let home = try home()
    #expect(try answer("~", "stringByExpandingTildeInPath", in: runtime) == NSStringPaths.fixingSlashes(home))
    #expect(try answer("~/notes//a.txt/", "stringByExpandingTildeInPath", in: runtime) == NSStringPaths.fixingSlashes(home + "/notes/a.txt"))
    let rootHome = String(cString: try #require(getpwnam("root")?.pointee.pw_dir))
    #expect(try answer("~root/x", "stringByExpandingTildeInPath", in: runtime) == rootHome + "/x")
    // Nothing to expand, or a user nobody knows: the receiver as it is.
    #expect(try answer("~nosuchuser-minikvo/x", "stringByExpandingTildeInPath", in: runtime) == "~nosuchuser-minikvo/x")
    #expect(try answer("/tmp//x/", "stringByExpandingTildeInPath", in: runtime) == "/tmp//x/")
    #expect(try answer("a/~", "stringByExpandingTildeInPath", in: runtime) == "a/~")
  }

  @Test func abbreviatingWritesTheHomeDirectoryAsATildeAndLeavesOtherPaths() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let home = NSStringPaths.fixingSlashes(try home())
    guard home != "/" else { return }  // a home at the root abbreviates nothing
    #expect(try answer(home, "stringByAbbreviatingWithTildeInPath", in: runtime) == "~")
    #expect(try answer(home + "/notes/", "stringByAbbreviatingWithTildeInPath", in: runtime) == "~/notes")
    #expect(try answer(home + "extra/x", "stringByAbbreviatingWithTildeInPath", in: runtime) == home + "extra/x")
    #expect(try answer("/elsewhere/x", "stringByAbbreviatingWithTildeInPath", in: runtime) == "/elsewhere/x")
  }

  @Test func standardizingReducesSlashesAndDotsAndParentsOnlyInAbsolutePaths() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let cases: [(String, String)] = [
      ("//a//b/", "/a/b"), ("/a/./b/.", "/a/b"), ("/a/../b", "/b"), ("/a/b/..", "/a"), ("/..", "/"),
      ("/tmp/../..", "/"), ("/./", "/"), ("a/./b", "a/b"), ("a/.", "a"), ("./a", "./a"), (".", "."),
      ("a/../b", "a/../b"), ("..", ".."), ("", ""),
    ]
    for (path, expected) in cases {
      #expect(try answer(path, "stringByStandardizingPath", in: runtime) == expected, "\(path)")
    }
    #expect(try answer("~/x/../y", "stringByStandardizingPath", in: runtime) == NSStringPaths.fixingSlashes(try home() + "/y"))
  }

  @Test func standardizingDropsPrivateOnlyWhenWhatIsLeftExists() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let scratch = try scratchDirectory()
    defer { rmdir(scratch) }
    #expect(try answer("/private" + scratch, "stringByStandardizingPath", in: runtime) == scratch)
    #expect(try answer("/private" + scratch + "/missing", "stringByStandardizingPath", in: runtime) == "/private" + scratch + "/missing")
    #expect(try answer("/privateer" + scratch, "stringByStandardizingPath", in: runtime) == "/privateer" + scratch)
  }

  @Test func resolvingSymlinksFollowsEachLinkAndItsParentReferences() throws {
    let runtime = Runtime()
    try runtime.installFoundation()
    let scratch = try scratchDirectory()
    mkdir(scratch + "/real", 0o755)
    mkdir(scratch + "/real/inner", 0o755)
    symlink(scratch + "/real", scratch + "/absolute")  // an absolute target
    symlink("real/inner", scratch + "/relative")  // a relative target
    symlink("loop", scratch + "/loop")  // a link to itself
    defer {
      for name in ["absolute", "relative", "loop"] { unlink(scratch + "/" + name) }
      rmdir(scratch + "/real/inner")
      rmdir(scratch + "/real")
      rmdir(scratch)
    }
    #expect(try answer(scratch + "/absolute/inner", "stringByResolvingSymlinksInPath", in: runtime) == scratch + "/real/inner")
    #expect(try answer(scratch + "/relative/", "stringByResolvingSymlinksInPath", in: runtime) == scratch + "/real/inner")
    #expect(try answer(scratch + "/relative/..", "stringByResolvingSymlinksInPath", in: runtime) == scratch + "/real")
    #expect(try answer(scratch + "/./missing/../real", "stringByResolvingSymlinksInPath", in: runtime) == scratch + "/real")
    #expect(try answer(scratch + "/loop", "stringByResolvingSymlinksInPath", in: runtime) == scratch + "/loop")
    #expect(try answer("/private" + scratch + "/real", "stringByResolvingSymlinksInPath", in: runtime) == scratch + "/real")
    // Standardizing reads no link.
    #expect(try answer(scratch + "/absolute/inner", "stringByStandardizingPath", in: runtime) == scratch + "/absolute/inner")
  }
}
