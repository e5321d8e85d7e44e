// ZeroFilledOldValueTests.swift: the first `old` value of a change is the zero of the property's
// type, because a fresh object's memory is zero-filled (MiniRuntime's ObjectStorage.swift).

import Testing

@testable import KVO

@Suite struct ZeroFilledOldValueTests {
  @Test func firstOldValueOfAnUnsetPropertyIsTheZeroOfItsType() throws {
    let world = try World()
    let shape = try world.runtime.allocateClassPair(superclass: world.runtime.rootClass, name: "Shape")
    try shape.synthesizeProperty("origin", type: try TypeEncoding("{Point=dd}"))
    try shape.synthesizeProperty("sides", type: .int)
    try shape.synthesizeProperty("visible", type: .bool)
    try world.runtime.registerClassPair(shape)
    let square = try #require(try world.runtime.msgSend(shape, "new").objectValue)
    let (observer, log) = try world.newObserver()
    for key in ["origin", "sides", "visible"] {
      try square.addObserver(observer, forKeyPath: key, options: [.old, .new])
    }
    try world.set(square, "origin", .structure(Structure(name: "Point", fields: [1.0, 2.0])))
    try world.set(square, "sides", 4)
    try world.set(square, "visible", true)
    #expect(log.all.map(\.change.old) == [.structure(Structure(name: "Point", fields: [0.0, 0.0])), .int32(0), false])
    for key in ["origin", "sides", "visible"] { try square.removeObserver(observer, forKeyPath: key) }
  }
}
