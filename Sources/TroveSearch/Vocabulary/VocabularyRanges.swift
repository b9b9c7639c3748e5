import Synchronization
import TroveQuery
import TroveSQLite

/// One search's reads of the vocabulary, a first letter's range at a time, so that the typo
/// tier and did-you-mean, which both want the range of a word's first letter, read it once.
///
/// ```swift
/// let ranges = VocabularyRanges()
/// try ranges.words(startingWith: "d", on: db)   // SELECT "term", "doc" FROM "reminders_vocab" WHERE "term" >= 'd' AND "term" < 'e'
/// try ranges.words(startingWith: "d", on: db)   // the same rows, unread: the index did not change
/// ```
///
/// NB: fts5vocab walks the doclist of every word in the range to count its reminders: ~3 ms
/// for one letter at 100,000 reminders, the largest part of a search whose words match
/// nothing. The rows are kept only while the index's structure record (``VocabularyCache``'s
/// version, a point read) is the one they were read at.
final class VocabularyRanges: Sendable {
    private struct State {
        var version: [UInt8]?
        var words: [Unicode.Scalar: [VocabularyWord]] = [:]
    }

    private let state = Mutex(State())
    /// The tables read: the reminders' unless a search index's.
    let tables: VocabularyTables

    init(tables: VocabularyTables = .reminders) {
        self.tables = tables
    }

    /// One indexed word and the reminders that hold it.
    struct VocabularyWord: Sendable {
        var term: String
        var documents: Int
    }

    /// Every indexed word starting with `first`, in order, with its reminder count.
    func words(startingWith first: Unicode.Scalar, on db: SQLConnection) throws -> [VocabularyWord] {
        let version = try VocabularyCache.version(on: db, tables: tables)
        if let kept = state.withLock({ $0.version == version ? $0.words[first] : nil }) { return kept }
        let words = try db.fetchAll(SQLVocabulary.range(startingWith: first, in: tables)).map { row in
            VocabularyWord(term: try row[0], documents: try row[1])
        }
        state.withLock { state in
            if state.version != version { state = State(version: version) }
            state.words[first] = words
        }
        return words
    }
}
