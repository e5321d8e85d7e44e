// UnrecognizedSelectorHintTests.swift: a key-value coding or observing message sent before
// Foundation's category is installed keeps objc4's message and adds a hint naming
// installKeyValueObserving() (Runtime+Forwarding.swift, RuntimeError.swift).

import Testing

@testable import MiniRuntime

@Suite struct UnrecognizedSelectorHintTests {
  @Test func keyValueMessagesBeforeInstallationNameTheInstallation() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let ann = try new(person, in: runtime)
    let error = try #require(expectError(.unrecognizedSelector) { _ = try runtime.msgSend(ann, "valueForKey:", "age") })
    #expect(error.message == "-[Person valueForKey:]: unrecognized selector sent to instance \(ann.address)")
    #expect(error.hint?.contains("runtime.installKeyValueObserving()") == true)
    #expect(error.description == error.message + "\nhint: " + (error.hint ?? ""))
  }

  @Test func classSideKeyValueMessagesGetTheHintToo() throws {
    let runtime = Runtime()
    let person = try makePerson(in: runtime)
    let error = try #require(
      expectError(.unrecognizedSelector) { _ = try runtime.msgSend(person, "automaticallyNotifiesObserversForKey:", "age") })
    #expect(error.message.hasPrefix("+[Person automaticallyNotifiesObserversForKey:]: unrecognized selector sent to class"))
    #expect(error.hint?.contains("installKeyValueObserving()") == true)
  }

  @Test func otherUnrecognizedSelectorsHaveNoHint() throws {
    let runtime = Runtime()
    let ann = try new(try makePerson(in: runtime), in: runtime)
    let error = try #require(expectError(.unrecognizedSelector) { _ = try runtime.msgSend(ann, "fly") })
    #expect(error.hint == nil)
    #expect(error.description == error.message)
  }

  @Test func everyKeyValueSelectorOfTheTableIsRecognisedAsOne() {
    #expect(MethodSignature.isKeyValueCodingOrObserving("addObserver:forKeyPath:options:context:"))
    #expect(MethodSignature.isKeyValueCodingOrObserving("setValue:forKey:"))
    #expect(!MethodSignature.isKeyValueCodingOrObserving("dealloc"))
    #expect(!MethodSignature.isKeyValueCodingOrObserving("greet"))
  }
}
