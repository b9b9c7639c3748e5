// MARK: task typed fetch — the builder's select, decoded as the app's own struct.
public import Trove

extension Bookmarks {
    /// The bookmarks whose title contains `word`, newest first.
    public func titled(_ word: String) async throws -> [Bookmark] {
        try await database.fetchAll(Bookmark.where { $0.title.contains(word) }.order { $0.createdAt.desc() }, as: Bookmark.self)
    }
}
