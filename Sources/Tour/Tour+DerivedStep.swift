// Tour+DerivedStep.swift: step 8, dependent keys, a key-path chain and to-many changes (an
// array relationship and a set relationship).
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests/TourStepTests.swift.

import KVOController

extension Tour {
  /// Step 8: three observations whose notifications do not come from a plain setter of the
  /// observed key, each with the change dictionary it delivers.
  func observeDerivedValues(_ step: StepRecorder) throws {
    try observeDependentKey(step)
    try observeKeyPathChain(step)
    try observeToManyChange(step)
    try observeSetChange(step)
  }

  /// `displayName` depends on `name` and `age`: setting `age` notifies `displayName`.
  private func observeDependentKey(_ step: StepRecorder) throws {
    let world = world
    let person = try world.need(world.person, "Person class")
    let ann = try world.need(world.ann, "ann")
    let watcher = try world.need(world.watcher, "watcher")
    step.note("Dependent keys: displayName is computed from name and age.")
    try step.action("class_addMethod(Person, @selector(displayName), imp, \"@16@0:8\");   // name (age)") {
      try person.addMethod("displayName", types: "@16@0:8", implementation: Self.displayName)
    }
    try step.action(
      "class_addMethod(object_getClass(Person), @selector(keyPathsForValuesAffectingDisplayName), imp, \"@16@0:8\");   // @[@\"name\", @\"age\"]"
    ) {
      try person.isa.addMethod("keyPathsForValuesAffectingDisplayName", types: "@16@0:8") { _, _, _ in
        ["name", "age"]
      }
    }
    try step.action(addObserverCode("ann", "displayName")) {
      try ann.addObserver(watcher, forKeyPath: "displayName", options: Self.newOld)
    }
    try step.action("ann.age = 47;   // displayName changes too") { try world.set(ann, "age", 47) }
  }

  /// `team` observes `leader.name`: a change on `bob`, the leader, notifies the observer of `team`.
  private func observeKeyPathChain(_ step: StepRecorder) throws {
    let runtime = runtime
    let world = world
    let person = try world.need(world.person, "Person class")
    let watcher = try world.need(world.watcher, "watcher")
    step.note("A key-path chain: watcher observes team's leader.name; the leader is bob.")
    let team = try step.action(
      "Class Team = objc_allocateClassPair([NSObject class], \"Team\", 0);   // @property Person *leader; @property NSArray *members; @property NSSet *tags;"
    ) {
      let cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Team")
      try cls.synthesizeProperty("leader", type: .object(className: "Person"))
      try cls.synthesizeProperty("members", type: .object(className: "NSArray"))
      try cls.synthesizeProperty("tags", type: .object(className: "NSSet"))
      try runtime.registerClassPair(cls)
      return cls
    }.result
    world.team = team
    world.teamInstance = try step.action("Team *team = [Team new];") { try world.new(team) }.result
    let teamInstance = try world.need(world.teamInstance, "team")
    let bob = try step.action("Person *bob = [Person new]; bob.name = @\"Bob\"; team.leader = bob;") {
      let bob = try world.new(person)
      try world.set(bob, "name", "Bob")
      try world.set(teamInstance, "leader", .object(bob))
      return bob
    }.result
    world.bob = bob
    try step.action(addObserverCode("team", "leader.name")) {
      try teamInstance.addObserver(watcher, forKeyPath: "leader.name", options: Self.newOld)
    }
    step.fact("object_getClass(team)", teamInstance.isa.name)
    step.fact("object_getClass(bob)", bob.isa.name + "   // observed by KVO itself, for the chain")
    try step.action("bob.name = @\"Robert\";") { try world.set(bob, "name", "Robert") }
  }

  /// Inserting into `members` through `mutableArrayValueForKey:` notifies an insertion: Team
  /// has the indexed mutators, which the proxy sends and the notifying subclass overrides (with
  /// only a setter, Foundation's proxy would send `setMembers:`, a setting).
  private func observeToManyChange(_ step: StepRecorder) throws {
    let world = world
    let ann = try world.need(world.ann, "ann")
    let watcher = try world.need(world.watcher, "watcher")
    let team = try world.need(world.teamInstance, "team")
    let teamClass = try world.need(world.team, "Team class")
    step.note("A to-many change: inserting into team.members through its mutable array proxy.")
    try step.action(
      "class_addMethod(Team, @selector(insertObject:inMembersAtIndex:), imp, \"v32@0:8@16Q24\");   // and removeObjectFromMembersAtIndex:"
    ) {
      try teamClass.addMethod("insertObject:inMembersAtIndex:", types: "v32@0:8@16Q24", implementation: Self.insertMember)
      try teamClass.addMethod("removeObjectFromMembersAtIndex:", types: "v24@0:8Q16", implementation: Self.removeMember)
    }
    try step.action(addObserverCode("team", "members")) {
      try team.addObserver(watcher, forKeyPath: "members", options: Self.newOld)
    }
    try step.action("[[team mutableArrayValueForKey:@\"members\"] insertObject:ann atIndex:0];") {
      try team.mutableArrayValue(forKey: "members").insert(.object(ann), at: 0)
    }
    step.fact("team.members", try team.value(forKey: "members").description)
  }

  /// Adding to `tags` through `mutableSetValueForKey:` notifies an insertion whose `new` is the
  /// set of objects added: Team has the unordered helper methods, which the set proxy sends and
  /// the notifying subclass overrides (Foundation's kinds for set mutations: docs/kvo.md).
  private func observeSetChange(_ step: StepRecorder) throws {
    let runtime = runtime
    let world = world
    let watcher = try world.need(world.watcher, "watcher")
    let team = try world.need(world.teamInstance, "team")
    let teamClass = try world.need(world.team, "Team class")
    step.note("A set relationship: adding to team.tags through its mutable set proxy.")
    try step.action(
      "class_addMethod(Team, @selector(addTagsObject:), imp, \"v24@0:8@16\");   // and removeTagsObject:"
    ) {
      try teamClass.addMethod("addTagsObject:", types: "v24@0:8@16", implementation: Self.addTag)
      try teamClass.addMethod("removeTagsObject:", types: "v24@0:8@16", implementation: Self.removeTag)
    }
    try step.action(addObserverCode("team", "tags")) {
      try team.addObserver(watcher, forKeyPath: "tags", options: Self.newOld)
    }
    try step.action("[[team mutableSetValueForKey:@\"tags\"] addObject:@\"kvo\"];") {
      try runtime.msgSend(try team.mutableSetValue(forKey: "tags"), "addObject:", "kvo")
    }
    step.fact("team.tags", try team.value(forKey: "tags").description)
  }

  /// `-[Team addTagsObject:]`, editing the ivar `_tags`.
  static let addTag = Implementation(name: "-[Team addTagsObject:]") { receiver, _, arguments in
    let tags = try receiver.value(ofIvar: "_tags").setElements ?? []
    try receiver.setValue(.set(tags.union([arguments[0]])), forIvar: "_tags")
    return .nil
  }

  /// `-[Team removeTagsObject:]`, editing the ivar `_tags`.
  static let removeTag = Implementation(name: "-[Team removeTagsObject:]") { receiver, _, arguments in
    let tags = try receiver.value(ofIvar: "_tags").setElements ?? []
    try receiver.setValue(.set(tags.subtracting([arguments[0]])), forIvar: "_tags")
    return .nil
  }

  /// `-[Team insertObject:inMembersAtIndex:]`, editing the ivar `_members`.
  static let insertMember = Implementation(name: "-[Team insertObject:inMembersAtIndex:]") { receiver, _, arguments in
    var members = try receiver.value(ofIvar: "_members").arrayValue ?? []
    members.insert(arguments[0], at: min(max(arguments[1].intValue ?? 0, 0), members.count))
    try receiver.setValue(.array(members), forIvar: "_members")
    return .nil
  }

  /// `-[Team removeObjectFromMembersAtIndex:]`, editing the ivar `_members`.
  static let removeMember = Implementation(name: "-[Team removeObjectFromMembersAtIndex:]") { receiver, _, arguments in
    var members = try receiver.value(ofIvar: "_members").arrayValue ?? []
    if let index = arguments[0].intValue, members.indices.contains(index) { members.remove(at: index) }
    try receiver.setValue(.array(members), forIvar: "_members")
    return .nil
  }

  /// `-[Person displayName]`: `name (age)`, read through KVC.
  static let displayName = Implementation(name: "-[Person displayName]") { receiver, _, _ in
    let name = try receiver.value(forKey: "name").stringValue ?? "?"
    let age = try receiver.value(forKey: "age").intValue ?? 0
    return .string("\(name) (\(age))")
  }
}
