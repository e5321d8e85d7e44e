// Fuzz/KeyPath: the key path parser (KeyValuePath.swift) and everything that takes a key path
// from the user: `valueForKeyPath:` with collection operators (CollectionOperators.swift),
// `setValue:forKeyPath:`, and `addObserver:forKeyPath:` / `removeObserver:forKeyPath:`.
//
// Run: `Fuzz/run.sh KeyPath 20`. Properties checked on every input:
//   - parsing never traps: it returns a path or throws `invalidKeyPath`; key-value coding and
//     observing take any string as a key path (as Foundation does, split at its first dot), so a
//     path the parser refuses may be answered or registered (a dictionary answers any key; `""`
//     is a key) or refused with `invalidKeyPath` or `undefinedKey` (observing `a..b` reads `a`);
//   - round trip: a parsed path prints to a string that parses back to the same path (and, the
//     grammar being plain ASCII, to the input itself, but that an operator piece prints by its
//     operator's name: `@max\0x` as `@max`);
//   - evaluating the path on a small object graph (a cycle of friends, arrays of people,
//     numbers, strings, nested arrays, a dictionary, nils) returns a value or throws;
//   - observing it either throws and changes nothing, or registers (any path Foundation would
//     register: `""` and `@count` are keys no setter changes); after the matching removal every
//     object of the graph has its original class again and no observation info.

import KVO

/// The graph: ann ⇄ bob (friend), ann.items = [bob, cy, 7, "x", [1, 2], {k: 3}, nil],
/// cy.items = [[ann], [bob, cy]], bob.items = [] and scores and names of every kind.
struct World: Sendable {
  let runtime = Runtime()
  let person: Class
  let observerClass: Class
  let people: [Object]
  let observer: Object

  init() {
    do {
      person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
      try person.synthesizeProperty("age", type: .longLong)
      try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy])
      try person.synthesizeProperty("friend", type: .object(className: "Person"))
      try person.synthesizeProperty("items", type: .object(className: "NSArray"))
      try person.synthesizeProperty("score", type: .double)
      try runtime.registerClassPair(person)
      try person.addMethod("fullName", types: "@16@0:8") { receiver, _, _ in
        .string("\(try receiver.value(forKey: "name").stringValue ?? "") Q")
      }
      try person.isa.addMethod("keyPathsForValuesAffectingFullName", types: "@16@0:8") { _, _, _ in
        ["name", "friend.name"]
      }
      observerClass = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Observer")
      try observerClass.addMethod("observeValueForKeyPath:ofObject:change:context:", types: "v48@0:8@16@24@32^v40") {
        _, _, _ in .nil
      }
      try runtime.registerClassPair(observerClass)
      let ann = try Self.new(person)
      let bob = try Self.new(person)
      let cy = try Self.new(person)
      people = [ann, bob, cy]
      observer = try Self.new(observerClass)
      for (object, name, age, score) in [(ann, "Ann", 40, 1.5), (bob, "Bob", 7, -2.0), (cy, "Cy", Int(Int64.max), 0)] {
        try object.setValue(.string(name), forKey: "name")
        try object.setValue(.int(age), forKey: "age")
        try object.setValue(.double(score), forKey: "score")
      }
      try ann.setValue(.object(bob), forKey: "friend")
      try bob.setValue(.object(ann), forKey: "friend")
      try ann.setValue([.object(bob), .object(cy), 7, "x", [1, 2], ["k": 3], .nil], forKey: "items")
      try bob.setValue([], forKey: "items")
      try cy.setValue([[.object(ann)], [.object(bob), .object(cy)]], forKey: "items")
    } catch {
      fatalError("cannot build the world: \(error)")
    }
  }
}

extension World {
  static func new(_ cls: Class) throws -> Object {
    guard let object = try Runtime.msgSend(cls, "new").objectValue else { fatalError("new returned nil") }
    return object
  }
}

let world = World()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let ann = world.people[0]
  let path: KeyValuePath?
  do {
    let parsed = try KeyValuePath(text)
    let printed = parsed.description
    require(printed == withoutOperatorJunk(text), "\(text.debugDescription) printed as \(printed.debugDescription)")
    require((try? KeyValuePath(printed)) == parsed, "round trip changed \(text.debugDescription)")
    path = parsed
  } catch {
    require(error.code == .invalidKeyPath, "KeyValuePath(\(text.debugDescription)) threw \(error.code)")
    path = nil
  }

  // valueForKeyPath: returns or throws; a refused path is refused here too.
  do {
    let value = try ann.value(forKeyPath: text)
    // setValue:forKeyPath: with the value just read leaves the graph as it was (or throws).
    if let path, !path.containsOperator {
      do { try ann.setValue(value, forKeyPath: text) } catch { checkRefusal(error, path, observing: false) }
    }
  } catch {
    checkRefusal(error, path, observing: false)
  }

  // addObserver: either throws and changes nothing, or registers until the matching removal.
  do {
    try ann.addObserver(world.observer, forKeyPath: text, options: [.new, .old, .prior])
    // Sets may throw while observed (reading the old value of `name.i` fails, as in Foundation).
    for (key, value) in [("age", Value.int(40)), ("name", "Ann"), ("friend", .object(world.people[1]))] {
      do { try ann.setValue(value, forKey: key) } catch { checkRefusal(error, path, observing: true) }
    }
    do {
      try ann.removeObserver(world.observer, forKeyPath: text)
    } catch {
      fail("cannot remove the observation of \(text.debugDescription) just added: \(error)")
    }
  } catch {
    checkRefusal(error, path, observing: true)
  }
  for object in world.people {
    require(object.isa === world.person, "\(object) kept class \(object.isa.name) after \(text.debugDescription)")
    require(object.observationInfo == nil, "\(object) kept observations after \(text.debugDescription)")
  }
  return 0
}

/// A refusal is a `KeyValueError` or `RuntimeError`. Key-value coding and observing refuse an
/// unparsable path as malformed or as an undefined key (observing reads the first key of a nested
/// path when it registers); observing may also meet a collection's refusal (unsupported). A key
/// holding a NUL is a `KeyValuePath` key when its part before the NUL is one, as KVC reads it by
/// that part (KeyPathFuzzRegressionTests), so its other refusals come from a parsed path.
func checkRefusal(_ error: any Error, _ path: KeyValuePath?, observing: Bool) {
  if path == nil {
    let code = (error as? KeyValueError)?.code
    // Observing also meets Foundation's to-many refusal (a collection's addObserver:, `@count`).
    let accepted = code == .invalidKeyPath || code == .undefinedKey || (observing && code == .unsupportedKeyPath)
    require(accepted, "an unparsable path was refused with \(error)")
  }
  require(error is KeyValueError || error is RuntimeError, "unexpected error type: \(error)")
}

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
  fatalError("fuzz property violated: \(message)")
}

/// `text` with each operator piece cut at its NUL (`a.@max\0x.b` is `a.@max.b`), as
/// `KeyValuePath` prints it.
func withoutOperatorJunk(_ text: String) -> String {
  text.split(separator: ".", omittingEmptySubsequences: false).map { piece in
    piece.first == "@" ? String(decoding: piece.utf8.prefix { $0 != 0 }, as: UTF8.self) : String(piece)
  }.joined(separator: ".")
}
