// NSString+PathResolving.swift: NSString's path messages that read the home directory or the file
// system (NSPathUtilities.h): `stringByExpandingTildeInPath`, `stringByAbbreviatingWithTildeInPath`,
// `stringByStandardizingPath` and `stringByResolvingSymlinksInPath`.
//
// Docs: docs/foundation.md#paths-home-and-links. Tests:
// Tests/MiniFoundationTests/PathResolvingTests.swift.
//
// Stateless. What ours reads: the home directory is `$HOME`, else the password entry of the
// current user (`getpwuid`); `~user` is that user's entry (`getpwnam`); the file system is asked
// only whether a path exists (`access`) and whether a component is a symbolic link (`lstat`,
// `readlink`). Standardizing is lexical (Apple's documents that it may keep symbolic links):
// `//` and `/./` become one slash, `..` goes with its parent in an absolute path and stays in a
// relative one, and a leading `/private` goes when what is left exists.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

enum NSStringPathResolving {
  static let all: [MethodEntry] = [
    MethodEntry("stringByExpandingTildeInPath", "@16@0:8") { receiver, selector, _ in
      .string(expandingTilde(in: try NSStringMethods.contents(receiver, selector)))
    },
    MethodEntry("stringByAbbreviatingWithTildeInPath", "@16@0:8") { receiver, selector, _ in
      .string(abbreviatingWithTilde(try NSStringMethods.contents(receiver, selector)))
    },
    MethodEntry("stringByStandardizingPath", "@16@0:8") { receiver, selector, _ in
      .string(standardizing(try NSStringMethods.contents(receiver, selector)))
    },
    MethodEntry("stringByResolvingSymlinksInPath", "@16@0:8") { receiver, selector, _ in
      .string(resolvingSymlinks(in: try NSStringMethods.contents(receiver, selector)))
    },
  ]

  /// The current user's home directory: `$HOME`, else the password entry's; nil if neither.
  static func homeDirectory() -> String? {
    if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) }
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }

  /// The home directory of the user named `name` (the current user's for an empty name).
  static func homeDirectory(of name: Substring) -> String? {
    if name.isEmpty { return homeDirectory() }
    guard let entry = getpwnam(String(name)), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }

  /// `~` or `~user` at the start replaced by that home directory, the slashes then fixed; any
  /// other path, or a user nobody knows, as it is.
  static func expandingTilde(in path: String) -> String {
    guard path.hasPrefix("~") else { return path }
    let end = path.firstIndex(of: "/") ?? path.endIndex
    guard let home = homeDirectory(of: path[path.index(after: path.startIndex)..<end]) else { return path }
    return NSStringPaths.fixingSlashes(home + path[end...])
  }

  /// A path in the home directory with that directory written `~`; any other path as it is.
  static func abbreviatingWithTilde(_ path: String) -> String {
    let fixed = NSStringPaths.fixingSlashes(path)
    guard let home = homeDirectory().map(NSStringPaths.fixingSlashes), home != "/" else { return path }
    if fixed == home { return "~" }
    return fixed.hasPrefix(home + "/") ? "~" + fixed.dropFirst(home.count) : path
  }

  /// The path with its tilde expanded, `//` and `/./` made one slash, `..` taken with its parent
  /// in an absolute path (kept in a relative one), and `/private` (or `/var/automount`) dropped
  /// when what is left exists.
  static func standardizing(_ path: String) -> String {
    let expanded = expandingTilde(in: path)
    guard !expanded.isEmpty else { return expanded }
    let absolute = expanded.hasPrefix("/")
    var kept: [Substring] = []
    for (position, component) in expanded.split(separator: "/").enumerated() {
      switch component {
      case "." where !(position == 0 && !absolute):
        continue  // a leading `.` of a relative path stays: it is not a `/./`
      case ".." where absolute:
        _ = kept.popLast()
      default:
        kept.append(component)
      }
    }
    let joined = kept.joined(separator: "/")
    return absolute ? droppingPrivatePrefix("/" + joined) : (joined.isEmpty ? "." : joined)
  }

  /// The path with its tilde expanded and each symbolic link replaced by what it points to, `.`
  /// and `..` resolved as each component is reached, and `/private` dropped when what is left
  /// exists. A relative path's links are not read (there is no directory to read them from).
  static func resolvingSymlinks(in path: String) -> String {
    let expanded = expandingTilde(in: path)
    guard expanded.hasPrefix("/") else { return standardizing(expanded) }
    var resolved = "/"
    var pending = expanded.split(separator: "/").map(String.init)
    var linksFollowed = 0
    while !pending.isEmpty {
      let component = pending.removeFirst()
      switch component {
      case ".": continue
      case "..": resolved = NSStringPaths.deletingLastComponent(of: resolved)
      default:
        let next = NSStringPaths.appending(component, to: resolved)
        guard linksFollowed < 32, let target = linkTarget(of: next) else {
          resolved = next
          continue
        }
        linksFollowed += 1  // a loop of links stops here, as the file system's own limit would
        if target.hasPrefix("/") { resolved = "/" }
        pending = target.split(separator: "/").map(String.init) + pending
      }
    }
    return droppingPrivatePrefix(resolved)
  }

  /// What the symbolic link at `path` points to, or nil if `path` is not a link.
  private static func linkTarget(of path: String) -> String? {
    var information = stat()
    guard lstat(path, &information) == 0, information.st_mode & S_IFMT == S_IFLNK else { return nil }
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path` without a leading `/private/var/automount`, `/var/automount` or `/private` when what
  /// is left exists (NSString's documented rule); otherwise `path`.
  private static func droppingPrivatePrefix(_ path: String) -> String {
    for prefix in ["/private/var/automount", "/var/automount", "/private"] where path.hasPrefix(prefix + "/") {
      let rest = String(path.dropFirst(prefix.count))
      return access(rest, F_OK) == 0 ? rest : path
    }
    return path
  }
}
