// Tour+ClassSteps.swift: steps 1 and 2, a class made at runtime and an instance of it.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.

import KVOController

extension Tour {
  /// Step 1: `Person` with `name` and `age`, made with the class-pair API; its class,
  /// metaclass and method lists.
  func defineClass(_ step: StepRecorder) throws {
    let runtime = runtime
    let person = try step.action("Class Person = objc_allocateClassPair([NSObject class], \"Person\", 0);") {
      try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    }.result
    world.person = person
    try step.action("@property (nonatomic, copy) NSString *name;   // ivar, property, getter, setter") {
      try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
    }
    try step.action("@property long long age;") {
      try person.synthesizeProperty("age", type: .longLong)
    }
    try step.action("objc_registerClassPair(Person);") {
      try runtime.registerClassPair(person)
    }
    let meta = person.isa
    step.fact("class_isMetaClass(Person)", yesNo(person.isMetaclass))
    step.fact("class_getSuperclass(Person)", name(person.superclass))
    step.fact("object_getClass(Person)", ClassGraph.id(of: meta) + "   // the metaclass")
    step.fact("class_isMetaClass(object_getClass(Person))", yesNo(meta.isMetaclass))
    step.fact("class_getSuperclass(object_getClass(Person))", name(meta.superclass))
    step.fact("object_getClass(object_getClass(Person))", name(meta.isa))
    step.fact("class_copyIvarList(Person)", list: person.ivarList.map { "\($0.name)  \($0.type)" })
    step.methodList(of: person)
    step.methodList(of: meta, label: "class_copyMethodList(object_getClass(Person))")
    step.fact(
      "class_copyMethodList(NSObject)",
      "\(runtime.rootClass.methodList.count) methods (its own and Foundation's KVC/KVO categories)")
  }

  /// Step 2: `[Person new]`; what it claims to be and what its isa is.
  func createInstance(_ step: StepRecorder) throws {
    let person = try world.need(world.person, "Person class")
    let world = world
    let ann = try step.action("Person *ann = [Person new];") { try world.new(person) }.result
    world.ann = ann
    step.fact("ann", ann.description)
    try step.action("ann.name = @\"Ann\";   // [ann setName:@\"Ann\"]") { try world.set(ann, "name", "Ann") }
    try step.action("ann.age = 42;        // [ann setAge:42]") { try world.set(ann, "age", 42) }
    try describeClass(of: ann, named: "ann", step)
    step.fact("ann.dump()", list: ann.dump().split(separator: "\n").dropFirst().map { String($0.dropFirst(2)) })
  }

  /// `[object class]`, `object_getClass(object)` and whether they agree.
  func describeClass(of object: Object, named name: String, _ step: StepRecorder) throws {
    let claimed = try world.claimedClass(of: object)
    step.fact("[\(name) class]", self.name(claimed))
    step.fact("object_getClass(\(name))", object.isa.name)
    var same = yesNo(claimed === object.isa)
    if claimed !== object.isa, let override = object.isa.methodList.first(where: { $0.selector == "class" }) {
      same += "   // \(object.isa.name) overrides -class with \(override.implementation.name)"
    }
    step.fact("[\(name) class] == object_getClass(\(name))", same)
  }

  func yesNo(_ value: Bool) -> String { value ? "YES" : "NO" }

  func name(_ cls: Class?) -> String { cls.map(ClassGraph.id(of:)) ?? "nil" }
}
