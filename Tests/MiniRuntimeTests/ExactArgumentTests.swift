// ExactArgumentTests.swift: the arguments a setter may pass on without converting them
// (ExactArgument.swift) are exactly those C assignment leaves unchanged.

import Testing

@testable import MiniRuntime

@Suite struct ExactArgumentTests {
  @Test func everyKeptArgumentIsOneAssignmentLeavesUnchanged() throws {
    let runtime = Runtime()
    let object = try runtime.rootClass.createInstance()
    let types: [TypeEncoding] = [
      .bool, .char, .short, .int, .long, .longLong, .unsignedInt, .unsignedLongLong, .float, .double,
      .object(className: nil), .object(className: "NSString"), .block, .class, .cString, .selector,
      .qualified(.const, .longLong),
    ]
    let values: [Value] = [
      .bool(true), .int8(3), .int16(3), .int32(3), .int64(3), .uint32(3), .uint64(3), .float(2.5), .double(2.5),
      .string("text"), .nil, .object(object),
    ]
    for type in types {
      let exact = ExactArgument(type)
      for value in values where exact.keeps([value]) {
        #expect(try value.assigned(to: type) == value, "\(type) keeps \(value), so assignment must leave it as it is")
      }
    }
  }

  @Test func argumentsOfTheParameterTypeAreKeptAndOthersConverted() throws {
    #expect(ExactArgument(.longLong).keeps([.int64(42)]))
    #expect(ExactArgument(.long).keeps([.int32(42)]), "a long is 32 bits here, as assignment converts it")
    #expect(ExactArgument(.float).keeps([.float(1.5)]))
    #expect(ExactArgument(.object(className: "NSString")).keeps([.string("x")]))
    #expect(ExactArgument(.block).keeps([.nil]))
    #expect(!ExactArgument(.longLong).keeps([.int32(42)]))
    #expect(!ExactArgument(.double).keeps([.int64(1)]))
    #expect(!ExactArgument(.char).keeps([.int8(1)]), "no exact rule for chars: converted as before")
    #expect(!ExactArgument(.structure(name: "CGPoint", fields: nil)).keeps([.nil]))
    #expect(!ExactArgument(.longLong).keeps([.int64(1), .int64(2)]), "only a single argument is kept")
  }
}
