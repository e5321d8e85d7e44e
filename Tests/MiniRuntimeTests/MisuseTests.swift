// MisuseTests.swift: bad input gets a clear error that names the problem, and a refused call
// changes nothing (issue 2, "Bad input gets a clear error"; RuntimeError.swift).

import Testing

@testable import MiniRuntime

@Suite struct MisuseTests {
  /// Person (age, name) ← Student; A ← B (no ivars); Other (a double ivar); an unregistered
  /// Draft; and Ann, a Person aged 42.
  struct Fixture {
    let runtime = Runtime()
    let person: Class
    let student: Class
    let a: Class
    let b: Class
    let other: Class
    let draft: Class
    let ann: Object

    init() throws {
      person = try makePerson(in: runtime)
      student = try makeSubclass(of: person, named: "Student", in: runtime)
      a = try makeClass("A", in: runtime)
      b = try makeSubclass(of: a, named: "B", in: runtime)
      other = try makeClass("Other", in: runtime) { try $0.addIvar("_d", type: .double) }
      draft = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
      try draft.addIvar("_x", type: .int)
      ann = try new(person, in: runtime)
      try runtime.msgSend(ann, "setAge:", 42)
      try runtime.msgSend(ann, "setName:", "Ann")
      try ann.setAssociatedObject("note", forKey: AssociationKey("note"), policy: .retain)
    }

    /// Everything a refused call must leave as it was.
    func snapshot() -> [String] {
      var lines = ["generation \(runtime.methodGeneration)", "classes \(runtime.classes.map(\.name))"]
      for cls in runtime.classes + [draft] {
        for side in [cls, cls.isa] {
          lines.append(
            "\(Class.label(side)) registered=\(side.isRegistered) super=\(side.superclass?.name ?? "nil") "
              + "subs=\(side.subclasses.map(Class.label)) instances=\(side.liveInstanceCount)")
          lines += side.methodList.map { "  \($0) \($0.implementation.name) \(ObjectIdentifier($0.implementation))" }
          lines += side.ivarList.map { "  ivar \($0) @\($0.offset)" }
          lines += side.propertyList.map { "  property \($0)" }
        }
      }
      lines.append("ann isa=\(ann.isa.name) \(ann.dump())")
      return lines
    }
  }

  enum Misuse: String, CaseIterable, Sendable {
    case emptySelectorName, malformedSelectorName, malformedSelectorInSend, malformedSelectorInAddMethod
    case duplicateClassName
    case unknownIvarRead, unknownIvarWrite, wrongValueTypeForIvar, wrongValueTypeThroughSetter
    case synthesizeAfterRegistration, invalidIvarName, ivarAlignmentOutOfRange, misalignedObjectIvar
    case disposeClassWithInstances, disposeClassWithSubclasses, disposeRootClass, disposeMetaclass
    case malformedMethodTypes, malformedPropertyAttributes, invalidPropertyName
    case unrecognizedSelector, unrecognizedClassSelector, wrongArgumentCount
    case setClassOnClass, setClassOnClassToUnrelatedMetaclass, setClassOnMetaclass
    case subclassOfUnregisteredClass
    case setSuperclassCycle, performSelectorWithoutSelector, copyUncopyable
    case foreignSuperclass

    /// The code, a text the message must contain, and the refused call.
    var expectation: (RuntimeError.Code, String) {
      switch self {
      case .emptySelectorName: return (.invalidSelectorName, "the name is empty")
      case .malformedSelectorName: return (.invalidSelectorName, "'set age:'")
      case .malformedSelectorInSend: return (.unrecognizedSelector, "-[Person set age:]: unrecognized selector sent to instance")
      case .malformedSelectorInAddMethod: return (.invalidSelectorName, "\"fa\\0st\": a C string cannot hold a NUL")
      case .duplicateClassName: return (.duplicateClassName, "class 'Person' already exists")
      case .unknownIvarRead: return (.unknownIvar, "Person has no ivar named '_nope'")
      case .unknownIvarWrite: return (.unknownIvar, "'_nope'")
      case .wrongValueTypeForIvar: return (.typeMismatch, "cannot use String \"old\" as long long ('q')")
      case .wrongValueTypeThroughSetter: return (.typeMismatch, "-[Person setAge:]")
      case .synthesizeAfterRegistration: return (.invalidClassState, "cannot add ivar '_extra' to Person")
      case .invalidIvarName: return (.invalidName, "a C string cannot hold a NUL")
      case .ivarAlignmentOutOfRange: return (.invalidArgument, "alignment 2^13 of '_bits' is out of range")
      case .misalignedObjectIvar: return (.invalidArgument, "not a multiple of 8 (12)")
      case .disposeClassWithInstances: return (.classInUse, "'Person' still has 1 live instance")
      case .disposeClassWithSubclasses: return (.classInUse, "class 'A' still has subclasses, including 'B'!")
      case .disposeRootClass: return (.invalidClassState, "class 'NSObject' was not allocated with objc_allocateClassPair!")
      case .disposeMetaclass: return (.invalidClassState, "class 'Student' was not allocated with objc_allocateClassPair!")
      case .malformedMethodTypes: return (.invalidTypeEncoding, "unknown type code 'z' at offset 3")
      case .malformedPropertyAttributes: return (.invalidPropertyAttributes, "unknown attribute 'Z'")
      case .invalidPropertyName: return (.invalidName, "a C string cannot hold a NUL")
      case .unrecognizedSelector:
        return (.unrecognizedSelector, "-[Person fly]: unrecognized selector sent to instance 0x")
      case .unrecognizedClassSelector:
        return (.unrecognizedSelector, "+[Person fly]: unrecognized selector sent to class 0x")
      case .wrongArgumentCount: return (.wrongArgumentCount, "-[Person setAge:]: sent with 2 argument(s)")
      case .setClassOnClass: return (.invalidClassState, "the isa of the class object Person must be a metaclass")
      case .setClassOnClassToUnrelatedMetaclass:
        return (.invalidClassState, "must be its metaclass or inherit from it, and the metaclass A does not")
      case .setClassOnMetaclass: return (.invalidArgument, "cannot change the isa of the metaclass Person")
      case .subclassOfUnregisteredClass: return (.invalidClassState, "superclass Draft is not registered yet")
      case .setSuperclassCycle: return (.invalidClassState, "B is a subclass of A")
      case .performSelectorWithoutSelector: return (.invalidArgument, "performSelector: needs a selector")
      case .copyUncopyable: return (.unrecognizedSelector, "-[Person copyWithZone:]")
      case .foreignSuperclass: return (.foreignRuntime, "belongs to another runtime")
      }
    }

    func perform(_ f: Fixture) throws {
      let runtime = f.runtime
      switch self {
      case .emptySelectorName: _ = try Selector(validating: String())
      case .malformedSelectorName: _ = try Selector(validating: ["set age:"][0])
      case .malformedSelectorInSend: try runtime.msgSend(f.ann, "set age:")
      case .malformedSelectorInAddMethod:  // objc4 takes "2fast" or "set age:"; no C string holds a NUL (decision 0027)
        try f.person.addMethod(Selector(interning: "fa\0st"), types: "v16@0:8", implementation: returning("x"))
      case .duplicateClassName: _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
      case .unknownIvarRead: _ = try f.ann.value(ofIvar: "_nope")
      case .unknownIvarWrite: try f.ann.setValue(1, forIvar: "_nope")
      case .wrongValueTypeForIvar: try f.ann.setValue("old", forIvar: "_age")
      case .wrongValueTypeThroughSetter: try runtime.msgSend(f.ann, "setAge:", "old")
      case .synthesizeAfterRegistration: try f.person.synthesizeProperty("extra", type: .int)
      case .invalidIvarName: try f.draft.addIvar("my\0x", type: .double)
      case .ivarAlignmentOutOfRange: try f.draft.addIvar("_bits", size: 1, log2Alignment: 13, type: "c")
      case .misalignedObjectIvar:  // after Draft's int _x at 8, a 4-byte alignment gives offset 12
        try f.draft.addIvar("_object", size: 8, log2Alignment: 2, type: .object(className: nil))
      case .disposeClassWithInstances: try runtime.disposeClassPair(f.person)
      case .disposeClassWithSubclasses: try runtime.disposeClassPair(f.a)
      case .disposeRootClass: try runtime.disposeClassPair(runtime.rootClass)
      case .disposeMetaclass: try runtime.disposeClassPair(f.student.isa)
      case .malformedMethodTypes: try f.person.addMethod("greet", types: "@@:z", implementation: returning("x"))
      case .malformedPropertyAttributes: try f.person.addProperty("height", attributes: "Td,Z")
      case .invalidPropertyName: try f.person.addProperty("he\0ight", attributes: "Td")
      case .unrecognizedSelector: try runtime.msgSend(f.ann, "fly")
      case .unrecognizedClassSelector: try runtime.msgSend(f.person, "fly")
      case .wrongArgumentCount: try runtime.msgSend(f.ann, "setAge:", 1, 2)
      case .setClassOnClass: try f.person.setClass(f.student)
      case .setClassOnClassToUnrelatedMetaclass: try f.person.setClass(f.a.isa)
      case .setClassOnMetaclass: try f.person.isa.setClass(f.student.isa)
      case .subclassOfUnregisteredClass: _ = try runtime.allocateClassPair(superclass: f.draft, name: "Child")
      case .setSuperclassCycle: try f.a.setSuperclass(f.b)
      case .performSelectorWithoutSelector: try runtime.msgSend(f.ann, "performSelector:", "age")
      case .copyUncopyable: try f.ann.setAssociatedObject(.object(f.ann), forKey: AssociationKey("c"), policy: .copy)
      case .foreignSuperclass:
        let elsewhere = Runtime()
        _ = try runtime.allocateClassPair(superclass: elsewhere.rootClass, name: "Alien")
      }
    }
  }

  @Test(arguments: Misuse.allCases)
  func refusedCallThrowsNamingTheProblemAndChangesNothing(misuse: Misuse) throws {
    let f = try Fixture()
    let before = f.snapshot()
    let (code, text) = misuse.expectation
    let error = expectError(code) { try misuse.perform(f) }
    #expect(error?.message.contains(text) == true, "message: \(error?.message ?? "none")")
    #expect(error?.description == error?.message)
    let after = f.snapshot()
    #expect(after == before, "changed: \(after.filter { !before.contains($0) })")
    try f.runtime.checkInvariants()
  }
}
