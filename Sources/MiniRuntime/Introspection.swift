// Introspection.swift: readable dumps of classes and objects.
//
// Docs: docs/runtime.md#introspection. Tests: Tests/MiniRuntimeTests/IntrospectionTests.swift.
//
// Dumps are built from the same public queries a learner can call one by one (superclass,
// methodList, ivarList, …), so what they print is what the runtime holds. They send no
// messages, so printing never runs user code.

extension Class {
  /// The superclass chain starting with this class: `[Person, NSObject]`.
  ///
  /// Objective-C: none (repeated `class_getSuperclass`).
  public var superclassChain: [Class] {
    var chain: [Class] = []
    var each: Class? = self
    while let cls = each {
      chain.append(cls)
      each = cls.superclass
    }
    return chain
  }

  /// The dump of a class: name, superclass chain, metaclass, ivars,
  /// properties, and instance and class methods with their encodings.
  ///
  /// ```
  /// class Person : NSObject
  ///   superclass chain: Person → NSObject
  ///   metaclass: Person (meta), isa → NSObject (meta), superclass → NSObject (meta)
  ///   ivars:
  ///     _age  q  (offset 8, 8 bytes)
  ///   properties:
  ///     age  Tq,V_age
  ///   instance methods:
  ///     -setAge:  v24@0:8q16    -[Person setAge:]
  ///     -age      q16@0:8       -[Person age]
  ///   class methods: (none)
  /// ```
  ///
  /// Objective-C: none (what a debugger or `class-dump` shows).
  func classDump() -> String {
    let meta = isMetaclass ? self : ownMetaclass
    var lines = ["\(isMetaclass ? "metaclass" : "class") \(name) : \(superclass.map(Self.label) ?? "(root)")"]
    lines.append("  superclass chain: " + superclassChain.map(Self.label).joined(separator: " → "))
    lines.append(
      "  metaclass: \(Self.label(meta)), isa → \(Self.label(meta.isa)), superclass → \(meta.superclass.map(Self.label) ?? "nil")")
    lines.append("  state: \(isRegistered ? "registered" : "not registered"), live instances: \(liveInstanceCount)")
    lines += Self.section("ivars", ivarList.map { "\($0.name)  \($0.type)  (offset \($0.offset), \($0.size) bytes)" })
    lines += Self.section("properties", propertyList.map { "\($0.name)  \($0.attributes)" })
    let adopted = protocols
    if !adopted.isEmpty { lines.append("  protocols: " + adopted.map(\.name).joined(separator: ", ")) }
    if !isMetaclass {
      lines += Self.section("instance methods", Self.methodLines(methodList))
    }
    lines += Self.section("class methods", Self.methodLines(meta.methodList))
    return lines.joined(separator: "\n")
  }

  /// `Person` or `Person (meta)`.
  static func label(_ cls: Class) -> String { cls.isMetaclass ? "\(cls.name) (meta)" : cls.name }

  private static func section(_ title: String, _ rows: [String]) -> [String] {
    rows.isEmpty ? ["  \(title): (none)"] : ["  \(title):"] + rows.map { "    " + $0 }
  }

  private static func methodLines(_ methods: [Method]) -> [String] {
    let prefix = methods.first?.owner.isMetaclass == true ? "+" : "-"
    let names = methods.map { prefix + $0.selector.name }
    let width = names.map(\.count).max() ?? 0
    let types = methods.map(\.typeEncoding)
    let typeWidth = types.map(\.count).max() ?? 0
    return zip(methods, zip(names, types)).map { method, columns in
      columns.0.padding(to: width) + "  " + columns.1.padding(to: typeWidth) + "  " + method.implementation.name
    }
  }
}

extension Object {
  /// A multi-line description of the object: identity, isa, and every ivar with its value.
  ///
  /// ```
  /// <Person: 0x…>
  ///   isa: Person
  ///   ivars:
  ///     _age = 42  (q)
  ///   associated objects: (none)
  /// ```
  ///
  /// A class object dumps as a class (see the example in `Class.classDump`).
  ///
  /// Objective-C: none (what `po` and `ivar` inspection show in a debugger).
  public func dump() -> String {
    if let cls = self as? Class { return cls.classDump() }
    var lines = [description, "  isa: \(Class.label(isa))"]
    var ivars: [String] = []
    for cls in isa.superclassChain.reversed() {
      for ivar in cls.ivarList where !ivar.isIsa {  // NSObject's isa is the line above
        let value = (try? self.value(for: ivar))?.description ?? "?"
        ivars.append("\(ivar.name) = \(value)  (\(ivar.type))")
      }
    }
    lines.append(ivars.isEmpty ? "  ivars: (none)" : "  ivars:")
    lines += ivars.map { "    " + $0 }
    let keys = associationKeys.map(\.name)
    lines.append("  associated objects: " + (keys.isEmpty ? "(none)" : keys.joined(separator: ", ")))
    return lines.joined(separator: "\n")
  }
}

extension String {
  /// The string padded with spaces to at least `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
