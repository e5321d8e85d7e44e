// RosettaTests+Synchronized.swift: the Rosetta rows for @synchronized, exercised (see
// RosettaTests.swift for the convention; RosettaTableTests.swift reads this file too).

import MiniRuntime
import Testing

@Suite struct RosettaSynchronizedTests {
  @Test func synchronizationFunctionsAreStaticMembersOfRuntime() throws {
    let runtime = Runtime()
    let object = try runtime.rootClass.createInstance()
    // Rosetta: objc_sync_enter
    #expect(Runtime.syncEnter(object) == .success)
    // Rosetta: objc_sync_exit
    #expect(Runtime.syncExit(object) == .success)
    // Rosetta: @synchronized
    #expect(Runtime.synchronized(object) { 42 } == 42)
    // Rosetta: OBJC_SYNC_NOT_OWNING_THREAD_ERROR
    #expect(Runtime.syncExit(object) == SyncResult.notOwningThread)
  }
}
