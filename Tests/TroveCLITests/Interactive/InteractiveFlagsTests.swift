import ArgumentParser
import Testing
@testable import TroveCLI
import TroveSearch

@Suite struct InteractiveFlagsTests {
    @Test func defaultsAreInlineFifteenLinesTextAndColourUnlessNoColor() throws {
        let options = try InteractiveFlags.parse([]).options(environment: ["TERM": "xterm"])
        #expect(options.height == 15)
        #expect(!options.fullscreen)
        #expect(options.format == .plain)
        #expect(options.colour)
        #expect(options.latencyTracePath == nil)
        #expect(options.ranking == .trove)
        #expect(try !InteractiveFlags.parse([]).options(environment: ["NO_COLOR": "1"]).colour)
    }

    @Test func flagsSetHeightFullscreenFormatColourAndTheTrace() throws {
        let flags = try InteractiveFlags.parse(["--height", "8", "--fullscreen", "--format", "JSON", "--color", "always", "--query", "dent"])
        let options = try flags.options(environment: ["NO_COLOR": "1", "TROVE_TRACE_LATENCY": "/tmp/t"])
        #expect(options.height == 8)
        #expect(options.fullscreen)
        #expect(options.format == .json)
        #expect(options.colour)
        #expect(options.latencyTracePath == "/tmp/t")
        #expect(flags.query == "dent")
        #expect(try InteractiveFlags.parse(["--rank", "bm25"]).options(environment: [:]).ranking == .bm25)
    }

    @Test(arguments: [
        (["--height", "2"], "--height"),
        (["--height", "tall"], "--height"),
        (["--format", "todotxt"], "--format"),
        (["--color", "sometimes"], "--color"),
        (["--rank", "best"], "--rank"),
    ])
    func badValuesAreRejectedWhenTheSearchStartsNotWhenParsed(arguments: [String], option: String) throws {
        // NB: parsing must succeed: a subcommand's own --format reaches the root's parser too.
        let flags = try InteractiveFlags.parse(arguments)
        #expect { try flags.options(environment: [:]) } throws: { error in
            (error as? ValidationError)?.message.contains(option) == true
        }
    }
}
