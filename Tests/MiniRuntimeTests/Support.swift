// Support.swift: small builders shared by the MiniRuntime tests. Every test makes its own Runtime.

import Synchronization
import Testing

@testable import MiniRuntime

/// A `Person : NSObject` with synthesized `age` (q) and `name` (NSString) properties, registered.
func makePerson(in runtime: Runtime, name: String = "Person") throws -> Class {
  let person = try runtime.allocateClassPair(superclass: runtime.rootClass, name: name)
  try person.synthesizeProperty("age", type: .longLong)
  try person.synthesizeProperty("name", type: .object(className: "NSString"), options: [.copy, .nonatomic])
  try runtime.registerClassPair(person)
  return person
}

/// A registered subclass of `superclass` with no ivars.
func makeSubclass(of superclass: Class, named name: String, in runtime: Runtime) throws -> Class {
  let cls = try runtime.allocateClassPair(superclass: superclass, name: name)
  try runtime.registerClassPair(cls)
  return cls
}

/// `[cls new]` as an object.
func new(_ cls: Class, in runtime: Runtime) throws -> Object {
  let value = try runtime.msgSend(cls, "new")
  return try #require(value.objectValue)
}

/// An implementation returning a fixed string, for telling implementations apart.
func returning(_ text: String) -> Implementation {
  Implementation(name: text) { _, _, _ in .string(text) }
}

/// A thread-safe list, for recording call order from implementations.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = Locked<[Element]>([])
  func append(_ element: Element) { storage.withLock { $0.append(element) } }
  var all: [Element] { storage.withLock { $0 } }
  var count: Int { storage.withLock { $0.count } }
}

/// Adds `+initialize` to `cls`, recording `"+[<receiver> initialize]"` in `calls`.
func recordInitialize(_ cls: Class, into calls: Recorder<String>) throws {
  try cls.isa.addMethod("initialize", types: "v16@0:8") { receiver, _, _ in
    calls.append("+[\((receiver as? Class)?.name ?? "?") initialize]")
    return .nil
  }
}

/// A registered class with no ivars; `configure` runs before registration (add ivars, methods).
func makeClass(
  _ name: String, superclass: Class? = nil, in runtime: Runtime, configure: (Class) throws -> Void = { _ in }
) throws -> Class {
  let cls = try runtime.allocateClassPair(superclass: superclass ?? runtime.rootClass, name: name)
  try configure(cls)
  try runtime.registerClassPair(cls)
  return cls
}

/// A registered `NSObject` subclass named `name` whose `dealloc` records the name in `deallocs`;
/// `configure` runs before registration (add ivars, properties).
func makeDeallocRecordingClass(
  _ name: String, in runtime: Runtime, deallocs: Recorder<String>, configure: (Class) throws -> Void = { _ in }
) throws -> Class {
  try makeClass(name, in: runtime) { cls in
    try configure(cls)
    try cls.addMethod("dealloc", types: "v16@0:8") { [root = runtime.rootClass] receiver, _cmd, _ in
      deallocs.append(receiver.isa.name)
      return try Runtime.msgSendSuper(receiver, superclass: root, _cmd)
    }
  }
}

/// Associates with `owner`, for each (name, policy), a new instance of a dealloc-recording class
/// of that name under a key of that name; the association holds the only reference.
func associateRecordingTags(
  _ policies: [(String, AssociationPolicy)], with owner: Object, in runtime: Runtime, deallocs: Recorder<String>
) throws {
  for (name, policy) in policies {
    let tag = try new(try makeDeallocRecordingClass(name, in: runtime, deallocs: deallocs), in: runtime)
    try owner.setAssociatedObject(.object(tag), forKey: AssociationKey(name), policy: policy)
    try Runtime.release(tag)
  }
}

/// Adds `-selector` (no arguments) to `cls`, returning the string `text`.
@discardableResult
func addReturning(_ cls: Class, _ selector: Selector, _ text: String) throws -> Bool {
  try cls.addMethod(selector, types: "@16@0:8", implementation: returning(text))
}

/// The diagnostic messages `body` makes `runtime` emit.
func diagnostics(of runtime: Runtime, _ body: () throws -> Void) rethrows -> [String] {
  let messages = Locked<[String]>([])
  let observation = runtime.addEventObserver { event in
    if case .diagnostic(_, let message) = event { messages.withLock { $0.append(message) } }
  }
  defer { observation.cancel() }
  try body()
  return messages.withLock { $0 }
}

/// Runs `body` and checks it throws a `RuntimeError` with `code`; returns the error, if any.
@discardableResult
func expectError(
  _ code: RuntimeError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> RuntimeError? {
  let error = #expect(throws: RuntimeError.self, sourceLocation: sourceLocation) { try body() }
  #expect(error?.code == code, "wrong code for: \(error?.message ?? "no error")", sourceLocation: sourceLocation)
  return error
}

/// A small deterministic generator (SplitMix64), so "random" tests replay the same sequence.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A thread-safe box for one value, for tests that hand a value between threads.
final class Box<Value: Sendable>: Sendable {
  private let storage: Locked<Value>
  init(_ value: Value) { storage = Locked(value) }
  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
  func update<Result>(_ body: (inout Value) -> Result) -> Result { storage.withLock { body(&$0) } }
}
