import ArgumentParser
import Foundation
import TroveSearch

/// The options of `trove` alone: the interactive search's.
///
/// The screen's options are ``InteractiveScreenOptions``, which `trove search -i` shares.
///
/// NB: read as plain text and checked only when the search starts (``options(environment:)``),
/// with sentences that name the choices; this dates from when they were the root command's
/// options, which ArgumentParser parsed on every command line (`trove import --format todotxt`
/// handed "todotxt" to them too). ``CommandRouter`` now sends them only lines without a subcommand.
struct InteractiveFlags: ParsableArguments {
    /// What `--format` accepts for the line Enter prints.
    enum Format: String, CaseIterable {
        case text, json, jsonl

        var selectionFormat: SelectionFormat {
            switch self {
            case .text: .plain
            case .json: .json
            case .jsonl: .jsonl
            }
        }
    }

    @Option(help: ArgumentHelp("Start the interactive search with this query typed.", valueName: "text"))
    var query: String?

    @OptionGroup var screen: InteractiveScreenOptions

    @Flag(help: "Match whole words only: the last word typed is not a prefix (word* still is).")
    var exact = false

    @Option(help: ArgumentHelp("on or off: whether words with a typo also match, after the exact matches.", valueName: "on|off"))
    var typos: String?

    @Option(name: .customLong("word-forms"), help: ArgumentHelp(
        "on or off: whether a word's English plural, -ing and -ed forms also match, after the exact matches.",
        valueName: "on|off"))
    var wordForms: String?

    @Option(help: ArgumentHelp(
        "What Enter prints: `text` (id<TAB>title lines), `json` (always one array) or `jsonl` (one object a line).",
        valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("What orders the results: trove (Trove's ranking), bm25 or bm25-mixed.", valueName: "ranking"))
    var rank: String?

    @Option(name: .customLong("color"), help: ArgumentHelp(
        "Colour the interactive screen: auto (unless NO_COLOR is set or TERM=dumb), always, never.",
        valueName: "when"))
    var color: String?

    /// The session's options, reading NO_COLOR, TERM and TROVE_TRACE_LATENCY from `environment`.
    /// - Throws: `ValidationError` for a height below 3 or an unknown format, colour, typo or
    ///   word-form or ranking choice.
    func options(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> InteractiveOptions {
        _ = try screen.lines()
        let format = try Self.choice(format, for: "--format", default: Format.text)
        let color = try Self.choice(color, for: "--color", default: ColorChoice.auto)
        let typos = try Self.choice(typos, for: "--typos", default: TypoOption.on)
        let wordForms = try Self.choice(wordForms, for: "--word-forms", default: WordFormOption.on)
        var ranking = SearchRanking.trove
        if let rank {
            guard let named = SearchRanking(name: rank.lowercased()) else {
                throw ValidationError("--rank \"\(rank)\" is not valid: use one of \(SearchRanking.names.joined(separator: ", ")).")
            }
            ranking = named
        }
        var options = try screen.options(
            color: color, format: format.selectionFormat, exact: exact, typos: typos.tolerance, ranking: ranking,
            environment: environment)
        options.wordForms = wordForms.matching
        return options
    }

    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ text: String?, for option: String, default fallback: Choice
    ) throws -> Choice where Choice.RawValue == String {
        guard let text else { return fallback }
        guard let value = Choice(rawValue: text.lowercased()) else {
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\(option) \"\(text)\" is not valid: use one of \(names).")
        }
        return value
    }
}
