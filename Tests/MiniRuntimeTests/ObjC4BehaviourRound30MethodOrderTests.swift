// ObjC4BehaviourRound30MethodOrderTests.swift: the method list of a compiled class keeps the
// order of its @implementation. clang emits the methods in that order; a binary linked for a
// current OS carries them as a relative ("small") method list, which objc4's fixupMethodList
// leaves as it is (it sorts only a classic list, by selector address, an order with no meaning
// here), so class_copyMethodList answers them in declared order, class methods likewise. What
// attaches later (a category, class_addMethod at run time) still goes in front, newest first.

import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound30MethodOrderTests {
  @Test func aCompiledClassListsItsMethodsInDeclaredOrder() throws {
    // @implementation Animal - (id)speak; - (id)eat; - (id)sleep; + (id)kingdom; + (id)phylum;
    // then a bulk-added pair, as one list after them. @end
    let runtime = Runtime()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      for name in ["speak", "eat", "sleep"] {
        try cls.addMethod(Selector(interning: name), types: "@16@0:8", implementation: returning(name))
      }
      for name in ["kingdom", "phylum"] {
        try cls.isa.addMethod(Selector(interning: name), types: "@16@0:8", implementation: returning(name))
      }
      _ = try cls.addMethods([("run", returning("run"), "@16@0:8"), ("hide", returning("hide"), "@16@0:8")])
    }
    var loud = try Category(named: "Loud", on: "Animal")
    try loud.addInstanceMethod("shout", types: "@16@0:8") { _, _, _ in "shout" }
    zoo.addCategory(loud)
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(animal.methodList.map(\.selector.name) == ["shout", "speak", "eat", "sleep", "run", "hide"])
    #expect(animal.isa.methodList.map(\.selector.name) == ["kingdom", "phylum"])
    try addReturning(animal, "wave", "wave")
    #expect(animal.methodList.first?.selector == "wave", "class_addMethod at run time: in front")
    let person = try makeClass("Person", in: runtime) { cls in
      try addReturning(cls, "first", "first")
      try addReturning(cls, "second", "second")
    }
    #expect(person.methodList.map(\.selector.name) == ["second", "first"], "made at run time: newest first")
    try runtime.checkInvariants()
  }

  @Test func nsObjectListsItsMethodsInDeclaredOrder() throws {
    // NSObject is libobjc's compiled class: its base lists keep NSObject.mm's order, first
    // declared first (RootClass.swift's order: init, self, class, … then the retain/release
    // group; +alloc first on the class side, +allocWithZone: last). By the old rule, installed
    // after registration, it listed them newest first (retainWeakReference first).
    let runtime = Runtime()
    let names = runtime.rootClass.methodList.map(\.selector.name)
    #expect(Array(names.prefix(4)) == ["init", "self", "class", "superclass"])
    #expect(Array(names.suffix(4)) == ["retain", "release", "allowsWeakReference", "retainWeakReference"])
    let classNames = runtime.rootClass.isa.methodList.map(\.selector.name)
    #expect(classNames.first == "alloc")
    #expect(classNames.last == "allocWithZone:")
    try addReturning(runtime.rootClass, "wave", "wave")
    #expect(runtime.rootClass.methodList.first?.selector == "wave", "class_addMethod at run time: in front")
    try runtime.checkInvariants()
  }
}
