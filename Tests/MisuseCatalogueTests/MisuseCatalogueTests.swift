// MisuseCatalogueTests.swift: every way to misuse the public API that issue 7 names, in one
// place, each with the answer MiniKVO gives and the one Apple's runtime, Foundation or
// FBKVOController gives. Each row is a test case below that asserts the answer and that nothing
// else changed (the snapshot in Support.swift: classes, methods, objects, observations,
// controller entries, notifications). Rows marked * differ from Apple; docs/differences.md
// ("Misuse: where we answer differently") lists them.
//
// To add a case: add a row here, a `Misuse` case with its `outcome`, and its `perform` in
// Misuse+Perform.swift (plus a `prepare` in Misuse+Prepare.swift for any setup and a `verify` in
// Misuse+Verify.swift for a `.works` row). Tests/MiniRuntimeTests/MisuseTests.swift
// feeds the runtime's remaining refusals (ivar, property and superclass misuse) the same way.
//
// Runtime (MiniRuntime)
// | case                          | entry point and input                        | MiniKVO answers                         | Apple's runtime                           |
// |-------------------------------|----------------------------------------------|-----------------------------------------|-------------------------------------------|
// | emptySelectorName             | msgSend(ann, Selector(interning: ""))        | unrecognizedSelector (same text)        | sel_registerName("") then the send: unrecognized selector |
// | malformedSelectorInSend       | msgSend(ann, "set age:")                     | unrecognizedSelector (same text)        | unrecognized selector exception           |
// | malformedSelectorInAddMethod  | addMethod("my name") then the send           | adds it; the send runs it               | class_addMethod takes any name            |
// | emptyClassName                | allocateClassPair(name: "")                  | makes the class                         | makes the class                           |
// | duplicateClassName *          | allocateClassPair(name: "Person")            | duplicateClassName                      | returns Nil                               |
// | unknownIvar *                 | value(ofIvar: "_nope")                       | unknownIvar                             | class_getInstanceVariable gives NULL      |
// | wrongValueTypeForIvar *       | setValue("old", forIvar: "_age")             | typeMismatch                            | stores the pointer's bits                 |
// | wrongValueTypeThroughSetter * | msgSend(ann, "setAge:", "old")               | typeMismatch                            | the pointer is read as a long long        |
// | undefinedConversionForIvar *  | setValue(1e30, forIvar: "_age")              | typeMismatch ("undefined in C")         | undefined: x86_64 stores INT64_MIN        |
// | wrongArgumentCount *          | msgSend(ann, "setAge:", 1, 2)                | wrongArgumentCount                      | undefined behaviour                       |
// | unrecognizedSelector *        | msgSend(ann, "fly") (ann is KVO-observed)    | unrecognizedSelector (same text)        | NSInvalidArgumentException                |
// | messageToNil                  | msgSend(nil, "age")                          | returns nil                             | returns nil (0)                           |
// | performSelectorWithNil        | msgSend(ann, "performSelector:", nil)        | unrecognizedSelector (<null selector>)  | doesNotRecognizeSelector: exception       |
// | duplicateUnregisteredClassName| allocateClassPair(name: "Draft") twice, then register both | both made; the name finds the first registered; diagnostic | the same (addNamedClass logs the clash) |
// | instanceOfUnregisteredClass   | Draft.createInstance() before registering    | works, sized by the ivars so far        | works (class_createInstance)              |
// | registerTwice                 | registerClassPair(Person)                    | ignored: diagnostic "already registered!" | logs "already registered!", returns     |
// | disposeTwice *                | disposeClassPair(Temp) twice                 | invalidClassState                       | frees freed memory                        |
// | disposeClassWithInstances *   | disposeClassPair(Other) while one lives      | classInUse                              | unchecked: instances dangle               |
// | unloadImageInUse *            | unloadImage(named: "Bundle") while one of its classes has an instance | classInUse             | _unload_image frees the class: the instance dangles |
// | disposeObservedClass *        | disposeClassPair(Person) once KVO subclassed | classInUse (NSKVONotifying_Person)      | unchecked: the KVO subclass dangles       |
// | disposeKVOSubclassInUse *     | disposeClassPair(NSKVONotifying_Person)      | classInUse                              | unchecked: bob's isa dangles              |
// | setClassToOtherLayout         | ann.setClass(Other)                          | works; Other's ivars read ann's bytes   | sets it; ivars read as the wrong type     |
// | addIvarAfterRegistration      | Person.addIvar("_extra")                     | false; nothing changes                  | returns NO                                |
// | malformedMethodTypes *        | addMethod("greet", types: "@@:z")            | invalidTypeEncoding                     | stored unchecked                          |
// | malformedPropertyAttributes * | addProperty("height", attributes: "Td,Z")    | invalidPropertyAttributes               | stored unchecked                          |
// | classFromAnotherRuntime *     | allocateClassPair(superclass: other root)    | foreignRuntime                          | (one runtime per process)                 |
// | resolverResendsItsSelector *  | +resolveInstanceMethod: sends the selector   | not re-entered: unrecognizedSelector    | recurses until the stack overflows        |
// | methodChangeInsideItsSend     | an IMP adds and exchanges methods            | works                                   | works                                     |
// | runtimeCallInsideEventObserver| a class registered inside an event callback  | works (events run outside the lock)     | (no events)                               |
// | deallocThatThrows *           | dealloc throws                               | diagnostic event; the object is freed   | (an exception in dealloc ends the process)|
// | changeRegisteredProtocol      | Named.addMethodDescription after registering | ignored: diagnostic; nothing changes    | logs "not under construction", ignores it |
// | registerProtocolTwice         | registerProtocol(Named) again                | ignored: diagnostic; nothing changes    | logs "already registered", ignores it     |
// | incorporateDraftProtocol      | Named.addProtocol(a protocol still drafted)  | ignored: diagnostic; nothing changes    | logs "still under construction", ignores it |
// | optionalProtocolProperty      | Named.addProperty(isRequired: false)         | ignored: diagnostic; nothing changes    | ignored silently (only required are kept) |
//
// Key-value coding (KVO module)
// | case                          | entry point and input                        | MiniKVO answers                         | Foundation                                |
// |-------------------------------|----------------------------------------------|-----------------------------------------|-------------------------------------------|
// | emptyKey                      | value(forKey: "")                            | undefinedKey (same text)                | NSUnknownKeyException                     |
// | malformedKey                  | value(forKey: "shoe size")                   | undefinedKey (same text)                | NSUnknownKeyException                     |
// | unknownKey *                  | value(forKey: "shoeSize")                    | undefinedKey (same text)                | NSUnknownKeyException                     |
// | setUnknownKey *               | setValue(1, forKey: "shoeSize")              | undefinedKey (same text)                | NSUnknownKeyException                     |
// | wrongValueTypeForKey          | setValue("old", forKey: "age")               | -longLongValue of the string: sets 0    | -longLongValue of the string: sets 0      |
// | nilForScalarKey *             | setValue(nil, forKey: "age")                 | nilValueForScalar (same text)           | NSInvalidArgumentException                |
// | keyThatIsNotAString           | msgSend(ann, "valueForKey:", 5)              | unrecognizedSelector: -[__NSCFNumber length] | unrecognized selector sent to NSNumber |
// | malformedKeyPath              | value(forKeyPath: "friend..name")            | undefinedKey for the key "" (same text) | NSUnknownKeyException (key "")            |
// | unknownCollectionOperator     | value(forKeyPath: "items.@nope.age")         | invalidKeyPath (same text)              | NSInvalidArgumentException                |
// | operatorWithoutRightPath      | value(forKeyPath: "items.@sum")              | undefinedKey: each element's key (null) | NSUnknownKeyException (the same)          |
// | sumOfStrings *                | value(forKeyPath: "items.@sum.name")         | invalidValue                            | an exception                              |
// | setThroughOperator            | setValue(1, forKeyPath: "items.@count")      | undefinedKey: each element's key @count | NSUnknownKeyException (the same)          |
// | toManyInsertOutOfBounds *     | mutableArrayValue("items").insert(at: 5)     | indexOutOfBounds (same text)            | NSRangeException                          |
// | toManyEditOfNilArray *        | bob's mutableArrayValue("items").remove(at: 0) | collectionIsNil (same text)           | NSInternalInconsistencyException          |
// | toManyEmptyKey                | mutableArrayValue(forKey: "").count()        | a proxy; using it: undefinedKey         | a proxy; using it: NSUnknownKeyException  |
//
// Key-value observing (KVO module)
// | case                          | entry point and input                        | MiniKVO answers                         | Foundation                                |
// |-------------------------------|----------------------------------------------|-----------------------------------------|-------------------------------------------|
// | observeEmptyKeyPath           | addObserver(o, forKeyPath: "")               | registers the key ""; a manual change notifies | the same (not checked)             |
// | observeMalformedKeyPath       | addObserver(o, forKeyPath: "a..b")           | undefinedKey for a (its value is read)  | NSUnknownKeyException (the same)          |
// | observeCollectionOperator     | addObserver(o, forKeyPath: "@count")         | registers the key @count                | registers; nothing can ever notify it     |
// | observeThroughToMany *        | addObserver(o, forKeyPath: "items.name")     | unsupportedKeyPath                      | NSInvalidArgumentException ("not supported") |
// | observeClassObject            | Person.addObserver(o, forKeyPath: "age")     | registers                               | registers                                 |
// | addNilObserver                | msgSend addObserver:… with observer nil      | registers; told nothing, never pruned   | registers unchecked; messages nil         |
// | removeNilObserver             | msgSend removeObserver:… with observer nil   | observerNotRegistered (same text)       | NSRangeException                          |
// | doubleRegistration            | addObserver twice, one set                   | two registrations, two notifications    | the same                                  |
// | doubleRemoval *               | removeObserver twice after one add           | observerNotRegistered (same text)       | NSRangeException                          |
// | removeNeverAdded *            | removeObserver(o, "age") never added         | observerNotRegistered (same text)       | NSRangeException                          |
// | removeWithWrongContext *      | removeObserver(context: 2) after context 1   | observerNotRegistered                   | NSRangeException                          |
// | observerFreedWhileRegistered *| the observer is freed, then age is set       | pruned, diagnostic; isa restored        | messages the freed observer: crash        |
// | observedObjectFreedWhileObserved * | a person observed (age, friend.age) freed | cleaned up, diagnostic; chain torn down | logs the leak (older systems crash later) |
// | unhandledNotification *       | a Plain observer (no observeValue…), a set   | the set happens, then unhandledNotification | NSInternalInconsistencyException        |
// | didChangeWithoutWillChange *  | didChangeValue(forKey: "age") alone          | nothing happens                         | undefined                                 |
// | removeSelfInsideCallback      | the callback removes its own registration    | works; no later notification            | works                                     |
// | setSameKeyInsideCallback      | the callback sets the key again (once)       | works; nested notification              | works                                     |
// | addObserverInsideCallback     | the callback adds another observer           | works; it hears the next change         | works                                     |
//
// KVOController
// | case                          | entry point and input                        | MiniKVO answers                         | FBKVOController                           |
// |-------------------------------|----------------------------------------------|-----------------------------------------|-------------------------------------------|
// | controllerObservesNil         | observe(nil, keyPath: "age")                 | nothing happens                         | the same (returns early)                  |
// | controllerNoKeyPaths *        | observe(ann, keyPaths: [])                   | invalidArgument                         | NSAssert; ignored in release builds       |
// | controllerEmptyKeyPath *      | observe(ann, keyPath: "")                    | invalidKeyPath                          | NSAssert; ignored in release builds       |
// | controllerOneBadKeyPath       | observe(ann, keyPaths: ["age", "a..b"])      | "age" registered, then KVO's undefinedKey | the same (KVO raises for a..b)          |
// | controllerCollectionOperator  | observe(ann, keyPath: "@count")              | registers                               | registers; nothing can ever notify it     |
// | controllerThroughToMany *     | observe(ann, keyPath: "items.name")          | unsupportedKeyPath                      | Foundation's exception                    |
// | controllerUnknownAction *     | observe(ann, "age", action: "nope:object:")  | invalidArgument                         | NSAssert; unrecognized selector later     |
// | controllerActionWrongArity *  | observe(ann, "age", action: a 3-argument one)| invalidArgument                         | the third argument is garbage             |
// | controllerObservesTwice       | observe(ann, "name") again                   | deduplicated: nothing changes           | the same                                  |
// | controllerUnobservesTwice     | unobserve(ann, keyPath: "name") twice        | the second does nothing                 | the same                                  |
// | controllerUnobservesUnknown   | unobserve(bob, keyPath: "age")               | nothing happens                         | the same                                  |
// | controllerUnobservesNil       | unobserve(nil) and unobserve(nil, "age")     | nothing happens                         | the same                                  |
// | controllerObserverFreed       | the observer is freed; ann.name is set       | no callback                             | the same (weak observer)                  |
// | controllerObservedObjectFreed * | a non-retained observed person is freed    | KVO's dealloc diagnostic; entries dropped | Foundation's dealloc check; no cleanup  |
// | unobserveAllInsideCallback    | the block calls unobserveAll()               | works; no later callback                | works                                     |
// | controllerReleasedInsideCallback | the block drops the last controller reference | works; released after the block    | works                                     |

import Testing

@testable import KVOController

/// Scratch space a case's `prepare` hands to its `perform` (objects it will drop, …).
final class Scratch: @unchecked Sendable {
  var object: Object?
  var observer: Object?
  var cls: Class?
  var protocols: [Protocol] = []
  var controller: KVOController?
  var events: EventObservation?
  var log = Log<String>()

  /// Drops everything, so what the case made can be freed.
  func clear() {
    object = nil
    observer = nil
    controller = nil
    events?.cancel()
    events = nil
  }
}

/// What a misuse must produce.
enum Outcome: Sendable {
  /// Throws this runtime error, naming the problem; nothing changes.
  case runtimeError(RuntimeError.Code, String)
  /// Throws this key-value error, naming the problem; nothing changes.
  case keyValueError(KeyValueError.Code, String)
  /// Succeeds and changes nothing.
  case nothingHappens
  /// Succeeds, and everything `prepare` added is gone again (the state is as before it), with
  /// a diagnostic event containing the text.
  case cleanedUp(diagnostic: String?)
  /// Throws this key-value error after doing what was asked; `verify` checks the effect.
  case keyValueErrorAfterTheEffect(KeyValueError.Code, String)
  /// Works; `verify` checks the effect.
  case works
}

enum Misuse: String, CaseIterable, Sendable {
  // Runtime
  case emptySelectorName, malformedSelectorInSend, malformedSelectorInAddMethod, emptyClassName, duplicateClassName, unknownIvar
  case wrongValueTypeForIvar, wrongValueTypeThroughSetter, undefinedConversionForIvar, wrongArgumentCount
  case unrecognizedSelector, messageToNil
  case performSelectorWithNil, registerTwice, disposeTwice, disposeClassWithInstances, disposeObservedClass
  case disposeKVOSubclassInUse, unloadImageInUse
  case setClassToOtherLayout, addIvarAfterRegistration, malformedMethodTypes, malformedPropertyAttributes
  case classFromAnotherRuntime, resolverResendsItsSelector, methodChangeInsideItsSend, runtimeCallInsideEventObserver
  case deallocThatThrows, changeRegisteredProtocol, registerProtocolTwice, incorporateDraftProtocol
  case optionalProtocolProperty, instanceOfUnregisteredClass, duplicateUnregisteredClassName
  // Key-value coding
  case emptyKey, malformedKey, unknownKey, setUnknownKey, wrongValueTypeForKey, nilForScalarKey, keyThatIsNotAString
  case malformedKeyPath, unknownCollectionOperator, operatorWithoutRightPath, sumOfStrings, setThroughOperator
  case toManyInsertOutOfBounds, toManyEditOfNilArray, toManyEmptyKey
  // Key-value observing
  case observeEmptyKeyPath, observeMalformedKeyPath, observeCollectionOperator, observeThroughToMany
  case observeClassObject, addNilObserver, removeNilObserver, doubleRegistration, doubleRemoval, removeNeverAdded
  case removeWithWrongContext, observerFreedWhileRegistered, observedObjectFreedWhileObserved, unhandledNotification
  case didChangeWithoutWillChange, removeSelfInsideCallback, setSameKeyInsideCallback, addObserverInsideCallback
  // KVOController
  case controllerObservesNil, controllerNoKeyPaths, controllerEmptyKeyPath, controllerOneBadKeyPath
  case controllerCollectionOperator, controllerThroughToMany, controllerUnknownAction, controllerActionWrongArity
  case controllerObservesTwice, controllerUnobservesTwice
  case controllerUnobservesUnknown, controllerUnobservesNil, controllerObserverFreed, controllerObservedObjectFreed
  case unobserveAllInsideCallback, controllerReleasedInsideCallback

  var outcome: Outcome {
    switch self {
    case .emptySelectorName:
      return .runtimeError(.unrecognizedSelector, "-[NSKVONotifying_Person ]: unrecognized selector sent to instance 0x")
    case .malformedSelectorInSend:
      return .runtimeError(.unrecognizedSelector, "-[NSKVONotifying_Person set age:]: unrecognized selector sent to instance 0x")
    case .malformedSelectorInAddMethod, .emptyClassName, .instanceOfUnregisteredClass, .duplicateUnregisteredClassName: return .works
    case .duplicateClassName: return .runtimeError(.duplicateClassName, "class 'Person' already exists")
    case .unknownIvar: return .runtimeError(.unknownIvar, "Person has no ivar named '_nope'")
    case .wrongValueTypeForIvar: return .runtimeError(.typeMismatch, "cannot use String \"old\" as long long ('q')")
    case .wrongValueTypeThroughSetter:
      return .runtimeError(.typeMismatch, "-[NSKVONotifying_Person setAge:]: argument 1: cannot use String")
    case .undefinedConversionForIvar:
      return .runtimeError(.typeMismatch, "cannot assign double 1e+30 to long long ('q'): its integral part is out of long long's range, and that conversion is undefined in C")
    case .wrongArgumentCount:
      return .runtimeError(.wrongArgumentCount, "setAge:]: sent with 2 argument(s), but the selector takes 1")
    case .unrecognizedSelector:
      return .runtimeError(
        .unrecognizedSelector, "-[NSKVONotifying_Person fly]: unrecognized selector sent to instance")
    case .messageToNil: return .nothingHappens
    case .performSelectorWithNil:
      return .runtimeError(.unrecognizedSelector, "-[NSKVONotifying_Person <null selector>]: unrecognized selector sent to instance")
    case .registerTwice: return .cleanedUp(diagnostic: "objc_registerClassPair: class 'Person' was already registered!")
    case .disposeTwice: return .runtimeError(.invalidClassState, "class 'Temp' was already disposed")
    case .disposeClassWithInstances: return .runtimeError(.classInUse, "'Other' still has 1 live instance(s)")
    case .unloadImageInUse: return .runtimeError(.classInUse, "unloadImage: class 'Bundled' still has 1 live instance(s)")
    case .disposeObservedClass:
      return .runtimeError(.classInUse, "'Person' still has subclasses, including 'NSKVONotifying_Person'!")
    case .disposeKVOSubclassInUse:
      return .runtimeError(.classInUse, "'NSKVONotifying_Person' still has 2 live instance(s)")
    case .addIvarAfterRegistration: return .nothingHappens
    case .malformedMethodTypes: return .runtimeError(.invalidTypeEncoding, "unknown type code 'z' at offset 3")
    case .malformedPropertyAttributes: return .runtimeError(.invalidPropertyAttributes, "unknown attribute 'Z'")
    case .classFromAnotherRuntime: return .runtimeError(.foreignRuntime, "belongs to another runtime")
    case .resolverResendsItsSelector: return .runtimeError(.unrecognizedSelector, "fly]: unrecognized selector")
    case .methodChangeInsideItsSend, .runtimeCallInsideEventObserver, .deallocThatThrows, .setClassToOtherLayout:
      return .works
    case .changeRegisteredProtocol, .registerProtocolTwice, .incorporateDraftProtocol, .optionalProtocolProperty:
      return .works
    case .wrongValueTypeForKey: return .works

    case .emptyKey: return .keyValueError(.undefinedKey, "this class is not key value coding-compliant for the key .")
    case .malformedKey:
      return .keyValueError(.undefinedKey, "this class is not key value coding-compliant for the key shoe size.")
    case .unknownKey:
      return .keyValueError(.undefinedKey, "this class is not key value coding-compliant for the key shoeSize.")
    case .setUnknownKey:
      return .keyValueError(.undefinedKey, "setValue:forUndefinedKey:]: this class is not key value coding-compliant")
    case .nilForScalarKey: return .keyValueError(.nilValueForScalar, "could not set nil as the value for the key age.")
    case .keyThatIsNotAString:
      return .runtimeError(.unrecognizedSelector, "-[__NSCFNumber length]: unrecognized selector sent to instance 0x")
    case .malformedKeyPath:
      return .keyValueError(.undefinedKey, "valueForUndefinedKey:]: this class is not key value coding-compliant for the key .")
    case .unknownCollectionOperator: return .keyValueError(.invalidKeyPath, "valueForKeyPath:]: this class does not implement the nope operation.")
    case .operatorWithoutRightPath: return .keyValueError(.undefinedKey, "not key value coding-compliant for the key (null).")
    case .sumOfStrings: return .keyValueError(.invalidValue, "@sum needs numbers")
    case .setThroughOperator:
      return .keyValueError(.undefinedKey, "setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key @count.")
    case .toManyInsertOutOfBounds: return .keyValueError(.indexOutOfBounds, "index 5 beyond bounds [0 .. 1]")
    case .toManyEditOfNilArray: return .keyValueError(.collectionIsNil, "value for key items of object")
    case .toManyEmptyKey:
      return .keyValueError(.undefinedKey, "valueForUndefinedKey:]: this class is not key value coding-compliant for the key .")

    case .observeEmptyKeyPath, .observeCollectionOperator: return .works
    case .observeMalformedKeyPath:
      return .keyValueError(.undefinedKey, "valueForUndefinedKey:]: this class is not key value coding-compliant for the key a.")
    case .observeThroughToMany: return .keyValueError(.unsupportedKeyPath, "addObserver:forKeyPath:options:context:] is not supported. Key path: ")
    case .removeNilObserver:
      return .keyValueError(.observerNotRegistered, "Cannot remove an observer <(null) 0x0> for the key path \"age\" from <Person 0x")
    case .doubleRegistration, .observeClassObject, .addNilObserver: return .works
    case .doubleRemoval, .removeNeverAdded, .removeWithWrongContext:
      return .keyValueError(.observerNotRegistered, "because it is not registered as an observer.")
    case .observerFreedWhileRegistered: return .cleanedUp(diagnostic: "was deallocated while registered")
    case .observedObjectFreedWhileObserved:
      return .cleanedUp(diagnostic: "was deallocated while key value observers were still registered with it")
    case .unhandledNotification:
      return .keyValueErrorAfterTheEffect(.unhandledNotification, "message was received but not handled")
    case .didChangeWithoutWillChange: return .nothingHappens
    case .removeSelfInsideCallback, .setSameKeyInsideCallback, .addObserverInsideCallback: return .works

    case .controllerObservesNil: return .nothingHappens
    case .controllerNoKeyPaths: return .keyValueError(.invalidArgument, "needs at least one key path")
    case .controllerEmptyKeyPath: return .keyValueError(.invalidKeyPath, "the key path is empty")
    case .controllerOneBadKeyPath:
      return .keyValueErrorAfterTheEffect(.undefinedKey, "this class is not key value coding-compliant for the key a.")
    case .controllerCollectionOperator: return .works
    case .controllerUnknownAction: return .keyValueError(.invalidArgument, "does not respond to nope:object:")
    case .controllerActionWrongArity: return .keyValueError(.invalidArgument, "sends at most two")
    case .controllerThroughToMany: return .keyValueError(.unsupportedKeyPath, "addObserver:forKeyPath:options:context:] is not supported. Key path: ")
    case .controllerObservesTwice, .controllerUnobservesTwice, .controllerUnobservesUnknown, .controllerUnobservesNil:
      return .nothingHappens
    case .controllerObserverFreed: return .cleanedUp(diagnostic: nil)
    case .controllerObservedObjectFreed: return .cleanedUp(diagnostic: "was deallocated while key value observers were still registered")
    case .unobserveAllInsideCallback, .controllerReleasedInsideCallback: return .works
    }
  }
}

@Suite struct MisuseCatalogueTests {
  @Test(arguments: Misuse.allCases)
  func misuseGetsItsDocumentedAnswerAndChangesNothingElse(misuse: Misuse) throws {
    let f = try Fixture()
    let scratch = Scratch()
    let pristine = f.snapshot()
    try misuse.prepare(f, scratch)
    let before = f.snapshot()
    let thrown: (any Error)?
    do {
      try misuse.perform(f, scratch)
      thrown = nil
    } catch {
      thrown = error
    }
    let after = f.snapshot()
    let changed = after.filter { !before.contains($0) }
    switch misuse.outcome {
    case .runtimeError(let code, let text):
      let error = thrown as? RuntimeError
      #expect(error?.code == code, "threw \(String(describing: thrown))")
      #expect(error?.message.contains(text) == true, "message: \(error?.message ?? "none")")
      #expect(after == before, "changed: \(changed)")
    case .keyValueError(let code, let text):
      let error = thrown as? KeyValueError
      #expect(error?.code == code, "threw \(String(describing: thrown))")
      #expect(error?.message.contains(text) == true, "message: \(error?.message ?? "none")")
      #expect(after == before, "changed: \(changed)")
    case .nothingHappens:
      #expect(thrown == nil)
      #expect(after == before, "changed: \(changed)")
    case .cleanedUp(let diagnostic):
      #expect(thrown == nil, "threw \(String(describing: thrown))")
      let isDiagnostics = { (line: String) in line.hasPrefix("diagnostics:") }
      #expect(after.filter { !isDiagnostics($0) } == pristine.filter { !isDiagnostics($0) }, "changed: \(changed)")
      if let diagnostic {
        #expect(f.diagnostics.all.contains { $0.contains(diagnostic) }, "diagnostics: \(f.diagnostics.all)")
      } else {
        #expect(f.diagnostics.all.isEmpty, "diagnostics: \(f.diagnostics.all)")
      }
    case .keyValueErrorAfterTheEffect(let code, let text):
      let error = thrown as? KeyValueError
      #expect(error?.code == code, "threw \(String(describing: thrown))")
      #expect(error?.message.contains(text) == true, "message: \(error?.message ?? "none")")
      try misuse.verify(f, scratch, pristine: pristine)
    case .works:
      #expect(thrown == nil, "threw \(String(describing: thrown))")
      try misuse.verify(f, scratch, pristine: pristine)
    }
    try f.runtime.checkInvariants()
    f.events.cancel()
  }
}
