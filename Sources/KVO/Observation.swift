// Observation.swift: the registration engine, adding an observation.
//
// Docs: docs/kvo.md#key-value-observing. Tests: Tests/KVOTests/RegistrationTests.swift,
// AppleKVOExperimentsTests.swift.
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
// Removing (Observation+Removal.swift) the last registration switches the isa back; the
// notifying subclass stays.

import MiniRuntime

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
}
