import Foundation
import TroveSearch

/// How the interactive search looks and behaves; the CLI fills it from its flags.
///
/// ```swift
/// InteractiveOptions(height: 12, fullscreen: false, colour: InteractiveOptions.colourDefault(), format: .json)
/// ```
struct InteractiveOptions: Sendable {
    /// Lines used below the prompt in inline mode, like fzf's `--height`.
    var height: Int
    /// Use the alternate screen instead of drawing inline.
    var fullscreen: Bool
    /// ANSI colours and bold; off for NO_COLOR.
    var colour: Bool
    /// How Enter prints the chosen reminder.
    var format: SelectionFormat
    /// Only starred words are prefixes (`--exact`), as `trove search --exact` reads its query.
    var exact: Bool
    /// Whether typo matches follow the exact ones (`--typos off` turns them off).
    var typos: TypoTolerance
    /// When to wait before searching once queries are slow.
    var debounce: AdaptiveDebounce
    /// How long a lone Esc waits for the rest of a possible escape sequence.
    var escapeTimeout: Duration
    /// Where to log keystroke-to-screen latency (`TROVE_TRACE_LATENCY`); nil for no log.
    var latencyTracePath: String?
    /// Whether a word's other English forms match after the exact ones (`--word-forms off`
    /// turns them off).
    var wordForms: WordFormMatching = .on
    /// What orders the hits: `--rank`.
    var ranking: SearchRanking = .trove
    /// Start with the preview pane open: `--preview`.
    var preview = false

    init(
        height: Int = 15,
        fullscreen: Bool = false,
        colour: Bool = true,
        format: SelectionFormat = .plain,
        exact: Bool = false,
        typos: TypoTolerance = .on,
        debounce: AdaptiveDebounce = .init(),
        escapeTimeout: Duration = .milliseconds(25),
        latencyTracePath: String? = nil
    ) {
        self.height = height
        self.fullscreen = fullscreen
        self.colour = colour
        self.format = format
        self.exact = exact
        self.typos = typos
        self.debounce = debounce
        self.escapeTimeout = escapeTimeout
        self.latencyTracePath = latencyTracePath
    }

    var mode: ScreenLayout.Mode { fullscreen ? .fullscreen : .inline(height: height) }

    /// Colour unless NO_COLOR is set to anything non-empty (no-color.org) or TERM is "dumb".
    static func colourDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        ColorChoice.auto.isEnabled(isTerminal: true, environment: environment)
    }
}
