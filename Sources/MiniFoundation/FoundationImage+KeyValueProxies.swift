// FoundationImage+KeyValueProxies.swift: the private classes of key-value coding's collection
// proxies, which are Foundation's on Apple and so are classes of Foundation's image here.
//
// Docs: docs/foundation.md#the-classes, docs/kvo.md#set-relationships,
// docs/decisions/0055-system-images.md. Tests: Tests/KVOTests/ProxyClassImageTests.swift.
//
// Model: `mutableSetValueForKey:` and its kin answer instances of `NSKeyValueMutableSet`'s
// subclasses and their array and ordered-set twins; `valueForKey:` of a key with only collection
// accessors answers an `NSKeyValueArray`, `NSKeyValueOrderedSet` or `NSKeyValueSet`. Foundation
// compiles them, so they exist from launch, answer Foundation's image and have clang's ivar
// layout. MiniFoundation defines them (the base class of each family holds the container and
// the key in `_container` and `_key`); their methods are key-value coding's, which the KVO layer
// adds when it is installed in a runtime with Foundation (KVO/MutableSetProxy.swift). Decision
// 0055 says why they are made eagerly here rather than contributed by KVO to the image.

extension FoundationImage {
  /// The proxy families: the base class, its Foundation superclass, and the kinds of subclass
  /// (`NSKeyValue<Kind><Family>`: `NSKeyValueFastMutableSet`, …).
  private static let keyValueProxyFamilies: [(family: String, superclass: String, kinds: [String])] = [
    ("MutableSet", "NSMutableSet", ["Fast", "Slow", "Ivar"]),
    ("MutableOrderedSet", "NSMutableOrderedSet", ["Fast", "Slow", "Ivar"]),
    ("Array", "NSArray", []),
    ("OrderedSet", "NSOrderedSet", []),
    ("Set", "NSSet", []),
    ("MutableArray", "NSMutableArray", ["Fast", "Slow", "Ivar"]),
  ]

  /// Adds the proxy classes, each family's base class first.
  mutating func addKeyValueProxyClasses() {
    for (family, superclassName, kinds) in Self.keyValueProxyFamilies {
      let base = "NSKeyValue" + family
      add(base, superclassName) { cls in
        try cls.addIvar("_container", type: .object(className: nil))
        try cls.addIvar("_key", type: .object(className: "NSString"))
      }
      for kind in kinds { add("NSKeyValue" + kind + family, base) }
    }
  }
}
