// RosettaTests+Categories.swift: the Rosetta rows for categories and images, exercised (see
// RosettaTests.swift for the convention; RosettaTableTests.swift reads this file too).

import MiniRuntime
import Testing

@Suite struct RosettaCategoryTests {
  @Test func categoryAndImageFunctionsAreMembersOfRuntimeAndClass() throws {
    let runtime = Runtime()
    let greeter = try runtime.allocateProtocol(named: "Greeter")
    try runtime.registerProtocol(greeter)
    // Rosetta: category_t
    var polite = try Category(named: "Polite", on: "Person")
    try polite.addInstanceMethod("greet", types: "@16@0:8") { _, _, _ in "good day" }
    try polite.addClassMethod("species", types: "@16@0:8") { _, _, _ in "human" }
    try polite.addProperty("manners", attributes: "T@\"NSString\",R")
    polite.addProtocol(greeter)
    var image = Image(named: "People")
    image.addClass("Person", superclass: "NSObject") { _ in }
    image.addCategory(polite)
    // Rosetta: map_images
    try runtime.loadImage(image)
    // Rosetta: objc_copyImageNames
    #expect(runtime.imageNames == ["/usr/lib/libobjc.A.dylib", "People"])
    // Rosetta: objc_copyClassNamesForImage
    #expect(runtime.classNames(inImage: "People") == ["Person"])
    let cls = try #require(runtime.lookUpClass(named: "Person"))
    // Rosetta: class_getImageName
    #expect(cls.imageName == "People")
    #expect(try runtime.msgSend(cls, "species") == "human" && cls.conforms(to: greeter))
    try runtime.checkInvariants()
  }
}
