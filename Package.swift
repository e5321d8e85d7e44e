// swift-tools-version:6.0
// MiniKVO: the Objective-C runtime and Key-Value Observing, emulated in pure Swift.
//
// Layers (each a client of the one below through its public API only):
//   kvo-tour, kvo-bench ──► KVOController ──► KVO ──► MiniFoundation ──► MiniRuntime
//   kvo-tour ──► RuntimeRecorder (step-through pages of any runtime story) ──► KVO
// The library targets have no dependencies; only the Swift toolchain is needed.
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
  name: "MiniKVO",
  products: [
    .library(name: "MiniRuntime", targets: ["MiniRuntime"]),
    .library(name: "MiniFoundation", targets: ["MiniFoundation"]),
    .library(name: "KVO", targets: ["KVO"]),
    .library(name: "KVOController", targets: ["KVOController"]),
    .library(name: "RuntimeRecorder", targets: ["RuntimeRecorder"]),
  ],
  targets: [
    .target(name: "CSwiftRuntime", path: "Sources/CSwiftRuntime"),
    .target(name: "MiniRuntime", dependencies: ["CSwiftRuntime"], swiftSettings: strict),
    .target(name: "MiniFoundation", dependencies: ["MiniRuntime"], swiftSettings: strict),
    .target(name: "KVO", dependencies: ["MiniFoundation", "MiniRuntime"], swiftSettings: strict),
    .target(name: "KVOController", dependencies: ["KVO", "MiniRuntime"], swiftSettings: strict),
    .target(name: "RuntimeRecorder", dependencies: ["KVO", "MiniRuntime"], swiftSettings: strict),
    .target(
      name: "Tour", dependencies: ["KVOController", "RuntimeRecorder", "KVO", "MiniRuntime"], swiftSettings: strict),
    .executableTarget(name: "kvo-tour", dependencies: ["Tour"], swiftSettings: strict),
    .target(name: "CHeapStatistics", path: "Sources/CHeapStatistics"),
    .executableTarget(name: "kvo-bench", dependencies: ["KVOController", "CHeapStatistics"], swiftSettings: strict),
    .testTarget(name: "MiniRuntimeTests", dependencies: ["MiniRuntime"], swiftSettings: strict),
    .testTarget(name: "MiniFoundationTests", dependencies: ["MiniFoundation"], swiftSettings: strict),
    .testTarget(name: "KVOTests", dependencies: ["KVO"], swiftSettings: strict),
    .testTarget(name: "KVOControllerTests", dependencies: ["KVOController"], swiftSettings: strict),
    .testTarget(name: "TourTests", dependencies: ["Tour"], swiftSettings: strict),
    .testTarget(name: "RuntimeRecorderTests", dependencies: ["RuntimeRecorder"], swiftSettings: strict),
    .testTarget(
      name: "DocSnippetsTests", dependencies: ["KVOController", "RuntimeRecorder", "KVO", "MiniRuntime"],
      swiftSettings: strict),
    .testTarget(
      name: "MisuseCatalogueTests", dependencies: ["KVOController", "KVO", "MiniRuntime"], swiftSettings: strict),
  ]
)
