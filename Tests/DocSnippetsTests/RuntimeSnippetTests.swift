// RuntimeSnippetTests.swift: the examples of docs/runtime.md. The code between
// `// snippet: docs/runtime.md#<section>` and `// end snippet` is the example of that section,
// verbatim (SnippetSyncTests checks it); what follows a region checks the rest.

import MiniRuntime
import Testing

@Suite struct RuntimeSnippetTests {
  @Test func objectsKeepTheirIvarsAtByteOffsets() throws {
    // snippet: docs/runtime.md#objects-and-ivars
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.addIvar("_age", type: .longLong)
    try person.addIvar("_name", type: .object(className: "NSString"))
    try runtime.registerClassPair(person)

    let ann = try person.createInstance()  // class_createInstance: ivars zeroed, no init sent
    #expect(try ann.value(ofIvar: "_age") == 0)
    try ann.setValue(42, forIvar: "_age")
    #expect(try ann.value(ofIvar: "_age") == 42)
    #expect(try ann.value(ofIvar: "_name") == .nil)
    #expect(person.ivar(named: "_name")?.offset == 16)  // bytes: the isa is 0..<8, _age 8..<16
    #expect(person.instanceSize == 24)  // class_getInstanceSize: isa plus ivars, word-rounded
    let error = #expect(throws: RuntimeError.self) { try ann.setValue("forty", forIvar: "_age") }
    #expect(error?.code == .typeMismatch)
    #expect(try ann.value(ofIvar: "_age") == 42)  // a refused call changes nothing
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func theMetaclassGraphIsObjc4s() throws {
    // snippet: docs/runtime.md#classes-and-metaclasses
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    let ann = try #require(try runtime.msgSend(person, "new").objectValue)
    let root = runtime.rootClass  // NSObject

    #expect(ann.isa === person)  // instance → class
    #expect(person.isa.isMetaclass && person.isa.name == "Person")  // class → its metaclass
    #expect(person.isa.isa === root.isa)  // metaclass → root metaclass
    #expect(root.isa.isa === root.isa)  // the root metaclass's isa is itself
    #expect(person.superclass === root)  // the superclass chain of the classes …
    #expect(person.isa.superclass === root.isa)  // … is mirrored by the metaclasses,
    #expect(root.isa.superclass === root)  // and the root metaclass inherits from NSObject
    #expect(root.superclass == nil)
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func theRootClassAnswersOnBothSides() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    // snippet: docs/runtime.md#the-root-class
    let ann = try #require(try runtime.msgSend(person, "new").objectValue)  // +new: +alloc, then -init
    #expect(try runtime.msgSend(ann, "class") == .class(person))  // -[NSObject class]
    #expect(try runtime.msgSend(person, "class") == .class(person))  // +[NSObject class]: the class itself
    #expect(try runtime.msgSend(ann, "isKindOfClass:", .class(runtime.rootClass)) == true)
    #expect(try runtime.msgSend(person, "isKindOfClass:", .class(runtime.rootClass)) == true)  // via the metaclasses
    #expect(try runtime.msgSend(person, "isKindOfClass:", .class(person)) == false)  // Person (meta) is no Person
    #expect(try runtime.msgSend(person, "respondsToSelector:", .selector("new")) == true)
    #expect(try runtime.msgSend(ann, "description") == .string("<Person: \(ann.address)>"))
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func selectorsAreInternedIntegers() throws {
    let runtime = Runtime()
    // snippet: docs/runtime.md#selectors
    let a = try Selector(validating: "setAge:")  // sel_registerName, checked now
    let b: Selector = "setAge:"  // @selector(setAge:): a literal
    let c = Selector(interning: "set" + "Age:")  // a name built at run time, not checked
    #expect(a == b && b == c)  // one integer comparison each
    #expect(a.argumentCount == 1)
    #expect(Selector("setValue:forKey:").keywords == ["setValue", "forKey"])

    let bad: Selector = "set age:"  // a literal is not checked where it is written …
    #expect(!bad.isValid)
    let sent = #expect(throws: RuntimeError.self) { try runtime.msgSend(runtime.rootClass, bad, 1) }
    #expect(sent?.code == .unrecognizedSelector)  // … a send of it is objc4's unrecognized selector
    let checked = #expect(throws: RuntimeError.self) { try Selector(validating: "set age:") }
    #expect(checked?.code == .invalidSelectorName)  // Selector(validating:) throws at once
    // end snippet
    #expect(a.index == b.index && a.name == "setAge:")
  }

  @Test func typeEncodingsParseAndPrintBack() throws {
    // snippet: docs/runtime.md#type-encodings
    let point = try TypeEncoding("{Point=dd}")
    #expect(point == .structure(name: "Point", fields: [.init(.double), .init(.double)]))
    #expect(point.description == "{Point=dd}")
    #expect(point.size == 16)
    #expect(TypeEncoding.object(className: "NSString").description == "@\"NSString\"")

    let setter = try MethodSignature("v24@0:8q16")
    #expect(setter.returnType == .void)
    #expect(setter.messageArgumentTypes == [.longLong])
    #expect(MethodSignature(returning: .void, arguments: [.longLong]).withFrameOffsets().description == "v24@0:8q16")
    #expect(MethodSignature.compiled(returning: .char, arguments: [.int]).description == "c20@0:8i16")
    let error = #expect(throws: RuntimeError.self) { try TypeEncoding("{Point=dd}x") }
    #expect(error?.code == .invalidTypeEncoding)  // the message names the offset of the 'x'
    // end snippet
  }

  @Test func valuesCompareLikeNSNumberAndConvertAsCAssignmentOrExactly() throws {
    // snippet: docs/runtime.md#values
    let age: Value = 42  // .int64(42): a literal picks the natural case
    #expect(age == .int32(42))  // numbers compare by value, like NSNumber
    #expect(age == 42.0)
    #expect(age.encoding.description == "q")
    #expect(Value.string("Ann").encoding.description == "@\"NSString\"")
    #expect(Set<Value>([.int64(1), .double(1), .bool(true)]).count == 1)  // hashing agrees with ==

    #expect(try Value.double(-2.5).assigned(to: .longLong) == .int64(-2))  // long long n = -2.5;
    #expect(try Value.int64(300).assigned(to: .char) == .int8(44))  // char c = 300; modulo 256
    #expect(try Value.int64(16_777_217).assigned(to: .float) == .float(16_777_216))  // rounded
    #expect(throws: RuntimeError.self) { try Value.double(1e10).assigned(to: .int) }  // undefined in C

    #expect(try Value.int64(7).converted(to: .int) == .int32(7))  // the exact rule
    #expect(throws: RuntimeError.self) { try Value.double(2.5).converted(to: .int) }  // not integral

    #expect(try Value.string("Ann").converted(to: .cString) == .cString("Ann"))  // char *name = "Ann"
    #expect(Value.cString("Ann") != "Ann")  // a char * is not an NSString
    #expect(try Value.array([1, 2]).converted(to: TypeEncoding("[2i]")) == .cArray([1, 2]))  // int a[2] = {1, 2}
    // end snippet
  }

  @Test func classPairsAreBuiltRegisteredAndDisposed() throws {
    let runtime = Runtime()
    // snippet: docs/runtime.md#class-pairs
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.addIvar("_age", type: .longLong)  // allowed: still under construction
    try runtime.registerClassPair(person)
    #expect(runtime.lookUpClass(named: "Person") === person)

    #expect(try !person.addIvar("_name", type: .object(className: "NSString")))  // NO: instances have a fixed layout now
    let clash = #expect(throws: RuntimeError.self) {
      try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    }
    #expect(clash?.message == "objc_allocateClassPair: class 'Person' already exists")

    var ann: Object? = try person.createInstance()
    let inUse = #expect(throws: RuntimeError.self) { try runtime.disposeClassPair(person) }
    #expect(inUse?.code == .classInUse)  // one live instance
    ann = nil
    try runtime.disposeClassPair(person)  // now it goes
    #expect(runtime.lookUpClass(named: "Person") == nil)
    // end snippet
    #expect(ann == nil && clash?.code == .duplicateClassName)
    try runtime.checkInvariants()
  }

  @Test func synthesizeAddsIvarPropertyAndAccessors() throws {
    let runtime = Runtime()
    // snippet: docs/runtime.md#properties
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    try runtime.registerClassPair(person)

    #expect(person.property(named: "name")?.attributes.description == "T@\"NSString\",C,N,V_name")
    #expect(person.ivarList.map(\.name) == ["_name"])
    #expect(person.methodList.map(\.selector.name) == ["setName:", "name"])  // newest first
    #expect(person.methodList.map(\.typeEncoding) == ["v24@0:8@16", "@16@0:8"])
    let ann = try #require(try runtime.msgSend(person, "new").objectValue)
    try runtime.msgSend(ann, "setName:", "Ann")
    #expect(try runtime.msgSend(ann, "name") == "Ann")
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func methodsAreAddedRefusedAndSwizzled() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    // snippet: docs/runtime.md#methods
    #expect(try person.addMethod("greet", types: "@16@0:8") { _, _, _ in "hello" })
    #expect(try !person.addMethod("greet", types: "@16@0:8") { _, _, _ in "again" })  // already there
    try person.addMethod("xxx_greet", types: "@16@0:8") { _, _, _ in "swizzled" }

    let ann = try #require(try runtime.msgSend(person, "new").objectValue)
    #expect(try runtime.msgSend(ann, "greet") == "hello")  // … and greet is now cached
    let original = try #require(try person.instanceMethod(for: "greet"))
    let swizzled = try #require(try person.instanceMethod(for: "xxx_greet"))
    try original.exchangeImplementation(with: swizzled)
    #expect(try runtime.msgSend(ann, "greet") == "swizzled")  // the exchange flushed the cache
    #expect(try runtime.msgSend(ann, "xxx_greet") == "hello")
    #expect(person.methodList.map(\.selector.name) == ["xxx_greet", "greet"])  // newest first
    // end snippet
    try runtime.checkInvariants()
  }

  @Test func methodsNeedNoTypeStringWhenTheEncodingIsKnown() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    // snippet: docs/runtime.md#methods-without-a-type-string
    try person.addMethod("isAdult", types: .compiled(returning: .bool)) { _, _, _ in true }
    try person.addMethod("description") { _, _, _ in "a person" }  // well-known: "@16@0:8"
    try person.replaceMethod("isAdult") { _, _, _ in false }  // its own method's types
    #expect(try person.instanceMethod(for: "isAdult")?.typeEncoding == "B16@0:8")
    #expect(try person.instanceMethod(for: "description")?.typeEncoding == "@16@0:8")
    let error = #expect(throws: RuntimeError.self) { try person.addMethod("greet:") { _, _, _ in .nil } }
    #expect(error?.code == .invalidTypeEncoding)  // "…pass types: with a string such as "v24@0:8@16"…"
    // end snippet
    let ann = try #require(try runtime.msgSend(person, "new").objectValue)
    #expect(try runtime.msgSend(ann, "isAdult") == false)
    #expect(try runtime.msgSend(ann, "description") == "a person")
    try runtime.checkInvariants()
  }

  @Test func unimplementedMessagesAreResolvedOrRefused() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    let ann = try #require(try runtime.msgSend(person, "new").objectValue)
    // snippet: docs/runtime.md#message-send
    #expect(try Runtime.msgSend(nil, "age") == .nil)  // a message to nil runs nothing and returns nil

    // +resolveInstanceMethod: may add the missing method; the send then looks again, once.
    try person.isa.addMethod("resolveInstanceMethod:") { receiver, _, arguments in
      guard let cls = receiver as? Class, arguments[0].selectorValue == "fly" else { return false }
      return .bool(try cls.addMethod("fly", types: "@16@0:8") { _, _, _ in "flying" })
    }
    #expect(try Runtime.msgSend(ann, "fly") == "flying")

    // Nothing implements swim: the resolver declines, forwardingTargetForSelector: answers nil,
    // and NSObject's doesNotRecognizeSelector: throws.
    let error = #expect(throws: RuntimeError.self) { try Runtime.msgSend(ann, "swim") }
    #expect(error?.message == "-[Person swim]: unrecognized selector sent to instance \(ann.address)")
    let arity = #expect(throws: RuntimeError.self) { try Runtime.msgSend(ann, "fly", 1) }
    #expect(arity?.code == .wrongArgumentCount)  // fly takes no argument
    // end snippet
    #expect(error?.code == .unrecognizedSelector)
    try runtime.checkInvariants()
  }

  @Test func aMethodChangeFlushesOnlyItsSelectorBelowIt() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try runtime.registerClassPair(person)
    try person.addMethod("greet", types: "@16@0:8") { _, _, _ in "hello" }
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    try runtime.registerClassPair(student)
    let stu = try student.createInstance()
    // snippet: docs/runtime.md#the-method-cache
    #expect(try runtime.msgSend(stu, "greet") == "hello")  // a miss: Student's cache now holds greet
    #expect(throws: RuntimeError.self) { try runtime.msgSend(stu, "fly") }  // caches a negative entry

    let flushes = Locked<[String]>([])
    let observation = runtime.addEventObserver { event in
      if case .cacheEntriesFlushed = event { flushes.withLock { $0.append(event.description) } }
    }
    try person.replaceMethod("greet") { _, _, _ in "hi" }
    observation.cancel()
    // Only greet's entry goes, only where greet was inherited (Person's own cache held nothing):
    #expect(flushes.withLock { $0 } == ["flushed 1 cache entry for greet of Student"])
    #expect(try runtime.msgSend(stu, "greet") == "hi")
    #expect(throws: RuntimeError.self) { try runtime.msgSend(stu, "fly") }  // still the cached negative entry
    // end snippet
    try runtime.checkInvariants()
  }
}
