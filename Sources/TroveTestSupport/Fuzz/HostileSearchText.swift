import TroveStore

/// Seeded hostile search text: random Unicode, FTS5 and SQL fragments, control characters.
///
/// ```swift
/// var text = HostileSearchText(seed: 7)
/// text.string()              // e.g. "NEAR(日本語 '); DROP TABLE reminders;--\u{0}"
/// text.long(bytes: 100_000)  // about 100 KB of the same
/// ```
public struct HostileSearchText: Sendable {
    /// TroveStore's seeded generator, so a failure replays.
    private var random: SplitMix64

    /// A generator whose texts depend only on `seed`, so a failure replays.
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { random.next() }

    /// A random number in `0..<n`.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Pieces of FTS5 and query-language syntax, quotes and odd characters that the texts are built from.
    public static let fragments = [
        "NEAR(", "NEAR(a b, 3)", " AND ", " OR ", " NOT ", "AND", "OR", "NOT", "\"", "\"\"", "*", "^", ":", "{title}:",
        "{title notes}:", "title:", "-", "--", "(", ")", "+", "'", "';", "'); DROP TABLE reminders;--", "\" OR 1=1 --",
        "%", "_", "\\", "!raw", "!like", "!fts", "!nope", "is:", "is:open", "-is:completed", "due:", "due:week",
        "due:2026-02-30", "due:..", "list:\"", "tag:", "#", "#home", "p:9", "in:", "in:title", "OR OR", "a OR",
        "milk", "walk", "dentist", "wal", "🎉", "👩‍👩‍👧", "e\u{301}", "\u{301}", "\u{0}", "\u{1}", "\u{1B}[0m", "\u{7F}",
        "\u{200B}", "\u{200F}", "\u{FEFF}", "\u{FFFD}", "日本語", "مرحبا", "Привет", "ﬃ", "İ", "ß", "\u{E000}",
        "\u{10FFFF}", "\t", "\n", "\r\n", " ", "  ", "*\"", "\"*", "^\"x\"", "NEAR(\"", "\"\u{0}\"",
    ]

    /// One string of up to `pieces` fragments and random scalars.
    public mutating func string(pieces: Int = 8) -> String {
        var text = ""
        for _ in 0..<(1 + below(pieces)) {
            switch below(4) {
            case 0, 1: text += HostileSearchText.fragments[below(HostileSearchText.fragments.count)]
            case 2: text.unicodeScalars.append(randomScalar())
            default: text += below(2) == 0 ? " " : ""
            }
        }
        return text
    }

    /// About `bytes` UTF-8 bytes of hostile text.
    public mutating func long(bytes: Int) -> String {
        var text = ""
        while text.utf8.count < bytes { text += string() + " " }
        return text
    }

    private mutating func randomScalar() -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x7FF, 0x300...0x36F, 0x4E00...0x9FFF, 0x1F300...0x1FAFF, 0...0x10FFFF]
        let range = ranges[below(ranges.count)]
        while true {
            let value = range.lowerBound + UInt32(below(Int(range.upperBound - range.lowerBound) + 1))
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }
}
