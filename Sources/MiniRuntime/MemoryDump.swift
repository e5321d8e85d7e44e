// MemoryDump.swift: pictures of memory: a class's instance layout, an object's bytes.
//
// Docs: docs/runtime.md#memory-layout. Tests: Tests/MiniRuntimeTests/MemoryDumpTests.swift.
//
// Both pictures list the same rows, in offset order: the isa (bytes 0 to 7), each ivar at its
// offset, the padding alignment leaves between them, the tail padding up to the word-rounded
// instance size, the indexed ivars, and the rest of a 16-byte minimum allocation. An object's
// picture adds its bytes (little-endian, as they lie in memory) and each ivar's value; a word
// holding an object pointer shows the object's address (for a boxed value, the box's; for a
// weak ivar, the referent's, or 0 once it is gone). Reading sends no message.

extension Class {
  /// The layout of an instance: the offset, size and name of every ivar (inherited ones first)
  /// and of the padding between them, as `ivar_getOffset` and `class_getInstanceSize` give them.
  ///
  /// ```
  /// Flags: 32 bytes (class_getInstanceSize), 25 used
  ///   offset  size  field
  ///        0     8  isa
  ///        8     1  _first  B
  ///        9     7  (padding: _object needs 8-byte alignment)
  ///       16     8  _object  @
  ///       24     1  _second  B
  ///       25     7  (padding to a word)
  /// ```
  ///
  /// Objective-C: none (what `class_copyIvarList` with `ivar_getOffset` lets you draw).
  public func layoutDump() -> String {
    let (ivars, unaligned) = withMetadata { data -> ([Ivar], Int) in
      let all = data.state == .constructing ? data.layout.ivars + data.ivars : data.layout.ivars
      return (isMetaclass ? [] : all, data.unalignedSize)
    }
    let size = InstanceLayout.align(unaligned)
    var lines = ["\(name)\(isMetaclass ? " (meta)" : ""): \(size) bytes (class_getInstanceSize), \(unaligned) used"]
    lines.append("  offset  size  field")
    for row in MemoryRow.rows(ivars: ivars, unalignedSize: unaligned, extraBytes: 0, allocatedSize: size) {
      lines.append("  " + String(row.offset).leftPadded(6) + "  " + String(row.size).leftPadded(4) + "  " + row.label)
    }
    return lines.joined(separator: "\n")
  }
}

extension Object {
  /// A picture of the object's memory: every byte, grouped by what it is (the isa, each ivar
  /// with its value, padding, indexed ivars), at its offset.
  ///
  /// ```
  /// <Flags: 0x…>: 32 bytes, class Flags (class_getInstanceSize 32)
  ///   offset  bytes                    field
  ///        0  c0 3d 00 14 cf 7f 00 00  isa → Flags
  ///        8  01                       _first  B  = YES
  ///        9  00 00 00 00 00 00 00     (padding: _object needs 8-byte alignment)
  ///       16  00 00 00 00 00 00 00 00  _object  @  = nil
  ///       24  00                       _second  B  = NO
  ///       25  00 00 00 00 00 00 00     (padding to a word)
  /// ```
  ///
  /// Objective-C: none (what `memory read` and `ivar_getOffset` show in a debugger).
  public func memoryDump() -> String {
    if let cls = self as? Class { return cls.layoutDump() }
    let layout = storage.layout
    let cls = isa
    var lines = [
      "\(description): \(storage.allocatedSize) bytes, class \(cls.name) (class_getInstanceSize \(cls.instanceSize))"
    ]
    if layout !== cls.withMetadata({ $0.layout }) {
      lines.append("  allocated as an instance of another layout (\(layout.size) bytes): the rows are that layout's")
    }
    lines.append("  offset  bytes                    field")
    let rows = MemoryRow.rows(
      ivars: layout.ivars, unalignedSize: layout.unalignedSize, extraBytes: storage.extraBytes,
      allocatedSize: storage.allocatedSize)
    for row in rows {
      var bytes: [UInt8]
      var label = row.label
      switch row.kind {
      case .isa:
        bytes = Self.littleEndian(isaWord.load(ordering: .relaxed), count: 8)
        label = "isa → \(Class.label(cls))"
      case .ivar(let ivar):
        bytes = pictureBytes(offset: row.offset, count: row.size, ivar: ivar)
        let value = (try? storage.load(ivar)).map { "= \($0)" } ?? "(no value: \(ivar.type.cDeclaration))"
        label += "  \(ivar.isWeak ? "weak " : "")\(value)"
      default:
        bytes = (0..<row.size).map { storage.byte(at: row.offset + $0) }
      }
      var offset = row.offset
      repeat {
        let chunk = bytes.prefix(8)
        bytes.removeFirst(chunk.count)
        let hex = chunk.map { String($0, radix: 16).leftPadded(2, with: "0") }.joined(separator: " ")
        lines.append("  " + String(offset).leftPadded(6) + "  " + hex.padding(to: 23) + "  " + label)
        label = ""
        offset += 8
      } while !bytes.isEmpty
    }
    return lines.joined(separator: "\n")
  }

  /// The bytes of an ivar as the picture shows them (reference words as the address they mean).
  private func pictureBytes(offset: Int, count: Int, ivar: Ivar) -> [UInt8] {
    var bytes = (0..<count).map { storage.byte(at: offset + $0) }
    for word in ivar.referenceWords where word < storage.wordCount {
      let start = ObjectStorage.firstByte + word * 8 - offset
      let address = Self.littleEndian(storage.pictureBits(ofWord: word), count: 8)
      for index in 0..<8 where start + index >= 0 && start + index < count { bytes[start + index] = address[index] }
    }
    return bytes
  }

  static func littleEndian(_ bits: UInt, count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) }
  }
}

/// One row of a memory picture: a byte range and what it is.
struct MemoryRow {
  enum Kind {
    case isa
    case ivar(Ivar)
    case padding(before: Ivar?)
    case indexedIvars
    case unused
  }

  let offset: Int
  let size: Int
  let kind: Kind

  var label: String {
    switch kind {
    case .isa: return "isa"
    case .ivar(let ivar): return "\(ivar.name)  \(ivar.type)"
    case .padding(let next?): return "(padding: \(next.name) needs \(next.alignment)-byte alignment)"
    case .padding(nil): return "(padding to a word)"
    case .indexedIvars: return "(indexed ivars: object_getIndexedIvars)"
    case .unused: return "(unused: objects are at least 16 bytes)"
    }
  }

  /// The rows of an object of `unalignedSize` bytes with `ivars`, then `extraBytes` of indexed
  /// ivars, in an allocation of `allocatedSize` bytes.
  static func rows(ivars: [Ivar], unalignedSize: Int, extraBytes: Int, allocatedSize: Int) -> [MemoryRow] {
    var rows = [MemoryRow(offset: 0, size: ObjectStorage.firstByte, kind: .isa)]
    var end = ObjectStorage.firstByte
    for ivar in ivars.sorted(by: { $0.offset < $1.offset }) where ivar.offset >= end {
      if ivar.offset > end { rows.append(MemoryRow(offset: end, size: ivar.offset - end, kind: .padding(before: ivar))) }
      rows.append(MemoryRow(offset: ivar.offset, size: ivar.size, kind: .ivar(ivar)))
      end = ivar.offset + ivar.size
    }
    let size = InstanceLayout.align(Swift.max(end, unalignedSize))
    if size > end { rows.append(MemoryRow(offset: end, size: size - end, kind: .padding(before: nil))) }
    if extraBytes > 0 { rows.append(MemoryRow(offset: size, size: extraBytes, kind: .indexedIvars)) }
    if allocatedSize > size + extraBytes {
      rows.append(MemoryRow(offset: size + extraBytes, size: allocatedSize - size - extraBytes, kind: .unused))
    }
    return rows.filter { $0.size > 0 }
  }
}

extension String {
  /// The string padded on the left to at least `width` characters.
  func leftPadded(_ width: Int, with pad: Character = " ") -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
}
