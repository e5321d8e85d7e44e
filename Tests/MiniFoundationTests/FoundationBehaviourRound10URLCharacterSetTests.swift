// FoundationBehaviourRound10URLCharacterSetTests.swift: each of NSCharacterSet's URL component
// sets holds exactly the characters Apple's holds (as CFCharacterSet prints them on macOS, and as
// RFC 3986 lets the component hold them unescaped), and nothing outside ASCII.

import Testing

@testable import MiniFoundation

@Suite struct FoundationBehaviourRound10URLCharacterSetTests {
  /// The ASCII characters of the set `name`, in code order, and whether it holds any character
  /// of a sample outside ASCII.
  private func members(_ name: Selector) throws -> (ascii: String, outside: Bool) {
    let runtime = Runtime()
    let cls = try foundationClass("NSCharacterSet", in: runtime)
    let set = try #require(try Runtime.msgSend(cls, name).objectValue)
    var ascii = ""
    for code in UInt32(0)..<128 where try send(set, "longCharacterIsMember:", .uint32(code)) == true {
      ascii.unicodeScalars.append(Unicode.Scalar(code)!)
    }
    var outside = false
    for code: UInt32 in [0x80, 0xA0, 0xE9, 0x2028, 0x1F600] where try send(set, "longCharacterIsMember:", .uint32(code)) == true {
      outside = true
    }
    return (ascii, outside)
  }

  private let digits = "0123456789"
  private let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
  private let lower = "abcdefghijklmnopqrstuvwxyz"

  @Test func userAllowedIsUnreservedAndSubDelimiters() throws {
    let set = try members("URLUserAllowedCharacterSet")
    #expect(set.ascii == "!$&'()*+,-." + digits + ";=" + upper + "_" + lower + "~")
    #expect(!set.outside)
  }

  @Test func passwordAllowedIsUnreservedAndSubDelimiters() throws {
    let set = try members("URLPasswordAllowedCharacterSet")
    #expect(set.ascii == "!$&'()*+,-." + digits + ";=" + upper + "_" + lower + "~")
    #expect(!set.outside)
  }

  @Test func hostAllowedAddsTheColonAndBracketsOfAnIPLiteral() throws {
    let set = try members("URLHostAllowedCharacterSet")
    #expect(set.ascii == "!$&'()*+,-." + digits + ":;=" + upper + "[]_" + lower + "~")
    #expect(!set.outside)
  }

  @Test func pathAllowedHoldsSlashColonAndAtButNoSemicolon() throws {
    let set = try members("URLPathAllowedCharacterSet")
    #expect(set.ascii == "!$&'()*+,-./" + digits + ":=@" + upper + "_" + lower + "~")
    #expect(!set.ascii.contains(";") && !set.ascii.contains("?"))
    #expect(!set.outside)
  }

  @Test func queryAllowedHoldsTheQuestionMarkAndSlash() throws {
    let set = try members("URLQueryAllowedCharacterSet")
    #expect(set.ascii == "!$&'()*+,-./" + digits + ":;=?@" + upper + "_" + lower + "~")
    #expect(!set.ascii.contains("#") && !set.ascii.contains("%") && !set.ascii.contains(" "))
    #expect(!set.outside)
  }

  @Test func fragmentAllowedIsTheQuerySet() throws {
    let set = try members("URLFragmentAllowedCharacterSet")
    #expect(set.ascii == "!$&'()*+,-./" + digits + ":;=?@" + upper + "_" + lower + "~")
    #expect(!set.outside)
  }
}
