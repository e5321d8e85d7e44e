// CStringTests.swift: the bytes a `char *` value carries (CString.swift, decision 0049).

import Testing

@testable import MiniRuntime

@Suite struct CStringTests {
  @Test func aCStringIsItsBytesUpToTheFirstNUL() {
    #expect(CString(bytes: [0x61, 0, 0x62]).bytes == [0x61], "C reads up to the NUL")
    #expect(CString("a\u{0}b").bytes == [0x61])
    #expect(CString(bytes: [0xE9]).bytes == [0xE9], "Latin 1's é, which is not UTF-8")
    let literal: CString = "é"
    #expect(literal.bytes == [0xC3, 0xA9], "a literal is its UTF-8")
    #expect(CString(bytes: []).bytes.isEmpty)
  }

  @Test func itsTextIsTheUTF8ReadingOfTheBytes() {
    #expect(CString(bytes: [0xC3, 0xA9]).text == "é")
    #expect(CString(bytes: [0xE9]).text == nil)
    #expect(Value.cString(CString(bytes: [0xE9])).cStringValue == nil)
    #expect(Value.cString(CString(bytes: [0xE9])).cStringBytes == [0xE9])
    #expect(Value.cString("é").cStringBytes == [0xC3, 0xA9])
  }

  @Test func equalCStringsHaveEqualBytes() {
    let latin: Value = .cString(CString(bytes: [0x63, 0x61, 0x66, 0xE9]))
    #expect(latin == .cString(CString(bytes: [0x63, 0x61, 0x66, 0xE9])))
    #expect(latin != .cString("café"), "UTF-8's café is other bytes")
    #expect(Value.cString("café") == .cString(CString(bytes: Array("café".utf8))))
    #expect(Set<Value>([latin, .cString("café"), .string("café")]).count == 3)
    let text = "abc"
    #expect(Value.cString(text) == .cString("abc"), "a Swift string makes the C string of its UTF-8")
  }

  @Test func theDescriptionEscapesBytesThatAreNotUTF8() {
    #expect(Value.cString("é").description == "(char *)\"é\"")
    #expect(Value.cString(CString(bytes: [0x63, 0x61, 0x66, 0xE9])).description == "(char *)\"caf\\xE9\"")
    #expect(CString(bytes: [0x01, 0xC3, 0xA9, 0x80]).description == "\"\u{1}é\\x80\"")
  }

  @Test func aCharPointerIvarKeepsTheBytes() throws {
    let runtime = Runtime()
    let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Label")
    try cls.addIvar("_text", type: "*")
    try runtime.registerClassPair(cls)
    let label = try cls.createInstance()
    try label.setValue(.cString(CString(bytes: [0xE9, 0x80])), forIvar: "_text")
    #expect(try label.value(ofIvar: "_text").cStringBytes == [0xE9, 0x80])
    try label.setValue("é", forIvar: "_text")  // a string stored as a char * is its UTF-8
    #expect(try label.value(ofIvar: "_text") == .cString(CString(bytes: [0xC3, 0xA9])))
    try runtime.checkInvariants()
  }
}
