import ArgumentParser
import Testing
@testable import TroveCLI

/// Issue 16 item 7: one router decides, from the argument list alone, what `trove` runs.
@Suite struct CommandRouterTests {
    let router = CommandRouter.trove

    // The router's lists are written out (rendering the help text to read them cost ~5 ms a
    // run); they must stay what the declarations say, or a new option would be refused.
    @Test func theWrittenOutListsAreTheDeclaredOnes() {
        let declared = CommandRouter.declared
        #expect(router.subcommands == declared.subcommands)
        #expect(router.options == declared.options)
        #expect(router.valueOptions == declared.valueOptions)
    }

    @Test(arguments: [
        ([], CommandRoute.interactive),
        (["--demo"], .interactive),
        (["--db", "x.db", "--height", "8", "--format", "json"], .interactive),
        (["--format=json", "--query", "lists"], .interactive),
        // NB: --rank was missing from the hand-kept list of options with a value, so `trove
        // --rank bm25` read "bm25" as a command; the router reads the list from the declarations.
        (["--rank", "bm25", "--typos", "off", "--color", "never"], .interactive),
        (["--db", "lists"], .interactive),
        (["--demo", "--"], .interactive),
    ] as [([String], CommandRoute)])
    func aLineWithoutASubcommandRunsTheInteractiveSearch(arguments: [String], route: CommandRoute) {
        #expect(router.route(arguments) == route)
    }

    @Test(arguments: [
        (["lists"], CommandRoute.subcommand("lists")),
        (["search", "--", "--literal"], .subcommand("search")),
        (["--db", "x.db", "import", "-", "--format", "todotxt"], .subcommand("import")),
        (["--db=x.db", "--demo", "stats"], .subcommand("stats")),
        (["--verbose", "search", "--help"], .subcommand("search")),
        (["add", "serch"], .subcommand("add")),
    ] as [([String], CommandRoute)])
    func aSubcommandNameRunsThatCommandWithTheRootOptionsBeforeIt(arguments: [String], route: CommandRoute) {
        #expect(router.route(arguments) == route)
    }

    @Test(arguments: [
        (["--help"], CommandRoute.help),
        (["-h"], .help),
        (["--demo", "-help", "lists"], .help),
        (["--version"], .version),
        (["--demo", "--version"], .version),
        (["completion", "zsh"], .completion),
        (["--demo", "--generate-completion-script", "bash"], .completion),
        (["--experimental-dump-help"], .completion),
        // A shell asking for list names as someone presses Tab (issue 51).
        (["---completion", "add", "--", "--list", "3", "0", "trove", "add", "--list", ""], .completion),
    ] as [([String], CommandRoute)])
    func helpVersionAndCompletionAreDecidedBeforeAnythingRuns(arguments: [String], route: CommandRoute) {
        #expect(router.route(arguments) == route)
    }

    @Test(arguments: [
        // A bare query word is not a search: `trove milk` is refused, as before.
        (["milk"], CommandRoute.unknownCommand("milk", suggestion: nil)),
        (["serch", "milk"], .unknownCommand("serch", suggestion: "search")),
        (["--db", "x.db", "lsts"], .unknownCommand("lsts", suggestion: "lists")),
        // After `--` a word is text, even a command's name, and is never a command.
        (["--", "lists"], .unknownCommand("lists", suggestion: nil)),
        (["--demo", "--", "--help"], .unknownCommand("--help", suggestion: nil)),
        (["-"], .unknownCommand("-", suggestion: nil)),
        (["--fulscreen"], .unknownOption("--fulscreen", suggestion: "--fullscreen")),
        (["--hieght=8", "lists"], .unknownOption("--hieght", suggestion: "--height")),
        // Nothing close: ArgumentParser's own message, from whichever root the rest routes to.
        (["--zzzzzz"], .interactive),
        (["--zzzzzz", "lists"], .subcommand("lists")),
    ] as [([String], CommandRoute)])
    func anUnknownWordOrOptionIsRefusedWithTheNearestName(arguments: [String], route: CommandRoute) {
        #expect(router.route(arguments) == route)
    }

    @Test func theRouterKnowsEveryCommandAndEveryOptionWithAValueFromTheirDeclarations() {
        #expect(router.subcommands.contains("search") && router.subcommands.contains("completion"))
        #expect(router.subcommands.count == Trove.configuration.subcommands.count)
        #expect(router.valueOptions == ["--db", "--query", "--height", "--typos", "--word-forms", "--format", "--rank", "--color"])
        #expect(Set(router.options).isSuperset(of: ["--db", "--demo", "--verbose", "--fullscreen", "--preview", "--exact"]))
    }

    @Test func refusalsSayTheNearestNameInOneSentence() {
        #expect(CommandRoute.unknownCommand("serch", suggestion: "search").sentence
            == "'serch' is not a command; did you mean `trove search`? `trove --help` lists the commands.")
        #expect(CommandRoute.unknownOption("--fulscreen", suggestion: "--fullscreen").sentence
            == "trove has no option --fulscreen; did you mean --fullscreen?")
        #expect(CommandRoute.unknownCommand("milk", suggestion: nil).sentence == nil)
    }

    /// `trove add -- #12` keeps "#12" as title text: the words after `--` reach the command
    /// through the argument list `trove` hands it, not through the process's arguments.
    @Test func addIsHandedTheArgumentListItWasParsedFrom() throws {
        let arguments = ["add", "Fix", "--db", "x.db", "--", "#12", "^today"]
        let command = try Trove.parseAsRoot(arguments)
        let add = try #require(command as? Add)
        #expect(add.argumentList.isEmpty)
        #expect(Add.literalCount(arguments: arguments, words: add.words) == 2)
    }
}
