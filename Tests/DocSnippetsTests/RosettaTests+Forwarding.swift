// RosettaTests+Forwarding.swift: the Rosetta rows for NSMethodSignature and NSInvocation,
// exercised (see RosettaTests.swift for the convention; RosettaTableTests.swift reads this file too).

import MiniRuntime
import Testing

@Suite struct RosettaForwardingTests {
  @Test func signaturesAndInvocationsAreMembersOfRuntime() throws {
    let runtime = Runtime()
    let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    try person.synthesizeProperty("age", type: .longLong)
    try runtime.registerClassPair(person)
    let ann = try person.createInstance()
    // Rosetta: NSMethodSignature
    let signature = try runtime.methodSignature(objCTypes: "v@:q")
    #expect(MethodSignature(signature)?.description == "v24@0:8q16")
    // Rosetta: NSInvocation
    let invocation = try runtime.invocation(methodSignature: signature)
    #expect(Invocation(invocation.object) != nil)
    invocation.selector = "setAge:"
    // Rosetta: -[NSInvocation setArgument:atIndex:]
    try invocation.setArgument(42, at: 2)
    // Rosetta: -[NSInvocation getArgument:atIndex:]
    #expect(try invocation.argument(at: 2) == 42)
    // Rosetta: -[NSInvocation invokeWithTarget:]
    try invocation.invoke(target: ann)
    #expect(try runtime.msgSend(ann, "age") == 42)
  }
}
