// KeyValuePath.swift: parsing key paths such as `friend.age` and `employees.@sum.salary`.
//
// Docs: docs/kvo.md#key-paths. Tests: Tests/KVOTests/KeyValuePathTests.swift, fuzzed by
// Fuzz/KeyPath.
//
// Grammar: components separated by `.`; a component is a key (a C identifier, which may be
// followed by a NUL and anything: KVC's names end at the NUL) or a collection operator (`@count`,
// `@sum`, …). Every operator but `@count` needs a key path after it (the values it aggregates).
// Parse → print → parse is the identity. That grammar is what observing accepts; key-value
// coding splits a path on `.` and takes any piece as a key, as Foundation does
// (`init(keyValueCoding:)`), so an odd key is an undefined key there, not a malformed path.

/// A collection operator usable in a key path.
///
/// The raw value is the operator's name without `@`, which is the value of Foundation's
/// constant for it (`NSAverageKeyValueOperator` is `avg`, `NSCountKeyValueOperator` `count`, …).
///
/// Objective-C: the `@`-operators of `valueForKeyPath:` (Key-Value Coding Programming Guide), and
/// the `NSKeyValueOperator` constants (`NSAverageKeyValueOperator`, `NSCountKeyValueOperator`,
/// `NSDistinctUnionOfArraysKeyValueOperator`, `NSDistinctUnionOfObjectsKeyValueOperator`,
/// `NSDistinctUnionOfSetsKeyValueOperator`, `NSMaximumKeyValueOperator`,
/// `NSMinimumKeyValueOperator`, `NSSumKeyValueOperator`, `NSUnionOfArraysKeyValueOperator`,
/// `NSUnionOfObjectsKeyValueOperator`, `NSUnionOfSetsKeyValueOperator`).
public enum CollectionOperator: String, Hashable, Sendable, CaseIterable {
  /// `@count`: the number of objects.
  case count
  /// `@sum`: the sum of the values of the right key path.
  case sum
  /// `@avg`: their average.
  case avg
  /// `@min`: the smallest.
  case min
  /// `@max`: the largest.
  case max
  /// `@distinctUnionOfObjects`: the values, without duplicates.
  case distinctUnionOfObjects
  /// `@unionOfObjects`: the values, duplicates kept.
  case unionOfObjects
  /// `@distinctUnionOfArrays`: the values of each nested array, flattened, without duplicates.
  case distinctUnionOfArrays
  /// `@unionOfArrays`: the values of each nested array, flattened.
  case unionOfArrays
  /// `@distinctUnionOfSets`: the values of each nested set, flattened, without duplicates (an
  /// array over an array, a set over a set).
  case distinctUnionOfSets
  /// `@unionOfSets`: the values of each nested set, flattened (an array, NSArray's operation only).
  case unionOfSets

  /// Whether the operator is a union that keeps duplicates (`@unionOfObjects`, `@unionOfArrays`,
  /// `@unionOfSets`).
  var keepsDuplicates: Bool {
    switch self {
    case .unionOfObjects, .unionOfArrays, .unionOfSets: true
    default: false
    }
  }

  /// Whether NSSet's `valueForKeyPath:` implements the operator: the aggregates and the distinct
  /// unions do; a union keeping duplicates is an NSArray operation only (decision 0033).
  var isImplementedBySets: Bool { !keepsDuplicates }

  /// The operator a key path piece `@name` names, read as a collection's `valueForKeyPath:` reads
  /// it: Foundation builds the selector `_<name>ForKeyPath:` from the C string of the name, so a
  /// NUL ends it (`@max\0x` is `@max`, `@count\0` is `@count`). `nil` without the `@`, for an
  /// unknown name, or for nothing before the NUL.
  init?<S: StringProtocol>(piece: S) {
    guard KeyValuePath.startsWithOperatorMark(piece) else { return nil }
    self.init(rawValue: Self.name(ofPiece: piece))
  }

  /// The operator name a piece `@name` gives its selector: the bytes after the `@` up to a NUL.
  static func name<S: StringProtocol>(ofPiece piece: S) -> String {
    let name = piece.utf8.dropFirst()  // bytes: a NUL may start a grapheme with what follows it
    return String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)
  }
}

/// A parsed key path: keys and collection operators.
///
/// ```swift
/// let path = try KeyValuePath("employees.@sum.salary")
/// path.components    // [.key("employees"), .collectionOperator(.sum), .key("salary")]
/// path.description   // "employees.@sum.salary"
/// try KeyValuePath("a..b")   // throws invalidKeyPath: empty component
/// ```
///
/// Objective-C: the `NSString *keyPath` argument, split on `.` as Foundation splits it.
public struct KeyValuePath: Hashable, Sendable, CustomStringConvertible {
  /// One step of a key path.
  ///
  /// Objective-C: none (a `.`-separated piece of the string).
  public enum Component: Hashable, Sendable {
    /// A key, such as `friend`.
    case key(String)
    /// A collection operator, such as `@sum`.
    case collectionOperator(CollectionOperator)
  }

  /// The steps, in order.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let components: [Component]

  /// Parses a key path.
  ///
  /// - Throws: ``KeyValueError`` with code `invalidKeyPath`: empty path or component, a key that
  ///   is not a C identifier (up to a NUL: `name\0x` is the key `name\0x`, which key-value coding
  ///   reads through `-name`), an unknown operator, or an operator (other than `@count`) with
  ///   nothing after it.
  /// - Complexity: O(*n*) in the length of `string`.
  ///
  /// Objective-C: none (Foundation splits the string on `.` as it goes).
  public init(_ string: String) throws(KeyValueError) {
    guard !string.isEmpty else { throw Self.error(string, "the key path is empty") }
    // The common case, one key: a valid key has no `.` and no `@`, so it needs no splitting.
    if Self.isKey(string) {
      self.components = [.key(string)]
      return
    }
    var components: [Component] = []
    for piece in Self.pieces(of: string) {
      if piece.isEmpty { throw Self.error(string, "it has an empty component") }
      if Self.startsWithOperatorMark(piece) {
        guard let op = CollectionOperator(piece: piece) else {
          throw Self.error(string, "unknown collection operator '\(piece)'")
        }
        components.append(.collectionOperator(op))
      } else {
        guard Self.isKey(piece) else {
          throw Self.error(string, "'\(piece)' is not a valid key (letters, digits and '_', not starting with a digit, up to any NUL)")
        }
        components.append(.key(piece))
      }
    }
    try Self.checkOperands(components, string)
    self.components = components
  }

  /// Throws unless every operator but `@count` has a key path after it.
  private static func checkOperands(_ components: [Component], _ string: String) throws(KeyValueError) {
    for (index, component) in components.enumerated() {
      if case .collectionOperator(let op) = component, op != .count, index == components.count - 1 {
        throw error(string, "the operator '@\(op.rawValue)' needs a key path after it")
      }
    }
  }

  init(components: [Component]) { self.components = components }

  /// Splits a key path as `valueForKeyPath:` and `setValue:forKeyPath:` do: on every `.`, each
  /// piece a key whatever it holds (`first name`, or the empty key between two dots), so a
  /// piece whose accessor names the class lacks ends in `valueForUndefinedKey:`. A piece naming a
  /// collection operator is one; an unknown `@foo` stays a key, as in Foundation, where only a
  /// collection's `valueForKeyPath:` reads operators (it refuses `@foo`: "does not implement
  /// the foo operation") and any other object takes `@foo` as a key. An operator with nothing
  /// after it is kept: applied, it asks each element for the nil key path, as Foundation does.
  init(keyValueCoding string: String) {
    // The common case, one key with no `.` and no `@`: no splitting.
    if !Self.containsSeparator(string) && !Self.startsWithOperatorMark(string) {
      self.components = [.key(string)]
      return
    }
    self.components = Self.pieces(of: string).map { piece in
      if Self.startsWithOperatorMark(piece), let op = CollectionOperator(rawValue: Self.droppingOperatorMark(piece)) {
        return .collectionOperator(op)
      }
      return .key(piece)
    }
  }

  /// Splits a key path as Foundation registers an observation of it: at its first `.` into a
  /// key and the rest, whatever they hold (`""` is the key `""`, `a..b` the key `a` then `.b`,
  /// `@count` the key `@count`, `first name` one key); the rest is read as key-value coding reads
  /// it (`items.@count` reads the count), as the object the first key leads to splits it again.
  init(observing string: String) {
    guard let (key, rest) = Self.splitAtFirstDot(string) else {
      self.components = [.key(string)]
      return
    }
    self.components = [.key(key)] + KeyValuePath(keyValueCoding: rest).components
  }

  /// Splits a key path as `setValue:forKeyPath:` does: on every `.`, each piece a key whatever
  /// it holds, a leading `@` included. Setting has no collection operators in Foundation: the
  /// piece `@count` is sent on as a key (to an array, which sets it on every element; to any
  /// other object, an undefined key).
  init(keys string: String) {
    if !Self.containsSeparator(string) {
      self.components = [.key(string)]
      return
    }
    self.components = Self.pieces(of: string).map { .key($0) }
  }

  /// The separator of key paths, the code unit `.`. Foundation finds it with CFString's literal
  /// search, which compares code units, so a `.` followed by a combining mark (one Swift
  /// `Character`, `".\u{301}"`) separates as any other; `.` is one unit in UTF-8 as in UTF-16,
  /// so the UTF-8 bytes of a Swift string split at the same places.
  static let separator = UInt8(ascii: ".")

  /// The mark that starts a collection operator, the code unit `@`. Foundation asks a key's
  /// first UTF-16 unit for it (a literal prefix test), so `@` followed by a combining mark (one
  /// Swift `Character`, `"@\u{301}"`) starts an operator key as a plain `@` does; `@` is one unit
  /// in UTF-8 as in UTF-16.
  static let operatorMark = UInt8(ascii: "@")

  /// Whether `string` starts with the code unit `@`: the one test of every place that reads a
  /// key as an operator (`@count`) or refuses one.
  static func startsWithOperatorMark<S: StringProtocol>(_ string: S) -> Bool {
    string.utf8.first == operatorMark
  }

  /// `string` after its first code unit, the `@` of an operator key: Foundation's
  /// `substringFromIndex:1`, so a combining mark after the `@` stays (`@\u{301}count` →
  /// `\u{301}count`).
  static func droppingOperatorMark(_ string: String) -> String {
    String(decoding: string.utf8.dropFirst(), as: UTF8.self)
  }

  /// Whether `string` holds a `.` code unit, the separator, anywhere: a key path rather than a key.
  static func containsSeparator<S: StringProtocol>(_ string: S) -> Bool {
    string.utf8.contains(separator)
  }

  /// The pieces of `string` between its `.` code units, empty ones kept (`a..b` is `a`, ``, `b`).
  static func pieces(of string: String) -> [String] {
    var pieces: [String] = []
    let utf8 = string.utf8
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      if utf8[index] == separator {
        pieces.append(String(decoding: utf8[start..<index], as: UTF8.self))
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    pieces.append(String(decoding: utf8[start...], as: UTF8.self))
    return pieces
  }

  /// `string` cut at its first `.` code unit into the key before it and the path after it, or
  /// `nil` if it has none: how Foundation's recursive key-path methods take a path apart.
  static func splitAtFirstDot(_ string: String) -> (key: String, rest: String)? {
    let utf8 = string.utf8
    guard let dot = utf8.firstIndex(of: separator) else { return nil }
    return (String(decoding: utf8[..<dot], as: UTF8.self), String(decoding: utf8[utf8.index(after: dot)...], as: UTF8.self))
  }

  /// The path as a string, `.`-separated.
  ///
  /// Objective-C: none (the `NSString` itself).
  public var description: String {
    if components.count == 1, case .key(let key) = components[0] { return key }
    return components.map { component in
      switch component {
      case .key(let key): return key
      case .collectionOperator(let op): return "@" + op.rawValue
      }
    }.joined(separator: ".")
  }

  /// The first key, if the path starts with a key.
  ///
  /// Objective-C: none (the part before the first `.`).
  public var firstKey: String? {
    if case .key(let key)? = components.first { return key }
    return nil
  }

  /// The path after the first component, or `nil` for a one-component path.
  ///
  /// Objective-C: none (the part after the first `.`).
  public var rest: KeyValuePath? {
    components.count > 1 ? KeyValuePath(components: Array(components.dropFirst())) : nil
  }

  /// Whether any component is a collection operator.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var containsOperator: Bool {
    components.contains { if case .collectionOperator = $0 { return true } else { return false } }
  }

  /// Whether `key` is a key of the grammar: a C identifier, up to a NUL if it holds one. Key-value
  /// coding builds its names from the part before the first NUL (`KeyValueCoding.nameStem`), so
  /// `name\0x` is the key `name\0x`, read through `-name`; after the NUL any byte but `.` (which
  /// would start the next component) is kept in the key.
  static func isKey<S: StringProtocol>(_ key: S) -> Bool {
    // One pass over the bytes: every KVC call validates its key, so this is on a hot path.
    var isFirst = true
    var bytes = key.utf8.makeIterator()
    while let byte = bytes.next() {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
        break
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if isFirst { return false }
      case 0:
        if isFirst { return false }  // nothing before the NUL: no name to build
        while let rest = bytes.next() {
          if rest == UInt8(ascii: ".") { return false }
        }
        return true
      default:
        return false
      }
      isFirst = false
    }
    return !isFirst
  }

  private static func error(_ string: String, _ problem: String) -> KeyValueError {
    KeyValueError(.invalidKeyPath, "invalid key path '\(string)': \(problem)")
  }
}
