// Fuzz/TypeEncoding: the type encoding parser (TypeEncoding+Parsing.swift) and the method
// signature parser built on it (MethodSignature.swift).
//
// Run: `Fuzz/run.sh TypeEncoding 20`. Properties checked on every input:
//   - parsing never traps: it returns a value or throws `invalidTypeEncoding`;
//   - round trip: a parsed value prints to a string that parses back to the same value, and
//     printing that value again gives the same string (parse → print → parse is the identity);
//   - a type encoding that parses is also a valid one-type method signature.

import MiniRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  checkTypeEncoding(text)
  checkMethodSignature(text)
  return 0
}

func checkTypeEncoding(_ text: String) {
  let parsed: TypeEncoding
  do {
    parsed = try TypeEncoding(text)
  } catch {
    require(error.code == .invalidTypeEncoding, "TypeEncoding(\(text.debugDescription)) threw \(error.code)")
    return
  }
  let printed = parsed.description
  let reparsed: TypeEncoding
  do {
    reparsed = try TypeEncoding(printed)
  } catch {
    fail("TypeEncoding(\(text.debugDescription)) printed \(printed.debugDescription), which does not parse: \(error)")
  }
  require(reparsed == parsed, "round trip changed \(text.debugDescription): \(printed.debugDescription)")
  require(reparsed.description == printed, "printing is not stable for \(printed.debugDescription)")
  _ = parsed.cDeclaration
  _ = parsed.unqualified
  _ = parsed.forMethodSignature.description
  do {
    let signature = try MethodSignature(printed)
    require(signature.returnType == parsed && signature.argumentElements.isEmpty, "one type is one signature")
  } catch {
    fail("type encoding \(printed.debugDescription) is not a method signature: \(error)")
  }
}

func checkMethodSignature(_ text: String) {
  let parsed: MethodSignature
  do {
    parsed = try MethodSignature(text)
  } catch {
    require(error.code == .invalidTypeEncoding, "MethodSignature(\(text.debugDescription)) threw \(error.code)")
    return
  }
  let printed = parsed.description
  let reparsed: MethodSignature
  do {
    reparsed = try MethodSignature(printed)
  } catch {
    fail(
      "MethodSignature(\(text.debugDescription)) printed \(printed.debugDescription), which does not parse: \(error)")
  }
  require(reparsed == parsed, "round trip changed \(text.debugDescription): \(printed.debugDescription)")
  require(reparsed.description == printed, "printing is not stable for \(printed.debugDescription)")
  require(parsed.numberOfArguments == parsed.argumentTypes.count, "argument count")
  _ = parsed.messageArgumentTypes
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
  fatalError("fuzz property violated: \(message)")
}
