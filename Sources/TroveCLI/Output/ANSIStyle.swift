/// The few SGR sequences `trove search` colours text with.
///
/// ```swift
/// ANSIStyle.dim.wrap("…notes…")   // "\u{1B}[2m…notes…\u{1B}[22m"
/// ```
struct ANSIStyle: Hashable, Sendable {
    var on: String
    var off: String

    static let bold = ANSIStyle(on: "\u{1B}[1m", off: "\u{1B}[22m")
    static let dim = ANSIStyle(on: "\u{1B}[2m", off: "\u{1B}[22m")
    /// What a match looks like: bold yellow.
    static let match = ANSIStyle(on: "\u{1B}[1;33m", off: "\u{1B}[22;39m")
    static let red = ANSIStyle(on: "\u{1B}[31m", off: "\u{1B}[39m")
    static let green = ANSIStyle(on: "\u{1B}[32m", off: "\u{1B}[39m")
    static let cyan = ANSIStyle(on: "\u{1B}[36m", off: "\u{1B}[39m")

    func wrap(_ text: String) -> String {
        text.isEmpty ? text : on + text + off
    }
}
