import ArgumentParser
import Foundation

/// The options of the interactive search, shared by `trove` alone and `trove search -i`.
struct InteractiveFlags: ParsableArguments {
    /// What `--color` accepts, as in `ls` and `rg`.
    enum ColorWhen: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    /// What `--format` accepts for the line Enter prints.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json

        var selectionFormat: SelectionFormat { self == .json ? .json : .plain }
    }

    @Option(name: [.short, .long], help: ArgumentHelp("Start with this query typed.", valueName: "text"))
    var query: String?

    @Option(help: ArgumentHelp("Lines to use below the prompt, inline (at least 3).", valueName: "n"))
    var height: Int = 15

    @Flag(help: "Use the whole screen (the alternate screen) instead of drawing inline.")
    var fullscreen = false

    @Option(help: ArgumentHelp("What Enter prints: `text` (id<TAB>title) or `json` (one object).", valueName: "format"))
    var format: Format = .text

    @Option(name: .customLong("color"), help: ArgumentHelp(
        "Colour the interactive screen: auto (unless NO_COLOR is set or TERM=dumb), always, never.",
        valueName: "when"))
    var color: ColorWhen = .auto

    func validate() throws {
        guard height >= 3 else {
            throw ValidationError("--height must be at least 3: the prompt, the counts and one result.")
        }
    }

    /// The session's options, reading NO_COLOR, TERM and TROVE_TRACE_LATENCY from `environment`.
    func options(environment: [String: String] = ProcessInfo.processInfo.environment) -> InteractiveOptions {
        let colour = switch color {
        case .auto: InteractiveOptions.colourDefault(environment: environment)
        case .always: true
        case .never: false
        }
        return InteractiveOptions(
            height: height, fullscreen: fullscreen, colour: colour, format: format.selectionFormat,
            latencyTracePath: environment["TROVE_TRACE_LATENCY"].flatMap { $0.isEmpty ? nil : $0 })
    }
}
