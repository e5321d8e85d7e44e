// FoundationStruct.swift: the four structs Foundation's KVC and KVO single out (NSPoint, NSSize,
// NSRect and NSRange), recognised as Foundation recognises them: by the whole encoding.
//
// Docs: docs/kvo.md#value-conversion. Tests: FidelityRound23StructTests, NotifyingSetterTests.
// Stateless.
//
// Foundation compares a setter's argument type (and a KVC accessor's) with `strcmp` against
// `@encode(NSPoint)`, `@encode(NSRange)`, `@encode(NSRect)` and `@encode(NSSize)`. On a 64-bit
// Apple platform NSPoint, NSSize and NSRect are CGPoint, CGSize and CGRect, so those strings are
// `{CGPoint=dd}`, `{CGSize=dd}`, `{CGRect={CGPoint=dd}{CGSize=dd}}` and `{_NSRange=QQ}`. A struct
// that is only named alike (`{CGPoint=ff}`, `{_NSPoint=dd}`, `{NSRange=QQ}`) is none of them: it
// is boxed and unboxed as any other struct, with `getValue:`.

import MiniRuntime

/// One of the structs Foundation's KVC unboxes with a message of its own (`-pointValue` …) and
/// its KVO gives a notifying setter of its own (`_NSSetPointValueAndNotify` …).
enum FoundationStruct: CaseIterable {
  case point, size, rect, range

  /// The struct `type` is, if it is one of the four: its encoding, qualifiers and member names
  /// aside (an ivar's encoding names its members), equals the one Foundation compares with.
  init?(_ type: TypeEncoding) {
    let bare = Self.withoutNames(type)
    guard let match = Self.allCases.first(where: { $0.encoding == bare }) else { return nil }
    self = match
  }

  /// `@encode` of the struct on a 64-bit Apple platform.
  var encoding: TypeEncoding {
    switch self {
    case .point: return Self.pointEncoding
    case .size: return Self.sizeEncoding
    case .rect: return .structure(name: "CGRect", fields: [.init(Self.pointEncoding), .init(Self.sizeEncoding)])
    case .range: return .structure(name: "_NSRange", fields: [.init(.unsignedLongLong), .init(.unsignedLongLong)])
    }
  }

  /// The word in the names of its accessors: `Point` in `_NSSetPointValueAndNotify`.
  var flavourName: String {
    switch self {
    case .point: return "Point"
    case .size: return "Size"
    case .rect: return "Rect"
    case .range: return "Range"
    }
  }

  private static let pointEncoding = TypeEncoding.structure(name: "CGPoint", fields: [.init(.double), .init(.double)])
  private static let sizeEncoding = TypeEncoding.structure(name: "CGSize", fields: [.init(.double), .init(.double)])

  /// `type` without qualifiers and without member names, at any depth.
  private static func withoutNames(_ type: TypeEncoding) -> TypeEncoding {
    guard case .structure(let name, let fields?) = type.unqualified else { return type.unqualified }
    return .structure(name: name, fields: fields.map { .init(withoutNames($0.type)) })
  }
}
