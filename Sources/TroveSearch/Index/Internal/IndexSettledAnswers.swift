import Synchronization

/// The final answers a live typing stream over a ``SearchIndex`` has given, each kept while the
/// data is as it was searched: typing back to an earlier text (`brea` → `bread` → `brea`) shows
/// its answer at once, with no provisional one before it, as ``SearchProvider`` does for the
/// reminders (``SettledAnswers``, keyed by the text and the watcher's token read before its
/// search).
final class IndexSettledAnswers: Sendable {
    private let answers: Mutex<SettledAnswers<String, IndexResultSet, ChangeWatcher.Token>>

    /// How many texts' answers a stream keeps, as ``SearchProvider``'s default.
    static let capacity = 32

    init(capacity: Int = IndexSettledAnswers.capacity) {
        answers = Mutex(SettledAnswers(capacity: capacity))
    }

    func value(for text: String, at token: ChangeWatcher.Token) -> IndexResultSet? {
        answers.withLock { $0.value(for: text, at: token) }
    }

    func insert(_ answer: IndexResultSet, for text: String, at token: ChangeWatcher.Token) {
        answers.withLock { $0.insert(answer, for: text, at: token) }
    }
}
