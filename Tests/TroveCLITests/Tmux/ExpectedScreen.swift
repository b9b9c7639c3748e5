import Foundation
@testable import TroveCLI
import TroveSearch
import TroveStore

/// What the interactive screen should show for a query, computed without the terminal: the
/// search library's answer on the same database, mapped and drawn as the program does.
enum ExpectedScreen {
    /// A database file holding `seed-data/`, made with the CLI itself.
    static func seededDatabase(in folder: TemporaryFolder) throws -> String {
        let db = folder.path("t.db")
        let created = try TroveProcess.run(["init", "--db", db])
        let imported = try TroveProcess.run(["import", "--db", db, seedFile.path])
        guard created.status == 0, imported.status == 0 else {
            throw TmuxFailure(message: "could not seed \(db): \(created.stderr)\(imported.stderr)")
        }
        return db
    }

    /// The library's settled page for `query`, as the session shows it once the search is done.
    static func page(db: String, query: String, includeCompleted: Bool = false) async throws -> ResultPage {
        let store = try await ReminderStore.open(path: db, readOnly: true)
        let search = InteractiveSearch.function(provider: try SearchProvider(database: store.database))
        // NB: the settled page: a provisional one (a sample, or the exact matches while typo
        // matches are looked for) is replaced on screen as soon as it settles.
        for try await page in search(.init(text: query, includeCompleted: includeCompleted)) where !page.isProvisional { return page }
        throw TmuxFailure(message: "no results came for \(query)")
    }

    /// The frame's lines, trailing spaces removed as `capture-pane -p` removes them.
    static func frame(
        for page: ResultPage, query: String, columns: Int = 100, rows: Int = 30, height: Int = 15, selected: Int = 0
    ) -> [String] {
        var state = InteractiveState(size: TerminalSize(columns: columns, rows: rows), mode: .inline(height: height), query: query)
        _ = state.handle(.start)
        _ = state.handle(.results(page, generation: state.generation, elapsed: .zero))
        for _ in 0..<selected { _ = state.handle(.key(.down)) }
        return ScreenRenderer(palette: .plain).frame(for: state).lines.map(trimmed)
    }

    /// The whole pane: the frame from the top, then blank rows.
    static func screen(
        db: String, query: String, columns: Int = 100, rows: Int = 30, height: Int = 15
    ) async throws -> [String] {
        let page = try await page(db: db, query: query)
        let lines = frame(for: page, query: query, columns: columns, rows: rows, height: height)
        return lines + Array(repeating: "", count: rows - lines.count)
    }

    static func trimmed(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }
}
