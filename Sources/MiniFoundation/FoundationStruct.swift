// FoundationStruct.swift: the four structs Foundation singles out (NSPoint, NSSize, NSRect and
// NSRange), recognised as Foundation recognises them: by the whole encoding.
//
// Docs: docs/foundation.md#nsvalue, docs/kvo.md#value-conversion. Tests:
// Tests/MiniFoundationTests/FoundationBehaviourRound24ValueTests.swift,
// Tests/KVOTests/FidelityRound23StructTests.swift. Stateless.
//
// Foundation compares a type string with `strcmp` against `@encode(NSPoint)`, `@encode(NSRange)`,
// `@encode(NSRect)` and `@encode(NSSize)`: KVO for a setter's argument, KVC for an accessor's,
// `-[NSValue description]` for the box's `objCType`. On a 64-bit Apple platform NSPoint, NSSize
// and NSRect are CGPoint, CGSize and CGRect, so those strings are `{CGPoint=dd}`, `{CGSize=dd}`,
// `{CGRect={CGPoint=dd}{CGSize=dd}}` and `{_NSRange=QQ}`. A struct that is only named alike
// (`{CGPoint=ff}`, `{_NSPoint=dd}`, `{NSRange=QQ}`) is none of them. This file is the one place
// the rule lives: MiniFoundation's NSValue and KVO's setters and unboxing all ask it.

import MiniRuntime

/// One of the structs Foundation treats as its own: NSPoint, NSSize, NSRect or NSRange, each
/// known by its exact 64-bit encoding, member names and qualifiers aside.
///
/// ```swift
/// FoundationStruct(try TypeEncoding("{CGPoint=dd}"))          // .point
/// FoundationStruct(try TypeEncoding("{CGPoint=\"x\"d\"y\"d}"))  // .point (an ivar's encoding)
/// FoundationStruct(try TypeEncoding("{_NSPoint=dd}"))         // nil: only named alike
/// FoundationStruct(try TypeEncoding("{NSRange=QQ}"))          // nil
/// ```
///
/// Objective-C: none (`strcmp(type, @encode(NSPoint)) == 0` and the like).
public enum FoundationStruct: CaseIterable, Sendable {
  /// NSPoint, `{CGPoint=dd}`.
  ///
  /// Objective-C: `NSPoint`
  case point
  /// NSSize, `{CGSize=dd}`.
  ///
  /// Objective-C: `NSSize`
  case size
  /// NSRect, `{CGRect={CGPoint=dd}{CGSize=dd}}`.
  ///
  /// Objective-C: `NSRect`
  case rect
  /// NSRange, `{_NSRange=QQ}`.
  ///
  /// Objective-C: `NSRange`
  case range

  /// The struct `type` is, if it is one of the four: its encoding, qualifiers and member names
  /// aside (an ivar's encoding names its members), equals the one Foundation compares with.
  ///
  /// Objective-C: none (`strcmp(type, @encode(NSPoint)) == 0` and the like).
  public init?(_ type: TypeEncoding) {
    let bare = type.unqualified.withoutMemberNames
    guard let match = Self.allCases.first(where: { $0.encoding == bare }) else { return nil }
    self = match
  }

  /// `@encode` of the struct on a 64-bit Apple platform: `{CGPoint=dd}` for ``point``.
  ///
  /// Objective-C: `@encode(NSPoint)` and the like.
  public var encoding: TypeEncoding {
    switch self {
    case .point: return Self.pointEncoding
    case .size: return Self.sizeEncoding
    case .rect: return .structure(name: "CGRect", fields: [.init(Self.pointEncoding), .init(Self.sizeEncoding)])
    case .range: return .structure(name: "_NSRange", fields: [.init(.unsignedLongLong), .init(.unsignedLongLong)])
    }
  }

  /// The word in the names of its accessors: `Point` in `-pointValue`, `+valueWithPoint:` and
  /// `_NSSetPointValueAndNotify`.
  ///
  /// Objective-C: none (the word Foundation's selectors share).
  public var flavourName: String {
    switch self {
    case .point: return "Point"
    case .size: return "Size"
    case .rect: return "Rect"
    case .range: return "Range"
    }
  }

  /// The name `-[NSValue description]` prefixes a box of it with: `NSPoint` in `NSPoint: {1, 2}`.
  var typeName: String { "NS\(flavourName)" }

  private static let pointEncoding = TypeEncoding.structure(name: "CGPoint", fields: [.init(.double), .init(.double)])
  private static let sizeEncoding = TypeEncoding.structure(name: "CGSize", fields: [.init(.double), .init(.double)])
}

extension TypeEncoding {
  /// The encoding without the names of struct members, at any depth (`{CGPoint="x"d"y"d}` is
  /// `{CGPoint=dd}`) and without qualifiers inside.
  fileprivate var withoutMemberNames: TypeEncoding {
    guard case .structure(let name, let fields?) = self else { return self }
    return .structure(name: name, fields: fields.map { .init($0.type.unqualified.withoutMemberNames) })
  }
}
