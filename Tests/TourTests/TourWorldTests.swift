// TourWorldTests.swift: the objects a tour makes, and what happens when the tour goes.

import Testing

@testable import Tour

@Suite struct TourWorldTests {
  @Test func aFinishedTourLeavesNoInstancesAndNoWarnings() throws {
    let runtime = Runtime()
    let events = Locked<[RuntimeEvent]>([])
    let observation = runtime.addEventObserver { event in events.withLock { $0.append(event) } }
    do {
      let tour = Tour(runtime: runtime)
      _ = try tour.runRemainingSteps()
      events.withLock { $0 = [] }
    }
    observation.cancel()
    for cls in runtime.classes where cls.name != "Protocol" {  // protocols live as long as the runtime
      #expect(cls.liveInstanceCount == 0, "\(cls.name)")
    }
    let warnings = events.withLock { $0 }.filter {
      if case .diagnostic = $0 { return true }
      return false
    }
    #expect(warnings.isEmpty, "\(warnings)")
    try runtime.checkInvariants()
  }
}
