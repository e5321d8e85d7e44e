// Object+KVOController.swift: `kvoController` and `kvoControllerNonRetaining` on every object.
//
// Docs: docs/kvocontroller.md#the-lazy-properties. Tests:
// Tests/KVOControllerTests/KVOControllerTests.swift.
//
// As FB's NSObject category: created on first use, stored as a retained associated object of
// the observer, so the controller lives exactly as long as its observer. One creation lock
// makes sure two threads asking at once get the same controller.

import KVO
import MiniRuntime

extension Object {
  private static let controllerKey = AssociationKey("FBKVOController.kvoController")
  private static let nonRetainingControllerKey = AssociationKey("FBKVOController.kvoControllerNonRetaining")
  private static let creationLock = Lock()

  /// A controller observing on behalf of this object, retaining observed objects; made on first
  /// use and released with this object.
  ///
  /// ```swift
  /// try viewModel.kvoController.observe(person, keyPath: "age") { observer, object, change in … }
  /// ```
  ///
  /// Objective-C: `-[NSObject KVOController]` (FBKVOController's category)
  public var kvoController: KVOController { lazyController(Self.controllerKey, retainObserved: true) }

  /// A controller observing on behalf of this object without retaining observed objects, for
  /// observing objects that own this one (or this object itself).
  ///
  /// Objective-C: `-[NSObject KVOControllerNonRetaining]`
  public var kvoControllerNonRetaining: KVOController {
    lazyController(Self.nonRetainingControllerKey, retainObserved: false)
  }

  private func lazyController(_ key: AssociationKey, retainObserved: Bool) -> KVOController {
    if let existing = associatedObject(forKey: key).swiftObject(as: KVOController.self) { return existing }
    return Self.creationLock.withLock {
      if let existing = associatedObject(forKey: key).swiftObject(as: KVOController.self) { return existing }
      let controller = KVOController(observer: self, retainObserved: retainObserved)
      // Cannot fail: a Swift object with the retain policy is always accepted.
      try? setAssociatedObject(.swiftObject(controller), forKey: key, policy: .retainNonatomic)
      return controller
    }
  }
}
