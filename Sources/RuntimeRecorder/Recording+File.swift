// Recording+File.swift: writing a recording's page to a file.
//
// Docs: docs/recorder.md#the-page. Tests: Tests/RuntimeRecorderTests/HTMLPageTests.swift.
//
// The library does not import Foundation, so the file is written with the C library: created or
// truncated, written whole, closed; any failure is reported with the C library's reason.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a recording's page could not be written.
///
/// Objective-C: none (MiniKVO extension).
public struct RecordingWriteError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path that could not be written.
  ///
  /// Objective-C: none (MiniKVO extension).
  public let path: String
  /// The C library's reason (`strerror`).
  ///
  /// Objective-C: none (MiniKVO extension).
  public let reason: String

  /// `cannot write PATH: REASON`.
  ///
  /// Objective-C: none (MiniKVO extension).
  public var description: String { "cannot write \(path): \(reason)" }
}

extension Recording {
  /// Writes the page (``html()``) to `path`, replacing any file there.
  ///
  /// - Throws: ``RecordingWriteError`` if the file cannot be created or written.
  ///
  /// Objective-C: none (MiniKVO extension).
  public func write(toFile path: String) throws(RecordingWriteError) {
    let bytes = Array(html().utf8)
    guard let file = fopen(path, "w") else { throw RecordingWriteError(path: path, reason: Self.lastError) }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    let failed = written != bytes.count
    let reason = failed ? Self.lastError : ""
    if fclose(file) != 0 || failed {
      throw RecordingWriteError(path: path, reason: failed ? reason : Self.lastError)
    }
  }

  private static var lastError: String { String(cString: strerror(errno)) }
}
