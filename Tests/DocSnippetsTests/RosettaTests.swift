// RosettaTests.swift: every row of the Rosetta table in docs/runtime.md, exercised. Each
// `// Rosetta: <Objective-C>` line is followed by code using the row's Swift spelling (up to the
// next blank line); RosettaTableTests.swift checks that table and markers agree. A renamed API
// breaks the build here; a row whose Swift cell names something else fails RosettaTableTests.

import MiniRuntime
import Testing

@Suite struct RosettaTests {
  @Test func runtimeFunctionsAreMembersOfRuntime() throws {
    let runtime = Runtime()
    // Rosetta: [NSObject class]
    let root = runtime.rootClass
    // Rosetta: objc_allocateClassPair
    let person = try runtime.allocateClassPair(superclass: root, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    // Rosetta: objc_registerClassPair
    try runtime.registerClassPair(person)
    // Rosetta: objc_lookUpClass
    #expect(runtime.lookUpClass(named: "Person") === person)
    // Rosetta: objc_copyClassList
    #expect(runtime.classes.map(\.name) == ["NSObject", "Protocol", "Person"])
    // Rosetta: objc_getClassList
    #expect(runtime.classList(capacity: 1).classes.map(\.name) == ["NSObject"] && runtime.classList(capacity: 1).count == 3)
    // Rosetta: objc_enumerateClasses
    var made: [String] = []
    runtime.enumerateClasses(in: .dynamicClasses, namePrefix: "P", conformingTo: nil, subclassing: root) { cls, _ in made.append(cls.name) }
    #expect(made == ["Person"])
    // Rosetta: objc_getMetaClass
    #expect(person.metaclass === person.isa)
    #expect(runtime.metaclass(named: "Person") === person.isa)
    // Rosetta: objc_getClass
    #expect(runtime.class(named: "Person") === person)
    // Rosetta: objc_getRequiredClass
    #expect(try runtime.requiredClass(named: "Person") === person)
    // Rosetta: objc_setHook_getClass
    runtime.setGetClassHook { _, name in name == "Personne" ? person : nil }
    #expect(runtime.class(named: "Personne") === person)
    // Rosetta: class_getVersion
    #expect(person.version == 0)
    // Rosetta: class_setVersion
    person.version = 2
    #expect(person.version == 2)

    // Rosetta: objc_msgSend
    let ann = try #require(try Runtime.msgSend(person, "new").objectValue)
    try runtime.msgSend(ann, "setAge:", 42)
    #expect(try Runtime.msgSend(ann, "performSelector:withObject:", arguments: [.selector("setAge:"), 43]) == .nil)
    #expect(try Runtime.msgSend(nil, "age", returning: .longLong) == .int64(0))
    // Rosetta: objc_msgSendSuper
    #expect(try Runtime.msgSendSuper(ann, superclass: person, "age") == 43)
    #expect(try runtime.msgSendSuper(ann, superclass: root, "class") == .class(person))
    // Rosetta: _objc_msgForward
    #expect(try person.methodImplementation(for: "fly") === Implementation.forwarding)
    // Rosetta: _objc_msgForward_stret
    #expect(try person.methodImplementationStret(for: "fly") === Implementation.forwardingStret)
    // Rosetta: _objc_flush_caches
    runtime.flushCaches(person)
    runtime.flushCaches()

    // Rosetta: objc_duplicateClass
    let twin = try runtime.duplicateClass(person, name: "Twin", extraBytes: 0)
    #expect(twin.isa === person.isa)

    let spare = try runtime.allocateClassPair(superclass: root, name: "Spare")
    // Rosetta: objc_disposeClassPair
    try runtime.disposeClassPair(spare)
    try runtime.checkInvariants()
  }

  @Test func associatedObjectsAndWeakReferencesLiveOnTheObject() throws {
    let runtime = Runtime()
    let ann = try runtime.rootClass.createInstance()
    let key = AssociationKey("nameTag")
    // Rosetta: objc_AssociationPolicy
    let policies: [AssociationPolicy] = [
      // Rosetta: OBJC_ASSOCIATION_SYSTEM_OBJECT
      [.retain, .systemObject],  // first: removeAssociatedObjects would keep it
      // Rosetta: OBJC_ASSOCIATION_ASSIGN
      .assign,
      // Rosetta: OBJC_ASSOCIATION_RETAIN_NONATOMIC
      .retainNonatomic,
      // Rosetta: OBJC_ASSOCIATION_COPY_NONATOMIC
      .copyNonatomic,
      // Rosetta: OBJC_ASSOCIATION_RETAIN
      .retain,
      // Rosetta: OBJC_ASSOCIATION_COPY
      .copy,
    ]
    for policy in policies {
      // Rosetta: objc_setAssociatedObject
      try ann.setAssociatedObject("Ann", forKey: key, policy: policy)
      // Rosetta: objc_getAssociatedObject
      #expect(ann.associatedObject(forKey: key) == "Ann")
    }
    // Rosetta: objc_removeAssociatedObjects
    ann.removeAssociatedObjects()
    #expect(ann.associatedObject(forKey: key) == .nil)

    var object: Object? = try runtime.rootClass.createInstance()
    // Rosetta: objc_initWeak
    let reference = WeakReference(object)
    let variable = try WeakVariable(object)
    object = nil
    // Rosetta: objc_loadWeak
    #expect(reference.object == nil)
    #expect(variable.load() == nil)
    try runtime.checkInvariants()
  }

  @Test func classFunctionsAreMembersOfClass() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    // Rosetta: class_addIvar
    try person.addIvar("_age", type: .longLong)
    // Rosetta: class_addProperty
    #expect(try person.addProperty("age", attributes: "Tq,N,V_age"))
    // Rosetta: class_replaceProperty
    try person.replaceProperty("age", attributes: "Tq,V_age")
    #expect(person.property(named: "age")?.attributes.description == "Tq,V_age")
    // Rosetta: class_addMethod
    try person.addMethod("age", types: "q16@0:8") { receiver, _, _ in try receiver.value(ofIvar: "_age") }
    try person.addMethod(
      "setAge:", types: "v24@0:8q16",
      implementation: Implementation(name: "-[Person setAge:]") {
        receiver, _, arguments in
        try receiver.setValue(arguments[0], forIvar: "_age")
        return .nil
      })
    try runtime.registerClassPair(person)
    // Rosetta: class_getName
    #expect(person.name == "Person" && Class.name(of: nil) == "nil")
    // Rosetta: class_isMetaClass
    #expect(!person.isMetaclass && person.isa.isMetaclass)
    // Rosetta: class_getSuperclass
    #expect(person.superclass === runtime.rootClass)
    // Rosetta: class_getInstanceVariable
    #expect(person.ivar(named: "_age")?.type == .longLong)
    // Rosetta: class_getClassVariable
    #expect(person.classVariable(named: "_age") == nil, "a metaclass chain ending in NSObject has no ivars")
    // Rosetta: class_copyIvarList
    #expect(person.ivarList.map(\.name) == ["_age"])
    // Rosetta: class_getInstanceSize
    #expect(person.instanceSize == 16)  // the isa and long long _age, in bytes
    // Rosetta: class_getProperty
    #expect(person.property(named: "age") != nil)
    // Rosetta: class_copyPropertyList
    #expect(person.propertyList.map(\.name) == ["age"])
    // Rosetta: class_getInstanceMethod
    #expect(try person.instanceMethod(for: "setAge:")?.typeEncoding == "v24@0:8q16")
    #expect(person.instanceMethodWithoutResolver(for: "setAge:")?.typeEncoding == "v24@0:8q16")
    // Rosetta: class_getClassMethod
    #expect(try person.classMethod(for: "new") != nil)
    // Rosetta: class_copyMethodList
    #expect(person.methodList.map(\.selector.name) == ["setAge:", "age"])  // newest first
    // Rosetta: class_getMethodImplementation
    #expect(try person.methodImplementation(for: "setAge:")?.name == "-[Person setAge:]")
    #expect(person.methodImplementationWithoutResolver(for: "setAge:").name == "-[Person setAge:]")
    // Rosetta: class_getMethodImplementation_stret
    #expect(try person.methodImplementationStret(for: "setAge:")?.name == "-[Person setAge:]")
    // Rosetta: class_respondsToSelector
    #expect(person.instancesRespond(to: "age"))
    // Rosetta: class_replaceMethod
    let old = try person.replaceMethod("age", types: "q16@0:8", implementation: Implementation { _, _, _ in 7 })
    #expect(old?.name == "-[Person age]")
    // Rosetta: +[NSObject isSubclassOfClass:]
    #expect(person.isSubclass(of: runtime.rootClass))

    let base = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Base")
    try runtime.registerClassPair(base)
    let derived = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Derived")
    try runtime.registerClassPair(derived)
    // Rosetta: class_setSuperclass
    #expect(try derived.setSuperclass(base) === runtime.rootClass)
    // Rosetta: class_createInstance
    let ann = try person.createInstance()
    #expect(ann.isa === person)
    #expect(try person.createInstance(extraBytes: 8).withIndexedIvars { $0.count } == 8)
    try runtime.checkInvariants()
  }

  @Test func objectFunctionsAreMembersOfObject() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.addIvar("_age", type: .longLong)
    try runtime.registerClassPair(person)
    let student = try runtime.allocateClassPair(superclass: person, name: "Student")
    try runtime.registerClassPair(student)
    let ann = try person.createInstance()
    let ivar = try #require(person.ivar(named: "_age"))

    // Rosetta: object_getClass
    #expect(ann.isa === person)
    // Rosetta: object_getClassName
    #expect(ann.className == "Person" && Object.className(of: nil) == "nil")
    // Rosetta: object_setIvar
    try ann.setValue(42, for: ivar)
    // Rosetta: object_getIvar
    #expect(try ann.value(for: ivar) == 42)
    // Rosetta: object_setIvarWithStrongDefault
    try ann.setValue(43, for: ivar)
    #expect(try ann.value(for: ivar) == 43)
    // Rosetta: object_setInstanceVariable
    try ann.setValue(43, forIvar: "_age")
    // Rosetta: object_getInstanceVariable
    #expect(try ann.value(ofIvar: "_age") == 43)
    // Rosetta: object_setClass
    #expect(try ann.setClass(student) === person)
    // Rosetta: -[NSObject observationInfo]
    #expect(ann.observationInfo == nil)
    try runtime.checkInvariants()
  }

  @Test func selectorMethodIvarAndPropertyFunctionsAreMembersOfTheirTypes() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    try runtime.registerClassPair(person)

    // Rosetta: sel_registerName
    let checked = try Selector(validating: "setName:")
    let built = Selector(interning: "set" + "Name:")
    // Rosetta: @selector(setAge:)
    let literal = Selector("setAge:")
    let expected: Selector = "setName:"
    // Rosetta: sel_isEqual
    #expect(checked == built && built == expected && literal != expected)
    // Rosetta: sel_getName
    #expect(literal.name == "setAge:")
    // Rosetta: NSStringFromSelector
    #expect(literal.stringValue == "setAge:" && Selector.null.stringValue == nil)

    let setter = try #require(try person.instanceMethod(for: "setName:"))
    let getter = try #require(try person.instanceMethod(for: "name"))
    // Rosetta: method_getName
    #expect(setter.selector == "setName:")
    // Rosetta: method_getTypeEncoding
    #expect(setter.typeEncoding == "v24@0:8@16")
    // Rosetta: method_getNumberOfArguments
    #expect(setter.signature.numberOfArguments == 3)
    // Rosetta: method_copyReturnType
    #expect(setter.signature.returnType == .void)
    // Rosetta: method_copyArgumentType
    #expect(setter.signature.argumentTypes == [.object(className: nil), .selector, .object(className: nil)])
    #expect(setter.signature.argumentType(at: 2) == .object(className: nil) && setter.signature.argumentType(at: 3) == nil)
    // Rosetta: method_getImplementation
    let original = getter.implementation
    // Rosetta: imp_implementationWithBlock
    let replacement = Implementation(name: "-[Person shout]") { _, _, _ in "ANN" }
    let compiled = Implementation(function: "shout") { _, _, _ in "ANN" }
    let blockObject = try runtime.makeBlock { _ in "ANN" }  // ^(id self) { return @"ANN"; }
    let fromBlockObject = try Implementation(block: blockObject)
    // Rosetta: class_addMethodsBulk
    #expect(try person.addMethods([("bulkOne", replacement, "@16@0:8"), ("bulkOne", replacement, "@16@0:8")]).isEmpty)
    // Rosetta: class_replaceMethodsBulk
    try person.replaceMethods([("bulkOne", compiled, "@16@0:8")])
    // Rosetta: imp_getBlock
    #expect(replacement.block != nil && compiled.block == nil)
    #expect(fromBlockObject.blockObject === blockObject && replacement.blockObject == nil)
    // Rosetta: imp_removeBlock
    let spareBlock = Implementation(name: "spare") { _, _, _ in .nil }
    #expect(spareBlock.removeBlock() && !compiled.removeBlock())
    // Rosetta: Block_copy
    #expect(try Runtime.copyBlock(blockObject) === blockObject)
    // Rosetta: Block_release
    try Runtime.releaseBlock(blockObject)
    // Rosetta: method_setImplementation
    #expect(try getter.setImplementation(replacement) === original)
    // Rosetta: method_exchangeImplementations
    try getter.exchangeImplementation(with: setter)
    #expect(setter.implementation === replacement)

    let ivar = try #require(person.ivar(named: "_name"))
    // Rosetta: ivar_getName
    #expect(ivar.name == "_name")
    // Rosetta: ivar_getTypeEncoding
    #expect(ivar.type.description == "@\"NSString\"")
    // Rosetta: ivar_getOffset
    #expect(ivar.offset == 8)  // bytes from the start of the object: right after the isa

    let property = try #require(person.property(named: "name"))
    // Rosetta: property_getName
    #expect(property.name == "name")
    // Rosetta: property_getAttributes
    #expect(property.attributes.description == "T@\"NSString\",C,N,V_name")
    // Rosetta: property_copyAttributeList
    #expect(property.attributes.attributes.count == 4)
    // Rosetta: property_copyAttributeValue
    #expect(property.attributes.ivarName == "_name" && property.attributes.type == .object(className: "NSString"))
    #expect(property.attributes.getterName == nil && property.attributes.setterName == nil)
    #expect(property.attributes.value(ofAttribute: "V") == "_name" && property.attributes.value(ofAttribute: "G") == nil)

    let encoding = try TypeEncoding("{Point=dd}")
    // Rosetta: NSGetSizeAndAlignment
    #expect(encoding.size == 16 && encoding.alignment == 8)
    try runtime.checkInvariants()
  }

  @Test func objectiveCTypesHaveSwiftTypes() throws {
    let runtime = Runtime()
    // Rosetta: id
    let object: Object = try runtime.rootClass.createInstance()
    // Rosetta: Class
    let cls: Class = object.isa
    // Rosetta: SEL
    let selector: Selector = "description"
    // Rosetta: Method
    let method: Method? = try cls.instanceMethod(for: selector)
    // Rosetta: IMP
    let implementation: Implementation? = method?.implementation
    #expect(implementation?.name == "-[NSObject description]")
    // Rosetta: Ivar
    let ivars: [Ivar] = cls.ivarList
    // Rosetta: objc_property_t
    let properties: [Property] = cls.propertyList
    #expect(ivars.map(\.name) == ["isa"])  // NSObject's `Class isa`
    // @protocol NSObject's properties, which clang lists in NSObject's own property list
    #expect(properties.map(\.name) == ["hash", "superclass", "description", "debugDescription"])
    try runtime.checkInvariants()
  }
}
