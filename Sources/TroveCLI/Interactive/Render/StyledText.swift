/// One screen line as styled segments, measured and cut by display width before it is turned
/// into bytes, so that escape codes never count towards the width.
///
/// ```swift
/// var line = StyledText()
/// line.append("Buy ", .plain)
/// line.append("milk", .match)
/// line.rendered(.plain)        // "Buy milk"
/// line.rendered(.colour)       // "Buy \u{1B}[1;33mmilk\u{1B}[0m"
/// line.rendered(.monochrome)   // "Buy \u{1B}[1;4mmilk\u{1B}[0m": NO_COLOR forbids colour, not emphasis
/// ```
struct StyledText: Sendable, Hashable {
    /// How styles become bytes.
    enum Palette: Sendable, Hashable {
        /// Colours, bold and dim.
        case colour
        /// No colour (NO_COLOR, `--color never`): bold, dim and underline only, so that matches
        /// still stand out, in bold and underlined.
        case monochrome
        /// No escape codes at all: the text as `tmux capture-pane -p` reads it back.
        case plain
    }

    /// SGR attributes of a segment.
    struct Style: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        static let bold = Style(rawValue: 1 << 0)
        static let dim = Style(rawValue: 1 << 1)
        static let yellow = Style(rawValue: 1 << 2)
        static let cyan = Style(rawValue: 1 << 3)
        static let red = Style(rawValue: 1 << 4)
        static let underline = Style(rawValue: 1 << 5)
        /// Underlined when there is no colour to tell the text apart.
        static let underlineWithoutColour = Style(rawValue: 1 << 6)
        static let magenta = Style(rawValue: 1 << 7)

        static let plain: Style = []
        /// Characters that matched the query: bold yellow, or bold and underlined without colour.
        static let match: Style = [.bold, .yellow, .underlineWithoutColour]
        /// Secondary text: list, tags, due date, snippets, counts.
        static let secondary: Style = [.dim]
        /// The selection marker.
        static let marker: Style = [.bold, .cyan]

        /// `ESC [ … m` for these attributes in `palette`; empty for plain.
        func sgr(_ palette: Palette) -> String {
            guard palette != .plain else { return "" }
            let colour = palette == .colour
            var codes: [String] = []
            if contains(.bold) { codes.append("1") }
            if contains(.dim) { codes.append("2") }
            if contains(.underline) || (!colour && contains(.underlineWithoutColour)) { codes.append("4") }
            if colour {
                if contains(.red) { codes.append("31") }
                if contains(.yellow) { codes.append("33") }
                if contains(.magenta) { codes.append("35") }
                if contains(.cyan) { codes.append("36") }
            }
            return codes.isEmpty ? "" : "\u{1B}[\(codes.joined(separator: ";"))m"
        }
    }

    struct Segment: Sendable, Hashable {
        var text: String
        var style: Style
    }

    private(set) var segments: [Segment] = []

    init() {}

    init(_ text: String, _ style: Style = .plain) {
        append(text, style)
    }

    /// Adds text; control characters (newlines in notes, stray escapes in data) become spaces
    /// so that data can never move the cursor.
    mutating func append(_ text: String, _ style: Style = .plain) {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.isControl ? " " : $0 }))
        guard !clean.isEmpty else { return }
        if let last = segments.last, last.style == style {
            segments[segments.count - 1].text += clean
        } else {
            segments.append(Segment(text: clean, style: style))
        }
    }

    mutating func append(_ other: StyledText) {
        for segment in other.segments { append(segment.text, segment.style) }
    }

    /// Adds highlighted runs, matches in `match` style added to `base`.
    mutating func append(_ text: HighlightedText, base: Style) {
        for run in text.runs { append(run.text, run.isMatch ? base.union(.match) : base) }
    }

    var width: Int { segments.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    var plain: String { segments.map(\.text).joined() }

    /// Cuts to `width` columns with '…' when cut, as `DisplayWidth.truncate`.
    func truncated(to width: Int) -> StyledText {
        guard self.width > width else { return self }
        guard width > 0 else { return StyledText() }
        var result = StyledText()
        var left = width - 1
        var lastStyle = Style.plain
        for segment in segments {
            lastStyle = segment.style
            let segmentWidth = DisplayWidth.of(segment.text)
            if segmentWidth <= left {
                result.append(segment.text, segment.style)
                left -= segmentWidth
                continue
            }
            var kept = ""
            for character in segment.text {
                let next = DisplayWidth.of(character)
                if next > left { break }
                kept.append(character)
                left -= next
            }
            result.append(kept, segment.style)
            break
        }
        result.append("…", lastStyle)
        return result
    }

    /// Pads with spaces on the right to exactly `width` columns (cutting first if wider).
    func padded(to width: Int) -> StyledText {
        var result = truncated(to: width)
        let missing = width - result.width
        if missing > 0 { result.append(String(repeating: " ", count: missing)) }
        return result
    }

    /// The bytes for the terminal: SGR codes around styled segments, as `palette` allows.
    func rendered(_ palette: Palette) -> String {
        guard palette != .plain else { return plain }
        return segments.map { segment in
            let sgr = segment.style.sgr(palette)
            return sgr.isEmpty ? segment.text : sgr + segment.text + "\u{1B}[0m"
        }.joined()
    }
}
