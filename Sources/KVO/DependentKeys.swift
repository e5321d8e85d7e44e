// DependentKeys.swift: keys whose values depend on other keys (`fullName` on `firstName`).
//
// Docs: docs/kvo.md#dependent-keys. Tests: Tests/KVOTests/DependentKeyTests.swift.
//
// When a key is first observed, its class is asked `+keyPathsForValuesAffectingValueForKey:`
// (whose default asks `+keyPathsForValuesAffecting<Key>`), transitively; each answer is an
// NSSet (or an NSArray) of key paths, and the answers are flattened into one list without repeats and without the key itself, so diamonds and cycles
// add nothing twice. Plain keys in the list become triggers in the object's table (a change of
// `firstName` notifies `fullName`) and get notifying setters; key paths in the list
// (`friend.name`) become internal registrations on the same object that forward to the key,
// shared by every registration of that key and removed with the last one. The flattened list
// is cached per class and key until the runtime's methods change (MethodGeneration.swift).

import MiniRuntime

enum DependentKeys {
  /// Every key path that affects `key` on instances of `cls`, flattened.
  static func affecting(_ key: String, of cls: Class, _ kvo: KVORuntime) throws -> [KeyValuePath] {
    let cacheKey = AccessorKey(cls: ObjectIdentifier(cls), key: key)
    return try MethodGeneration.cached(
      for: cls,
      lookUp: { generation in
        kvo.state.withLock { $0.affecting[cacheKey] }.flatMap { $0.generation == generation ? $0.paths : nil }
      },
      compute: { _ in try flattened(key, of: cls) },
      publish: { generation, paths in kvo.state.withLock { $0.affecting[cacheKey] = (generation, paths) } })
  }

  /// Asks `cls` which key paths affect `key`, transitively, and flattens the answers (see the
  /// file comment). Call-outs: the class's dependency methods, no lock held.
  private static func flattened(_ key: String, of cls: Class) throws -> [KeyValuePath] {
    var result: [KeyValuePath] = []
    var seenKeys: Set<String> = []  // `key` and the keys queued; made once an answer names a key
    var queue: [String] = []  // the keys to ask after `key`, in order (allocated once one is named)
    var next = 0
    var current = key
    while true {
      // call-out: the class's dependency methods, no lock held
      let answer = try KeyValueCategory.keyPathsForValuesAffecting(cls, key: current)
      for text in try keyPaths(in: answer, of: cls, key: current) {
        let path = KeyValuePath(observing: text)  // unchecked, as an observed key path, operators included
        if path.components.count == 1 {
          if seenKeys.isEmpty { seenKeys.insert(key) }
          if seenKeys.insert(text).inserted {
            result.append(path)
            queue.append(text)
          }
        } else if !result.contains(path) {
          result.append(path)
        }
      }
      guard next < queue.count else { return result }
      current = queue[next]
      next += 1
    }
  }

  /// The key named by `element` when it is a string object that bridges to no Swift string (one
  /// with a lone surrogate, named by its units: LoneSurrogateKey.swift), else nil.
  /// Call-outs: the object's `isKindOfClass:` and string primitives, no lock held.
  private static func stringObjectKey(_ element: Value, of cls: Class) throws -> String? {
    guard let object = element.objectValue, let runtime = cls.runtime,
      let nsString = runtime.lookUpClass(named: "NSString"),
      try Runtime.msgSend(object, "isKindOfClass:", .class(nsString)).boolValue == true
    else { return nil }
    return try KeyValueCategory.key(element, runtime: runtime)
  }

  /// The key paths of a `+keyPathsForValuesAffecting…` answer: an `NSSet` (Apple's return type,
  /// bridged `.set` or an object), or an `NSArray`, in order; nil is no keys. A set's members are
  /// taken sorted by their UTF-16 units (as `-[NSString compare:]` orders them, a lone surrogate's
  /// unit included), so the order dependencies are registered in (and their prior notifications
  /// sent in) does not change from run to run; Foundation's follows its hashing.
  /// Call-outs: a string object's primitives (`stringObjectKey`), no lock held.
  private static func keyPaths(in answer: Value, of cls: Class, key: String) throws -> [String] {
    if answer.isNil { return [] }
    // NSObject's answer for a key nothing affects (most keys): no contents to take apart.
    if case .set(let members) = answer, members.isEmpty { return [] }
    func text(_ element: Value) throws -> String {
      guard let name = try element.stringValue ?? stringObjectKey(element, of: cls) else {
        throw KeyValueError(
          .invalidValue, "+keyPathsForValuesAffectingValueForKey:\(key) must return key path strings, not \(element)")
      }
      return name
    }
    switch try answer.collectionContents() {
    case .array(let elements)?, .orderedSet(let elements)?: return try elements.map(text)
    case .set(let members)?:
      let keyed = try members.map { member in
        let name = try text(member)
        return (name, LoneSurrogateKey.units(of: name) ?? Array(name.utf16))  // a lone unit's name: its units
      }
      return keyed.sorted { $0.1.lexicographicallyPrecedes($1.1) }.map { $0.0 }
    default:
      throw KeyValueError(
        .invalidValue, "+[\(cls.name) keyPathsForValuesAffectingValueForKey:\(key)] must return an NSSet of key paths, not \(answer)")
    }
  }

  /// Makes (or shares) the internal registrations for the key-path dependencies of the
  /// registration's first key.
  static func retainLinks(for registration: Registration, on object: Object) throws {
    guard !registration.dependencyPaths.isEmpty, let table = object.ownObservationSnapshot?.table else { return }
    let key = registration.firstKeyID
    let isFirst = table.lock.withLock { () -> Bool in
      if let entry = table.madeExtras.dependencyLinks[key] {
        table.madeExtras.dependencyLinks[key] = (entry.count + 1, entry.links)
        return false
      }
      table.madeExtras.dependencyLinks[key] = (1, [])
      return true
    }
    guard isFirst else { return }
    var links: [Registration] = []
    do {
      for path in registration.dependencyPaths {
        let forwarder = Forwarder(owner: object, ownerPathID: key, isDependency: true)
        links.append(
          try Observation.add(observer: .forward(forwarder), to: object, keyPath: path.description, options: [], context: .none))
      }
    } catch {
      for link in links { Observation.remove(link, from: object) }
      _ = table.lock.withLock { table.madeExtras.dependencyLinks.removeValue(forKey: key) }
      throw error
    }
    let kept = table.lock.withLock { () -> Bool in
      guard let entry = table.madeExtras.dependencyLinks[key] else { return false }
      table.madeExtras.dependencyLinks[key] = (entry.count, links)
      return true
    }
    if !kept { for link in links { Observation.remove(link, from: object) } }
  }

  /// Releases the registration's share of its key's dependency registrations; the last
  /// registration of the key removes them.
  static func releaseLinks(for registration: Registration, on object: Object) {
    guard !registration.dependencyPaths.isEmpty, let table = object.ownObservationSnapshot?.table else { return }
    let key = registration.firstKeyID
    let links = table.lock.withLock { () -> [Registration] in
      guard let entry = table.madeExtras.dependencyLinks[key] else { return [] }
      if entry.count > 1 {
        table.madeExtras.dependencyLinks[key] = (entry.count - 1, entry.links)
        return []
      }
      table.madeExtras.dependencyLinks[key] = nil
      return entry.links
    }
    for link in links { Observation.remove(link, from: object) }
  }
}
