// Not one of the counted tasks: how the tests and the app put a bookmark in.
public import Trove

extension Bookmarks {
    /// Inserts `bookmark` (its id included) through the builder's typed columns.
    public func add(_ bookmark: Bookmark) async throws {
        try await database.write { db in
            try db.execute(Bookmark.insert {
                $0.id.set(bookmark.id); $0.url.set(bookmark.url); $0.title.set(bookmark.title)
                $0.notes.set(bookmark.notes); $0.folder.set(bookmark.folder)
                $0.createdAt.set(bookmark.createdAt); $0.visitCount.set(bookmark.visitCount)
            })
        }
    }
}
