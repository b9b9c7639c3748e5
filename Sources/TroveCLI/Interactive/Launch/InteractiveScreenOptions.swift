import ArgumentParser
import TroveSearch

/// How the interactive search draws its screen: declared once, for `trove` alone and for
/// `trove search -i`.
///
/// ```sh
/// trove --height 8 --preview
/// trove search -i dent --fullscreen
/// ```
///
/// NB: `--height` is read as text and checked by ``lines()``, so both commands refuse a bad
/// one with the same sentence.
struct InteractiveScreenOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Lines to use below the prompt, inline (at least 3).", valueName: "n"))
    var height: String?

    @Flag(help: "Use the whole screen (the alternate screen) instead of drawing inline.")
    var fullscreen = false

    @Flag(help: "Start with the preview pane open (the whole selected reminder; Ctrl-/ toggles it).")
    var preview = false

    /// `--height`, or 15.
    /// - Throws: `ValidationError` for anything but a number of at least 3.
    func lines() throws -> Int {
        guard let height else { return 15 }
        guard let lines = Int(height), lines >= 3 else {
            throw ValidationError("--height must be a number of lines, at least 3 (the prompt, the counts and one result); got \"\(height)\".")
        }
        return lines
    }

    /// The session's options: this screen with the search's own choices, reading NO_COLOR,
    /// TERM and TROVE_TRACE_LATENCY from `environment`.
    /// - Throws: `ValidationError` for a bad `--height`.
    func options(
        color: ColorChoice, format: SelectionFormat, exact: Bool, typos: TypoTolerance, ranking: SearchRanking,
        environment: [String: String]
    ) throws -> InteractiveOptions {
        // NB: the screen is always a terminal (/dev/tty), whatever stdout is.
        var options = InteractiveOptions(
            height: try lines(), fullscreen: fullscreen, colour: color.isEnabled(isTerminal: true, environment: environment),
            format: format, exact: exact, typos: typos,
            latencyTracePath: environment["TROVE_TRACE_LATENCY"].flatMap { $0.isEmpty ? nil : $0 })
        options.ranking = ranking
        options.preview = preview
        return options
    }
}
