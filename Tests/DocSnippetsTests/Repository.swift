// Repository.swift: reading the package's own files from a test, without Foundation (the library
// targets do not import it, and these tests need only a few C calls).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files of this package: the guides, the sources and the tests.
enum Repository {
  /// The package root, found from this file's path.
  static let root: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Repository.swift, DocSnippetsTests, Tests
    return parts.joined(separator: "/")
  }()

  /// The text of the file at `path`, or `nil` if it cannot be read.
  static func contents(of path: String) -> String? {
    guard entries(of: path) == nil, let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The names in `directory` (without `.` and `..`), sorted, or `nil` if it is not a directory.
  static func entries(of directory: String) -> [String]? {
    guard let handle = opendir(directory) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Every file under `directory` whose name ends with `suffix`, recursively, sorted.
  static func files(under directory: String, endingWith suffix: String) -> [String] {
    var result: [String] = []
    for name in entries(of: directory) ?? [] where !name.hasPrefix(".") {
      let path = directory + "/" + name
      if entries(of: path) != nil {
        result += files(under: path, endingWith: suffix)
      } else if name.hasSuffix(suffix) {
        result.append(path)
      }
    }
    return result
  }

  /// Whether a file or directory exists at `path`.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }

  /// `path` with `.` and `..` components resolved.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
      if part == ".." {
        if parts.count > 1 { parts.removeLast() }
      } else if part != "." {
        parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }

  /// `path` relative to the package root, for messages.
  static func relative(_ path: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// The guides and the README: every Markdown file whose examples and links are checked.
  static var markdownFiles: [String] {
    [root + "/README.md"] + files(under: root + "/docs", endingWith: ".md")
  }
}
