// Harness.swift: how kvo-bench measures.
//
// Docs: docs/performance.md#method. Same method as the GNUstep peer (bench/peers/gnustep):
// per scenario one untimed warm-up batch, then R timed repetitions (default 7); a repetition
// times a batch of N operations with the monotonic clock and yields ns/op. Reported: median,
// min and max over the repetitions, plus a `check` value from the last repetition (usually the
// number of notifications that arrived) so nothing can be optimised away.

import CHeapStatistics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One benchmark scenario.
struct Scenario {
  let id: String
  let name: String
  /// Operations per repetition.
  let operations: Int
  /// The unit of the figures (`ns/op`, or `B/obs` for memory scenarios).
  var unit = "ns/op"
  /// For a quantity scenario, where its body leaves the figure.
  var quantity: Counter? = nil
  /// Prepares a batch (untimed) and returns the timed body, which returns the check value.
  let prepare: () throws -> () throws -> Int

  init(
    _ id: String, _ name: String, operations: Int, unit: String = "ns/op", quantity: Counter? = nil,
    prepare: @escaping () throws -> () throws -> Int
  ) {
    self.id = id
    self.name = name
    self.operations = operations
    self.unit = unit
    self.quantity = quantity
    self.prepare = prepare
  }
}

/// The figures of one scenario.
struct Measurement {
  let scenario: Scenario
  let samples: [Double]
  let check: Int

  var median: Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
  var minimum: Double { samples.min() ?? 0 }
  var maximum: Double { samples.max() ?? 0 }
}

/// Nanoseconds on the monotonic clock.
@inline(__always)
func now() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Runs one timed batch. Never inlined, so that an instruction count can be confined to the
/// timed batches (the warm-up and the preparation excluded): bench/callgrind.sh runs callgrind
/// with `--toggle-collect` on this function.
@inline(never)
func timedBatch(_ body: () throws -> Int) rethrows -> Int { try body() }

/// Runs a scenario: warm-up, then `repetitions` timed batches.
func measure(_ scenario: Scenario, repetitions: Int) throws -> Measurement {
  _ = try scenario.prepare()()  // warm-up
  var samples: [Double] = []
  var check = 0
  for _ in 0..<repetitions {
    let body = try scenario.prepare()
    let start = now()
    check = try timedBatch(body)
    let elapsed = now() - start
    samples.append(Double(elapsed) / Double(scenario.operations))
  }
  return Measurement(scenario: scenario, samples: samples, check: check)
}

/// A scenario whose figure is a quantity (bytes) its body reports, not a time.
func measureQuantity(_ scenario: Scenario, quantity: Counter, repetitions: Int) throws -> Measurement {
  var samples: [Double] = []
  var check = 0
  for _ in 0..<repetitions {
    let body = try scenario.prepare()
    check = try body()
    samples.append(Double(quantity.value))
  }
  return Measurement(scenario: scenario, samples: samples, check: check)
}

/// A plain counter for single-threaded benchmark code that runs inside `@Sendable` closures.
final class Counter: @unchecked Sendable {
  @exclusivity(unchecked) var value = 0
}

/// Heap bytes in use, from glibc's allocator statistics (0 where unavailable).
func heapBytesInUse() -> Int { Int(heap_bytes_in_use()) }
