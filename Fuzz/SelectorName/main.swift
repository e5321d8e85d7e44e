// Fuzz/SelectorName: the selector grammar (`Selector.problem(with:)`, `Selector(validating:)`,
// `Selector(interning:)`; Selector.swift).
//
// Run: `Fuzz/run.sh SelectorName 20`. Properties checked on every input:
//   - validation never traps: a name is valid, or `Selector(validating:)` throws
//     `invalidSelectorName` with the same problem text;
//   - round trip: a valid name interns to a selector whose `name` is the input, and interning
//     that name again gives the identical selector; the keywords print back to the name;
//   - the argument count is the number of colons.

import MiniRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let name = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let problem = Selector.problem(with: name)
  let selector: Selector
  do {
    selector = try Selector(validating: name)
  } catch {
    require(error.code == .invalidSelectorName, "Selector(validating: \(name.debugDescription)) threw \(error.code)")
    require(problem != nil, "\(name.debugDescription) has no problem but was refused")
    require(error.message.hasSuffix(problem ?? ""), "the error does not name the problem: \(error.message)")
    return 0
  }
  require(problem == nil, "\(name.debugDescription) was accepted despite: \(problem ?? "")")
  require(selector.isValid, "a validated selector is valid")
  require(selector.name == name, "\(name.debugDescription) interned as \(selector.name.debugDescription)")
  let again = Selector(interning: selector.name)
  require(again == selector && again.index == selector.index && again.isValid, "interning is not idempotent")
  let colons = name.utf8.filter { $0 == UInt8(ascii: ":") }.count
  require(selector.argumentCount == colons, "\(name.debugDescription) has \(colons) colons")
  let keywords = selector.keywords
  let printed = colons == 0 ? keywords.joined() : keywords.map { $0 + ":" }.joined()
  require(printed == name, "keywords \(keywords) do not print back to \(name.debugDescription)")
  require(colons == 0 ? keywords.count == 1 : keywords.count == colons, "keyword count")
  return 0
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("fuzz property violated: \(message())") }
}
