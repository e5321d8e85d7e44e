// Runtime+UnloadImage.swift: unloading an image: what objc4's `unmap_image` / `_unload_image`
// do when dyld unmaps a bundle that `dlclose` let go.
//
// Docs: docs/runtime.md#categories-and-load. Tests:
// Tests/MiniRuntimeTests/ObjC4BehaviourRound20ImageTests.swift.
//
// As objc4's `_unload_image`: the image's categories still waiting for their class are dropped
// (`unattachedCategories.eraseCategoryForClass`); its classes are detached from each other and
// from their superclasses, then removed from the class table (`objc_getClass`,
// `objc_copyClassList` and `objc_copyClassNamesForImage` no longer find them; a class that lost
// the name to an earlier one of the same name leaves that one in place, objc4's
// `removeNamedClass`). Categories the image attached to classes of other images stay attached,
// as objc4 leaves their methods in those classes' method lists. Selectors stay registered.
// What objc4 would leave dangling is refused instead, before anything changes: a class of the
// image with live instances, a subclass outside the image (dyld never unmaps an image another
// loaded image links to, and a subclass made at run time, a KVO one too, would point at freed
// memory), and what objc_disposeClassPair refuses.
// Locking: the checks and the removal happen under one `Runtime.lock`, so no class can be made
// or instantiated between them counting on a class about to go; the classes' associated objects
// are released after it (a release may run a `dealloc`).

extension Runtime {
  /// Unloads the image named `name`, as `dlclose` of a bundle does when dyld unmaps it: its classes
  /// leave the class table, its categories waiting for a class are dropped, and its name leaves
  /// ``imageNames``. Categories it attached to classes of other images stay attached.
  ///
  /// ```swift
  /// try runtime.loadImage(bundle)
  /// try runtime.unloadImage(named: "Bundle")
  /// runtime.lookUpClass(named: "SmallClass")    // nil
  /// runtime.classNames(inImage: "Bundle")       // []
  /// try runtime.loadImage(bundle)               // loads again, +load called again
  /// ```
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` (no image of that name is loaded) or
  ///   `classInUse` (a class of the image has live instances or a subclass outside the image, or
  ///   what ``disposeClassPair(_:)`` refuses). Nothing changes when it throws.
  /// - Complexity: O(*c* × *n*) for *c* classes in the image and *n* classes in the runtime.
  ///
  /// Objective-C: none (what dyld and objc4's `unmap_image` / `_unload_image` do for `dlclose`).
  public func unloadImage(named name: String) throws(RuntimeError) {
    let removed = try withState { state throws(RuntimeError) -> [(cls: Class, ownsMetaclass: Bool)] in
      guard state.imageNames.contains(name), state.announcedImages.contains(name) else {
        throw RuntimeError(.invalidArgument, "unloadImage: image \(name) is not loaded")
      }
      guard !Image.runtimeImagePaths.contains(name) else {  // dyld never unloads libobjc nor CoreFoundation
        throw RuntimeError(.classInUse, "unloadImage: image \(name) is the runtime's own and cannot be unloaded")
      }
      // In the order made: every superclass before its subclasses, so the reverse removes
      // subclasses first.
      let own = state.listed.filter { $0.locked(&state).imageName == name }
      let inImage = Set(own.map(ObjectIdentifier.init))
      var checked: [(cls: Class, ownsMetaclass: Bool)] = []
      for cls in own {
        // A subclass in the image goes too; one outside it is refused as a user of the class.
        let owns = try checkDisposal(of: cls, "unloadImage", leaving: { inImage.contains(ObjectIdentifier($0)) }, &state)
        checked.append((cls, owns))
      }
      for (cls, owns) in checked.reversed() { removePair(cls, ownsMetaclass: owns, &state) }
      state.unattachedCategories.removeAll { $0.imageName == name }
      state.imageNames.removeAll { $0 == name }
      state.announcedImages.removeAll { $0 == name }
      return checked
    }
    for (cls, ownsMetaclass) in removed {
      cls.removeAssociatedObjects()  // call-out: releases may run deallocs, no lock held
      if ownsMetaclass { cls.ownMetaclass.removeAssociatedObjects() }
    }
  }
}
