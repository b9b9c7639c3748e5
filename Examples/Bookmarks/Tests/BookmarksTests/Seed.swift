@testable import Bookmarks
import Foundation

/// A moment on a given day of March 2026, UTC.
func march(_ day: Int) -> Date {
    Date(timeIntervalSince1970: 1_772_323_200 + Double((day - 1) * 86_400))
}

/// Four bookmarks, ids 1 to 4.
func seeded() async throws -> Bookmarks {
    let app = try await Bookmarks()
    for bookmark in [
        Bookmark(id: 1, url: "https://swift.org/blog/swift-testing", title: "Swift Testing", notes: "parameterized tests",
                 folder: "Reading", createdAt: march(1), visitCount: 3),
        Bookmark(id: 2, url: "https://sqlite.org/fts5.html", title: "SQLite FTS5", notes: "full text search in SQLite; bm25 ranking",
                 folder: "Reading", createdAt: march(2), visitCount: nil),
        Bookmark(id: 3, url: "https://example.com/macros", title: "Writing Swift macros", notes: "swift-syntax and expansion tests",
                 folder: "Work", createdAt: march(3), visitCount: 12),
        Bookmark(id: 4, url: "https://example.com/bread", title: "Sourdough", notes: "feed the starter the night before",
                 folder: nil, createdAt: march(4), visitCount: nil),
    ] {
        try await app.add(bookmark)
    }
    return app
}
