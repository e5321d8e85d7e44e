// CategorySnippetTests.swift: the example of docs/runtime.md#categories-and-load (see
// RuntimeSnippetTests.swift for the snippet convention).

import MiniRuntime
import Testing

@Suite struct CategorySnippetTests {
  @Test func categoriesWinOverTheClassAndLoadRunsSuperclassFirstThenCategories() throws {
    let runtime = Runtime()
    let calls = Locked<[String]>([])
    // snippet: docs/runtime.md#categories-and-load
    var zoo = Image(named: "Zoo")
    zoo.addClass("Dog", superclass: "Animal") { dog in  // listed first, realized second
      try dog.isa.addMethod("load", types: "v16@0:8") { _, _, _ in calls.withLock { $0.append("+[Dog load]") }; return .nil }
    }
    zoo.addClass("Animal", superclass: "NSObject") { animal in
      try animal.addMethod("speak", types: "@16@0:8") { _, _, _ in "..." }
      try animal.isa.addMethod("load", types: "v16@0:8") { _, _, _ in calls.withLock { $0.append("+[Animal load]") }; return .nil }
    }
    var loud = try Category(named: "Loud", on: "Animal")
    try loud.addInstanceMethod("speak", types: "@16@0:8") { _, _, _ in "WOOF" }
    try loud.addClassMethod("load", types: "v16@0:8") { _, _, _ in calls.withLock { $0.append("+[Animal(Loud) load]") }; return .nil }
    zoo.addCategory(loud)
    try runtime.loadImage(zoo)
    #expect(calls.withLock { $0 } == ["+[Animal load]", "+[Dog load]", "+[Animal(Loud) load]"])  // called, not sent
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    let rex = try runtime.msgSend(runtime.lookUpClass(named: "Dog"), "new").objectValue
    #expect(try runtime.msgSend(rex, "speak") == "WOOF")  // the category's method wins…
    #expect(animal.methodList.map(\.implementation.name) == ["-[Animal(Loud) speak]", "-[Animal speak]"])  // …the original stays after it
    #expect(animal.imageName == "Zoo" && runtime.classNames(inImage: "Zoo") == ["Animal", "Dog"])
    // end snippet
    try runtime.checkInvariants()
  }
}
