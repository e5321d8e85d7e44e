// KeyValueObserving.swift: adding and removing observations.
//
// Docs: docs/kvo.md#key-value-observing. Tests: Tests/KVOTests/AppleKVOExperimentsTests.swift,
// RegistrationTests.swift.
//
// Adding an observation of `a.b` on an object:
//   1. parse and check the key path (no collection operators, not on a class object);
//   2. find what affects `a` (dependent keys, flattened) and make sure the notifying subclass of
//      the object's original class overrides the setters of `a` and of the keys it depends on;
//   3. record the registration in the object's table and, if it is the object's first, switch
//      its isa to the notifying subclass (under the table lock, so a concurrent last removal
//      cannot interleave);
//   4. outside the lock: follow the chain (`b` on the object `a` leads to), make the internal
//      registrations for dependent key paths, send the initial notification if asked.
// Removing the last registration switches the isa back; the notifying subclass stays.

import MiniRuntime
import Synchronization

extension Object {
  /// Registers `observer` to receive `observeValueForKeyPath:ofObject:change:context:` when the
  /// value at `keyPath` changes.
  ///
  /// ```swift
  /// try person.addObserver(watcher, forKeyPath: "age", options: [.new, .old], context: .none)
  /// person.isa.name                                   // "NSKVONotifying_Person"
  /// try Runtime.msgSend(person, "class")              // Person
  /// ```
  ///
  /// The observer is held weakly (Foundation holds it unretained): once it is gone it receives
  /// nothing and its registration is dropped. Registering twice registers twice.
  ///
  /// - Throws: ``KeyValueError`` (`invalidKeyPath`, `unsupportedKeyPath` for collection operators
  ///   or a step through a to-many property), or an error from the initial notification.
  ///   Nothing is registered when the key path is refused.
  ///
  /// Objective-C: `-[NSObject addObserver:forKeyPath:options:context:]`
  public func addObserver(
    _ observer: Object, forKeyPath keyPath: String, options: ObservingOptions = [], context: ObservationContext = .none
  ) throws {
    try sendCategoryMessage(
      "addObserver:forKeyPath:options:context:",
      Arguments(.object(observer), .string(keyPath), .uint64(UInt64(options.rawValue)), context.value))
  }

  /// Removes the most recently added registration of `observer` for `keyPath`, whatever its
  /// context.
  ///
  /// - Throws: ``KeyValueError`` with code `observerNotRegistered`, worded as Foundation's
  ///   `NSRangeException`: "Cannot remove an observer … for the key path "age" from … because
  ///   it is not registered as an observer."
  ///
  /// Objective-C: `-[NSObject removeObserver:forKeyPath:]`
  public func removeObserver(_ observer: Object, forKeyPath keyPath: String) throws {
    try sendCategoryMessage("removeObserver:forKeyPath:", Arguments(.object(observer), .string(keyPath)))
  }

  /// Removes the most recently added registration of `observer` for `keyPath` with `context`.
  ///
  /// - Throws: ``KeyValueError`` with code `observerNotRegistered`.
  ///
  /// Objective-C: `-[NSObject removeObserver:forKeyPath:context:]`
  public func removeObserver(_ observer: Object, forKeyPath keyPath: String, context: ObservationContext) throws {
    try sendCategoryMessage("removeObserver:forKeyPath:context:", [.object(observer), .string(keyPath), context.value])
  }

  /// Observes `keyPath` with a Swift closure until the returned token is invalidated or released.
  ///
  /// ```swift
  /// let token = try person.observe("age", options: [.new]) { object, change in
  ///   print("age is now", change.new ?? nil)
  /// }
  /// token.invalidate()
  /// ```
  ///
  /// - Throws: As ``addObserver(_:forKeyPath:options:context:)``.
  ///
  /// Objective-C: `-[NSObject observe:options:changeHandler:]` (the Swift overlay's
  /// `NSKeyValueObservation`)
  public func observe(
    _ keyPath: String, options: ObservingOptions = [], changeHandler: @escaping @Sendable (Object, Change) -> Void
  ) throws -> ObservationToken {
    let registration = try Observation.add(
      observer: .closure(changeHandler), to: self, keyPath: keyPath, options: options, context: .none)
    return ObservationToken(object: self, registration: registration)
  }

  /// The key paths observed on this object by outside observers, in registration order (one
  /// entry per registration).
  ///
  /// Objective-C: none (what `-observationInfo`'s description lists).
  public var observedKeyPaths: [String] {
    guard let table = observationSnapshot?.table else { return [] }
    return table.lock.withLock { table.registrations.filter(\.observer.isExternal).map(\.pathString) }
  }

  /// A description of every registration on this object, internal ones included, in the style
  /// of Foundation's `NSKeyValueObservationInfo`.
  ///
  /// Objective-C: `[[obj observationInfo] description]`
  public var observationInfoDescription: String {
    guard let table = observationSnapshot?.table else { return "(not observed)" }
    let lines = table.lock.withLock {
      table.registrations.map { registration in
        "<Observance: Observer: \(registration.observerDescription), Key path: \(registration.pathString), "
          + "Options: \(registration.options), Context: \(registration.context)>"
      }
    }
    return "<ObservationInfo> (\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n)"
  }
}

/// A closure observation; the observation ends when the token is invalidated or released.
///
/// Objective-C: `NSKeyValueObservation`
public final class ObservationToken: Sendable {
  private weak let object: Object?
  private let registration: Registration
  private let isValid = Atomic<Bool>(true)

  init(object: Object, registration: Registration) {
    self.object = object
    self.registration = registration
  }

  /// The observed key path.
  ///
  /// Objective-C: `-[NSKeyValueObservation keyPath]` (MiniKVO: as a string).
  public var keyPath: String { registration.pathString }

  /// Ends the observation. Calling it again does nothing.
  ///
  /// Objective-C: `-[NSKeyValueObservation invalidate]`
  public func invalidate() {
    guard isValid.exchange(false, ordering: .acquiringAndReleasing), let object else { return }
    Observation.remove(registration, from: object)
  }

  deinit { invalidate() }
}

/// The registration engine.
enum Observation {
  /// Adds a registration and returns it.
  @discardableResult
  static func add(
    observer: ObserverKind, to object: Object, keyPath: String, options: ObservingOptions, context: ObservationContext
  ) throws -> Registration {
    let path = try KeyValuePath(keyPath)
    guard !path.containsOperator, let first = path.firstKey else {
      throw KeyValueError(
        .unsupportedKeyPath, "[<\(object.isa.name) \(object.address)> addObserver:forKeyPath:options:context:] cannot observe '\(keyPath)': collection operators cannot be observed")
    }
    guard !(object is Class) else {
      throw KeyValueError(.unsupportedKeyPath, "KVO cannot observe the class object \(object)")
    }
    let kvo = try KVORuntime.of(object)
    let original = kvo.originalClass(of: object.isa)
    let dependencies = try DependentKeys.affecting(first, of: original, kvo)
    let dependentKeys = dependencies.filter { $0.components.count == 1 }.compactMap(\.firstKey)
    let notifyingClass = try NotifyingSubclass.prepare(original, keys: [first] + dependentKeys, kvo)
    let registration = Registration(
      id: kvo.nextRegistrationID(), path: path, options: options, context: context, observer: observer,
      dependencyKeys: dependentKeys, dependencyPaths: dependencies.filter { $0.components.count > 1 },
      getter: try cachedGetter(for: path, in: notifyingClass))
    try insert(registration, into: object, original: original, notifyingClass: notifyingClass)
    let initial: Value?
    do {
      if path.rest != nil { try KeyPathChain.relink(registration, of: object, refusingToMany: true) }
      try DependentKeys.retainLinks(for: registration, on: object)
      if options.contains(.initial) && observer.isExternal {
        initial = options.contains(.new) ? try KeyValueCoding.value(of: .object(object), at: path) : Value.nil
      } else {
        initial = Optional<Value>.none
      }
    } catch {
      remove(registration, from: object)
      throw error
    }
    if let initial {
      let change = Change(kind: .setting, new: options.contains(.new) ? Optional(initial) : nil)
      try Notifier.deliver(change, to: registration, about: object)
    }
    return registration
  }

  /// The getter a one-key path's old and new values can be read with, while the class keeps
  /// the category's own `valueForKey:` and the runtime's methods do not change.
  private static func cachedGetter(for path: KeyValuePath, in cls: Class) throws -> CachedGetter? {
    guard path.rest == nil, let key = path.firstKey,
      cls.methodImplementation(for: "valueForKey:") === KeyValueCategory.valueForKey
    else { return nil }
    let generation = cls.methodGeneration
    guard case .method(let selector) = try KeyValueCoding.getterPlan(for: cls, key: key) else { return nil }
    return CachedGetter(generation: generation, selector: selector)
  }

  /// Records `registration` in the object's table, switching its isa on the first one.
  private static func insert(
    _ registration: Registration, into object: Object, original: Class, notifyingClass: Class
  ) throws {
    while true {
      let info = object.observationInfo { ObservationTable(originalClass: original).makeSnapshot() }
      guard let table = (info as? ObservationSnapshot)?.table else {
        throw KeyValueError(.invalidArgument, "\(object)'s observation info is not KVO's")
      }
      // The isa switch raises an event; observers of events run after the lock is dropped.
      let inserted = try Runtime.deferringEvents {
        try table.lock.withLock { () throws -> Bool in
          guard object.observationSnapshot?.table === table else { return false }  // emptied meanwhile
          if object.isa !== notifyingClass { try object.setClass(notifyingClass) }
          table.registrations.append(registration)
          table.publish(on: object)
          return true
        }
      }
      if inserted { return }
    }
  }

  /// Removes the most recent registration of `observer` for `keyPath` (and `context`, if given).
  static func remove(observer: Object?, from object: Object, keyPath: String, context: ObservationContext?) throws {
    guard let observer else {
      throw KeyValueError(.invalidArgument, "removeObserver:forKeyPath: needs an observer, got nil")
    }
    if !KeyValuePath.isKey(keyPath) { _ = try KeyValuePath(keyPath) }  // validates; a plain key needs no parse
    let table = object.observationSnapshot?.table
    let removed = Runtime.deferringEvents {
      table?.lock.withLock { () -> (Registration, ChainLink?)? in
        guard let table,
          let match = table.registrations.last(where: {
            $0.isObserved(by: observer) && $0.pathString == keyPath && (context == nil || $0.context == context)
          })
        else { return nil }
        return (match, unregister(match, in: table, of: object))
      }
    }
    guard let (registration, link) = removed else {
      throw KeyValueError(
        .observerNotRegistered,
        "Cannot remove an observer \(observer) for the key path \"\(keyPath)\" from \(object) because it is not registered as an observer.")
    }
    tearDown(link)
    DependentKeys.releaseLinks(for: registration, on: object)
  }

  /// Removes one registration (tokens, internal links, pruning). Doing it twice does nothing.
  static func remove(_ registration: Registration, from object: Object) {
    guard let table = object.observationSnapshot?.table else { return }
    let removed = Runtime.deferringEvents {
      table.lock.withLock { () -> (ChainLink?)? in
        guard registration.isRegistered else { return nil }
        return .some(unregister(registration, in: table, of: object))
      }
    }
    guard let link = removed else { return }
    tearDown(link)
    DependentKeys.releaseLinks(for: registration, on: object)
  }

  /// Takes `registration` out of the table (returning its chain link to tear down); the last
  /// one out switches the isa back. Locking: caller holds `table.lock`.
  private static func unregister(_ registration: Registration, in table: ObservationTable, of object: Object) -> ChainLink? {
    let link = registration.link
    registration.link = nil
    registration.isRegistered = false
    registration.linkVersion += 1
    table.registrations.removeAll { $0 === registration }
    if table.registrations.isEmpty {
      // Cannot fail: the original class is registered and has the object's very layout.
      _ = try? object.setClass(table.originalClass)
    }
    table.publish(on: object)
    return link
  }

  /// Removes the internal registration a chain link holds on its target.
  static func tearDown(_ link: ChainLink?) {
    if let link, let target = link.target { remove(link.registration, from: target) }
  }

  /// Drops a registration whose observer was freed while registered (Foundation would crash).
  static func pruneDeadObserver(_ registration: Registration, of object: Object) {
    remove(registration, from: object)
    object.runtime?.emit(
      .diagnostic(
        subsystem: "KVO",
        message: "an observer of \"\(registration.pathString)\" on \(object) was deallocated while registered; its registration was removed"))
  }

  /// Cleans up after an observed object being deallocated (from the notifying subclass's
  /// `dealloc`): every registration goes and chain links on other objects are torn down. A
  /// diagnostic names the key paths that observer objects (`addObserver`) were still watching,
  /// as Foundation logs; closure observations end silently, as `NSKeyValueObservation` does.
  static func objectDeallocating(_ object: Object) {
    guard let table = object.observationSnapshot?.table else { return }
    let (registrations, links) = table.lock.withLock { () -> ([Registration], [ChainLink?]) in
      let all = table.registrations
      let links = all.map { registration -> ChainLink? in
        let link = registration.link
        registration.link = nil
        registration.isRegistered = false
        return link
      }
      table.registrations = []
      table.dependencyLinks = [:]
      object.observationInfo = nil
      return (all, links)
    }
    let watched = registrations.filter(\.observer.isObjectObserver).map(\.pathString)
    if !watched.isEmpty {
      object.runtime?.emit(
        .diagnostic(
          subsystem: "KVO",
          message: "An instance \(object) of class \(table.originalClass.name) was deallocated while key value observers were still registered with it. Key paths: \(watched.joined(separator: ", "))"))
    }
    for link in links { tearDown(link) }
  }
}

extension Object {
  /// Announces that the value of `key` is about to change (pair it with ``didChangeValue(forKey:)``).
  ///
  /// Pairs nest per thread; only the outermost pair notifies. Observers that asked for old
  /// values get the value read here; those that asked for `prior` are notified here.
  ///
  /// Objective-C: `-[NSObject willChangeValueForKey:]`
  public func willChangeValue(forKey key: String) throws {
    if categoryImplementation("willChangeValueForKey:") === KeyValueCategory.willChangeValueForKey {
      return try Notifier.willChange(self, key: key)
    }
    try Runtime.msgSend(self, "willChangeValueForKey:", .string(key))
  }

  /// Announces that the value of `key` has changed; notifies if this ends the outermost pair.
  /// A did-change without a will-change does nothing.
  ///
  /// Objective-C: `-[NSObject didChangeValueForKey:]`
  public func didChangeValue(forKey key: String) throws {
    if categoryImplementation("didChangeValueForKey:") === KeyValueCategory.didChangeValueForKey {
      return try Notifier.didChange(self, key: key)
    }
    try Runtime.msgSend(self, "didChangeValueForKey:", .string(key))
  }

  /// Announces a to-many change of `key` at `indexes` (insertion, removal or replacement).
  ///
  /// Objective-C: `-[NSObject willChange:valuesAtIndexes:forKey:]`
  public func willChange(_ kind: ChangeKind, valuesAt indexes: Indexes, forKey key: String) throws {
    try sendCategoryMessage("willChange:valuesAtIndexes:forKey:", [.uint64(UInt64(kind.rawValue)), .swiftObject(IndexesBox(indexes)), .string(key)])
  }

  /// Ends a to-many change of `key` announced with ``willChange(_:valuesAt:forKey:)``.
  ///
  /// Objective-C: `-[NSObject didChange:valuesAtIndexes:forKey:]`
  public func didChange(_ kind: ChangeKind, valuesAt indexes: Indexes, forKey key: String) throws {
    try sendCategoryMessage("didChange:valuesAtIndexes:forKey:", [.uint64(UInt64(kind.rawValue)), .swiftObject(IndexesBox(indexes)), .string(key)])
  }
}
