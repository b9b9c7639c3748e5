/// A terminal's size in character cells.
struct TerminalSize: Sendable, Hashable {
    var columns: Int
    var rows: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// What to assume when the size cannot be read.
    static let fallback = TerminalSize(columns: 80, rows: 24)
}
