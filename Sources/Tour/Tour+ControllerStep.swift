// Tour+ControllerStep.swift: step 7, the same observation through KVOController.
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.

import KVOController

extension Tour {
  /// Step 7: observe through a controller, then just release it: the controller removes its
  /// observations and the isa goes back, with no removal code.
  func observeThroughController(_ step: StepRecorder) throws {
    let world = world
    let ann = try world.need(world.ann, "ann")
    let watcher = try world.need(world.watcher, "watcher")
    // Only `world` holds the controller (no local variable), so that setting it to nil below
    // really releases it.
    world.controller = try step.action(
      "FBKVOController *kvoController = [FBKVOController controllerWithObserver:watcher];"
    ) {
      KVOController.controller(withObserver: watcher)
    }.result
    let log = world.received
    try step.action(
      "[kvoController observe:ann keyPath:@\"age\" options:\(Self.newOld.spelledOut) block:^(id observer, id object, NSDictionary *change) { … }];"
    ) {
      try world.need(world.controller, "KVOController").observe(ann, keyPath: "age", options: Self.newOld) {
        _, object, change in
        log.append(ReceivedChange(receiver: "block", keyPath: "age", object: object.description, change: change))
      }
    }
    try describeClass(of: ann, named: "ann", step)
    try step.action("ann.age = 45;") { try world.set(ann, "age", 45) }
    let description = try world.need(world.controller, "KVOController").debugDescription
    step.fact("kvoController", list: description.split(separator: "\n").map(String.init))
    try step.action("kvoController = nil;   // the controller is released: no removeObserver: anywhere") {
      world.controller = nil
    }
    try describeClass(of: ann, named: "ann", step)
    step.fact("ann.observationInfo", ann.observationInfo == nil ? "nil" : "(still set)")
    try setUnobserved(ann, "age", 46, step)
  }
}
