// SynchronizedSnippetTests.swift: the example of docs/runtime.md#synchronized (see
// RuntimeSnippetTests.swift for the snippet convention).

import MiniRuntime
import Testing

@Suite struct SynchronizedSnippetTests {
  @Test func synchronizedIsARecursiveLockPerObject() throws {
    let runtime = Runtime()
    let account = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Account")
    try account.synthesizeProperty("balance", type: .longLong)
    try runtime.registerClassPair(account)
    let savings = try account.createInstance()
    // snippet: docs/runtime.md#synchronized
    try Runtime.synchronized(savings) {  // @synchronized (savings) { … }
      let balance = try runtime.msgSend(savings, "balance").intValue ?? 0
      try Runtime.synchronized(savings) {  // the owner enters again: the lock is recursive
        try runtime.msgSend(savings, "setBalance:", .int64(Int64(balance + 10)))
      }
    }
    #expect(try runtime.msgSend(savings, "balance") == 10)
    #expect(Runtime.syncExit(savings) == .notOwningThread)  // every enter already had its exit
    #expect(Runtime.syncEnter(nil) == .success)  // @synchronized (nil) locks nothing
    // end snippet
  }
}
