// KVOControllerImage.swift: the KVOController framework's image, loaded once per runtime.
//
// Docs: docs/kvocontroller.md#the-shared-controller, docs/decisions/0055-system-images.md.
// Tests: Tests/KVOControllerTests/KVOControllerImageTests.swift.
//
// Model: FBKVOController's classes are compiled into the framework (or the app that links it
// statically), so `class_getImageName([_FBKVOSharedController class])` answers that binary's
// path and the class's ivar layout is clang's. The only runtime class of this layer is
// `_FBKVOSharedController` (the controller and its infos are Swift objects here), so the image
// holds that one class, with no methods: each shared controller gives it its own
// (SharedController.swift). It is loaded the first time a runtime needs a shared controller, as a
// framework is mapped once, and stays: the class outlives every shared controller.
// Locking: loaded under the runtime's creation lock (a `RuntimeLocal`), inside `deferringEvents`,
// so the image's load-image functions run once the lock is released (decision 0055).

import MiniRuntime

extension Image {
  /// The path the KVOController framework's image answers here. On Apple it is wherever the app
  /// embeds the framework (`…/Contents/Frameworks/KVOController.framework/…`), or the app's own
  /// binary when linked statically; MiniKVO has no app, so it names the framework installed in
  /// `/Library/Frameworks`.
  ///
  /// Objective-C: none (what `class_getImageName([_FBKVOSharedController class])` answers).
  public static let kvoControllerPath = "/Library/Frameworks/KVOController.framework/Versions/A/KVOController"
}

/// KVOController's image in one runtime: the classes it made.
final class KVOControllerImage: Sendable {
  private static let slot = RuntimeLocal<KVOControllerImage>("KVOController.image")

  /// `_FBKVOSharedController`, the image's class.
  let sharedControllerClass: Class

  private init(sharedControllerClass: Class) { self.sharedControllerClass = sharedControllerClass }

  /// The image of `runtime`, loaded on first use.
  ///
  /// - Throws: What `loadImage` throws (a class of the image's name already exists).
  static func of(_ runtime: Runtime) throws -> KVOControllerImage {
    try slot.value(in: runtime) {
      let made = Locked<Class?>(nil)
      var image = Image(named: Image.kvoControllerPath)
      image.addClass(SharedController.className, superclass: "NSObject") { cls in made.withLock { $0 = cls } }
      try runtime.loadImage(image)
      guard let cls = made.withLock({ $0 }) else {
        throw KeyValueError(.invalidArgument, "KVOController's image did not make \(SharedController.className)")
      }
      return KVOControllerImage(sharedControllerClass: cls)
    }
  }
}
