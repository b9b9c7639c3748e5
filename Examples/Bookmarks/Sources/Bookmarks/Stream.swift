// MARK: task stream — search as you type: the latest text wins, an older search is cancelled.
public import Trove

extension Bookmarks {
    public func results<Texts: AsyncSequence & Sendable>(
        for texts: Texts
    ) -> AsyncThrowingStream<IndexResultSet, any Error> where Texts.Element == String {
        index.results(for: texts, in: database)
    }
}
