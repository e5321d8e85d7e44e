// MisuseCatalogueTests.swift: every way to misuse the public API that issue 7 names, in one
// place, each with the answer MiniKVO gives and the one Apple's runtime, Foundation or
// FBKVOController gives. Each row is a test case below that asserts the answer and that nothing
// else changed (the snapshot in Support.swift: classes, methods, objects, observations,
// controller entries, notifications). Rows marked * differ from Apple; docs/differences.md
// ("Misuse: where we answer differently") lists them.
//
// To add a case: add a row here, a `Misuse` case with its `outcome`, and its `perform` (plus a
// `prepare` for any setup and a `verify` for a `.works` row). Tests/MiniRuntimeTests/MisuseTests.swift
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
      return .runtimeError(.classInUse, "'Person' still has subclasses: NSKVONotifying_Person")
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

  /// Setup the case needs before the misuse (not part of what must stay unchanged).
  func prepare(_ f: Fixture, _ scratch: Scratch) throws {
    let runtime = f.runtime
    switch self {
    case .changeRegisteredProtocol, .registerProtocolTwice, .incorporateDraftProtocol, .optionalProtocolProperty:
      let named = try runtime.allocateProtocol(named: "Named")
      if self != .incorporateDraftProtocol && self != .optionalProtocolProperty { try runtime.registerProtocol(named) }
      scratch.protocols = [named, try runtime.allocateProtocol(named: "Draft")]
    case .disposeClassWithInstances:
      scratch.object = try Fixture.new(f.other)
    case .unloadImageInUse:
      var bundle = Image(named: "Bundle")
      bundle.addClass("Bundled", superclass: "NSObject") { _ in }
      try runtime.loadImage(bundle)
      scratch.object = try Fixture.new(try #require(runtime.lookUpClass(named: "Bundled")))
    case .instanceOfUnregisteredClass, .duplicateUnregisteredClassName:
      scratch.cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
      try scratch.cls?.addIvar("_x", type: .int)
    case .disposeTwice:
      let temp = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Temp")
      try runtime.registerClassPair(temp)
      try runtime.disposeClassPair(temp)
      scratch.cls = temp
    case .resolverResendsItsSelector:
      try f.person.isa.addMethod("resolveInstanceMethod:", types: "B24@0:8:16") { receiver, _, arguments in
        // Resolving `fly` sends `fly` again to a new instance.
        if arguments[0].selectorValue == "fly", let cls = receiver as? Class {
          _ = try Runtime.msgSend(try cls.createInstance(), "fly")
        }
        return false
      }
    case .methodChangeInsideItsSend:
      try f.person.addMethod("mutate", types: "@16@0:8") { receiver, _, _ in
        let cls = receiver.isa
        try cls.addMethod("late", types: "@16@0:8") { _, _, _ in "late" }
        let age = try #require(try cls.instanceMethod(for: "age"))
        let late = try #require(try cls.instanceMethod(for: "late"))
        try age.exchangeImplementation(with: late)
        return try Runtime.msgSend(receiver, "age")  // the exchanged implementation
      }
    case .runtimeCallInsideEventObserver:
      let log = scratch.log
      let observation = runtime.addEventObserver { [weak runtime] event in
        guard case .classRegistered(name: "Temp") = event, let runtime, let temp = runtime.lookUpClass(named: "Temp")
        else { return }
        do {
          let child = try runtime.allocateClassPair(superclass: temp, name: "TempChild")
          try runtime.registerClassPair(child)
          log.append("registered TempChild")
        } catch {
          log.append("\(error)")
        }
      }
      scratch.events = observation
    case .deallocThatThrows:
      let fragile = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Fragile")
      try fragile.addMethod("dealloc", types: "v16@0:8") { receiver, _, _ in
        _ = try Runtime.msgSend(receiver, "description")  // messaging itself from dealloc works
        throw RuntimeError(.invalidArgument, "Fragile cannot be freed")
      }
      try runtime.registerClassPair(fragile)
      scratch.cls = fragile
      scratch.object = try Fixture.new(fragile)
    case .setThroughOperator, .keyThatIsNotAString:
      try runtime.installFoundation()  // the array is boxed into an __NSArrayI, whose classes are made on first use
    case .doubleRemoval:
      try f.ann.addObserver(f.observer, forKeyPath: "age")
      try f.ann.removeObserver(f.observer, forKeyPath: "age")
    case .removeWithWrongContext:
      try f.ann.addObserver(f.observer, forKeyPath: "age", context: 1)
    case .observerFreedWhileRegistered:
      let (temporary, _) = try Fixture.newObserver(f.observerClass)
      try f.ann.addObserver(temporary, forKeyPath: "age")
      scratch.observer = temporary
    case .observedObjectFreedWhileObserved:
      let temporary = try Fixture.new(f.person)
      try temporary.setValue(.object(f.ann), forKey: "friend")
      try temporary.addObserver(f.observer, forKeyPath: "age")
      try temporary.addObserver(f.observer, forKeyPath: "friend.age")
      scratch.object = temporary
    case .unhandledNotification:
      let plain = try Fixture.new(f.plain)
      try f.ann.addObserver(plain, forKeyPath: "age")
      scratch.observer = plain
    case .removeSelfInsideCallback, .setSameKeyInsideCallback, .addObserverInsideCallback:
      let me = Locked<WeakReference<Object>?>(nil)  // weak: the callback belongs to the observer
      let (other, otherLog) = try Fixture.newObserver(f.observerClass)
      let misuse = self
      let (reentrant, _) = try Fixture.newObserver(f.observerClass) { _, object in
        guard let me = me.withLock({ $0?.object }), (try? object.value(forKey: "age")) == 1 else { return }
        switch misuse {
        case .removeSelfInsideCallback: try? object.removeObserver(me, forKeyPath: "age")
        case .setSameKeyInsideCallback: try? object.setValue(2, forKey: "age")
        default: try? object.addObserver(other, forKeyPath: "age", options: [.new])
        }
      }
      me.withLock { $0 = WeakReference(reentrant) }
      try f.ann.addObserver(reentrant, forKeyPath: "age", options: [.new])
      scratch.observer = reentrant
      scratch.object = other
      scratch.log = otherLog
    case .controllerUnobservesTwice:
      f.controller.unobserve(f.ann, keyPath: "name")
    case .controllerObserverFreed:
      let temporary = try Fixture.new(f.watcherClass)
      let controller = KVOController(observer: temporary)
      let log = scratch.log
      try controller.observe(f.ann, keyPath: "age") { _, _, _ in log.append("called") }
      scratch.controller = controller
      scratch.observer = temporary
    case .controllerObservedObjectFreed:
      let temporary = try Fixture.new(f.person)
      let controller = KVOController(observer: f.watcher, retainObserved: false)
      try controller.observe(temporary, keyPath: "age") { _, _, _ in }
      scratch.controller = controller
      scratch.object = temporary
    case .unobserveAllInsideCallback, .controllerReleasedInsideCallback:
      let temporary = try Fixture.new(f.watcherClass)
      let controller = KVOController(observer: temporary)
      let log = scratch.log
      let misuse = self
      try controller.observe(f.ann, keyPath: "age") { [weak controller, weak scratch] _, _, _ in
        log.append("called")
        if misuse == .unobserveAllInsideCallback { controller?.unobserveAll() } else { scratch?.controller = nil }
      }
      scratch.controller = controller
      scratch.observer = temporary
    default:
      break
    }
  }

  /// The misuse itself.
  func perform(_ f: Fixture, _ scratch: Scratch) throws {
    let runtime = f.runtime
    let ann = f.ann
    switch self {
    case .emptySelectorName: try runtime.msgSend(ann, Selector(interning: ""))
    case .malformedSelectorInSend: try runtime.msgSend(ann, "set age:")
    case .malformedSelectorInAddMethod:  // decision 0027: objc4's class_addMethod takes any name
      try f.person.addMethod(Selector(interning: "my name"), types: "@16@0:8") { _, _, _ in "Ann!" }
    case .emptyClassName: scratch.cls = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "")
    case .instanceOfUnregisteredClass: scratch.object = try #require(scratch.cls).createInstance()
    case .duplicateUnregisteredClassName:
      let second = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Draft")
      try runtime.registerClassPair(try #require(scratch.cls))
      try runtime.registerClassPair(second)
      scratch.object = try second.createInstance()
    case .duplicateClassName: _ = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Person")
    case .unknownIvar: _ = try ann.value(ofIvar: "_nope")
    case .wrongValueTypeForIvar: try ann.setValue("old", forIvar: "_age")
    case .wrongValueTypeThroughSetter: try runtime.msgSend(ann, "setAge:", "old")
    case .undefinedConversionForIvar: try ann.setValue(1e30, forIvar: "_age")
    case .wrongArgumentCount: try runtime.msgSend(ann, "setAge:", 1, 2)
    case .unrecognizedSelector: try runtime.msgSend(ann, "fly")
    case .messageToNil: #expect(try runtime.msgSend(nil, "age") == .nil)
    case .performSelectorWithNil: try runtime.msgSend(ann, "performSelector:", .nil)
    case .registerTwice: try runtime.registerClassPair(f.person)
    case .disposeTwice: try runtime.disposeClassPair(try #require(scratch.cls))
    case .disposeClassWithInstances: try runtime.disposeClassPair(f.other)
    case .unloadImageInUse: try runtime.unloadImage(named: "Bundle")
    case .disposeObservedClass: try runtime.disposeClassPair(f.person)
    case .disposeKVOSubclassInUse: try runtime.disposeClassPair(f.bob.isa)
    case .setClassToOtherLayout:
      scratch.cls = ann.isa
      try ann.setClass(f.other)
    case .addIvarAfterRegistration: #expect(try !f.person.addIvar("_extra", type: .int))
    case .malformedMethodTypes: try f.person.addMethod("greet", types: "@@:z") { _, _, _ in .nil }
    case .malformedPropertyAttributes: try f.person.addProperty("height", attributes: "Td,Z")
    case .classFromAnotherRuntime:
      let elsewhere = Runtime()
      _ = try runtime.allocateClassPair(superclass: elsewhere.rootClass, name: "Alien")
    case .resolverResendsItsSelector: try runtime.msgSend(ann, "fly")
    case .methodChangeInsideItsSend: #expect(try runtime.msgSend(ann, "mutate") == "late")
    case .runtimeCallInsideEventObserver:
      let temp = try runtime.allocateClassPair(superclass: runtime.rootClass, name: "Temp")
      try runtime.registerClassPair(temp)
    case .deallocThatThrows: scratch.object = nil
    case .changeRegisteredProtocol:
      try scratch.protocols[0].addMethodDescription("age", types: "q16@0:8", isRequired: true, isInstanceMethod: true)
    case .registerProtocolTwice: try f.runtime.registerProtocol(scratch.protocols[0])
    case .incorporateDraftProtocol: try scratch.protocols[0].addProtocol(scratch.protocols[1])
    case .optionalProtocolProperty:
      try scratch.protocols[0].addProperty("nickname", attributes: "T@\"NSString\"", isRequired: false)

    case .emptyKey: _ = try ann.value(forKey: "")
    case .malformedKey: _ = try ann.value(forKey: "shoe size")
    case .unknownKey: _ = try ann.value(forKey: "shoeSize")
    case .setUnknownKey: try ann.setValue(1, forKey: "shoeSize")
    case .wrongValueTypeForKey: try ann.setValue("old", forKey: "age")
    case .nilForScalarKey: try ann.setValue(nil, forKey: "age")
    case .keyThatIsNotAString: try runtime.msgSend(ann, "valueForKey:", 5)
    case .malformedKeyPath: _ = try ann.value(forKeyPath: "friend..name")
    case .unknownCollectionOperator: _ = try ann.value(forKeyPath: "items.@nope.age")
    case .operatorWithoutRightPath: _ = try ann.value(forKeyPath: "items.@sum")
    case .sumOfStrings: _ = try ann.value(forKeyPath: "items.@sum.name")
    case .setThroughOperator: try ann.setValue(1, forKeyPath: "items.@count")
    case .toManyInsertOutOfBounds: try ann.mutableArrayValue(forKey: "items").insert("x", at: 5)
    case .toManyEditOfNilArray: try f.bob.mutableArrayValue(forKey: "items").remove(at: 0)
    case .toManyEmptyKey: _ = try ann.mutableArrayValue(forKey: "").count()

    case .observeEmptyKeyPath: try ann.addObserver(f.observer, forKeyPath: "")
    case .observeMalformedKeyPath: try ann.addObserver(f.observer, forKeyPath: "a..b")
    case .observeCollectionOperator: try ann.addObserver(f.observer, forKeyPath: "@count")
    case .observeThroughToMany: try ann.addObserver(f.observer, forKeyPath: "items.name")
    case .observeClassObject: try f.person.addObserver(f.observer, forKeyPath: "age")
    case .addNilObserver:
      try runtime.msgSend(ann, "addObserver:forKeyPath:options:context:", arguments: [.nil, "age", 0, .nil])
    case .removeNilObserver: try runtime.msgSend(ann, "removeObserver:forKeyPath:", .nil, "age")
    case .doubleRegistration:
      try ann.addObserver(f.observer, forKeyPath: "age", options: [.new])
      try ann.addObserver(f.observer, forKeyPath: "age", options: [.new])
      try ann.setValue(43, forKey: "age")
    case .doubleRemoval, .removeNeverAdded: try ann.removeObserver(f.observer, forKeyPath: "age")
    case .removeWithWrongContext: try ann.removeObserver(f.observer, forKeyPath: "age", context: 2)
    case .observerFreedWhileRegistered:
      scratch.observer = nil
      try ann.setValue(43, forKey: "age")
      try ann.setValue(42, forKey: "age")
    case .observedObjectFreedWhileObserved: scratch.object = nil
    case .unhandledNotification: try ann.setValue(43, forKey: "age")
    case .didChangeWithoutWillChange: try ann.didChangeValue(forKey: "age")
    case .removeSelfInsideCallback, .setSameKeyInsideCallback, .addObserverInsideCallback:
      try ann.setValue(1, forKey: "age")
      try ann.setValue(3, forKey: "age")

    case .controllerObservesNil: try f.controller.observe(nil, keyPath: "age") { _, _, _ in }
    case .controllerNoKeyPaths: try f.controller.observe(ann, keyPaths: []) { _, _, _ in }
    case .controllerEmptyKeyPath: try f.controller.observe(ann, keyPath: "") { _, _, _ in }
    case .controllerOneBadKeyPath: try f.controller.observe(ann, keyPaths: ["age", "a..b"]) { _, _, _ in }
    case .controllerCollectionOperator: try f.controller.observe(ann, keyPath: "@count") { _, _, _ in }
    case .controllerUnknownAction: try f.controller.observe(ann, keyPath: "age", action: "nope:object:")
    case .controllerActionWrongArity:
      try f.controller.observe(ann, keyPath: "age", action: "performSelector:withObject:withObject:")
    case .controllerThroughToMany: try f.controller.observe(ann, keyPath: "items.name") { _, _, _ in }
    case .controllerObservesTwice: try f.controller.observe(ann, keyPath: "name") { _, _, _ in }
    case .controllerUnobservesTwice: f.controller.unobserve(ann, keyPath: "name")
    case .controllerUnobservesUnknown: f.controller.unobserve(f.bob, keyPath: "age")
    case .controllerUnobservesNil:
      f.controller.unobserve(nil)
      f.controller.unobserve(nil, keyPath: "age")
    case .controllerObserverFreed:
      scratch.observer = nil
      try ann.setValue(43, forKey: "age")
      #expect(scratch.log.count == 0)
      scratch.controller = nil
      try ann.setValue(42, forKey: "age")
    case .controllerObservedObjectFreed:
      scratch.object = nil
      #expect(scratch.controller?.observedObjectCount == 0)
      scratch.controller = nil
    case .unobserveAllInsideCallback, .controllerReleasedInsideCallback:
      try ann.setValue(43, forKey: "age")
      try ann.setValue(42, forKey: "age")
    }
  }

  /// Checks the effect of a `.works` or `.keyValueErrorAfterTheEffect` case; the observing
  /// ones then undo what they did and check the world is as they found it.
  func verify(_ f: Fixture, _ scratch: Scratch, pristine: [String]) throws {
    switch self {
    case .malformedSelectorInAddMethod:
      #expect(try f.runtime.msgSend(f.ann, Selector(interning: "my name")) == "Ann!")
      #expect(f.person.instancesRespond(to: Selector(interning: "my name")))
      return
    case .duplicateUnregisteredClassName:
      let first = try #require(scratch.cls)
      let second = try #require(scratch.object?.isa)
      #expect(first !== second && first.isRegistered && second.isRegistered)
      #expect(f.runtime.lookUpClass(named: "Draft") === first)
      #expect(f.diagnostics.all.contains { $0.contains("Class Draft is implemented in both ?? (") })
      scratch.object = nil
      try f.runtime.disposeClassPair(second)
      try f.runtime.disposeClassPair(first)
      f.diagnostics.clear()
      return
    case .instanceOfUnregisteredClass:
      let draft = try #require(scratch.cls)
      do {
        let object = try #require(scratch.object)
        #expect(object.isa === draft && !draft.isRegistered)
        try object.setValue(7, forIvar: "_x")
        #expect(try object.value(ofIvar: "_x") == 7)
        // An ivar added now would not fit the live instance: refused while it lives.
        #expect(throws: RuntimeError.self) { try draft.addIvar("_y", type: .double) }
      }
      scratch.object = nil
      try f.runtime.disposeClassPair(draft)
      return
    case .emptyClassName:
      let cls = try #require(scratch.cls)
      try f.runtime.registerClassPair(cls)
      #expect(f.runtime.lookUpClass(named: "") === cls)
      try f.runtime.disposeClassPair(cls)
      #expect(!f.runtime.classes.contains { $0.name.isEmpty })
      return
    case .methodChangeInsideItsSend:
      #expect(try f.runtime.msgSend(f.ann, "age") == "late")
      #expect(try f.runtime.msgSend(f.ann, "late") == 42)
      return
    case .runtimeCallInsideEventObserver:
      #expect(scratch.log.all == ["registered TempChild"])
      #expect(f.runtime.lookUpClass(named: "TempChild")?.superclass?.name == "Temp")
      return
    case .setClassToOtherLayout:
      // objc4 keeps the object's memory: Other's `double _d` at offset 8 reads the bits of `_age`.
      #expect(f.ann.isa === f.other)
      #expect(try f.ann.value(ofIvar: "_d") == .double(Double(bitPattern: 42)))
      try f.ann.setClass(try #require(scratch.cls))
      #expect(try f.ann.value(ofIvar: "_age") == 42)
      return
    case .deallocThatThrows:
      #expect(f.diagnostics.all.contains { $0.contains("-[Fragile dealloc] threw") && $0.contains("cannot be freed") })
      #expect(scratch.cls?.liveInstanceCount == 0)
      return
    case .changeRegisteredProtocol, .registerProtocolTwice, .incorporateDraftProtocol, .optionalProtocolProperty:
      let named = scratch.protocols[0]
      #expect(named.methodDescriptions(isRequired: true, isInstanceMethod: true).isEmpty)
      #expect(named.protocols.isEmpty && named.properties().isEmpty)
      #expect(f.runtime.protocols.map(\.name) == ["NSObject"] + (named.isRegistered ? ["Named"] : []))
      let expected = [
        Self.changeRegisteredProtocol: "protocol 'Named' is registered and can no longer change; the call is ignored",
        .registerProtocolTwice: "protocol 'Named' was already registered; the call is ignored",
        .incorporateDraftProtocol: "protocol 'Draft' is still under construction and cannot be incorporated; the call is ignored",
        .optionalProtocolProperty: "optional property 'nickname' is not kept",
      ][self]!
      #expect(f.diagnostics.all.contains { $0.contains(expected) }, "diagnostics: \(f.diagnostics.all)")
      return
    case .wrongValueTypeForKey:
      // Sending -longLongValue boxed the string, which loaded Foundation's classes into the
      // runtime (as a bridged value's first message does), so the snapshot is not compared.
      #expect(try f.ann.value(forKey: "age") == 0)  // "old" has no leading number
      #expect(f.runtime.lookUpClass(named: "__NSCFString") != nil)
      return
    case .doubleRegistration:
      #expect(f.ann.observedKeyPaths == ["name", "age", "age"])
      #expect(f.observerLog.all == ["age 43", "age 43"])
      try f.ann.removeObserver(f.observer, forKeyPath: "age")
      try f.ann.removeObserver(f.observer, forKeyPath: "age")
      try f.ann.setValue(42, forKey: "age")
    case .addNilObserver:
      // Registered; each change is a message to nil, and a nil observer is not a freed one.
      #expect(f.ann.observedKeyPaths == ["name", "age"])
      try f.ann.setValue(43, forKey: "age")
      #expect(f.ann.observedKeyPaths == ["name", "age"])
      try f.runtime.msgSend(f.ann, "removeObserver:forKeyPath:", .nil, "age")
      try f.ann.setValue(42, forKey: "age")
    case .observeEmptyKeyPath, .observeCollectionOperator:
      // Registered, unchecked, as Foundation registers it; only a manual change notifies it.
      let keyPath = self == .observeEmptyKeyPath ? "" : "@count"
      #expect(f.ann.observedKeyPaths == ["name", keyPath])
      try f.ann.willChangeValue(forKey: keyPath)
      try f.ann.didChangeValue(forKey: keyPath)
      #expect(f.observerLog.all == ["\(keyPath) -"])
      try f.ann.removeObserver(f.observer, forKeyPath: keyPath)
    case .controllerCollectionOperator:
      #expect(f.controller.observedKeyPaths(of: f.ann) == ["name", "@count"])
      f.controller.unobserve(f.ann, keyPath: "@count")
    case .observeClassObject:
      // Registered on the class object, whose isa becomes NSKVONotifying_Person's metaclass
      // until the observation ends (docs/kvo.md#observing-a-class-object).
      #expect(f.person.observedKeyPaths == ["age"])
      #expect(f.person.isa === f.runtime.lookUpClass(named: "NSKVONotifying_Person")?.metaclass)
      try f.person.removeObserver(f.observer, forKeyPath: "age")
      #expect(f.person.isa === f.person.metaclass)
    case .unhandledNotification:
      #expect(try f.ann.value(forKey: "age") == 43)
      try f.ann.removeObserver(try #require(scratch.observer), forKeyPath: "age")
      try f.ann.setValue(42, forKey: "age")
    case .removeSelfInsideCallback:
      #expect(f.ann.observedKeyPaths == ["name"])
      try f.ann.setValue(42, forKey: "age")
    case .setSameKeyInsideCallback:
      #expect(try f.ann.value(forKey: "age") == 3)
      try f.ann.removeObserver(try #require(scratch.observer), forKeyPath: "age")
      try f.ann.setValue(42, forKey: "age")
    case .addObserverInsideCallback:
      #expect(scratch.log.all == ["age 3"])
      #expect(f.ann.observedKeyPaths == ["name", "age", "age"])
      try f.ann.removeObserver(try #require(scratch.object), forKeyPath: "age")
      try f.ann.removeObserver(try #require(scratch.observer), forKeyPath: "age")
      try f.ann.setValue(42, forKey: "age")
    case .unobserveAllInsideCallback, .controllerReleasedInsideCallback:
      #expect(scratch.log.all == ["called"])
    case .controllerOneBadKeyPath:
      // FB's loop registers each key path in turn: age before a..b is refused.
      #expect(f.controller.observedKeyPaths(of: f.ann) == ["name", "age"])
      f.controller.unobserve(f.ann, keyPath: "age")
    default:
      break
    }
    scratch.clear()
    let ignored = { (line: String) in line.hasPrefix("observer log") }
    let after = f.snapshot().filter { !ignored($0) }
    #expect(after == pristine.filter { !ignored($0) }, "changed: \(after.filter { !pristine.contains($0) })")
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
