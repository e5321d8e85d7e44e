// MethodSignature+WellKnown.swift: the encodings of the selectors users override most.
//
// Docs: docs/runtime.md#methods-without-a-type-string. Tests:
// Tests/MiniRuntimeTests/MethodEncodingTests.swift (and, for the KVC/KVO entries, the KVO
// module's well-known encoding tests).
//
// Model: a fixed table from selector name to the encoding clang writes for NSObject's declaration
// of it (NSObject's own methods, its KVC/KVO category, NSCopying), each built from types with
// `MethodSignature.compiled`. `BOOL` is `B`, as on arm64 and as this runtime's NSObject and KVO
// category declare it (x86_64 macOS would write `c`). The tests check every entry against the
// method NSObject really installs, so the table cannot drift from the runtime.

extension MethodSignature {
  /// The encoding of a well-known selector: one of NSObject's methods, its key-value coding and
  /// observing methods, or NSCopying's; `nil` for any other selector.
  ///
  /// ```swift
  /// MethodSignature.wellKnown("observeValueForKeyPath:ofObject:change:context:")?.description
  ///                                              // "v48@0:8@16@24@32^v40"
  /// MethodSignature.wellKnown("dealloc")?.description           // "v16@0:8"
  /// MethodSignature.wellKnown("respondsToSelector:")?.description  // "B24@0:8:16"
  /// MethodSignature.wellKnown("greet")                          // nil
  /// ```
  ///
  /// `addMethod` and `replaceMethod` use it when no `types:` is given. `BOOL` is written `B` (as
  /// clang does on arm64, and as this runtime's NSObject declares it).
  ///
  /// - Parameter selector: The selector.
  /// - Returns: The encoding with frame offsets, or `nil` if the selector is not in the table.
  ///
  /// Objective-C: none (the encodings clang writes for NSObject's declarations in `NSObject.h`,
  /// `NSKeyValueCoding.h` and `NSKeyValueObserving.h`).
  public static func wellKnown(_ selector: Selector) -> MethodSignature? {
    wellKnownSignatures[selector.name]
  }

  /// Every well-known selector's name with its encoding, for listing and tests.
  ///
  /// Objective-C: none (MiniKVO extension).
  public static var wellKnownSelectors: [(selector: Selector, signature: MethodSignature)] {
    wellKnownSignatures.sorted { $0.key < $1.key }.map { (Selector(interning: $0.key), $0.value) }
  }

  private static var wellKnownSignatures: [String: MethodSignature] { wellKnownTable.signatures }

  private static let wellKnownTable: (signatures: [String: MethodSignature], keyValueSelectors: Set<String>) = {
    let object = TypeEncoding.id, sel = TypeEncoding.selector, cls = TypeEncoding.class
    let bool = TypeEncoding.bool, unsigned = TypeEncoding.unsignedLongLong, context = TypeEncoding.pointer(.void)
    let zone = TypeEncoding.pointer(.structure(name: "_NSZone", fields: []))
    let table: [(String, TypeEncoding, [TypeEncoding])] = [
      // NSObject, instance side.
      ("init", object, []), ("dealloc", .void, []), ("self", object, []),
      ("class", cls, []), ("superclass", cls, []),
      ("description", object, []), ("debugDescription", object, []),
      ("hash", unsigned, []), ("isEqual:", bool, [object]), ("isProxy", bool, []),
      ("isFault", bool, []), ("zone", zone, []),
      ("isKindOfClass:", bool, [cls]), ("isMemberOfClass:", bool, [cls]),
      ("respondsToSelector:", bool, [sel]), ("conformsToProtocol:", bool, [object]),
      ("copy", object, []), ("mutableCopy", object, []),
      ("copyWithZone:", object, [zone]), ("mutableCopyWithZone:", object, [zone]),
      ("methodSignatureForSelector:", object, [sel]), ("forwardInvocation:", .void, [object]),
      ("forwardingTargetForSelector:", object, [sel]), ("doesNotRecognizeSelector:", .void, [sel]),
      ("methodForSelector:", .pointer(.unknown), [sel]),
      ("performSelector:", object, [sel]), ("performSelector:withObject:", object, [sel, object]),
      ("performSelector:withObject:withObject:", object, [sel, object, object]),
      // NSObject, class side.
      ("alloc", object, []), ("allocWithZone:", object, [zone]), ("isAncestorOfObject:", bool, [object]), ("new", object, []), ("initialize", .void, []), ("load", .void, []),
      ("resolveInstanceMethod:", bool, [sel]), ("resolveClassMethod:", bool, [sel]),
      ("instancesRespondToSelector:", bool, [sel]), ("isSubclassOfClass:", bool, [cls]),
      ("instanceMethodForSelector:", .pointer(.unknown), [sel]),
      ("instanceMethodSignatureForSelector:", object, [sel]),
    ]
    let keyValueCoding: [(String, TypeEncoding, [TypeEncoding])] = [
      ("valueForKey:", object, [object]), ("setValue:forKey:", .void, [object, object]),
      ("valueForKeyPath:", object, [object]), ("setValue:forKeyPath:", .void, [object, object]),
      ("valueForUndefinedKey:", object, [object]), ("setValue:forUndefinedKey:", .void, [object, object]),
      ("setNilValueForKey:", .void, [object]), ("accessInstanceVariablesDirectly", bool, []),
      ("mutableArrayValueForKey:", object, [object]), ("mutableArrayValueForKeyPath:", object, [object]),
      ("mutableSetValueForKey:", object, [object]), ("mutableSetValueForKeyPath:", object, [object]),
      ("mutableOrderedSetValueForKey:", object, [object]), ("mutableOrderedSetValueForKeyPath:", object, [object]),
      ("dictionaryWithValuesForKeys:", object, [object]), ("setValuesForKeysWithDictionary:", .void, [object]),
      ("validateValue:forKey:error:", bool, [.pointer(object), object, .pointer(object)]),
      ("validateValue:forKeyPath:error:", bool, [.pointer(object), object, .pointer(object)]),
    ]
    let keyValueObserving: [(String, TypeEncoding, [TypeEncoding])] = [
      ("observeValueForKeyPath:ofObject:change:context:", .void, [object, object, object, context]),
      ("addObserver:forKeyPath:options:context:", .void, [object, object, unsigned, context]),
      ("removeObserver:forKeyPath:", .void, [object, object]),
      ("removeObserver:forKeyPath:context:", .void, [object, object, context]),
      ("willChangeValueForKey:", .void, [object]), ("didChangeValueForKey:", .void, [object]),
      ("willChange:valuesAtIndexes:forKey:", .void, [unsigned, object, object]),
      ("didChange:valuesAtIndexes:forKey:", .void, [unsigned, object, object]),
      ("willChangeValueForKey:withSetMutation:usingObjects:", .void, [object, unsigned, object]),
      ("didChangeValueForKey:withSetMutation:usingObjects:", .void, [object, unsigned, object]),
      ("observationInfo", context, []), ("setObservationInfo:", .void, [context]),
      ("automaticallyNotifiesObserversForKey:", bool, [object]),
      ("keyPathsForValuesAffectingValueForKey:", object, [object]),
    ]
    var signatures: [String: MethodSignature] = [:]
    for (name, returnType, arguments) in table + keyValueCoding + keyValueObserving {
      signatures[name] = .compiled(returning: returnType, arguments: arguments)
    }
    return (
      signatures,
      Set(keyValueCoding.map(\.0)).union(keyValueObserving.map(\.0))
    )
  }()

  /// Whether `selector` is declared by Foundation's key-value coding or observing category of
  /// NSObject (`NSKeyValueCoding.h`, `NSKeyValueObserving.h`), which a runtime has only once that
  /// category is installed: the unrecognized-selector error names the installation for these.
  static func isKeyValueCodingOrObserving(_ selector: Selector) -> Bool {
    wellKnownTable.keyValueSelectors.contains(selector.name)
  }
}
