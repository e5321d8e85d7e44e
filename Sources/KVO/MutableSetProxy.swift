// MutableSetProxy.swift: the mutable set `mutableSetValueForKey:` returns, as a runtime object.
//
// Docs: docs/kvo.md#set-relationships. Tests: Tests/KVOTests/MutableSetProxyTests.swift.
//
// As in Foundation, the proxy is an instance of a private subclass of `NSMutableSet`
// (`NSKeyValueFastMutableSet`, `NSKeyValueSlowMutableSet` or `NSKeyValueIvarMutableSet`, all
// below `NSKeyValueMutableSet`), holding its container and key in the ivars `_container` and
// `_key`. It implements NSSet's primitives (`count`, `member:`, `allObjects`) and NSMutableSet's
// edits, so every `NSMutableSet` message works on it and it can be passed wherever a set is.
// Each edit goes the way Foundation's documented search says, decided afresh for every message
// (MutableSetProxy+Access.swift):
//   - mutators: `add<Key>Object:` / `add<Key>:` and `remove<Key>Object:` / `remove<Key>:` (and
//     `intersect<Key>:` if present) are sent to the container; the notifying subclass's overrides
//     report each as a set mutation (NotifyingSetMutators.swift);
//   - setter: the set is read with the getter, edited as a copy and set back (a *setting*);
//   - ivar: the set in the ivar is edited inside a will/did of the edit's set mutation, when the
//     class notifies automatically for the key;
//   - otherwise `valueForUndefinedKey:` / `setValue:forUndefinedKey:`.
// The array proxy's classes are made here too (MutableArrayProxy+Object.swift).
// The classes are Foundation's, in Foundation's image (MiniFoundation's
// FoundationImage+KeyValueProxies.swift); KVO adds their methods when it is installed beside
// Foundation (`ProxyClasses.addMethods`, from CollectionCategories.swift), and keeps the handles
// in a runtime-local slot on the first proxy (decision 0055). The proxy
// retains its container, as Foundation's does. Nothing is locked while a message runs: every
// edit is messages to the container or the ivar's set, or a KVC set.

import MiniFoundation
import MiniRuntime

/// The proxy classes of one runtime.
final class ProxyClasses: Sendable {
  private static let slot = RuntimeLocal<ProxyClasses>("KVO.proxyClasses")

  let mutableSet, fastMutableSet, slowMutableSet, ivarMutableSet: Class
  let mutableOrderedSet, fastMutableOrderedSet, slowMutableOrderedSet, ivarMutableOrderedSet: Class
  let keyValueArray, keyValueOrderedSet, keyValueSet: Class
  let mutableArray, fastMutableArray, slowMutableArray, ivarMutableArray: Class

  /// The `_container` and `_key` ivars of a proxy class: the one place a proxy object is made
  /// from, and read back as, its container and key.
  struct ProxyIvars: Sendable {
    let container, key: Ivar

    /// A new instance of `cls` (a class below the one declaring these ivars) for `key` of
    /// `container`.
    func make(_ cls: Class, for container: Object, key: String) throws -> Object {
      let proxy = try cls.createInstance()
      try proxy.setValue(.object(container), for: self.container)
      try proxy.setValue(.string(key), for: self.key)
      return proxy
    }

    /// The container and key `proxy` holds, or nil if it holds none.
    func parts(of proxy: Object) throws -> (container: Object, key: String)? {
      guard case .object(let container) = try proxy.value(for: self.container),
        let key = try proxy.value(for: self.key).stringValue
      else { return nil }
      return (container, key)
    }
  }
  /// The ivars of `NSKeyValueMutableSet` (this file).
  let setIvars: ProxyIvars
  /// The ivars of `NSKeyValueMutableOrderedSet` (MutableOrderedSetProxy.swift).
  let orderedSetIvars: ProxyIvars
  /// The ivars of `NSKeyValueMutableArray` (MutableArrayProxy+Object.swift).
  let arrayIvars: ProxyIvars

  /// The proxy classes of the runtime `object` belongs to.
  ///
  /// - Throws: ``KeyValueError`` if that runtime no longer exists.
  static func of(runtimeOf object: Object) throws -> ProxyClasses {
    guard let runtime = object.runtime else {
      throw KeyValueError(.invalidArgument, "\(object) belongs to a runtime that no longer exists")
    }
    return try of(runtime)
  }

  /// The proxy classes of `runtime`: Foundation's (installed first if needed, with KVO's
  /// methods on them).
  static func of(_ runtime: Runtime) throws -> ProxyClasses {
    if let existing = slot.value(in: runtime) { return existing }
    runtime.installKeyValueObserving()
    try runtime.installFoundation()
    return try slot.value(in: runtime) { try ProxyClasses(runtime) }
  }

  /// The proxy classes with the methods KVO gives them (the rest only inherit).
  private static let methods: [(className: String, methods: [(Selector, String, Implementation)])] = [
    ("NSKeyValueMutableSet", MutableSetProxy.methods),
    ("NSKeyValueMutableOrderedSet", MutableOrderedSetProxy.methods),
    ("NSKeyValueArray", CollectionGetterProxy.arrayMethods),
    ("NSKeyValueOrderedSet", CollectionGetterProxy.orderedSetMethods),
    ("NSKeyValueSet", CollectionGetterProxy.setMethods),
    ("NSKeyValueMutableArray", MutableArrayProxy.objectMethods),
  ]

  /// Adds KVO's methods to Foundation's proxy classes in `runtime` (Foundation's own compiled
  /// methods on Apple). Locking: called under the runtime's creation lock, with
  /// CollectionCategories' methods.
  static func addMethods(in runtime: Runtime) {
    for (className, methods) in methods {
      guard let cls = runtime.lookUpClass(named: className) else { continue }
      for (selector, types, implementation) in methods {
        // Cannot fail: fixed, valid selectors and encodings on a registered class.
        _ = try? cls.addMethod(selector, types: types, implementation: implementation)
      }
    }
  }

  private init(_ runtime: Runtime) throws {
    func cls(_ name: String) throws -> Class {
      guard let cls = runtime.lookUpClass(named: name) else {
        throw KeyValueError(.invalidArgument, "Foundation's \(name) is missing from this runtime")
      }
      return cls
    }
    mutableSet = try cls("NSKeyValueMutableSet")
    fastMutableSet = try cls("NSKeyValueFastMutableSet")
    slowMutableSet = try cls("NSKeyValueSlowMutableSet")
    ivarMutableSet = try cls("NSKeyValueIvarMutableSet")
    mutableOrderedSet = try cls("NSKeyValueMutableOrderedSet")
    fastMutableOrderedSet = try cls("NSKeyValueFastMutableOrderedSet")
    slowMutableOrderedSet = try cls("NSKeyValueSlowMutableOrderedSet")
    ivarMutableOrderedSet = try cls("NSKeyValueIvarMutableOrderedSet")
    keyValueArray = try cls("NSKeyValueArray")
    keyValueOrderedSet = try cls("NSKeyValueOrderedSet")
    keyValueSet = try cls("NSKeyValueSet")
    mutableArray = try cls("NSKeyValueMutableArray")
    fastMutableArray = try cls("NSKeyValueFastMutableArray")
    slowMutableArray = try cls("NSKeyValueSlowMutableArray")
    ivarMutableArray = try cls("NSKeyValueIvarMutableArray")
    func ivars(of cls: Class) throws -> ProxyIvars {
      guard let container = cls.ivar(named: "_container"), let key = cls.ivar(named: "_key") else {
        throw KeyValueError(.invalidArgument, "the proxy class \(cls.name) lost its ivars")
      }
      return ProxyIvars(container: container, key: key)
    }
    setIvars = try ivars(of: mutableSet)
    orderedSetIvars = try ivars(of: mutableOrderedSet)
    arrayIvars = try ivars(of: mutableArray)
  }
}

extension Runtime {
  /// Installs Foundation (whose image holds the private classes of key-value coding's collection
  /// proxies) and key-value observing (which gives them their methods) now, instead of with the
  /// first proxy, as a process linked with Foundation has them before `main`. Sends no message,
  /// so no class is initialized. Calling it again does nothing.
  ///
  /// ```swift
  /// try runtime.installKeyValueCodingProxyClasses()
  /// runtime.lookUpClass(named: "NSKeyValueFastMutableSet")?.superclass?.name   // "NSKeyValueMutableSet"
  /// ```
  ///
  /// - Throws: Foundation's error if this runtime already has a class with one of Foundation's
  ///   names.
  ///
  /// Objective-C: none (the classes `NSKeyValueMutableSet`, `NSKeyValueFastMutableSet`, … are
  /// in Foundation's image).
  public func installKeyValueCodingProxyClasses() throws {
    installKeyValueObserving()
    _ = try ProxyClasses.of(self)
  }
}

/// The proxy of `mutableSetValueForKey:` (a namespace: the proxy itself is a runtime object).
enum MutableSetProxy {
  /// A new proxy for `key` of `container`, of the class its route names.
  /// Any string is a key (a key that names nothing, such as `""`, is undefined when used).
  static func make(for container: Object, key: String) throws -> Object {
    let classes = try ProxyClasses.of(runtimeOf: container)
    let cls: Class
    switch try SetAccess.find(for: container, key: key) {
    case .mutators: cls = classes.fastMutableSet
    case .setter: cls = classes.slowMutableSet
    case .ivar: cls = classes.ivarMutableSet
    case .undefined: cls = classes.slowMutableSet
    }
    return try classes.setIvars.make(cls, for: container, key: key)
  }

  /// The container and key of a proxy (the receiver of one of its methods).
  static func parts(of proxy: Object) throws -> (container: Object, key: String) {
    guard let parts = try ProxyClasses.of(runtimeOf: proxy).setIvars.parts(of: proxy) else {
      throw KeyValueError(.invalidArgument, "\(proxy) is a set proxy without a container")
    }
    return parts
  }

  private static func method(_ selector: String, _ body: @escaping ImplementationBody) -> Implementation {
    Implementation(function: "-[NSKeyValueMutableSet \(selector)]", body)
  }

  /// A method that edits the set: the proxy's parts, the route, then `edit`.
  private static func editing(
    _ selector: String, _ edit: @escaping @Sendable (SetEdit, Arguments) throws -> Void
  ) -> Implementation {
    method(selector) { receiver, selector, arguments in
      let (container, key) = try parts(of: receiver)
      try edit(try SetEdit(proxy: receiver, container: container, key: key, method: selector.name), arguments)
      return .nil
    }
  }

  /// The argument of `addObject:` and friends: an object, never nil.
  private static func element(_ value: Value, _ edit: SetEdit) throws -> Value {
    guard !value.isNil else {
      throw KeyValueError(.invalidArgument, "*** -[\(edit.proxyClassName) \(edit.method)]: object cannot be nil")
    }
    return value
  }

  static let methods: [(Selector, String, Implementation)] = [
    (
      "count", "Q16@0:8",
      method("count") { receiver, selector, _ in
        let (container, key) = try parts(of: receiver)
        return .uint64(UInt64(try SetEdit(proxy: receiver, container: container, key: key, method: selector.name).members().count))
      }
    ),
    (
      "member:", "@24@0:8@16",
      method("member:") { receiver, selector, arguments in
        let (container, key) = try parts(of: receiver)
        let members = try SetEdit(proxy: receiver, container: container, key: key, method: selector.name).members()
        return try CollectionEquality.member(of: arguments[0], in: members) ?? .nil  // call-out: hash, isEqual:
      }
    ),
    (
      "allObjects", "@16@0:8",
      method("allObjects") { receiver, selector, _ in
        let (container, key) = try parts(of: receiver)
        return .array(Array(try SetEdit(proxy: receiver, container: container, key: key, method: selector.name).members()))
      }
    ),
    ("addObject:", "v24@0:8@16", editing("addObject:") { edit, arguments in try edit.union([try element(arguments[0], edit)], single: true) }),
    (
      "removeObject:", "v24@0:8@16",
      editing("removeObject:") { edit, arguments in try edit.minus([try element(arguments[0], edit)], single: true) }
    ),
    ("unionSet:", "v24@0:8@16", editing("unionSet:") { edit, arguments in try edit.union(try SetMutation.objects(arguments[0]), single: false) }),
    ("minusSet:", "v24@0:8@16", editing("minusSet:") { edit, arguments in try edit.minus(try SetMutation.objects(arguments[0]), single: false) }),
    ("intersectSet:", "v24@0:8@16", editing("intersectSet:") { edit, arguments in try edit.intersect(try SetMutation.objects(arguments[0])) }),
    ("setSet:", "v24@0:8@16", editing("setSet:") { edit, arguments in try edit.setSet(try SetMutation.objects(arguments[0])) }),
    (
      "addObjectsFromArray:", "v24@0:8@16",
      editing("addObjectsFromArray:") { edit, arguments in try edit.union(try SetMutation.objects(arguments[0]), single: false) }
    ),
    ("removeAllObjects", "v16@0:8", editing("removeAllObjects") { edit, _ in try edit.minus(try edit.members(), single: false) }),
  ]
}

extension Object {
  /// A proxy that edits the unordered to-many property `key` and notifies its observers with
  /// set mutations: an object of a private `NSMutableSet` subclass, to which every
  /// `NSMutableSet` message can be sent.
  ///
  /// ```swift
  /// let tags = try person.mutableSetValue(forKey: "tags")
  /// try Runtime.msgSend(tags, "addObject:", "swift")   // observers get kind .insertion, new = {swift}
  /// try Runtime.msgSend(tags, "removeObject:", "swift") // kind .removal, old = {swift}
  /// ```
  ///
  /// Any string is a key, as in Foundation: the proxy of one that names no accessor (`""`)
  /// throws `undefinedKey` (`NSUnknownKeyException`) when used.
  ///
  /// Objective-C: `-[NSObject mutableSetValueForKey:]`
  public func mutableSetValue(forKey key: String) throws -> Object {
    let proxy = try sendCategoryMessage(ToManySetsCategory.mutableSetValueForKey, [.string(key)])
    guard case .object(let result) = proxy else {
      throw KeyValueError(.invalidValue, "mutableSetValueForKey: returned \(proxy), not a set")
    }
    return result
  }

  /// A set proxy for the unordered to-many property at the end of `keyPath`: the last key, on
  /// the object the rest of the path leads to; `nil` when that object is nil.
  ///
  /// Each key but the last is read with `valueForKey:` (a dictionary's `objectForKey:`) and the
  /// rest of the path is sent to its value, as Foundation recurses.
  ///
  /// - Throws: What `valueForKey:` throws for a key on the way; ``KeyValueError`` with code
  ///   `unsupportedKeyPath` for a value on the way that is no object (a C string).
  ///
  /// Objective-C: `-[NSObject mutableSetValueForKeyPath:]`
  public func mutableSetValue(forKeyPath keyPath: String) throws -> Object? {
    let proxy = try sendCategoryMessage(ToManySetsCategory.mutableSetValueForKeyPath, [.string(keyPath)])
    if proxy.isNil { return nil }
    guard case .object(let result) = proxy else {
      throw KeyValueError(.invalidValue, "mutableSetValueForKeyPath: returned \(proxy), not a set")
    }
    return result
  }
}
