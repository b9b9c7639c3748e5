// MARK: task search — a SearchIndex over the bookmarks table: ranked hits, highlights, snippets, facets.
public import Trove

extension Bookmarks {
    /// Titles count ten times the notes; `folder:` and `added:` filter; folders are counted.
    static func makeIndex() throws -> SearchIndex {
        try SearchIndex(
            table: "bookmarks", key: "id", fields: [.init("title", weight: 10), .init("notes"), .init("url")],
            filters: ["folder": .text("folder"), "added": .date("created_at")], facets: ["folder"])
    }

    /// `swift folder:Reading`, `"full text" -folder:work`: hits with `highlighted["title"]` and `snippet`.
    public func search(_ text: String, limit: Int = 20) async throws -> IndexResultSet {
        try await index.search(text, in: database, limit: limit)
    }
}
