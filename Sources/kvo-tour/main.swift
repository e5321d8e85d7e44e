// kvo-tour: the guided walk through the Objective-C runtime and KVO (`swift run kvo-tour`).
//
// Docs: docs/README.md#the-tour. Tests: Tests/TourTests (the tour itself lives in Sources/Tour).

import Tour

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

exit(TourCommandLine.run(Array(CommandLine.arguments.dropFirst())))
