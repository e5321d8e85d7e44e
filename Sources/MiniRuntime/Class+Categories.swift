// Class+Categories.swift: attaching a category to its class.
//
// Docs: docs/runtime.md#categories-and-load. Tests: Tests/MiniRuntimeTests/CategoryTests.swift.
//
// As objc4's `attachCategories`: the category's methods, properties and protocols go in front of
// the class's own (a category's instance methods on the class, its class methods and class
// properties on the metaclass). A lookup finds the first method of a selector in that order, so
// the category's method wins over the class's own, and a later category wins over an earlier
// one; the class's original method stays in `class_copyMethodList`, after the category's. A
// category's property lists end with the properties of its protocols (and of those they
// incorporate) it does not declare itself, as clang emits them for a class too. All of
// it happens in one `Runtime.lock` section, followed by objc4's precise invalidation on each side
// that changed: only the category's selectors lose their cache entries, in the class and in the
// subclasses that inherit them, so no cache keeps the old answer and every other entry stays.

extension Runtime {
  /// Attaches `category` to `cls` (a registered class of this runtime).
  ///
  /// - Throws: ``RuntimeError`` with code `invalidClassState` if `cls` was disposed.
  func attach(_ category: Category, to cls: Class) throws(RuntimeError) {
    try withState { state throws(RuntimeError) in
      let data = try cls.lockedForMethodChange(&state, "attachCategories")
      let meta = cls.ownMetaclass.locked(&state)
      attachMethods(category.instanceMethods, to: cls, &state)
      attachMethods(category.classMethods, to: cls.ownMetaclass, &state)
      // clang ends a category's property lists with its protocols' properties it does not
      // declare itself, as a class's (Protocol.compiledProperties): the class's are not asked.
      let instanceProperties =
        category.instanceProperties
        + Protocol.compiledProperties(
          of: category.protocols, after: category.instanceProperties, isInstanceProperty: true, &state)
      let classProperties =
        category.classProperties
        + Protocol.compiledProperties(
          of: category.protocols, after: category.classProperties, isInstanceProperty: false, &state)
      data.properties.insert(contentsOf: instanceProperties, at: 0)
      meta.properties.insert(contentsOf: classProperties, at: 0)
      // objc4's attachLists puts the category's protocol list in front as it is, checking no
      // duplicates: a protocol the class already adopts is listed twice by class_copyProtocolList.
      data.protocols.insert(contentsOf: category.protocols, at: 0)
      state.record(.categoryAttached(class: cls.name, category: category.name))
      if !category.instanceMethods.isEmpty {
        methodsChanged(in: cls, selectors: category.instanceMethods.map(\.selector), &state)
      }
      if !category.classMethods.isEmpty {
        methodsChanged(in: cls.ownMetaclass, selectors: category.classMethods.map(\.selector), &state)
      }
    }
  }

  /// Puts `entries` in front of `cls`'s method list, as the winners for their selectors.
  /// Locking: caller holds `Runtime.lock` (enforced by `inout State`).
  private func attachMethods(_ entries: [Category.MethodEntry], to cls: Class, _ state: inout State) {
    guard !entries.isEmpty else { return }
    let data = cls.locked(&state)
    let methods = entries.map {
      Method(selector: $0.selector, signature: $0.signature, implementation: $0.implementation, owner: cls)
    }
    data.methodOrder.insert(contentsOf: methods, at: 0)
    for method in methods { data.methods[method.selector] = method }  // a category names a selector once
    data.implementations += entries.map(\.implementation)
  }
}
