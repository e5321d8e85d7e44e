// Scenarios+Floor.swift: F0/F1, what plain Swift costs, and O1, Swift Observation.
//
// Docs: docs/performance.md#scenarios.

import Observation

/// Holds a closure the optimiser cannot see through.
final class ClosureHolder {
  let call: (Int) -> Int
  init(_ call: @escaping (Int) -> Int) { self.call = call }
}

@inline(never)
func makeHolder() -> ClosureHolder { ClosureHolder { $0 &+ 1 } }

/// A final class with a stored property.
final class PlainPerson {
  var age = 0
}

@inline(never)
func setPlainAge(_ person: PlainPerson, _ age: Int) { person.age = age }

/// The modern Swift peer.
@Observable
final class ObservablePerson {
  var age = 0
}

func floorScenarios() -> [Scenario] {
  [
    Scenario("F0", "floor: Swift closure call through a stored reference", operations: 20_000_000) {
      let holder = makeHolder()
      return {
        var accumulator = 0
        for _ in 0..<20_000_000 { accumulator = holder.call(accumulator) }
        blackHole(accumulator)
        return accumulator
      }
    },
    Scenario("F1", "floor: stored-property set on a final Swift class (non-inlined call)", operations: 20_000_000) {
      let person = PlainPerson()
      return {
        for index in 0..<20_000_000 { setPlainAge(person, index) }
        return person.age + 1
      }
    },
  ]
}

func observationScenarios() -> [Scenario] {
  [
    Scenario("O1", "Swift Observation: withObservationTracking re-armed, then set", operations: 200_000) {
      let model = ObservablePerson()
      let changes = Counter()
      return {
        for index in 0..<200_000 {
          withObservationTracking {
            _ = model.age
          } onChange: {
            changes.value += 1
          }
          model.age = index
        }
        return changes.value
      }
    }
  ]
}
