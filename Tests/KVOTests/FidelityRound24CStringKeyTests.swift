// FidelityRound24CStringKeyTests.swift: a C string is no key. Foundation takes a KVC key as an
// NSString; a `char *` is no object, so MiniKVO refuses it as a key, whatever its bytes: since a
// C string is bytes (decision 0049), one that is not UTF-8 must be refused as one that is.

import MiniFoundation
import MiniRuntime
import Testing

@testable import KVO

@Suite struct FidelityRound24CStringKeyTests {
  /// `valueForKey:` with a C string key, UTF-8 ("age") or Latin 1 ("é", 0xE9), is refused as a
  /// key that is no string (`invalidArgument`), not boxed and sent string messages.
  @Test func aCStringKeyIsRefusedWhateverItsBytes() throws {
    let world = try World()
    world.runtime.installKeyValueObserving()  // as linking Foundation would (messages are sent directly)
    let ann = try world.newPerson()
    for key in [CString("age"), CString(bytes: [0xE9])] {
      let refused = #expect(throws: KeyValueError.self) { try Runtime.msgSend(ann, "valueForKey:", .cString(key)) }
      #expect(refused?.code == .invalidArgument, "\(key)")
      #expect(refused?.message.hasPrefix("a key must be a string") == true, "\(key)")
    }
  }
}
