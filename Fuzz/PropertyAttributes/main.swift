// Fuzz/PropertyAttributes: the property attribute string parser (PropertyAttributes.swift),
// which also runs the type encoding parser on the `T` attribute and the selector grammar on
// `G` and `S`.
//
// Run: `Fuzz/run.sh PropertyAttributes 20`. Properties checked on every input:
//   - parsing never traps: it returns a value or throws `invalidPropertyAttributes`;
//   - round trip: the parsed attributes print to a string that parses back to the same value,
//     and printing again gives the same string;
//   - the attribute list rebuilds the same value through `PropertyAttributes(_: [Attribute])`,
//     and the accessors agree with the list.

import MiniRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let parsed: PropertyAttributes
  do {
    parsed = try PropertyAttributes(text)
  } catch {
    require(
      error.code == .invalidPropertyAttributes, "PropertyAttributes(\(text.debugDescription)) threw \(error.code)")
    return 0
  }
  let printed = parsed.description
  let reparsed: PropertyAttributes
  do {
    reparsed = try PropertyAttributes(printed)
  } catch {
    fail("\(text.debugDescription) printed \(printed.debugDescription), which does not parse: \(error)")
  }
  require(reparsed == parsed, "round trip changed \(text.debugDescription): \(printed.debugDescription)")
  require(reparsed.description == printed, "printing is not stable for \(printed.debugDescription)")
  do {
    let rebuilt = try PropertyAttributes(parsed.attributes)
    require(rebuilt == parsed, "the attribute list of \(printed.debugDescription) rebuilds differently")
  } catch {
    fail("the attribute list of \(printed.debugDescription) is refused: \(error)")
  }
  let letters = parsed.attributes.map(\.letter)
  require(letters.filter { $0 == "T" }.count == 1, "exactly one type")
  require(Set(letters).count == letters.count, "no attribute twice")
  require(parsed.isCopy == letters.contains("C") && parsed.isReadonly == letters.contains("R"), "flags")
  require(parsed.type.description == (try? TypeEncoding(parsed.type.description))?.description, "type")
  if let getter = parsed.getterName { require((try? Selector(validating: getter))?.argumentCount == 0, "getter") }
  if let setter = parsed.setterName { require((try? Selector(validating: setter))?.argumentCount == 1, "setter") }
  return 0
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
  fatalError("fuzz property violated: \(message)")
}
