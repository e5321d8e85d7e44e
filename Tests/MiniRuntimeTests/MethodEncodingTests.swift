// MethodEncodingTests.swift: method encodings built from types, the well-known table, and
// addMethod/replaceMethod without a type string (MethodSignature+Compiled.swift,
// MethodSignature+WellKnown.swift, Class+MethodEncodings.swift).

import Testing

@testable import MiniRuntime

@Suite struct MethodEncodingTests {
  /// Declarations with the encoding clang writes for them (x86_64/arm64).
  @Test(arguments: [
    (TypeEncoding.void, [TypeEncoding](), "v16@0:8"),
    (.id, [], "@16@0:8"),
    (.char, [.int], "c20@0:8i16"),  // -(char)f:(int)x: an int takes 4 bytes
    (.void, [.char, .double], "v28@0:8c16d20"),  // a char widened to 4, no alignment for the double
    (.void, [.bool, .id], "v28@0:8B16@20"),
    (.void, [.short, .float], "v24@0:8s16f20"),
    (.void, [.longLong], "v24@0:8q16"),
    (.void, [.id, .id, .id, .pointer(.void)], "v48@0:8@16@24@32^v40"),
    (.id, [.object(className: "NSString")], "@24@0:8@16"),  // class names are dropped
    (.void, [.structure(name: "Point", fields: [.init(.double), .init(.double)])], "v32@0:8{Point=dd}16"),
    (.void, [.structure(name: "Pair", fields: [.init(.char), .init(.char)]), .id], "v26@0:8{Pair=cc}16@18"),
    (.void, [.array(count: 4, element: .int)], "v24@0:8[4i]16"),  // an array is passed as a pointer
    (.double, [.longDouble], "d32@0:8D16"),
  ])
  func compiledSignatureWritesClangOffsets(returnType: TypeEncoding, arguments: [TypeEncoding], expected: String) throws {
    let signature = MethodSignature.compiled(returning: returnType, arguments: arguments)
    #expect(signature.description == expected)
    #expect(try MethodSignature(expected) == signature)
  }

  @Test(arguments: [
    ("observeValueForKeyPath:ofObject:change:context:", "v48@0:8@16@24@32^v40"),
    ("dealloc", "v16@0:8"), ("init", "@16@0:8"), ("description", "@16@0:8"),
    ("valueForUndefinedKey:", "@24@0:8@16"), ("setValue:forUndefinedKey:", "v32@0:8@16@24"),
    ("methodSignatureForSelector:", "@24@0:8:16"), ("forwardInvocation:", "v24@0:8@16"),
    ("forwardingTargetForSelector:", "@24@0:8:16"), ("respondsToSelector:", "B24@0:8:16"),
    ("isEqual:", "B24@0:8@16"), ("hash", "Q16@0:8"), ("copyWithZone:", "@24@0:8^{_NSZone=}16"),
    ("resolveInstanceMethod:", "B24@0:8:16"), ("automaticallyNotifiesObserversForKey:", "B24@0:8@16"),
    ("keyPathsForValuesAffectingValueForKey:", "@24@0:8@16"), ("willChangeValueForKey:", "v24@0:8@16"),
    ("didChangeValueForKey:", "v24@0:8@16"), ("addObserver:forKeyPath:options:context:", "v48@0:8@16@24Q32^v40"),
  ])
  func wellKnownSelectorHasClangEncoding(selector: String, expected: String) throws {
    #expect(MethodSignature.wellKnown(Selector(interning: selector))?.description == expected)
  }

  @Test func everyWellKnownSignatureFitsItsSelector() throws {
    #expect(MethodSignature.wellKnownSelectors.count > 40)
    for (selector, signature) in MethodSignature.wellKnownSelectors {
      #expect(signature.argumentTypes.prefix(2) == [.id, .selector], "\(selector): self and _cmd first")
      #expect(signature.messageArgumentTypes.count == selector.argumentCount, "\(selector): one type per colon")
      #expect(try MethodSignature(signature.description) == signature)
    }
  }

  @Test func wellKnownTableAgreesWithNSObjectsOwnMethods() throws {
    let runtime = Runtime()
    let methods = runtime.rootClass.methodList + runtime.rootClass.isa.methodList
    for method in methods {
      guard let known = MethodSignature.wellKnown(method.selector) else { continue }
      #expect(known.description == method.typeEncoding, "\(method.selector)")
    }
  }

  @Test func unknownSelectorIsNotWellKnown() {
    #expect(MethodSignature.wellKnown("greet") == nil)
  }

  @Test func addMethodWithoutTypesUsesWellKnownEncoding() throws {
    let runtime = Runtime()
    let watcher = try makeClass("Watcher", in: runtime)
    let added = try watcher.addMethod("observeValueForKeyPath:ofObject:change:context:") { _, _, _ in .nil }
    #expect(added)
    let method = try #require(watcher.methodList.first)
    #expect(method.typeEncoding == "v48@0:8@16@24@32^v40")
    try runtime.checkInvariants()
  }

  @Test func addMethodWithoutTypesOnMetaclassUsesWellKnownEncoding() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    try person.isa.addMethod("automaticallyNotifiesObserversForKey:") { _, _, _ in false }
    #expect(try person.classMethod(for: "automaticallyNotifiesObserversForKey:")?.typeEncoding == "B24@0:8@16")
    try runtime.checkInvariants()
  }

  @Test func addMethodWithoutTypesTakesInheritedEncoding() throws {
    let runtime = Runtime()
    let base = try makeClass("Base", in: runtime) { cls in
      try cls.addMethod("greet:times:", types: "v28@0:8@16i24") { _, _, _ in .nil }
    }
    let derived = try makeClass("Derived", superclass: base, in: runtime)
    try derived.addMethod("greet:times:") { _, _, _ in .nil }
    #expect(derived.methodList.first?.typeEncoding == "v28@0:8@16i24")
    try runtime.checkInvariants()
  }

  @Test func addMethodWithoutTypesForUnknownSelectorThrowsNamingTypes() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    let error = expectError(.invalidTypeEncoding) { try person.addMethod("greet:") { _, _, _ in .nil } }
    #expect(error?.message.contains("'greet:'") == true)
    #expect(error?.message.contains("types:") == true)
    #expect(error?.message.contains("v24@0:8@16") == true)
    #expect(person.methodList.isEmpty)
    try runtime.checkInvariants()
  }

  @Test func addMethodWithCompiledSignatureRegistersItsEncoding() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    try person.addMethod("initial:", types: .compiled(returning: .char, arguments: [.int])) { _, _, arguments in
      .int8(Int8(truncatingIfNeeded: arguments[0].intValue ?? 0))
    }
    #expect(try person.instanceMethod(for: "initial:")?.typeEncoding == "c20@0:8i16")
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "initial:", .int32(65)) == .int8(65))
    try runtime.checkInvariants()
  }

  @Test func aSignatureOfAnotherArityIsTakenAsObjC4TakesIt() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    #expect(try person.addMethod("greet:", types: .compiled(returning: .void)) { _, _, arguments in arguments[0] })
    #expect(try person.instanceMethod(for: "greet:")?.typeEncoding == "v16@0:8")
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet:", "hi") == "hi", "the send passes its argument as given")
    try runtime.checkInvariants()
  }

  @Test func handWrittenTypeStringStillWins() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    try person.addMethod("description", types: "@@:") { _, _, _ in "bare" }
    #expect(person.methodList.first?.typeEncoding == "@@:")
    try runtime.checkInvariants()
  }

  @Test func replaceMethodTrailingClosureReplacesOwnMethod() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    try addReturning(person, "greet", "old")
    let old = try person.replaceMethod("greet", types: "@16@0:8") { _, _, _ in "new" }
    #expect(old?.name == "old")
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "greet") == "new")
    try runtime.checkInvariants()
  }

  @Test func replaceMethodWithoutTypesAddsWellKnownOverride() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    let old = try person.replaceMethod("description") { _, _, _ in "a person" }
    #expect(old == nil)
    #expect(person.methodList.first?.typeEncoding == "@16@0:8")
    let ann = try new(person, in: runtime)
    #expect(try runtime.msgSend(ann, "description") == "a person")
    try runtime.checkInvariants()
  }

  @Test func replaceMethodWithoutTypesKeepsOwnMethodsEncoding() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    try person.addMethod("greet:times:", types: "v28@0:8@16i24") { _, _, _ in .nil }
    let old = try person.replaceMethod("greet:times:") { _, _, _ in .nil }
    #expect(old != nil)
    #expect(person.methodList.map(\.typeEncoding) == ["v28@0:8@16i24"])
    try runtime.checkInvariants()
  }

  @Test func replaceMethodWithoutTypesForUnknownSelectorThrows() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    let error = expectError(.invalidTypeEncoding) { try person.replaceMethod("greet") { _, _, _ in .nil } }
    #expect(error?.message.contains("class_replaceMethod") == true)
    try runtime.checkInvariants()
  }

  @Test func replaceMethodWithCompiledSignatureAddsIt() throws {
    let runtime = Runtime()
    let person = try makeClass("Person", in: runtime)
    try person.replaceMethod("isAdult", types: .compiled(returning: .bool)) { _, _, _ in true }
    #expect(try person.instanceMethod(for: "isAdult")?.typeEncoding == "B16@0:8")
    try runtime.checkInvariants()
  }
}
