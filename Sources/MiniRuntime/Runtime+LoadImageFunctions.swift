// Runtime+LoadImageFunctions.swift: functions told about every image the runtime loads (objc4's
// objc_addLoadImageFunc).
//
// Docs: docs/runtime.md#categories-and-load. Tests: Tests/MiniRuntimeTests/ObjC4APICensusTests.swift.
//
// Model: objc4 calls a newly added function at once with each image already loaded, then keeps it
// and calls every kept function, in the order added, with each image it maps afterwards: after
// the image's classes are registered and its categories attached, before its `+load`s. objc4
// passes the image's Mach-O header; Swift has no such pointer, so the function gets the image's
// name (what `dladdr` would give for the header).
//
// Locking: the functions and the names of the images announced so far are in `Runtime.State`.
// Adding a function and announcing an image each read and change both under `Runtime.lock`, so a
// function added while an image is being loaded is called with it exactly once: either the add
// sees the image announced, or the announcement sees the function. The functions run with no lock
// held (objc4 calls them under its runtime lock, where calling back into the runtime deadlocks).

extension Runtime {
  /// Calls `function` with the name of every image loaded so far, then with the name of each
  /// image loaded from now on, after its classes are registered and before its `+load`s run.
  ///
  /// ```swift
  /// try runtime.loadImage(zoo)
  /// runtime.addLoadImageFunction { name in print(name) }   // prints "Zoo" now
  /// try runtime.loadImage(farm)                            // prints "Farm"
  /// ```
  ///
  /// An image whose loading was refused is never announced. A function cannot be removed, as in
  /// objc4.
  ///
  /// Objective-C: `objc_addLoadImageFunc`
  public func addLoadImageFunction(_ function: @escaping LoadImageFunction) {
    let loaded = withState { state in
      state.loadImageFunctions.append(function)
      return state.announcedImages
    }
    for name in loaded { function(name) }  // call-out: the user's function, no lock held
  }
}

extension Runtime.State {
  /// Notes `imageName` as announced and returns the functions to call with it.
  /// Locking: caller holds `Runtime.lock` (enforced by inout State).
  mutating func announceImage(_ imageName: String) -> [LoadImageFunction] {
    announcedImages.append(imageName)
    return loadImageFunctions
  }
}

/// A function ``Runtime/addLoadImageFunction(_:)`` calls with the name of each loaded image.
///
/// Objective-C: `objc_func_loadImage`
public typealias LoadImageFunction = @Sendable (_ imageName: String) -> Void
