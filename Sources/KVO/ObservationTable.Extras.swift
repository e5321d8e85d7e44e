// ObservationTable.Extras.swift: what only some observed objects' tables need.
//
// Docs: docs/performance.md#add-and-remove. Tests: Tests/KVOTests/RegistrationTests.swift,
// DependentKeyTests.swift.
//
// Most observed objects observe one key path with no key-path dependencies: their table holds
// that path inline and nothing else. The paths after the first and the dependency links live in
// this box, made by the first that needs it and dropped with the table's last registration, so
// the table itself stays 72 bytes (ObservationTable.swift). Locking: the owning table's `lock`,
// for every field, as when they were the table's own.

import MiniRuntime

extension ObservationTable {
  /// The paths after a table's first and its dependency links. Locking: the table's `lock`.
  final class Extras {
    /// The observed paths after the first, in the order first observed.
    @exclusivity(unchecked) var tail: [PathEntry] = []
    /// Internal registrations made for the key-path dependencies of each observed key, with the
    /// number of registrations that need them (DependentKeys.swift).
    @exclusivity(unchecked) var dependencyLinks: [KeyID: (count: Int, links: [Registration])] = [:]
  }
}
