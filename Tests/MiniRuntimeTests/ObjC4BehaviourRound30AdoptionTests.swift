// ObjC4BehaviourRound30AdoptionTests.swift: which protocols a class's list takes.
// class_addProtocol answers NO when class_conformsToProtocol answers YES, and objc4's
// class_conformsToProtocol counts what the listed protocols incorporate: a protocol adopted while
// another thread adopts one incorporating it is refused once that one is in, whichever thread saw
// the list first. A compiled class's list is what clang emits for the @interface: every protocol
// it names, one another named protocol already incorporates included.

import Dispatch
import Synchronization
import Testing

@testable import MiniRuntime

@Suite struct ObjC4BehaviourRound30AdoptionTests {
  /// `Identified`, and `Named <Identified>`, registered.
  private func protocols(in runtime: Runtime) throws -> (identified: Protocol, named: Protocol) {
    let identified = try runtime.allocateProtocol(named: "Identified")
    try runtime.registerProtocol(identified)
    let named = try runtime.allocateProtocol(named: "Named")
    try named.addProtocol(identified)
    try runtime.registerProtocol(named)
    return (identified, named)
  }

  @Test func anAdoptionRacingOneThatIncorporatesItIsRefusedOnceThatOneIsIn() throws {
    // Whatever the interleaving: Named is always adopted (Identified does not conform to it);
    // Identified is adopted only if it came first, so the list never starts [Identified, Named]
    // (newest first: Identified added while the class already conformed through Named). Each
    // class already lists protocols with long incorporation chains, so that asking whether it
    // conforms takes a while and the other thread's adoption can land meanwhile.
    let runtime = Runtime()
    let (identified, named) = try protocols(in: runtime)
    var chain = try runtime.allocateProtocol(named: "Chain0")
    try runtime.registerProtocol(chain)
    for link in 1..<8 {
      let next = try runtime.allocateProtocol(named: "Chain\(link)")
      try next.addProtocol(chain)
      try runtime.registerProtocol(next)
      chain = next
    }
    var fillers: [Protocol] = []
    for index in 0..<20 {
      let filler = try runtime.allocateProtocol(named: "Filler\(index)")
      try filler.addProtocol(chain)
      try runtime.registerProtocol(filler)
      fillers.append(filler)
    }
    let failures = Recorder<String>()
    for trial in 0..<200 {
      let cls = try makeClass("K\(trial)", in: runtime) { cls in
        for filler in fillers { try cls.addProtocol(filler) }
      }
      let adopted = Locked<[Bool]>([false, false])  // not Mutex: TSan reports it falsely here
      let ready = Atomic<Int>(0)
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        ready.add(1, ordering: .relaxed)
        var spins = 0
        while ready.load(ordering: .relaxed) < 2 && spins < 100_000 { spins += 1 }  // bounded: ends alone too
        do {
          let added = try cls.addProtocol(thread == 0 ? named : identified)
          adopted.withLock { $0[thread] = added }
        } catch {
          failures.append("\(error)")
        }
      }
      let (namedAdded, identifiedAdded) = adopted.withLock { ($0[0], $0[1]) }
      let list = cls.protocols.prefix(2).map(\.name)
      if !namedAdded { failures.append("trial \(trial): Named refused") }
      if identifiedAdded && list != ["Named", "Identified"] { failures.append("trial \(trial): \(list)") }
      if !identifiedAdded && list.first != "Named" { failures.append("trial \(trial): refused, yet \(list)") }
    }
    #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
    try runtime.checkInvariants()
  }

  @Test func aCompiledClassListsADeclaredProtocolAnotherAlreadyIncorporates() throws {
    // @interface Animal : NSObject <Named, Identified>: clang emits both, though Named
    // incorporates Identified; class_addProtocol at run time still answers NO for it.
    let runtime = Runtime()
    let (identified, named) = try protocols(in: runtime)
    let answers = Recorder<Bool>()
    var zoo = Image(named: "Zoo")
    zoo.addClass("Animal", superclass: "NSObject") { cls in
      answers.append(try cls.addProtocol(named))
      answers.append(try cls.addProtocol(identified))
      answers.append(try cls.addProtocol(named))  // named twice: listed once
    }
    try runtime.loadImage(zoo)
    let animal = try #require(runtime.lookUpClass(named: "Animal"))
    #expect(answers.all == [true, true, false])
    #expect(animal.protocols.map(\.name) == ["Named", "Identified"])
    #expect(animal.isa.protocols.map(\.name) == ["Named", "Identified"], "the same list in the metaclass's ro")
    let person = try makePerson(in: runtime)
    #expect(try person.addProtocol(named))
    #expect(try !person.addProtocol(identified), "at run time: Person conforms already")
    #expect(person.protocols.map(\.name) == ["Named"])
    try runtime.checkInvariants()
  }
}
