// Object+KVOController.swift: `kvoController` and `kvoControllerNonRetaining` on every object.
//
// Docs: docs/kvocontroller.md#the-lazy-properties. Tests:
// Tests/KVOControllerTests/KVOControllerTests.swift.
//
// As FB's NSObject category: created on first use, stored as a retained associated object of
// the observer, so the controller lives exactly as long as its observer, and settable (the
// category's setters), which releases the previous controller. One creation lock makes sure
// two threads asking at once get the same controller (FB's getter has no lock).

import KVO
import MiniRuntime

extension Object {
  private static let controllerKey = AssociationKey("FBKVOController.kvoController")
  private static let nonRetainingControllerKey = AssociationKey("FBKVOController.kvoControllerNonRetaining")
  private static let creationLock = Lock()

  /// A controller observing on behalf of this object, retaining observed objects; made on first
  /// use and released with this object. Setting it releases the previous one, which removes
  /// every observation that one made.
  ///
  /// ```swift
  /// try viewModel.kvoController.observe(person, keyPath: "age") { observer, object, change in … }
  /// viewModel.kvoController = KVOController(observer: viewModel)   // the old one's observations end
  /// ```
  ///
  /// Objective-C: `-[NSObject KVOController]` and `-setKVOController:` (FBKVOController's category)
  public var kvoController: KVOController {
    get { lazyController(Self.controllerKey, retainObserved: true) }
    set { replaceController(Self.controllerKey, with: newValue) }
  }

  /// A controller observing on behalf of this object without retaining observed objects, for
  /// observing objects that own this one (or this object itself). Settable, as
  /// ``kvoController`` is.
  ///
  /// Objective-C: `-[NSObject KVOControllerNonRetaining]` and `-setKVOControllerNonRetaining:`
  public var kvoControllerNonRetaining: KVOController {
    get { lazyController(Self.nonRetainingControllerKey, retainObserved: false) }
    set { replaceController(Self.nonRetainingControllerKey, with: newValue) }
  }

  /// Stores `controller` as the associated object; the previous one is released (outside the
  /// object's lock, by the associated-object code), which ends its observations.
  private func replaceController(_ key: AssociationKey, with controller: KVOController) {
    // Cannot fail: a Swift object with the retain policy is always accepted.
    try? setAssociatedObject(.swiftObject(controller), forKey: key, policy: .retainNonatomic)
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
