import ArgumentParser
import Testing
@testable import TroveCLI
import TroveStore

/// Issue 17 (startup): the usual `trove search` lines are read without ArgumentParser. Every
/// line read that way must give exactly the `Search` ArgumentParser gives, every property
/// included (a dump of the value, property wrappers and all); anything else is left to it.
@Suite struct SearchCommandLineTests {
    /// The whole value as text: each property wrapper with the value it holds, or its
    /// unparsed definition (which a Search made here must never have).
    ///
    /// NB: an option group's `title` is left out: it only heads its part of the help, and
    /// ArgumentParser's decoded groups carry none.
    static func dumped(_ search: Search) -> String {
        var text = ""
        dump(search, to: &text)
        return text.split(separator: "\n").filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("- title: ") }
            .joined(separator: "\n")
    }

    /// ArgumentParser's Search for the line, or nil when it refuses it.
    static func parsedByArgumentParser(_ line: [String]) -> Search? {
        (try? Trove.parseAsRoot(line)) as? Search
    }

    @Test(arguments: [
        ["search", "milk"],
        ["search"],
        ["search", "--db", "/tmp/t.db", "buy", "milk"],
        ["search", "--db=/tmp/t.db", "--format", "json", "--limit", "5", "milk"],
        ["search", "milk", "--exact", "bread", "--all"],
        ["search", "--open", "--sort", "due", "--rank", "bm25-mixed", "--typos", "off", "--word-forms", "off", "list:Work"],
        ["search", "--offset", "40", "--color", "never", "--highlight-open", "<", "--highlight-close=>", "a"],
        ["search", "--after", "abc", "--explain", "--verbose", "--demo", "--prefix", "dent"],
        ["search", "--limit=+7", "\"exact phrase\"", "#urgent", "due:today"],
        ["search", "--limit", "0", "x"],  // refused later by Search itself, as with ArgumentParser
    ])
    func aUsualLineGivesArgumentParsersSearch(line: [String]) throws {
        let fast = try #require(SearchCommandLine.parse(line))
        let reference = try #require(Self.parsedByArgumentParser(line))
        #expect(Self.dumped(fast) == Self.dumped(reference))
        #expect(!Self.dumped(fast).contains("definition"))
    }

    @Test(arguments: [
        ["search", "-milk"],  // a dash word: ArgumentParser's unknown-option rules
        ["search", "-i", "dent"],
        ["search", "--interactive"],
        ["search", "--height", "8", "-i"],
        ["search", "--help"],
        ["search", "-h"],
        ["search", "--", "--literal"],
        ["search", "--limit", "abc", "milk"],  // ArgumentParser words the error
        ["search", "--limit"],
        ["search", "--format", "xml"],
        ["search", "--limit", "5", "--limit", "6"],
        ["search", "--all", "--open"],
        ["search", "--exact=yes"],
        ["search", "--db", "--demo"],
        ["search", "--db="],
        ["search", "--fomat", "json"],  // a typo: the subcommand's hint
        ["search", ""],
        ["--db", "x.db", "search", "milk"],  // root options first
        ["lists"],
    ])
    func anyOtherLineIsLeftToArgumentParser(line: [String]) {
        #expect(SearchCommandLine.parse(line) == nil)
    }

    /// Lines made of options, values and words in random order (fixed seed): whenever the
    /// reader takes one, ArgumentParser takes it too and makes the same Search.
    @Test func generatedLinesGiveArgumentParsersSearchWheneverTheyAreRead() throws {
        let pieces: [[String]] = [
            ["milk"], ["buy"], ["list:Work"], ["#home"], ["\"a phrase\""], ["dent"], ["a"], ["x=y"],
            ["--db", "t.db"], ["--db=t.db"], ["--demo"], ["--verbose"], ["--limit", "3"], ["--limit=0"],
            ["--limit", "x"], ["--offset", "2"], ["--offset", "-1"], ["--after", "c"], ["--format", "jsonl"],
            ["--format=csv"], ["--format", "yaml"], ["--sort", "priority"], ["--rank", "bm25"], ["--color", "always"],
            ["--explain"], ["--exact"], ["--typos", "off"], ["--word-forms", "off"], ["--prefix"], ["--all"], ["--open"],
            ["--highlight-open", "["], ["--highlight-close", "]"], ["-i"], ["--fullscreen"], ["--height", "3"],
            ["-x"], ["--"], ["--unknown"],
        ]
        var generator = SplitMix64(seed: 17)
        var read = 0
        for _ in 0..<500 {
            var line = ["search"]
            for _ in 0..<Int(generator.next() % 6) {
                line += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            guard let fast = SearchCommandLine.parse(line) else { continue }
            read += 1
            let reference = try #require(Self.parsedByArgumentParser(line), "ArgumentParser refused \(line)")
            #expect(Self.dumped(fast) == Self.dumped(reference), "\(line)")
        }
        // NB: not vacuous: a good share of the lines take the fast path.
        #expect(read > 100)
    }

    /// Every long option of `trove search` but the interactive ones and help is read here, so
    /// an option added to Search is either added to the reader or, until it is, sends every
    /// line that uses it to ArgumentParser (and `generatedLines…` catches a Search made here
    /// without it set).
    @Test func theReaderKnowsEverySearchOptionButTheInteractiveOnes() {
        // NB: the first long name of each option line of `trove search --help`.
        let declared = Set(Trove.helpMessage(for: Search.self, columns: 200).split(separator: "\n").compactMap { line in
            line.trimmingPrefix(while: \.isWhitespace).hasPrefix("-")
                ? line.split(separator: " ").first { $0.hasPrefix("--") }?.split(separator: "/").map { String($0.prefix { $0 != "," && $0 != "=" }) } : nil
        }.joined())
        let interactive: Set = ["--interactive", "--height", "--fullscreen", "--preview", "--help"]
        let known = Set(SearchCommandLine.flags.keys).union(SearchCommandLine.options.keys)
        #expect(declared.subtracting(interactive).subtracting(["--prefix"]) == known.subtracting(["--prefix"]))
        #expect(known.isSubset(of: declared.union(["--prefix"])))
    }
}
