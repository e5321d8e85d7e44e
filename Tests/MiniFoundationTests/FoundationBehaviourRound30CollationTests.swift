// FoundationBehaviourRound30CollationTests.swift: the CLDR tailorings of Azerbaijani and Welsh,
// through `compare:options:range:locale:` with an NSLocale. Every expected answer is the one
// swift-corelibs-foundation's CoreFoundation (`CFStringCompareWithOptionsAndLocale` with its ICU
// and CLDR data) gave on this machine.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound30CollationTests {
  /// `[left compare:right options:options range:(whole) locale:[NSLocale localeWithLocaleIdentifier:identifier]]`.
  private func order(_ left: String, _ right: String, _ identifier: String, options: UInt64 = 0) throws -> Int? {
    let runtime = Runtime()
    let locale = try send(try foundationClass("NSLocale", in: runtime), "localeWithLocaleIdentifier:", .string(identifier))
    return try runtime.msgSend(
      bridging: .string(left), "compare:options:range:locale:", .string(right), .uint64(options),
      .range(0..<left.utf16.count), locale
    ).intValue
  }

  /// `words` sorted with `compare:options:range:locale:` in the locale `identifier`.
  private func sorted(_ words: [String], _ identifier: String) throws -> [String] {
    try words.sorted { try order($0, $1, identifier) == -1 }
  }

  private let caseInsensitive: UInt64 = 1  // NSCaseInsensitiveSearch
  private let diacriticInsensitive: UInt64 = 128  // NSDiacriticInsensitiveSearch

  /// Azerbaijani: Turkish's letters, `ə` after `e`, `x` after `h`, `q` after `k`, `w` after `z`
  /// (was: the root's order).
  @Test func azerbaijaniPutsSchwaAfterEXAfterHQAfterKAndWAfterZ() throws {
    let letters = ["w", "z", "x", "h", "ı", "i", "q", "k", "l", "ə", "e", "f", "ç", "c", "d", "ğ", "g", "y", "v"]
    for identifier in ["az", "az_AZ", "az_Latn_AZ"] {
      #expect(
        try sorted(letters, identifier) == ["c", "ç", "d", "e", "ə", "f", "g", "ğ", "h", "x", "ı", "i", "k", "q", "l", "v", "y", "z", "w"],
        "\(identifier)")
    }
    #expect(
      try sorted(["xa", "hz", "qa", "kz", "əa", "ez", "ıa", "ia", "ça", "cz", "ğa", "gz"], "az")
        == ["cz", "ça", "ez", "əa", "gz", "ğa", "hz", "xa", "ıa", "ia", "kz", "qa"])
    #expect(try sorted(["Ə", "E", "X", "H", "I", "İ", "ı", "i", "Q", "K"], "az") == ["E", "Ə", "H", "X", "ı", "I", "i", "İ", "K", "Q"])
    #expect(try order("I", "ı", "az", options: caseInsensitive) == 0)
    #expect(try order("İ", "i", "az", options: caseInsensitive) == 0)
    #expect(try order("I", "i", "az", options: caseInsensitive) == -1)
    #expect(try order("ə", "e", "az", options: diacriticInsensitive) == 1, "ə is a letter, not an accented e")
    #expect(try order("ç", "c", "az", options: diacriticInsensitive) == 0)
    #expect(try order("ı", "i", "az", options: diacriticInsensitive) == -1)
    #expect(try order("x", "h", "en") == 1 && order("x", "i", "en") == 1, "the root keeps x after w")
  }

  /// Welsh: `ch dd ff ng ll ph rh th` are letters after their first letter (`ng` after `g`),
  /// in lowercase, capitalized and capitals; `cH` is two letters (was: the root's order).
  @Test func welshSortsItsDigraphsAsLetters() throws {
    let words = ["ca", "cha", "cz", "da", "dda", "dz", "fa", "ffa", "fz", "ga", "nga", "gz", "na", "la", "lla", "lz",
                 "pa", "pha", "pz", "ra", "rha", "rz", "ta", "tha", "tz", "ha"]
    #expect(
      try sorted(words, "cy") == [
        "ca", "cz", "cha", "da", "dz", "dda", "fa", "fz", "ffa", "ga", "gz", "nga", "ha", "la", "lz", "lla", "na",
        "pa", "pz", "pha", "ra", "rz", "rha", "ta", "tz", "tha",
      ])
    #expect(try sorted(["ch", "Ch", "CH", "cH", "c", "C"], "cy_GB") == ["c", "C", "cH", "ch", "Ch", "CH"])
    #expect(try sorted(["dd", "Dd", "DD", "d"], "cy") == ["d", "dd", "Dd", "DD"])
    #expect(try order("ch", "cz", "cy", options: diacriticInsensitive) == 1)
    #expect(try order("ch", "cz", "cy", options: caseInsensitive) == 1)
    #expect(try order("ngh", "nz", "cy") == -1)
    #expect(try order("ŷ", "y", "cy", options: diacriticInsensitive) == 0)
    #expect(try order("ch", "cz", "en") == -1, "the root: two letters")
  }
}
