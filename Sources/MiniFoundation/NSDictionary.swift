// NSDictionary.swift: NSDictionary and NSMutableDictionary.
//
// Docs: docs/foundation.md#the-classes. Tests: Tests/MiniFoundationTests/NSDictionaryTests.swift.
//
// Primitives: `count`, `objectForKey:`, `keyEnumerator` (here `allKeys`), and for the mutable
// class `setObject:forKey:` and `removeObjectForKey:`; the rest is written with them. Keys are
// copied when stored (`-copy`, as Foundation copies them), so a mutable key cannot change inside
// the dictionary; a key that cannot be copied is refused as Foundation refuses it.

enum NSDictionaryMethods {
  static let all = ClassMethods(
    instance: UnorderedBlockMethods.dictionary + CollectionLifecycle.copying(.dictionary) { DictionaryStorage.dictionary(try entries(of: $0)) } + [
      Sorting.descriptionWithLocale, Sorting.descriptionWithLocaleIndent,
      MethodEntry("count", "Q16@0:8") { receiver, selector, _ in
        .uint64(UInt64(try storage(receiver, selector).value.count))
      },
      MethodEntry("objectForKey:", "@24@0:8@16") { receiver, selector, arguments in
        let entries = try storage(receiver, selector).value
        if let value = entries[arguments[0]] { return value }
        return try MessageEquality.key(of: arguments[0], in: entries).flatMap { entries[$0] } ?? .nil  // a key with its own equality
      },
      MethodEntry("allKeys", "@16@0:8") { receiver, selector, _ in .array(Array(try storage(receiver, selector).value.keys)) },
      MethodEntry("objectForKeyedSubscript:", "@24@0:8@16") { receiver, _, arguments in
        try Runtime.msgSend(receiver, "objectForKey:", arguments[0])
      },
      MethodEntry("allValues", "@16@0:8") { receiver, _, _ in .array(Array(try entries(of: receiver).values)) },
      MethodEntry("allKeysForObject:", "@24@0:8@16") { receiver, _, arguments in
        .array(try entries(of: receiver).filter { try MessageEquality.isEqual($0.value, arguments[0]) }.map(\.key))
      },
      MethodEntry("init", "@16@0:8") { receiver, _, _ in .object(receiver) },
      NilTerminatedList.dictionaryInitializer,
      CollectionBuffers.dictionaryInitializer, CollectionBuffers.getObjectsAndKeysCount, CollectionBuffers.getObjectsAndKeys,
      MethodEntry("initWithDictionary:", "@24@0:8@16") { receiver, selector, arguments in
        let entries = try dictionary(arguments[0], receiver, selector)
        try storage(receiver, selector).replaceContents(with: entries.mapValues(Message.element))
        return .object(receiver)
      },
      MethodEntry("isEqual:", "B24@0:8@16", isEqualToDictionary),
      MethodEntry("isEqualToDictionary:", "B24@0:8@16", isEqualToDictionary),
      MethodEntry("hash", "Q16@0:8") { receiver, _, _ in .uint64(UInt64(try entries(of: receiver).count)) },
      MethodEntry("description", "@16@0:8") { receiver, _, _ in
        .string(try Describing.text(of: .dictionary(try entries(of: receiver))))
      },
      MethodEntry("descriptionInStringsFileFormat", "@16@0:8") { receiver, _, _ in
        .string(try Describing.stringsFileFormat(try entries(of: receiver)))
      },
    ],
    classSide: [
      CollectionLifecycle.alloc(.dictionary),
      CollectionLifecycle.convenience("dictionary", "@16@0:8", "init"),
      CollectionLifecycle.convenience("dictionaryWithDictionary:", "@24@0:8@16", "initWithDictionary:"),
      NilTerminatedList.dictionaryFactory,
      CollectionBuffers.dictionaryFactory,
      MethodEntry("dictionaryWithObject:forKey:", "@32@0:8@16@24") { receiver, _, arguments in
        let instance = try Runtime.msgSend(receiver, "alloc")
        let dictionary = try Runtime.msgSend(instance.objectValue, "init")
        guard let runtime = dictionary.objectValue?.runtime else { return dictionary }
        let entry = try runtime.mutableDictionary()
        try Runtime.msgSend(entry, "setObject:forKey:", arguments[0], arguments[1])
        return try Runtime.msgSend(dictionary.objectValue, "initWithDictionary:", .object(entry))
      },
    ])

  /// The storage of a dictionary, or the abstract-class error for a subclass's instance.
  static func storage(_ receiver: Object, _ selector: Selector) throws(FoundationError) -> DictionaryStorage {
    guard let storage = receiver.bridgedStorage as? DictionaryStorage else {
      throw Message.abstract(receiver, selector, "NSDictionary")
    }
    return storage
  }

  /// The entries of any dictionary object: its storage, or a subclass's `allKeys` and `objectForKey:`.
  static func entries(of object: Object) throws -> [Value: Value] {
    if let storage = object.bridgedStorage as? DictionaryStorage { return storage.value }
    var entries: [Value: Value] = [:]
    for key in try Runtime.msgSend(object, "allKeys").arrayValue ?? [] {  // call-out: the subclass's primitives
      entries[key] = try Runtime.msgSend(object, "objectForKey:", key)
    }
    return entries
  }

  /// The entries of a dictionary argument; nil is an empty dictionary, as `Message.array` reads
  /// nil as an empty array.
  static func dictionary(_ value: Value, _ receiver: Object, _ selector: Selector) throws -> [Value: Value] {
    if value.isNil { return [:] }
    if let entries = value.dictionaryValue { return entries }
    if case .object(let object) = value, object.bridgedStorage == nil { return try entries(of: object) }
    throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): \(value) is not a dictionary")
  }

  /// `-isEqualToDictionary:`: the same keys with equal values.
  private static let isEqualToDictionary: ImplementationBody = { receiver, _, arguments in
    guard let other = arguments[0].dictionaryValue else { return false }
    let mine = try entries(of: receiver)
    guard mine.count == other.count else { return false }
    return .bool(
      try mine.allSatisfy { key, value in
        guard let theirs = try MessageEquality.key(of: key, in: other).flatMap({ other[$0] }) else { return false }
        return try MessageEquality.isEqual(value, theirs)
      })
  }
}

enum NSMutableDictionaryMethods {
  static let all = ClassMethods(instance: [
    MethodEntry("setObject:forKey:", "v32@0:8@16@24") { receiver, selector, arguments in
      let (key, copy) = try copiedKey(arguments[1], receiver, selector)
      defer { Runtime.releaseForStore(copy) }  // the copy's +1, after the store retained what it keeps
      guard !arguments[0].isNil else {
        throw FoundationError(.invalidArgument, "*** \(Message.name(receiver, selector)): object cannot be nil (key: \(key))")
      }
      let value = try Message.object(arguments[0], receiver, selector)
      let storage = try NSDictionaryMethods.storage(receiver, selector)
      let stored = try MessageEquality.key(of: key, in: storage.value) ?? key  // call-out: the keys' hash, isEqual:
      try? Runtime.retainForStore(value)  // call-out: `retain` overrides, no lock held
      try? Runtime.retainForStore(key)
      let (oldKey, oldValue) = storage.update { entries in
        let index = entries.index(forKey: stored)
        let old = index.map { entries[$0] }
        entries[stored] = value  // an existing key stays (CFDictionarySetValue keeps it)
        return (old?.key, old?.value)
      }
      if oldKey != nil { Runtime.releaseForStore(key) }  // the new key was not kept
      if let oldValue { Runtime.releaseForStore(oldValue) }  // after unlocking: may run user code
      return .nil
    },
    MethodEntry("removeObjectForKey:", "v24@0:8@16") { receiver, selector, arguments in
      let storage = try NSDictionaryMethods.storage(receiver, selector)
      let argument = try Message.object(arguments[0], receiver, selector, what: "key")
      guard let key = try MessageEquality.key(of: argument, in: storage.value) else { return .nil }  // no key: no mutation
      let removed = storage.updateIfChanged { entries in
        entries.index(forKey: key).map { entries.remove(at: $0) }  // no key: no change, no mutation
      }
      if let removed {
        Runtime.releaseForStore(removed.value)  // after unlocking: may run user code
        Runtime.releaseForStore(removed.key)
      }
      return .nil
    },
    MethodEntry("setObject:forKeyedSubscript:", "v32@0:8@16@24") { receiver, _, arguments in
      if arguments[0].isNil { return try Runtime.msgSend(receiver, "removeObjectForKey:", arguments[1]) }
      return try Runtime.msgSend(receiver, "setObject:forKey:", arguments[0], arguments[1])
    },
    MethodEntry("removeAllObjects", "v16@0:8") { receiver, _, _ in
      for key in try NSDictionaryMethods.entries(of: receiver).keys {
        try Runtime.msgSend(receiver, "removeObjectForKey:", key)
      }
      return .nil
    },
    MethodEntry("removeObjectsForKeys:", "v24@0:8@16") { receiver, selector, arguments in
      for key in try Message.array(arguments[0], receiver, selector) {
        try Runtime.msgSend(receiver, "removeObjectForKey:", key)
      }
      return .nil
    },
    MethodEntry("addEntriesFromDictionary:", "v24@0:8@16") { receiver, selector, arguments in
      for (key, value) in try NSDictionaryMethods.dictionary(arguments[0], receiver, selector) {
        try Runtime.msgSend(receiver, "setObject:forKey:", value, key)
      }
      return .nil
    },
    MethodEntry("setDictionary:", "v24@0:8@16") { receiver, selector, arguments in
      let entries = try NSDictionaryMethods.dictionary(arguments[0], receiver, selector)
      try Runtime.msgSend(receiver, "removeAllObjects")
      return try Runtime.msgSend(receiver, "addEntriesFromDictionary:", .dictionary(entries))
    },
  ])

  /// A key as the dictionary stores it: a bridged value as it is (immutable already), an object
  /// copied with `-copy` (call-out: the key's own `copyWithZone:`). Also the copy itself, +1,
  /// which the caller releases once the dictionary retained the key it keeps (`.nil`: no copy).
  static func copiedKey(_ key: Value, _ receiver: Object, _ selector: Selector) throws -> (key: Value, copy: Value) {
    let key = try Message.object(key, receiver, selector, what: "key")
    guard case .object(let object) = key else { return (key, .nil) }
    let copy = try Runtime.msgSend(object, "copy")
    return (copy.bridged, copy)
  }
}
