// Image+SystemPaths.swift: the images the runtime's own classes live in, as on macOS.
//
// Docs: docs/runtime.md#categories-and-load, docs/decisions/0055-system-images.md.
// Tests: Tests/MiniRuntimeTests/SystemImageTests.swift.
//
// objc4's `class_getImageName` asks dyld which image holds the class's address, and
// `objc_copyImageNames` lists the images that carry Objective-C metadata, in load order. A fresh
// runtime stands for a process that linked libobjc: NSObject, `Protocol` and
// `__IncompleteProtocol` are compiled into libobjc, so their image is libobjc's from the start.
// `NSMethodSignature`, `NSInvocation` and `NSBlock` are CoreFoundation's classes on current
// macOS; the concrete block classes (`__NSGlobalBlock__`, …) sit in libsystem_blocks' storage
// (`_NSConcreteGlobalBlock`), which CoreFoundation fills in at launch, so the address lookup
// answers libsystem_blocks, an image with no Objective-C metadata of its own: it is never listed.
// Foundation's classes (MiniFoundation's) are Foundation's image's, loaded when Foundation is
// first used but listed in load order before any program image.
// The paths are written from memory of macOS 11 to 14 and not checked on a Mac (decision 0055).

extension Runtime.State {
  /// Lists `name` among the loaded images at its place in load order (``Image/loadOrderRank(of:)``):
  /// a program image last, a system image after those before it.
  /// Locking: caller holds `Runtime.lock` (enforced by inout State).
  mutating func listImage(_ name: String) {
    let rank = Image.loadOrderRank(of: name)
    let index = imageNames.firstIndex { Image.loadOrderRank(of: $0) > rank } ?? imageNames.endIndex
    imageNames.insert(name, at: index)
  }
}

extension Image {
  /// The path of libobjc on macOS, the image of `NSObject`, `Protocol` and
  /// `__IncompleteProtocol`: the first of ``Runtime/imageNames`` in every runtime. From memory,
  /// not checked on a Mac.
  ///
  /// Objective-C: none (what `class_getImageName([NSObject class])` answers).
  public static let objcLibraryPath = "/usr/lib/libobjc.A.dylib"

  /// The path of CoreFoundation on macOS, the image of the runtime's `NSMethodSignature`,
  /// `NSInvocation` and `NSBlock`; listed in ``Runtime/imageNames`` (right after libobjc, its
  /// place in load order) once the first of them is made. From memory, not checked on a Mac.
  ///
  /// Objective-C: none (what `class_getImageName([NSInvocation class])` answers).
  public static let coreFoundationPath = "/System/Library/Frameworks/CoreFoundation.framework/Versions/A/CoreFoundation"

  /// The path of libsystem_blocks on macOS, what `class_getImageName` answers for the concrete
  /// block classes (their storage is there); it holds no Objective-C metadata, so it is never in
  /// ``Runtime/imageNames``. From memory, not checked on a Mac.
  ///
  /// Objective-C: none (what `class_getImageName([__NSGlobalBlock__ class])` answers).
  public static let blocksLibraryPath = "/usr/lib/system/libsystem_blocks.dylib"

  /// The path of Foundation on macOS, the image of MiniFoundation's classes (and KVO's private
  /// collection proxy classes, Foundation's on Apple); listed in ``Runtime/imageNames`` once
  /// Foundation is installed, after libobjc and CoreFoundation and before any program image (its
  /// place in load order). From memory, not checked on a Mac.
  ///
  /// Objective-C: none (what `class_getImageName([NSString class])` answers).
  public static let foundationPath = "/System/Library/Frameworks/Foundation.framework/Versions/C/Foundation"

  /// The images of the system, which `unloadImage` refuses: dyld never unmaps them.
  static let runtimeImagePaths: Set<String> = [objcLibraryPath, coreFoundationPath, foundationPath]

  /// Where an image goes in load order: libobjc, CoreFoundation and Foundation come before every
  /// program image whenever they are listed (a program links them, so dyld maps them first).
  static func loadOrderRank(of name: String) -> Int {
    switch name {
    case objcLibraryPath: return 0
    case coreFoundationPath: return 1
    case foundationPath: return 2
    default: return 3
    }
  }

  /// The image of the runtime's own class `name` (`Runtime+BuiltinClasses.swift`).
  static func runtimeImagePath(ofBuiltinClass name: String) -> String {
    switch name {
    case "Protocol", "__IncompleteProtocol": return objcLibraryPath
    case "NSMethodSignature", "NSInvocation", "NSBlock": return coreFoundationPath
    default: return blocksLibraryPath  // the concrete block classes
    }
  }
}
