// Selector.swift: interned method names.
//
// Docs: docs/runtime.md#selectors. Tests: Tests/MiniRuntimeTests/SelectorTests.swift.
//
// Model: a selector is an index into the process-wide `SelectorTable`, so equal names give the
// identical selector and comparing two selectors is comparing two integers, as with objc4's
// `SEL` (a pointer to a unique string). The table is global because selectors are global in
// Objective-C too; interning is idempotent, so runtimes never observe each other through it.
// The argument count and a validity bit ride along in the value, so the send path can check
// arity without touching the table. This is the process's one interning mechanism: KVO interns
// its keys and key paths as selectors too (KVO's KeyID.swift; decision 0012).

/// An interned method name such as `setAge:`.
///
/// ```swift
/// let a = try Selector(validating: name)   // name == "setAge:", checked now
/// let b: Selector = "setAge:"              // literals work wherever a selector is expected
/// a == b                          // true: one integer comparison
/// a.name                          // "setAge:"
/// a.argumentCount                 // 1
/// ```
///
/// A literal that is not a valid selector name (say `"set age:"`) still makes a selector, but
/// an invalid one: every runtime call that receives it throws
/// ``RuntimeError/Code-swift.enum/invalidSelectorName`` instead of crashing.
/// `Selector(validating:)` checks eagerly and throws at once. `Selector("set age:")` is literal
/// coercion (SE-0213): like any literal it makes the invalid selector without throwing
/// (`SelectorTests.selectorInitWithLiteralArgumentDoesNotValidate`).
///
/// Grammar: one or more keywords made of ASCII letters, digits and `_`, the first starting with
/// a letter or `_`; either a single keyword with no colon (`description`), or every keyword
/// followed by a colon (`setValue:forKey:`; keywords after the first may be empty: `foo::`).
///
/// Objective-C: `SEL` (`sel_registerName`, `sel_getName`, `@selector`)
public struct Selector: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The selector's position in the process-wide table; equal names have equal indexes.
  ///
  /// Objective-C: none (the `SEL` pointer value).
  public let index: UInt32

  /// The number of arguments a message with this selector takes (its number of colons).
  ///
  /// ```swift
  /// Selector("setValue:forKey:").argumentCount  // 2
  /// ```
  ///
  /// Objective-C: none (`method_getNumberOfArguments` minus `self` and `_cmd`).
  public let argumentCount: Int

  /// Whether the name obeyed the selector grammar. Only literals can be invalid.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let isValid: Bool

  /// Interns `name`, checking it against the selector grammar.
  ///
  /// - Parameter name: A method name such as `"init"` or `"setValue:forKey:"`.
  /// - Throws: ``RuntimeError`` with code `invalidSelectorName` if `name` is empty or malformed.
  /// - Complexity: O(*n*) in the length of `name`, plus one hash-table lookup under a lock.
  ///
  /// Objective-C: `sel_registerName`
  public init(validating name: String) throws(RuntimeError) {
    if let known = SelectorTable.shared.lookUp(name), known.isValid {  // checked when first interned
      self = known
      return
    }
    if let problem = Selector.problem(with: name) {
      throw RuntimeError(.invalidSelectorName, "invalid selector name '\(name)': \(problem)")
    }
    self = SelectorTable.shared.intern(name, isValid: true)
  }

  /// Interns a literal name; a malformed literal yields an invalid selector (see the type docs).
  ///
  /// Like `@selector`, a literal is resolved once: later evaluations of the same literal find its
  /// selector in a lock-free cache keyed by the literal's address.
  ///
  /// - Complexity: O(1) after the first evaluation of the literal (no lock, no hashing).
  ///
  /// Objective-C: `@selector(...)`
  public init(stringLiteral name: StaticString) {
    self = SelectorTable.shared.literal(name)
  }

  /// Interns a name built at run time without checking it eagerly: a malformed name yields an
  /// invalid selector, which throws `invalidSelectorName` wherever it is used (as a literal does).
  ///
  /// ```swift
  /// let setter = Selector(interning: "set" + "Age" + ":")   // setAge:
  /// ```
  ///
  /// Objective-C: `sel_registerName` / `NSSelectorFromString`
  public init(interning name: String) {
    self = SelectorTable.shared.intern(name, isValid: Selector.problem(with: name) == nil)
  }

  /// The selector of `name` if some code of this process has made it before, else `nil`; never
  /// adds a name to the table.
  ///
  /// ```swift
  /// Selector(lookingUp: "setAge:")              // the selector, once anything has used it
  /// Selector(lookingUp: "neverSeenBefore42")    // nil
  /// ```
  ///
  /// - Complexity: one hash-table lookup under the selector table's lock.
  ///
  /// Objective-C: `sel_lookUpByName`
  public init?(lookingUp name: String) {
    guard let known = SelectorTable.shared.lookUp(name) else { return nil }
    self = known
  }

  /// The selector interned at `index` (the inverse of ``index``), or `nil` if no name has that
  /// index yet. Index 0 is the ``null`` selector.
  ///
  /// ```swift
  /// let age: Selector = "age"
  /// Selector(internedAt: age.index) == age   // true
  /// ```
  ///
  /// Objective-C: none (MiniKVO extension: a `SEL` is its own pointer; KVO keeps keys as indexes).
  public init?(internedAt index: UInt32) {
    if index == 0 {
      self = .null
      return
    }
    guard let known = SelectorTable.shared.selector(at: index) else { return nil }
    self = known
  }

  /// The null selector (`NULL` as a `SEL`): what a method description that describes nothing
  /// holds. It is never valid: a message with it throws `invalidSelectorName`.
  ///
  /// Objective-C: none (`(SEL)0`; `sel_getName` of it is `"<null selector>"`).
  public static let null = Selector(index: 0, argumentCount: 0, isValid: false)

  /// Whether the selector is one the runtime has registered: every selector but ``null`` (a
  /// `Selector` is made only by interning its name, so it is always in the table).
  ///
  /// Objective-C: `sel_isMapped`
  public var isMapped: Bool { !isNull }

  /// Whether this is ``null``.
  ///
  /// Objective-C: none (`sel == NULL`).
  public var isNull: Bool { index == 0 }

  /// The selector as one word (for caches and ivar slots): the index in bits 0–31, the argument
  /// count in bits 32–62 and validity in bit 63. (A 16-bit count let 65,536 colons read back as
  /// 0 and spill into the validity bit; `SelectorTests` pins the wide field.)
  var bits: UInt { UInt(index) | UInt(argumentCount & Self.argumentCountMask) << 32 | (isValid ? 1 << 63 : 0) }

  /// The selector packed by `bits`.
  init(bits: UInt) {
    self.init(
      index: UInt32(truncatingIfNeeded: bits), argumentCount: Int((bits >> 32) & UInt(Self.argumentCountMask)),
      isValid: bits >> 63 != 0)
  }

  /// The widest argument count `bits` holds (a name of 2^31 colons is 2 GB).
  private static let argumentCountMask = 0x7FFF_FFFF

  init(index: UInt32, argumentCount: Int, isValid: Bool) {
    self.index = index
    self.argumentCount = argumentCount
    self.isValid = isValid
  }

  /// The selector's name, exactly as it was interned.
  ///
  /// - Complexity: O(1), under the selector table's lock.
  ///
  /// Objective-C: `sel_getName`
  public var name: String { isNull ? "<null selector>" : SelectorTable.shared.name(of: self) }

  /// The name (so selectors print as `setAge:`); `"<null selector>"` for ``null``.
  ///
  /// Objective-C: `sel_getName` (as `%s`; ``stringValue`` is `NSStringFromSelector`)
  public var description: String { name }

  /// The name as Foundation's `NSStringFromSelector` gives it: `nil` for ``null``, where
  /// ``name`` (`sel_getName`) answers `"<null selector>"`.
  ///
  /// ```swift
  /// Selector("setAge:").stringValue  // "setAge:"
  /// Selector.null.stringValue        // nil
  /// ```
  ///
  /// Objective-C: `NSStringFromSelector`
  public var stringValue: String? { isNull ? nil : name }

  /// Selectors are equal when their names are: one integer comparison.
  ///
  /// Objective-C: `sel_isEqual`
  public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.index == rhs.index }

  /// Hashes the index.
  ///
  /// Objective-C: none (Swift `Hashable`).
  public func hash(into hasher: inout Hasher) { hasher.combine(index) }

  /// Throws unless a method can carry this selector: objc4 takes any name (`class_addMethod`,
  /// `protocol_addMethodDescription`; decision 0027), so only the null selector and a name
  /// holding a NUL, which no C string can, are refused.
  func nameable(_ function: String) throws(RuntimeError) -> Selector {
    if isNull { throw RuntimeError(.invalidSelectorName, "\(function): invalid selector: the selector is null") }
    if !isValid, let problem = Ivar.cStringProblem(withName: name) {
      throw RuntimeError(.invalidSelectorName, "\(function): invalid selector name \(name.debugDescription): \(problem)")
    }
    return self
  }

  /// Why `name` is not a valid selector name, or `nil` when it is.
  ///
  /// This is the parser the fuzz target `Fuzz/SelectorName` drives.
  ///
  /// Objective-C: none (the compiler checks `@selector`; the runtime accepts any string).
  public static func problem(with name: String) -> String? {
    guard let first = name.utf8.first else { return "the name is empty" }
    guard isIdentifierStart(first) else {
      return "it must start with a letter or '_'"
    }
    var sawColon = false
    var previousWasColon = false
    for byte in name.utf8 {
      if byte == UInt8(ascii: ":") {
        sawColon = true
        previousWasColon = true
      } else if isIdentifierByte(byte) {
        previousWasColon = false
      } else {
        return "'\(String(decoding: [byte], as: UTF8.self))' is not allowed (letters, digits, '_' and ':' only)"
      }
    }
    if sawColon && !previousWasColon {
      return "a keyword selector must end with ':'"
    }
    return nil
  }

  /// The keywords of the name: `["setValue", "forKey"]` for `setValue:forKey:`,
  /// `["description"]` for `description`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var keywords: [String] {
    let parts = name.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    return argumentCount == 0 ? parts : Array(parts.dropLast())
  }

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
  }
}
