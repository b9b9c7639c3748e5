// MARK: task typed fetch, before @SQLRecord — the same fetch into the hand-written declaration.
public import Trove

extension Bookmarks {
    public func titledByHand(_ word: String) async throws -> [BookmarkByHand] {
        try await database.fetchAll(BookmarkByHand.where { $0.title.contains(word) }.order { $0.createdAt.desc() }, as: BookmarkByHand.self)
    }
}
