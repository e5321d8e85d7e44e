// KVOAPICensusTests.swift: Foundation's KVC and KVO API, header by header, against MiniKVO's.
//
// Docs: docs/kvo.md#api-census. Every method NSKeyValueCoding.h and NSKeyValueObserving.h
// declare on NSObject and on the collections is a method of the runtime's class once Foundation
// and KVO are loaded, so a behaviour case written against the headers can be sent as is; the
// constants have Foundation's values. What the census found missing is listed in the docs.

import MiniFoundation
import Testing

@testable import KVO

@Suite struct KVOAPICensusTests {
  /// A runtime with Foundation and its KVC/KVO categories loaded, as a linked program has.
  private func loadedRuntime() throws -> Runtime {
    let runtime = Runtime()
    try runtime.installFoundation()
    runtime.installKeyValueObserving()
    return runtime
  }

  private func missing(_ selectors: [Selector], on cls: Class) -> [String] {
    selectors.filter { cls.instanceMethodWithoutResolver(for: $0) == nil }.map(\.name)
  }

  /// `NSObject (NSKeyValueCoding)` and `(NSDeprecatedKeyValueCoding)`'s instance methods that
  /// MiniKVO has, and `+accessInstanceVariablesDirectly` (already matched).
  @Test func everyKeyValueCodingMethodOfNSObjectIsThere() throws {
    let runtime = try loadedRuntime()
    let root = runtime.rootClass
    let instance: [Selector] = [
      "valueForKey:", "setValue:forKey:", "validateValue:forKey:error:", "mutableArrayValueForKey:",
      "mutableOrderedSetValueForKey:", "mutableSetValueForKey:", "valueForKeyPath:", "setValue:forKeyPath:",
      "validateValue:forKeyPath:error:", "mutableArrayValueForKeyPath:", "mutableOrderedSetValueForKeyPath:",
      "mutableSetValueForKeyPath:", "valueForUndefinedKey:", "setValue:forUndefinedKey:", "setNilValueForKey:",
      "dictionaryWithValuesForKeys:", "setValuesForKeysWithDictionary:",
      // NSDeprecatedKeyValueCoding
      "takeValue:forKey:", "takeValue:forKeyPath:", "handleQueryWithUnboundKey:", "handleTakeValue:forUnboundKey:",
      "unableToSetNilForKey:", "valuesForKeys:", "takeValuesFromDictionary:", "storedValueForKey:",
      "takeStoredValue:forKey:",
    ]
    #expect(missing(instance, on: root) == [])
    #expect(missing(["accessInstanceVariablesDirectly", "useStoredAccessor"], on: root.isa) == [])
    #expect(try runtime.msgSend(root, "accessInstanceVariablesDirectly") == true)
  }

  /// `NSObject (NSKeyValueObserving)`, `(NSKeyValueObserverRegistration)`,
  /// `(NSKeyValueObserverNotification)`, `(NSKeyValueObservingCustomization)` and
  /// `(NSKeyValueObservingDeprecated)` (already matched), and
  /// `(NSKeyValueSharedObserverRegistration)` (round 19; failed before: it was missing).
  @Test func everyKeyValueObservingMethodOfNSObjectIsThere() throws {
    let runtime = try loadedRuntime()
    let root = runtime.rootClass
    let instance: [Selector] = [
      "observeValueForKeyPath:ofObject:change:context:", "addObserver:forKeyPath:options:context:",
      "removeObserver:forKeyPath:context:", "removeObserver:forKeyPath:", "willChangeValueForKey:",
      "didChangeValueForKey:", "willChange:valuesAtIndexes:forKey:", "didChange:valuesAtIndexes:forKey:",
      "willChangeValueForKey:withSetMutation:usingObjects:", "didChangeValueForKey:withSetMutation:usingObjects:",
      "observationInfo", "setObservationInfo:",
      // NSKeyValueSharedObserverRegistration (macOS 14, iOS 17; SharedObserversTests)
      "setSharedObservers:",
    ]
    #expect(missing(instance, on: root) == [])
    let classMethods: [Selector] = [
      "keyPathsForValuesAffectingValueForKey:", "automaticallyNotifiesObserversForKey:",
      "setKeys:triggerChangeNotificationsForDependentKey:",
    ]
    #expect(missing(classMethods, on: root.isa) == [])
  }

  /// The collection categories of both headers: NSArray, NSOrderedSet and NSSet define
  /// `valueForKey:` and `setValue:forKey:`, NSDictionary `valueForKey:`, NSMutableDictionary
  /// `setValue:forKey:`; NSArray adds the index-set observer methods, and all three override
  /// NSObject's observer methods (to raise) (already matched).
  @Test func everyCollectionCategoryMethodIsDefinedByItsClass() throws {
    let runtime = try loadedRuntime()
    func own(_ className: String) throws -> [String] {
      let cls = try #require(runtime.lookUpClass(named: className))
      return cls.methodList.map(\.selector.name)
    }
    let registration = ["addObserver:forKeyPath:options:context:", "removeObserver:forKeyPath:context:", "removeObserver:forKeyPath:"]
    let array = try own("NSArray")
    for name in ["valueForKey:", "setValue:forKey:"] + registration + [
      "addObserver:toObjectsAtIndexes:forKeyPath:options:context:",
      "removeObserver:fromObjectsAtIndexes:forKeyPath:context:", "removeObserver:fromObjectsAtIndexes:forKeyPath:",
    ] {
      #expect(array.contains(name), "NSArray lacks \(name)")
    }
    for className in ["NSOrderedSet", "NSSet"] {
      let methods = try own(className)
      for name in ["valueForKey:", "setValue:forKey:"] + registration {
        #expect(methods.contains(name), "\(className) lacks \(name)")
      }
    }
    #expect(try own("NSDictionary").contains("valueForKey:"))
    #expect(try own("NSMutableDictionary").contains("setValue:forKey:"))
  }

  /// The enums' values are Foundation's: `NSKeyValueObservingOptionNew` 0x01, `Old` 0x02,
  /// `Initial` 0x04, `Prior` 0x08; `NSKeyValueChangeSetting` 1 … `Replacement` 4;
  /// `NSKeyValueUnionSetMutation` 1 … `NSKeyValueSetSetMutation` 4 (already matched).
  @Test func theEnumsHaveFoundationsValues() {
    #expect([ObservingOptions.new, .old, .initial, .prior].map(\.rawValue) == [1, 2, 4, 8])
    #expect([ChangeKind.setting, .insertion, .removal, .replacement].map(\.rawValue) == [1, 2, 3, 4])
    #expect([SetMutationKind.union, .minus, .intersect, .set].map(\.rawValue) == [1, 2, 3, 4])
  }

  /// The string constants are Foundation's: the change keys (`NSKeyValueChangeKindKey` is
  /// `kind` …), the collection operators (`NSAverageKeyValueOperator` is `avg` …) and
  /// `NSUndefinedKeyException` (`NSUnknownKeyException`) (already matched).
  @Test func theStringConstantsHaveFoundationsValues() throws {
    #expect(
      [ChangeKey.kind, .new, .old, .indexes, .notificationIsPrior].map(\.rawValue)
        == ["kind", "new", "old", "indexes", "notificationIsPrior"])
    let operators: [CollectionOperator: String] = [
      .avg: "avg", .count: "count", .distinctUnionOfArrays: "distinctUnionOfArrays",
      .distinctUnionOfObjects: "distinctUnionOfObjects", .distinctUnionOfSets: "distinctUnionOfSets",
      .max: "max", .min: "min", .sum: "sum", .unionOfArrays: "unionOfArrays", .unionOfObjects: "unionOfObjects",
      .unionOfSets: "unionOfSets",
    ]
    #expect(Set(CollectionOperator.allCases) == Set(operators.keys))
    for (op, constant) in operators { #expect(op.rawValue == constant) }
    let runtime = try loadedRuntime()
    let object = try runtime.rootClass.createInstance()
    let error = #expect(throws: KeyValueError.self) { try object.value(forKey: "noSuchKey") }
    #expect(error?.exceptionName == "NSUnknownKeyException")
  }
}
