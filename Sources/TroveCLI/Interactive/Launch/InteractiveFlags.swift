import ArgumentParser
import Foundation
import TroveSearch

/// The options of the interactive search, shared by `trove` alone and `trove search -i`.
///
/// > Important: ArgumentParser parses the root command's options on every command line, also
/// > when a subcommand runs, so `trove import - --format todotxt` hands "todotxt" to the root's
/// > `--format` too. These options are therefore read as plain text and checked only when the
/// > interactive search starts (``options(environment:)``), and none has a short name that a
/// > subcommand might use differently.
struct InteractiveFlags: ParsableArguments {
    /// What `--format` accepts for the line Enter prints.
    enum Format: String, CaseIterable {
        case text, json

        var selectionFormat: SelectionFormat { self == .json ? .json : .plain }
    }

    @Option(help: ArgumentHelp("Start the interactive search with this query typed.", valueName: "text"))
    var query: String?

    @Option(help: ArgumentHelp("Lines to use below the prompt, inline (at least 3).", valueName: "n"))
    var height: String?

    @Flag(help: "Use the whole screen (the alternate screen) instead of drawing inline.")
    var fullscreen = false

    @Flag(help: "Start with the preview pane open (the whole selected reminder; Ctrl-/ toggles it).")
    var preview = false

    @Flag(help: "Match whole words only: the last word typed is not a prefix (word* still is).")
    var exact = false

    @Option(help: ArgumentHelp("on or off: whether words with a typo also match, after the exact matches.", valueName: "on|off"))
    var typos: String?

    @Option(help: ArgumentHelp("What Enter prints: `text` (id<TAB>title) or `json` (one object).", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("What orders the results: trove (Trove's ranking), bm25 or bm25-mixed.", valueName: "ranking"))
    var rank: String?

    @Option(name: .customLong("color"), help: ArgumentHelp(
        "Colour the interactive screen: auto (unless NO_COLOR is set or TERM=dumb), always, never.",
        valueName: "when"))
    var color: String?

    /// The session's options, reading NO_COLOR, TERM and TROVE_TRACE_LATENCY from `environment`.
    /// - Throws: `ValidationError` for a height below 3 or an unknown format or colour choice.
    func options(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> InteractiveOptions {
        let height = try height.map { text in
            guard let lines = Int(text), lines >= 3 else {
                throw ValidationError("--height must be a number of lines, at least 3 (the prompt, the counts and one result); got \"\(text)\".")
            }
            return lines
        } ?? 15
        let format = try Self.choice(format, for: "--format", default: Format.text)
        let color = try Self.choice(color, for: "--color", default: ColorChoice.auto)
        let typos = try Self.choice(typos, for: "--typos", default: TypoOption.on)
        // NB: the screen is always a terminal (/dev/tty), whatever stdout is.
        let colour = color.isEnabled(isTerminal: true, environment: environment)
        var options = InteractiveOptions(
            height: height, fullscreen: fullscreen, colour: colour, format: format.selectionFormat, exact: exact,
            typos: typos.tolerance,
            latencyTracePath: environment["TROVE_TRACE_LATENCY"].flatMap { $0.isEmpty ? nil : $0 })
        if let rank {
            guard let ranking = SearchRanking(name: rank.lowercased()) else {
                throw ValidationError("--rank \"\(rank)\" is not valid: use one of \(SearchRanking.names.joined(separator: ", ")).")
            }
            options.ranking = ranking
        }
        options.preview = preview
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
