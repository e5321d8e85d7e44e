// FoundationClassesTests.swift: the classes are installed as Foundation's, with its hierarchy,
// and +alloc hands out the private concrete classes.

import Testing

@testable import MiniFoundation

@Suite struct FoundationClassesTests {
  @Test func aFreshRuntimeHasNoFoundationUntilItIsInstalled() throws {
    let runtime = Runtime()
    #expect(runtime.lookUpClass(named: "NSArray") == nil)  // objc4 alone
    try runtime.installFoundation()
    try runtime.installFoundation()  // a second time does nothing
    #expect(runtime.lookUpClass(named: "NSArray") != nil)
    try runtime.checkInvariants()
  }

  @Test(arguments: [
    ("NSMutableArray", "NSArray"), ("__NSArrayI", "NSArray"), ("__NSArrayM", "NSMutableArray"),
    ("NSMutableDictionary", "NSDictionary"), ("__NSDictionaryI", "NSDictionary"), ("__NSDictionaryM", "NSMutableDictionary"),
    ("NSMutableSet", "NSSet"), ("__NSSetI", "NSSet"), ("__NSSetM", "NSMutableSet"),
    ("NSMutableOrderedSet", "NSOrderedSet"), ("__NSOrderedSetI", "NSOrderedSet"), ("__NSOrderedSetM", "NSMutableOrderedSet"),
    ("NSNumber", "NSValue"), ("__NSCFNumber", "NSNumber"), ("__NSCFBoolean", "NSNumber"), ("NSConcreteValue", "NSValue"),
    ("__NSCFString", "NSMutableString"), ("NSMutableString", "NSString"), ("NSMutableIndexSet", "NSIndexSet"), ("NSArray", "NSObject"), ("NSNull", "NSObject"),
  ])
  func classesHaveFoundationsSuperclasses(name: String, superclass: String) throws {
    let runtime = Runtime()
    #expect(try foundationClass(name, in: runtime).superclass?.name == superclass)
  }

  @Test func installingIntoARuntimeThatHasAnNSArrayFails() throws {
    let runtime = Runtime()
    _ = try makeClass("NSArray", superclass: runtime.rootClass, in: runtime)
    expectFoundationError(.invalidArgument) { try runtime.installFoundation() }
  }

  @Test func allocOfAPublicClassGivesItsConcreteClass() throws {
    let runtime = Runtime()
    let array = try send(try foundationClass("NSArray", in: runtime), "new")
    let mutable = try send(try foundationClass("NSMutableArray", in: runtime), "new")
    let dictionary = try send(try foundationClass("NSMutableDictionary", in: runtime), "dictionary")
    #expect(array.objectValue?.isa.name == "__NSArrayI")
    #expect(mutable.objectValue?.isa.name == "__NSArrayM")
    #expect(dictionary.objectValue?.isa.name == "__NSDictionaryM")
    #expect(try send(array.objectValue, "class") == .class(try foundationClass("__NSArrayI", in: runtime)))
    #expect(try send(mutable.objectValue, "isKindOfClass:", .class(try foundationClass("NSArray", in: runtime))) == true)
    try runtime.checkInvariants()
  }

  @Test func aSubclassWithoutPrimitivesRaisesAbstractMethod() throws {
    let runtime = Runtime()
    let mine = try makeClass("MyArray", superclass: try foundationClass("NSArray", in: runtime), in: runtime)
    let instance = try send(mine, "new").objectValue
    #expect(instance?.isa === mine && instance?.bridgedStorage == nil, "alloc of a subclass is NSObject's")
    let error = expectFoundationError(.abstractMethod) { try send(instance, "count") }
    #expect(error?.message == "*** -[NSArray count]: method only defined for abstract class.  Define -[MyArray count]!")
    #expect(error?.exceptionName == "NSInvalidArgumentException")
  }

  @Test func aSubclassDefiningThePrimitivesGetsTheRest() throws {
    let runtime = Runtime()
    let mine = try makeClass("Countdown", superclass: try foundationClass("NSArray", in: runtime), in: runtime) { cls in
      try cls.addMethod("count", types: "Q16@0:8") { _, _, _ in 3 }
      try cls.addMethod("objectAtIndex:", types: "@24@0:8Q16") { _, _, arguments in .int(3 - (arguments[0].intValue ?? 0)) }
    }
    let countdown = try send(mine, "new").objectValue
    #expect(try send(countdown, "lastObject") == 1)
    #expect(try send(countdown, "containsObject:", 2) == true)
    #expect(try send(countdown, "isEqualToArray:", [3, 2, 1]) == true)
    #expect(try send(countdown, "componentsJoinedByString:", "-") == "3-2-1")
    #expect(try send(try send(countdown, "copy").objectValue, "class") == .class(try foundationClass("__NSArrayI", in: runtime)))
    try runtime.checkInvariants()
  }
}
