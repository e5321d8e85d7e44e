// Class+ImageName.swift: the image a class came from (objc4's class_getImageName), and the hook
// that may answer it instead (objc_setHook_getImageName).
//
// Docs: docs/runtime.md#categories-and-load. Tests: Tests/MiniRuntimeTests/ImageTests.swift,
// ObjC4APICensusTests.swift.
//
// objc4 asks the installed hook for every class; the first hook answers the image the loader
// found the class in. A hook receives the hook it replaces and calls it for classes it does not
// handle (Swift's runtime uses one for classes it made itself). objc4's hook reports through a
// `BOOL` and an out-pointer; here it answers an optional name.
//
// Locking: the hook slot is an `InstalledHook` (its own leaf lock, one atomic load while no hook
// was ever installed); the image name is read under the class's metadata lock. The hook runs with
// no lock held.

extension Class {
  /// The name of the image that defined this class, or `nil` for a class made by
  /// `allocateClassPair` (and for a metaclass, its class's image), unless an image-name hook
  /// (``Runtime/setGetImageNameHook(_:)``) answers otherwise.
  ///
  /// NSObject, `Protocol` and `__IncompleteProtocol` answer libobjc's path
  /// (``Image/objcLibraryPath``); `NSMethodSignature`, `NSInvocation` and `NSBlock`
  /// CoreFoundation's; the concrete block classes libsystem_blocks'; MiniFoundation's classes
  /// Foundation's (``Image/foundationPath``) (decision 0055).
  ///
  /// Objective-C: `class_getImageName`
  public var imageName: String? {
    guard let hook = linkedRuntime?.imageNameHook.current else { return loadedImageName }
    return hook(self)  // call-out: the user's hook, no lock held
  }

  /// The name of the image the loader made this class from (the first hook's answer).
  var loadedImageName: String? {
    let cls = instanceClass ?? self
    return cls.withMetadata { $0.imageName }
  }
}

extension Runtime {
  /// Installs `hook` as the first one ``Class/imageName`` asks, and returns the hook it replaces
  /// (at first, one that answers the loading image's name), which `hook` should call for classes
  /// it does not handle.
  ///
  /// ```swift
  /// chain.previous = runtime.setGetImageNameHook { cls in
  ///   cls.name == "Generated" ? "Synthesized" : chain.previous?(cls)
  /// }
  /// ```
  ///
  /// Objective-C: `objc_setHook_getImageName`
  @discardableResult
  public func setGetImageNameHook(_ hook: @escaping GetImageNameHook) -> GetImageNameHook {
    imageNameHook.install(hook) ?? { cls in cls.loadedImageName }
  }
}

/// A hook ``Class/imageName`` asks for a class's image name: it answers the name or calls the
/// hook it replaced.
///
/// Objective-C: `objc_hook_getImageName`
public typealias GetImageNameHook = @Sendable (_ cls: Class) -> String?
