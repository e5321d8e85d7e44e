// RuntimeChapterTests.swift: `kvo-tour --chapter runtime` (RuntimeChapter.swift): the facts it
// shows are what the runtime did.

import Testing

@testable import Tour

@Suite struct RuntimeChapterTests {
  func kvoTour(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
    var output = ""
    var errors = ""
    let status = TourCommandLine.run(
      arguments, runtime: Runtime(), outputIsTerminal: false, noColorVariable: nil,
      output: { output += $0 + "\n" }, errorOutput: { errors += $0 + "\n" })
    return (status, output, errors)
  }

  @Test func runtimeChapterShowsInitializeOrderSuperclassFirstAndAgainForTheSubclass() {
    let run = kvoTour(["--chapter", "runtime"])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    #expect(run.output.hasPrefix(RuntimeChapter.title))
    #expect(run.output.contains("class_createInstance(Student) sends nothing: 0 +initialize so far"))
    #expect(
      run.output.contains("     +[Person initialize] with self = Person\n     +[Person initialize] with self = Student\n"),
      "Person's +initialize runs first for Person, then again with Student as the receiver")
    #expect(run.output.contains("[Student new] and [Person new] again: 0 more +initialize"))
  }

  @Test func runtimeChapterShowsAProxyForwardingEveryMessageToItsTarget() {
    let run = kvoTour(["--chapter=runtime"])
    #expect(run.status == 0)
    #expect(run.output.contains("[proxy setAge:42]; [proxy age] answers 42; ann's own age is 42"))
    #expect(run.output.contains("forwardInvocation: received: setAge:, age\n"))
    #expect(run.output.contains("[ann respondsToSelector:@selector(age)] = YES; Proxy's instances respond to age: false"))
  }

  @Test func runtimeChapterRefusesStepsAndOtherFormats() {
    for arguments in [["--chapter", "runtime", "--step", "2"], ["--chapter", "runtime", "--dot"], ["--chapter", "nope"], ["--chapter"]] {
      let run = kvoTour(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.errors.contains("usage: kvo-tour"))
    }
  }

  @Test func defaultChapterIsTheKVOTour() throws {
    #expect(try TourOptions.parse([]).chapter == .kvo)
    #expect(try TourOptions.parse(["--chapter", "kvo", "--step", "3"]).step == 3)
    let chosen = kvoTour(["--chapter", "kvo"]).output.split(separator: "\n")
    let plain = kvoTour([]).output.split(separator: "\n")
    #expect(chosen.count == plain.count && chosen.first == plain.first, "the same walk (addresses aside)")
    #expect(!plain.contains { $0.contains("runtime chapter") }, "the default tour output is unchanged")
  }
}
