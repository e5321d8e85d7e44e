// TourOptionsTests.swift: parsing kvo-tour's command line.

import Testing

@testable import Tour

@Suite struct TourOptionsTests {
  @Test func noArgumentsRunEveryStepAsText() throws {
    let options = try TourOptions.parse([])
    #expect(options == TourOptions())
    #expect(options.command == .run)
    #expect(options.step == nil)
    #expect(options.format == .text)
    #expect(!options.noColor)
  }

  @Test(arguments: [["--step", "4"], ["--step=4"]])
  func stepTakesANumberSeparatelyOrAfterAnEqualsSign(arguments: [String]) throws {
    #expect(try TourOptions.parse(arguments).step == 4)
  }

  @Test func flagsCombine() throws {
    let options = try TourOptions.parse(["--no-color", "--dot", "--step", "8"])
    #expect(options.step == 8)
    #expect(options.format == .dot)
    #expect(options.noColor)
    #expect(try TourOptions.parse(["--mermaid"]).format == .mermaid)
  }

  @Test func listAndHelpAreCommands() throws {
    #expect(try TourOptions.parse(["--list"]).command == .list)
    #expect(try TourOptions.parse(["--help"]).command == .help)
    #expect(try TourOptions.parse(["-h"]).command == .help)
    #expect(try TourOptions.parse(["--list", "--help"]).command == .help)
    #expect(try TourOptions.parse(["--help", "--list"]).command == .help)
  }

  @Test(arguments: [
    (["--step"], "--step needs a step number (1-8)"),
    (["--step", "0"], "there is no step 0; the steps are 1 to 8"),
    (["--step", "9"], "there is no step 9; the steps are 1 to 8"),
    (["--step", "three"], "'three' is not a step number (1-8)"),
    (["--step="], "'' is not a step number (1-8)"),
    (["--step", "2", "--step", "3"], "--step can be given only once"),
    (["--verbose"], "unknown option '--verbose'"),
    (["3"], "unexpected argument '3'"),
    (["--dot", "--mermaid"], "--dot and --mermaid cannot be combined"),
  ])
  func badArgumentsThrowAUsageErrorNamingTheProblem(arguments: [String], message: String) {
    #expect(throws: TourOptions.UsageError(message: message)) { try TourOptions.parse(arguments) }
  }

  @Test func usageErrorDescriptionEndsWithTheUsage() {
    let error = TourOptions.UsageError(message: "unknown option '--x'")
    #expect(error.description.hasPrefix("kvo-tour: unknown option '--x'\n\nusage: kvo-tour"))
    #expect(error.description.hasSuffix(TourOptions.usage))
  }

  @Test func usageNamesEveryOption() {
    for option in ["--step N", "--list", "--dot", "--mermaid", "--no-color", "--help"] {
      #expect(TourOptions.usage.contains(option), "\(option)")
    }
  }
}
