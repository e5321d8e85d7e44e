// NSObjectProtocol.swift: the `NSObject` protocol, which every runtime declares at start-up and
// which the root class adopts.
//
// Docs: docs/runtime.md#the-nsobject-protocol. Tests:
// Tests/MiniRuntimeTests/ObjC4BehaviourRound4Tests.swift.
//
// In a process, objc4 defines the class `Protocol` and the protocol `NSObject` (NSObject.h)
// before any user code runs, and the class NSObject and its metaclass list the protocol as their
// own (clang writes a compiled class's protocol list into both class_ro_t). A runtime does
// the same in `init`, through the public protocol calls (no event observer exists yet, so nothing
// is reported). The declarations are those of NSObject.h, with the encodings clang writes on
// 64-bit platforms: the methods and property getters are required instance methods, except
// `debugDescription`, which is optional. The properties (`hash`, `superclass`, `description`,
// `debugDescription`) are all listed as clang compiles them, in one list, optional or not.

enum NSObjectProtocol {
  /// The required instance methods of `@protocol NSObject`, in NSObject.h's order (property
  /// getters where their property is declared).
  static let requiredInstanceMethods: [(Selector, String)] = [
    ("isEqual:", "B24@0:8@16"),
    ("hash", "Q16@0:8"),
    ("superclass", "#16@0:8"),
    ("class", "#16@0:8"),
    ("self", "@16@0:8"),
    ("performSelector:", "@24@0:8:16"),
    ("performSelector:withObject:", "@32@0:8:16@24"),
    ("performSelector:withObject:withObject:", "@40@0:8:16@24@32"),
    ("isProxy", "B16@0:8"),
    ("isKindOfClass:", "B24@0:8#16"),
    ("isMemberOfClass:", "B24@0:8#16"),
    ("conformsToProtocol:", "B24@0:8@16"),
    ("respondsToSelector:", "B24@0:8:16"),
    ("retain", "@16@0:8"),
    ("release", "Vv16@0:8"),
    ("autorelease", "@16@0:8"),
    ("retainCount", "Q16@0:8"),
    ("zone", "^{_NSZone=}16@0:8"),
    ("description", "@16@0:8"),
  ]

  /// The optional instance methods of `@protocol NSObject`.
  static let optionalInstanceMethods: [(Selector, String)] = [
    ("debugDescription", "@16@0:8")
  ]

  /// The properties of `@protocol NSObject`, with the attribute strings clang writes.
  static let properties: [(String, String)] = [
    ("hash", "TQ,R"),
    ("superclass", "T#,R"),
    ("description", "T@\"NSString\",R,C"),
    ("debugDescription", "T@\"NSString\",R,C"),
  ]

  /// Declares and registers the protocol in `runtime` (making the `Protocol` class) and adopts it
  /// on the root class. Called once, from `Runtime.init`.
  static func install(in runtime: Runtime) {
    // Cannot fail: a fresh runtime has no class or protocol of these names, and the selectors,
    // encodings and attributes are fixed and valid (ObjC4BehaviourRound4Tests reads them back).
    // A `Protocol` from the start: compiled into libobjc, it was never an __IncompleteProtocol.
    guard let proto = try? runtime.allocateProtocol(named: "NSObject", isaName: "Protocol") else { return }
    for (selector, types) in requiredInstanceMethods {
      try? proto.addMethodDescription(selector, types: types, isRequired: true, isInstanceMethod: true)
    }
    for (selector, types) in optionalInstanceMethods {
      try? proto.addMethodDescription(selector, types: types, isRequired: false, isInstanceMethod: true)
    }
    for (name, attributes) in properties {
      // Required as far as protocol_addProperty is concerned: clang puts @optional properties in
      // the same list, and protocol_copyPropertyList answers them all.
      try? proto.addProperty(name, attributes: attributes, isRequired: true, isInstanceProperty: true)
    }
    try? runtime.registerProtocol(proto)
    _ = try? runtime.rootClass.addProtocol(proto)
    // NSObject is compiled: clang writes its protocol list into its metaclass's class_ro_t too,
    // and the protocol's properties into the class's property list, as for any class of an image
    // (Runtime+Images.swift, adoptCompiledLists): class_copyPropertyList([NSObject class]) lists
    // hash, superclass, description and debugDescription.
    _ = try? runtime.rootClass.isa.addProtocol(proto)
    runtime.withState { state in
      let data = runtime.rootClass.locked(&state)
      data.properties += Protocol.compiledProperties(
        of: data.protocols, after: data.properties, isInstanceProperty: true, &state)
    }
  }
}
