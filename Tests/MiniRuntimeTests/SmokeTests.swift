import Testing
@testable import MiniRuntime

@Suite struct SmokeTests {
  @Test func personRoundTrip() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    _ = try runtime.msgSend(ann, "setAge:", 42)
    #expect(try runtime.msgSend(ann, "age") == 42)
    _ = try runtime.msgSend(ann, "setName:", "Ann")
    #expect(try runtime.msgSend(ann, "name") == "Ann")
    #expect(ann.isa === person)
    #expect(try runtime.msgSend(ann, "class") == .class(person))
    print(person.dump())
    print(ann.dump())
    try runtime.checkInvariants()
  }
}
