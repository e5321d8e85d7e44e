// TerminalTests.swift: colour only on a terminal, never with --no-color or NO_COLOR.

import Testing

@testable import Tour

@Suite struct TerminalTests {
  @Test(
    arguments: [
      (false, true, nil, true),
      (false, true, "", true),
      (false, false, nil, false),
      (true, true, nil, false),
      (false, true, "1", false),
      (true, false, "1", false),
    ] as [(Bool, Bool, String?, Bool)])
  func colourNeedsATerminalAndNoOptOut(noColorOption: Bool, isTerminal: Bool, variable: String?, expected: Bool) {
    #expect(
      Terminal.usesColor(noColorOption: noColorOption, isTerminal: isTerminal, noColorVariable: variable) == expected)
  }

  @Test func paintWrapsInAnsiCodesOnlyWithColour() {
    #expect(Terminal(usesColor: true).paint("[ann setAge:43]", .action) == "\u{1B}[36m[ann setAge:43]\u{1B}[0m")
    #expect(Terminal(usesColor: true).paint("Step", .heading) == "\u{1B}[1mStep\u{1B}[0m")
    #expect(Terminal(usesColor: false).paint("[ann setAge:43]", .action) == "[ann setAge:43]")
    #expect(Terminal(usesColor: true).paint("", .event) == "")
  }
}
