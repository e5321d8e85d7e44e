// NSString+Paths.swift: NSString's path messages (NSPathUtilities.h): `pathComponents`,
// `lastPathComponent`, `pathExtension`, `stringByAppendingPathComponent:`,
// `stringsByAppendingPaths:` and the rest.
//
// Docs: docs/foundation.md#paths. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound11PathTests.swift.
//
// Stateless. A path is text with `/` separators; nothing touches the file system. Every message
// but `pathComponents` and `isAbsolutePath` first fixes the slashes, as Foundation does: runs of
// `/` become one and a trailing `/` goes (the root stays `/`). An extension is what follows the
// last `.` of the last component, unless that dot starts the component (`.tiff` has none) or ends
// it (`scratch.` has none).

enum NSStringPaths {
  static let all: [MethodEntry] = [
    MethodEntry("pathComponents", "@16@0:8") { receiver, selector, _ in
      .array(components(of: try NSStringMethods.contents(receiver, selector)).map(Value.string))
    },
    MethodEntry("lastPathComponent", "@16@0:8") { receiver, selector, _ in
      .string(lastComponent(of: fixingSlashes(try NSStringMethods.contents(receiver, selector))))
    },
    MethodEntry("pathExtension", "@16@0:8") { receiver, selector, _ in
      let path = fixingSlashes(try NSStringMethods.contents(receiver, selector))
      return .string(extensionStart(of: path).map { String(path[$0...]) } ?? "")
    },
    MethodEntry("stringByDeletingLastPathComponent", "@16@0:8") { receiver, selector, _ in
      .string(deletingLastComponent(of: fixingSlashes(try NSStringMethods.contents(receiver, selector))))
    },
    MethodEntry("stringByDeletingPathExtension", "@16@0:8") { receiver, selector, _ in
      let path = fixingSlashes(try NSStringMethods.contents(receiver, selector))
      guard path != "/", let start = extensionStart(of: path) else { return .string(path) }
      return .string(String(path[..<path.index(before: start)]))
    },
    MethodEntry("stringByAppendingPathComponent:", "@24@0:8@16") { receiver, selector, arguments in
      let component = try NSStringMethods.stringArgument(arguments[0], receiver, selector)
      return .string(appending(component, to: try NSStringMethods.contents(receiver, selector)))
    },
    MethodEntry("stringsByAppendingPaths:", "@24@0:8@16") { receiver, selector, arguments in
      // Each string appended as `stringByAppendingPathComponent:` does; nil is no strings.
      let path = try NSStringMethods.contents(receiver, selector)
      return .array(try Message.array(arguments[0], receiver, selector).map { component in
        .string(appending(try text(of: component, receiver, selector).lossy, to: path))
      })
    },
    MethodEntry("stringByAppendingPathExtension:", "@24@0:8@16") { receiver, selector, arguments in
      let pathExtension = try NSStringMethods.stringArgument(arguments[0], receiver, selector)
      let path = fixingSlashes(try NSStringMethods.contents(receiver, selector))
      // Foundation answers nil (and logs) for an empty path, the root, or an extension with a slash.
      guard !path.isEmpty, path != "/", !pathExtension.contains("/") else { return .nil }
      return .string(path + "." + pathExtension)
    },
    MethodEntry("isAbsolutePath", "B16@0:8") { receiver, selector, _ in
      let path = try NSStringMethods.contents(receiver, selector)
      return .bool(path.hasPrefix("/") || path.hasPrefix("~"))
    },
  ]

  /// `-[NSArray pathsMatchingExtensions:]`: the strings of the array whose `pathExtension` is
  /// one of the given extensions, in the array's order; elements that are not strings are passed
  /// over.
  static let pathsMatchingExtensions = MethodEntry("pathsMatchingExtensions:", "@24@0:8@16") { receiver, selector, arguments in
    let wanted = Set(try Message.array(arguments[0], receiver, selector).compactMap { NSStringMethods.text(of: $0)?.lossy })
    return .array(try Ordered.elements(of: receiver).filter { element in
      guard let path = NSStringMethods.text(of: element).map({ fixingSlashes($0.lossy) }) else { return false }
      return wanted.contains(extensionStart(of: path).map { String(path[$0...]) } ?? "")
    })
  }

  static let classSide: [MethodEntry] = [
    MethodEntry("pathWithComponents:", "@24@0:8@16") { receiver, selector, arguments in
      let components = try Message.array(arguments[0], receiver, selector).map { try text(of: $0, receiver, selector) }
      let strings = components.compactMap(\.string)
      if strings.count == components.count { return .string(strings.reduce("") { path, component in appending(component, to: path) }) }
      // A lone surrogate is no slash: the same joining, unit by unit, keeps it (decision 0050).
      return try NSStringMethods.result(StringText(units: fixingSlashes(components.reduce([UInt16]()) { path, component in
        component.count == 0 ? path : path.isEmpty ? component.utf16 : path + [slash] + component.utf16
      })), receiver)
    }
  ]

  /// The text of a component in an array argument, a lone surrogate kept; anything but a string
  /// is refused.
  private static func text(of component: Value, _ receiver: Object, _ selector: Selector) throws(FoundationError) -> StringText {
    guard let text = NSStringMethods.text(of: component) else {
      throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(component) is not a string")
    }
    return text
  }

  /// `path` with each run of slashes made one and a trailing slash removed (`/` stays `/`).
  static func fixingSlashes(_ path: String) -> String {
    var fixed = ""
    for character in path where !(character == "/" && fixed.hasSuffix("/")) { fixed.append(character) }
    if fixed.count > 1, fixed.hasSuffix("/") { fixed.removeLast() }
    return fixed
  }

  /// The slash's UTF-16 unit.
  private static let slash: UInt16 = 0x2F

  /// ``fixingSlashes(_:)`` of units, for a path with a lone surrogate.
  static func fixingSlashes(_ path: [UInt16]) -> [UInt16] {
    var fixed: [UInt16] = []
    for unit in path where !(unit == slash && fixed.last == slash) { fixed.append(unit) }
    if fixed.count > 1, fixed.last == slash { fixed.removeLast() }
    return fixed
  }

  /// The components: `/` first for an absolute path, each name, and `/` last after a trailing
  /// slash (`/tmp/` is `/`, `tmp`, `/`).
  static func components(of path: String) -> [String] {
    guard !path.isEmpty else { return [] }
    var components = path.hasPrefix("/") ? ["/"] : []
    components += path.split(separator: "/").map(String.init)
    if path.count > 1, path.hasSuffix("/") { components.append("/") }
    return components
  }

  /// The last component of a fixed path; the root's is `/`.
  static func lastComponent(of path: String) -> String {
    guard path.count > 1, let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// A fixed path without its last component: `/tmp` for `/tmp/scratch`, `/` for `/tmp`, empty
  /// for a relative path of one component.
  static func deletingLastComponent(of path: String) -> String {
    guard path != "/", let slash = path.lastIndex(of: "/") else { return path == "/" ? path : "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Where the extension of a fixed path starts (after its dot), or nil when it has none.
  static func extensionStart(of path: String) -> String.Index? {
    let componentStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
    guard let dot = path[componentStart...].lastIndex(of: "."), dot != componentStart else { return nil }
    let start = path.index(after: dot)
    return start == path.endIndex ? nil : start
  }

  /// `component` appended to `path` with one slash between, the slashes fixed.
  static func appending(_ component: String, to path: String) -> String {
    if component.isEmpty { return fixingSlashes(path) }
    return fixingSlashes(path.isEmpty ? component : path + "/" + component)
  }
}
