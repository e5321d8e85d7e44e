// Runtime+Images.swift: loading an image: realizing its classes, attaching its categories,
// and calling +load.
//
// Docs: docs/runtime.md#categories-and-load. Tests: Tests/MiniRuntimeTests/ImageTests.swift,
// CategoryTests.swift.
//
// As objc4's `map_images` then `load_images`, in one call:
//   1. Check everything that can be checked first (the image is new; its class names are valid
//      and distinct; every superclass is in the image or registered; no superclass cycle), so a
//      refused image changes nothing.
//   2. Realize the classes, each after its superclass: allocate the pair, run its definition
//      (ivars, methods, properties; user code, no lock held), make the protocols and properties
//      it added its compiled lists (declared order; the protocols in the metaclass too, as clang
//      writes them), note its *own* `+load` (from its method list as defined, before any
//      category), register it. If a definition throws, the
//      classes realized so far are disposed and the error is rethrown. A class whose name a
//      registered class has is realized too, as objc4's `readClass` does: registration keeps the
//      first by name and logs objc4's "implemented in both" line (`addNamedClass`, decision 0032).
//      Within the image, a superclass or a category's class of a name the image defines is the
//      image's own class (in a binary those are pointers the static linker fixed), not the one
//      the name finds.
//   3. Attach categories (Class+Categories.swift): first those of earlier images that were
//      waiting for one of the new classes (objc4's `unattachedCategories`, attached when the class
//      is realized), then the image's own in image order. A category whose class is not loaded
//      yet waits, and is attached when an image brings a class of that name.
//   4. Call the load-image functions with the image's name (Runtime+LoadImageFunctions.swift).
//   5. Call `+load` directly (not sent: no lookup, no +initialize, and a category's `+load` does not
//      replace its class's), once per class and per category that implements it: every class
//      first, superclasses before subclasses, then the categories in the order attached (objc4's
//      `call_load_methods`: a category's `+load` waits until its class is loaded). An error
//      thrown by a `+load` does not stop the others; the first one is rethrown at the end. The
//      calling is Runtime+LoadMethods.swift's: an image loaded from inside a `+load` only queues
//      its `+load`s for the outermost call, and one thread at a time calls them.
// A class made by `allocateClassPair` belongs to no image and is never sent `+load`, nor are
// waiting categories attached to it (objc4 attaches them when it realizes an image's class).
// Locking: each step takes `Runtime.lock` briefly; definitions, load-image functions and `+load`s
// run with no lock held. Inside `deferringEvents` (a caller holding a lock of its own, as
// Foundation installing its image), steps 4 and 5 wait until the section ends
// (EventDeferral.swift), so user code never runs under the caller's lock.

extension Runtime {
  /// Loads `image` into the runtime: registers its classes, attaches its categories, then calls
  /// every `+load` it brings.
  ///
  /// ```swift
  /// try runtime.loadImage(image)
  /// runtime.imageNames                       // ["/usr/lib/libobjc.A.dylib", "Zoo"]
  /// runtime.lookUpClass(named: "Dog")?.imageName   // "Zoo"
  /// ```
  ///
  /// A class whose name a loaded class has is loaded all the same, as objc4 loads it: the name
  /// keeps finding the first, and a `diagnostic` event carries objc4's line, `Class Dup is
  /// implemented in both First (0x…) and Second (0x…). One of the two will be used. Which one is
  /// undefined.` The image's own subclasses and categories of that name reach the image's class.
  ///
  /// - Throws: ``RuntimeError`` with code `invalidArgument` (the image was loaded before, a
  ///   superclass is missing, a superclass cycle), `duplicateClassName` (the image defines a
  ///   name twice) or `invalidClassName` (nothing is loaded then); what a class definition throws
  ///   (the classes made so far are disposed); or the first error a `+load` threw (after every
  ///   `+load` ran).
  /// - Complexity: O(*c* + *k*) runtime calls for *c* classes and *k* categories, plus their code.
  ///
  /// Objective-C: none (what dyld and objc4's `map_images` / `load_images` do for `dlopen`).
  public func loadImage(_ image: Image) throws {
    let order = try reserve(image)
    var realized: [(cls: Class, load: Implementation?)] = []
    var waited: [(category: Category, imageName: String)] = []
    var attached: [Category] = []
    var waiting: [Category] = []
    var own: [String: Class] = [:]  // the image's classes by name: what its own pointers reach
    func target(_ name: String) -> Class? { own[name] ?? registeredClass(named: name) }
    do {
      for definition in order {
        let superclass = try definition.superclassName.map { name throws(RuntimeError) -> Class in
          guard let cls = target(name) else {
            throw RuntimeError(.invalidArgument, "loadImage: the superclass \(name) of \(definition.name) is gone")
          }
          return cls
        }
        let made = try realize(definition, superclass: superclass, of: image)
        own[definition.name] = made.cls
        realized.append(made)
      }
      let newNames = Set(realized.map(\.cls.name))
      waited = withState { state in
        let arrived = state.unattachedCategories.filter { newNames.contains($0.category.className) }
        state.unattachedCategories.removeAll { newNames.contains($0.category.className) }
        return arrived
      }
      for category in waited.map(\.category) + image.categories {
        guard let target = target(category.className) else {
          waiting.append(category)  // its class is not loaded yet
          continue
        }
        try attach(category, to: target)
        attached.append(category)
      }
    } catch {
      for (cls, _) in realized.reversed() { try? removeClassPair(cls, "loadImage") }
      withState { state in
        state.imageNames.removeAll { $0 == image.name }
        state.unattachedCategories.insert(contentsOf: waited, at: 0)
      }
      throw error
    }
    let announce = withState { state in
      state.unattachedCategories += waiting.map { ($0, image.name) }
      state.record(.imageLoaded(name: image.name, classes: order.map(\.name), categories: image.categories.map(\.name)))
      return state.announceImage(image.name)
    }
    let classLoads = realized.compactMap { cls, load in
      load.map { PendingLoad(receiver: cls, label: "+[\(cls.name) load]", load: $0) }
    }
    let categoryLoads = attached.compactMap { category -> PendingLoad? in
      guard let load = category.classMethods.first(where: { $0.selector == "load" })?.implementation,
        let target = target(category.className)
      else { return nil }
      return PendingLoad(receiver: target, label: "+[\(category.label) load]", load: load)
    }
    let callOuts = { [self] () throws in
      for function in announce { function(image.name) }  // call-out: user functions, no lock held
      try callLoadMethods(classes: classLoads, categories: categoryLoads)
    }
    // Inside `deferringEvents` the caller may hold a lock these call-outs need (Foundation
    // loads its image under the creation lock, and a function or +load may box a value): they
    // wait until the section ends, as its events do (decision 0055).
    guard EventDeferral.perThread.current.depth > 0 else { return try callOuts() }
    Runtime.callingOutAfterDeferral { [self] in
      do { try callOuts() } catch {
        emit(.diagnostic(subsystem: "runtime", message: "a +load of image \(image.name) threw: \(error)"))
      }
    }
  }

  /// The categories of loaded images still waiting for their class to be loaded, as
  /// `Person(Flying)`, in load order.
  ///
  /// Objective-C: none (objc4's `unattachedCategories`, internal).
  public var unattachedCategoryLabels: [String] { withState { $0.unattachedCategories.map(\.category.label) } }

  /// The names of the loaded images, in load order: libobjc's first (``Image/objcLibraryPath``,
  /// NSObject's image), then CoreFoundation's once the runtime made one of its classes
  /// (``Image/coreFoundationPath``), then Foundation's once it is installed
  /// (``Image/foundationPath``), then the program's images ``loadImage(_:)`` loaded, in order.
  ///
  /// Objective-C: `objc_copyImageNames`
  public var imageNames: [String] { withState { $0.imageNames } }

  /// The names of the registered classes `imageName` defined, in the order they were made; none
  /// for an image not in ``imageNames`` (libsystem_blocks, whose storage holds the block classes
  /// but which has no class list of its own).
  ///
  /// Objective-C: `objc_copyClassNamesForImage`
  public func classNames(inImage imageName: String) -> [String] {
    withState { state in
      guard state.imageNames.contains(imageName) else { return [] }
      return state.listed.filter { $0.locked(&state).imageName == imageName && $0.locked(&state).state == .registered }.map(\.name)
    }
  }

  /// Checks the image and reserves its name; returns its classes in realization order
  /// (superclasses first, otherwise the image's order).
  private func reserve(_ image: Image) throws(RuntimeError) -> [Image.ClassDefinition] {
    let inImage = Dictionary(image.classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    guard inImage.count == image.classes.count else {
      throw RuntimeError(.duplicateClassName, "loadImage: image \(image.name) defines a class twice")
    }
    var order: [Image.ClassDefinition] = []
    var visiting: Set<String> = []
    func visit(_ definition: Image.ClassDefinition) throws(RuntimeError) {
      guard !order.contains(where: { $0.name == definition.name }) else { return }
      guard visiting.insert(definition.name).inserted else {
        throw RuntimeError(.invalidArgument, "loadImage: the superclasses of \(definition.name) form a cycle")
      }
      if let superName = definition.superclassName, let superDefinition = inImage[superName] {
        try visit(superDefinition)
      }
      order.append(definition)
    }
    for definition in image.classes { try visit(definition) }
    try withState { state throws(RuntimeError) in
      guard !state.imageNames.contains(image.name) else {
        throw RuntimeError(.invalidArgument, "loadImage: image \(image.name) is already loaded")
      }
      func registered(_ name: String) -> Bool {
        guard let cls = state.classesByName[name] else { return false }
        return cls.locked(&state).state == .registered
      }
      for definition in image.classes {
        if let problem = Ivar.problem(withName: definition.name) {
          throw RuntimeError(.invalidClassName, "loadImage: invalid class name '\(definition.name)': \(problem)")
        }
        if let superName = definition.superclassName, inImage[superName] == nil, !registered(superName) {
          throw RuntimeError(.invalidArgument, "loadImage: the superclass \(superName) of \(definition.name) is not loaded")
        }
      }
      for category in image.categories {
        for proto in category.protocols where proto.runtime !== self {
          throw RuntimeError(.foreignRuntime, "loadImage: category \(category.label) adopts \(proto.name) from another runtime")
        }
      }
      state.listImage(image.name)
    }
    return order
  }

  /// Allocates, defines and registers one class of `image`; returns it with its own `+load`.
  private func realize(
    _ definition: Image.ClassDefinition, superclass: Class?, of image: Image
  ) throws -> (cls: Class, load: Implementation?) {
    let cls = try allocateClassPair(
      superclass: superclass, name: definition.name, refusingATakenName: false, compiled: true)
    do {
      withState { state in cls.locked(&state).imageName = image.name }
      try definition.define(cls)  // call-out: the class's definition, no lock held
      let load = withState { state in
        adoptCompiledLists(cls, &state)
        return cls.ownMetaclass.locked(&state).methods["load"]?.implementation
      }
      try registerClassPair(cls)
      return (cls, load)
    } catch {
      try? removeClassPair(cls, "loadImage")
      throw error
    }
  }

  /// Makes the protocols and properties `cls`'s definition added its compiled lists, in the order
  /// added (the declared order of `@interface Animal : NSObject <Named, Pet>` and its
  /// `@property` lines, where `class_addProtocol` and `class_addProperty` put each new one in
  /// front), and gives the metaclass the class's protocols too. From memory of clang's CGObjCMac
  /// (`BuildClassRoTInitializer`): one `_OBJC_CLASS_PROTOCOLS_$_` list goes into the `class_ro_t`
  /// of the class and of its metaclass, and objc4 attaches each ro's `baseProtocols` to its own
  /// class, so `class_copyProtocolList(object_getClass(Animal))` lists them. A category's
  /// protocols and `class_addProtocol` reach the class only (Class+Categories.swift,
  /// Class+Protocols.swift). The property lists end with the properties of the protocols adopted
  /// (and of those they incorporate) that the class does not declare itself, as clang writes them
  /// (``Protocol/compiledProperties(of:after:isInstanceProperty:_:)``).
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  private func adoptCompiledLists(_ cls: Class, _ state: inout State) {
    // The class is new and no category is attached yet: only the definition added to its lists.
    let data = cls.locked(&state)
    let meta = cls.ownMetaclass.locked(&state)
    data.properties.reverse()
    meta.properties.reverse()
    data.protocols.reverse()
    meta.protocols += data.protocols.filter { proto in !meta.protocols.contains { $0 === proto } }
    data.properties += Protocol.compiledProperties(
      of: data.protocols, after: data.properties, isInstanceProperty: true, &state)
    meta.properties += Protocol.compiledProperties(
      of: data.protocols, after: meta.properties, isInstanceProperty: false, &state)
  }
}
