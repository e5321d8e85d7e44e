// kvo-bench: MiniKVO's benchmark suite.
//
// Docs: docs/performance.md. Usage: swift run -c release kvo-bench [--json] [--reps N]
// [--only ID[,ID…]] [--list] [--scaling [--svg FILE]]. Scenario ids match the GNUstep peer
// (bench/peers/gnustep), so bench/compare.sh can print both side by side.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let usage = """
  usage: kvo-bench [--json] [--reps N] [--only ID[,ID...]] [--list] [--scaling [--svg FILE]]
    --json        one JSON object per scenario and line
    --reps N      timed repetitions per scenario (default 7, at least 1)
    --only IDS    run only these scenarios; a group id (K7, K10) selects its lines
    --list        print the scenario ids and names
    --scaling     instead: the cost of one operation as the work grows (a table; --only S1,S2 picks series)
    --svg FILE    with --scaling, also write the curves as an SVG chart to FILE
  """

var json = false
var repetitions = 7
var only: Set<String>?
var list = false
var scaling = false
var chartPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--json": json = true
  case "--list": list = true
  case "--scaling": scaling = true
  case "--svg":
    guard let path = arguments.popFirst(), !path.isEmpty else {
      print(usage)
      exit(2)
    }
    chartPath = path
  case "--reps":
    guard let text = arguments.popFirst(), let value = Int(text), value >= 1 else {
      print(usage)
      exit(2)
    }
    repetitions = value
  case "--only":
    guard let text = arguments.popFirst(), !text.isEmpty else {
      print(usage)
      exit(2)
    }
    only = Set(text.split(separator: ",").map(String.init))
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    print("kvo-bench: unknown argument '\(argument)'\n\(usage)")
    exit(2)
  }
}

if scaling {
  do {
    let results = try runScaling(only: only)
    if let chartPath {
      let note = "Fastest of 3 batches per point (1 at 100k objects and more); re-run: kvo-bench --scaling --svg FILE."
      try writeFile(chartPath, scalingChart(results, note: note))
      print("kvo-bench: wrote \(chartPath)")
    }
    exit(0)
  } catch {
    print("kvo-bench: --scaling failed: \(error)")
    exit(1)
  }
}

let all = floorScenarios() + runtimeScenarios() + kvoScenarios() + controllerScenarios() + observationScenarios()

/// Whether `--only` selects `id`: named exactly, or by its group (K7 selects K7a, K7b…), where
/// the group is not itself a scenario (K3 selects K3 only, not K3x, as in the GNUstep peer).
func isSelected(_ id: String, by only: Set<String>?, among ids: Set<String>) -> Bool {
  guard let only else { return true }
  return only.contains(id)
    || only.contains { group in
      id.hasPrefix(group) && id.dropFirst(group.count).allSatisfy(\.isLetter) && !ids.contains(group)
    }
}

if list {
  for scenario in all { print(scenario.id.padding(5), scenario.name) }
  exit(0)
}

let ids = Set(all.map(\.id))
let selected = all.filter { isSelected($0.id, by: only, among: ids) }
if selected.isEmpty {
  print("kvo-bench: no scenario matches --only \(only?.sorted().joined(separator: ",") ?? "")")
  exit(2)
}

if !json {
  print("kvo-bench: median/min/max of \(repetitions) repetitions after a warm-up, per operation")
  print(
    "id".padding(5), "median".leftPadding(10), "min".leftPadding(10), "max".leftPadding(10), "unit ",
    "check".leftPadding(9), " scenario")
}
for scenario in selected {
  do {
    let result =
      try scenario.quantity.map { try measureQuantity(scenario, quantity: $0, repetitions: repetitions) }
      ?? measure(scenario, repetitions: repetitions)
    if json {
      print(
        "{\"id\":\"\(scenario.id)\",\"name\":\"\(scenario.name)\",\"median_ns\":\(result.median.rounded(2)),"
          + "\"min_ns\":\(result.minimum.rounded(2)),\"max_ns\":\(result.maximum.rounded(2)),"
          + "\"reps\":\(repetitions),\"ops\":\(scenario.operations),\"check\":\(result.check),\"unit\":\"\(scenario.unit)\"}")
    } else {
      print(
        scenario.id.padding(5), result.median.formatted.leftPadding(10), result.minimum.formatted.leftPadding(10),
        result.maximum.formatted.leftPadding(10), scenario.unit.padding(5), String(result.check).leftPadding(9),
        "", scenario.name)
    }
  } catch {
    print("kvo-bench: \(scenario.id) failed: \(error)")
    exit(1)
  }
}

/// Writes `text` to the file at `path` (replacing it).
func writeFile(_ path: String, _ text: String) throws {
  guard let file = fopen(path, "w") else { throw BenchError("cannot open \(path) for writing") }
  defer { fclose(file) }
  guard fputs(text, file) >= 0 else { throw BenchError("cannot write \(path)") }
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension String {
  func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
  func leftPadding(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

extension Double {
  func rounded(_ places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (self * scale).rounded() / scale
  }

  var formatted: String {
    let value = self.rounded(self < 10 ? 2 : 1)
    return String(value)
  }
}
