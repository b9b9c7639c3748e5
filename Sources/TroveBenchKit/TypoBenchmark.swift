import Foundation
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore

/// Typo candidates per keystroke: the in-memory trie a `SearchProvider` keeps
/// (``VocabularyCache``) beside the fts5vocab range scan a one-shot `trove search` does, on the
/// same misspelled words, and the settled answer of a misspelled search both ways.
///
/// The words are indexed words of 5 or more letters with one typo (two from 9 letters), never
/// on the first letter, drawn with a fixed seed; half are looked up as the word being typed.
public struct TypoBenchmark {
    public var path: String
    public var count: Int
    public var queries: Int
    public var seed: UInt64
    /// Where the database of a large synthetic vocabulary is cached.
    public var dataDirectory: String

    public init(path: String, count: Int, queries: Int, seed: UInt64, dataDirectory: String) {
        self.path = path
        self.count = count
        self.queries = queries
        self.seed = seed
        self.dataDirectory = dataDirectory
    }

    /// Distinct words in the large-vocabulary database: the generator's own vocabulary is a few
    /// thousand words at any size, where a real corpus of a million reminders holds hundreds
    /// of thousands.
    static let largeVocabulary = 200_000

    /// Misspelled words: (text, isPrefix).
    func words(from vocabulary: [String]) -> [(String, Bool)] {
        var random = SplitMix64(seed: seed ^ 0x7970_6F73)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let long = vocabulary.filter { word in
            word.count >= 5 && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
        }
        guard !long.isEmpty else { return [] }
        return (0..<queries).map { index in
            var word = Array(long[Int(random.next() % UInt64(long.count))])
            for _ in 0..<(word.count >= 9 ? 2 : 1) {
                let at = 1 + Int(random.next() % UInt64(word.count - 1))
                switch random.next() % 4 {
                case 0: word.remove(at: at)
                case 1: word.insert(letters[Int(random.next() % 26)], at: at)
                case 2: word[at] = letters[Int(random.next() % 26)]
                default: if at + 1 < word.count { word.swapAt(at, at + 1) } else { word.remove(at: at) }
                }
            }
            return (String(word), index % 2 == 1)
        }
    }

    public func run(into report: inout BenchReport) async throws {
        try await measure(path, label: "", into: &report)
        let large = try await largeVocabularyDatabase()
        try await measure(large, label: " — \(Format.count(Double(Self.largeVocabulary))) distinct words (synthetic)", into: &report)
    }

    /// Reminders of pseudo-words made of syllables, so that misspellings have neighbours, with
    /// about ``largeVocabulary`` distinct words; built once per schema version and kept in the
    /// data directory (a file of an older schema lacks columns the search reads).
    func largeVocabularyDatabase() async throws -> String {
        let path = "\(dataDirectory)/typo-vocabulary-\(seed)-schema\(Migrator().latestVersion).db"
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        var random = SplitMix64(seed: seed ^ 0x766F_6361_62)
        let onsets = Array("bcdfghjklmnprstvwz").map(String.init) + ["br", "ch", "cl", "dr", "fl", "gr", "pl", "sh", "st", "tr"]
        let vowels = ["a", "e", "i", "o", "u", "ai", "ea", "ou"]
        let codas = ["", "", "n", "r", "s", "t", "l", "m", "nd", "st"]
        var words: [String] = []
        var seen: Set<String> = []
        while words.count < Self.largeVocabulary {
            var word = ""
            for _ in 0..<(2 + Int(random.next() % 3)) {
                word += onsets[Int(random.next() % UInt64(onsets.count))] + vowels[Int(random.next() % UInt64(vowels.count))]
                    + codas[Int(random.next() % UInt64(codas.count))]
            }
            if word.count >= 5, seen.insert(word).inserted { words.append(word) }
        }
        // NB: every word twice (a typo candidate needs a document), in 50,000 reminders.
        let perReminder = 2 * words.count / 50_000
        let records = (0..<50_000).map { index in
            let start = index * perReminder / 2
            let own = (0..<perReminder).map { words[(start + $0) % words.count] }
            return ReminderRecord(title: own.prefix(4).joined(separator: " "), notes: own.dropFirst(4).joined(separator: " "))
        }
        let store = try await ReminderStore.open(path: path + ".partial")
        var reader = ArrayReader(records: records.makeIterator())
        _ = try await store.importRecords(&reader, source: "typo vocabulary")
        try await store.database.writeWithoutTransaction { db in try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        try FileManager.default.moveItem(atPath: path + ".partial", toPath: path)
        return path
    }

    private func measure(_ path: String, label: String, into report: inout BenchReport) async throws {
        let database = try SQLiteDatabase(path: path, readers: 2, options: .init(readOnly: true))
        let vocabulary: [String] = try await database.read { db in
            try db.fetchAll("SELECT \"term\" FROM \"reminders_vocab\" WHERE \"doc\" >= 2").map { try $0[0] }
        }
        let words = self.words(from: vocabulary)
        guard !words.isEmpty else {
            report.note("typo: no indexed word of 5 or more letters to misspell")
            return
        }
        let clock = ContinuousClock()
        let cache = VocabularyCache(database: database)
        let build = try await clock.measure { try await cache.buildNow() }
        let (wordCount, bytes) = cache.trieSize ?? (0, 0)
        report.add("Typo\(label)", "trie build from reminders_vocab (\(Format.count(Double(wordCount))) words, \(Format.mebibytes(bytes: bytes)))",
            trove: Format.ms(build.milliseconds), baseline: "", target: "background, once per index change")

        var trie: [Duration] = [], sql: [Duration] = [], mismatches = 0, found = 0
        let connection = try SQLConnection(path: path, options: .init(readOnly: true))
        for (word, isPrefix) in words {
            var fromTrie: [String] = [], fromSQL: [String] = []
            trie.append(clock.measure { fromTrie = cache.typoCandidates(for: word, isPrefix: isPrefix) ?? [] })
            sql.append(try clock.measure { fromSQL = try VocabularyCache.typoCandidatesFromSQL(for: word, isPrefix: isPrefix, on: connection) })
            if fromTrie != fromSQL { mismatches += 1 }
            if !fromTrie.isEmpty { found += 1 }
        }
        let trieStats = LatencyStats(trie), sqlStats = LatencyStats(sql)
        report.add("Typo\(label)", "candidates per word, p50 / p99 (\(words.count) misspelled words, half as the word being typed; \(found) with candidates)",
            trove: "trie: \(Format.pair(trieStats))", baseline: "fts5vocab first-letter range (one-shot path): \(Format.pair(sqlStats))",
            versus: Format.overheads(trieStats, over: sqlStats), target: "every keystroke: ≤ 1 ms")
        report.add("Typo\(label)", "trie and fts5vocab candidates that differ", trove: "\(mismatches) of \(words.count)", baseline: "", target: "0")

        var cached: [Duration] = [], plain: [Duration] = []
        for (word, isPrefix) in words.prefix(max(10, queries / 2)) {
            let request = SearchRequest(text: word + (isPrefix ? "" : " "), today: ReminderGenerator.pinnedToday, timeZone: .gmt)
            cached.append(try clock.measure { _ = try FTSEngine(vocabulary: cache).search(request, on: connection) })
            plain.append(try clock.measure { _ = try FTSEngine().search(request, on: connection) })
        }
        let cachedStats = LatencyStats(cached), plainStats = LatencyStats(plain)
        report.add("Typo\(label)", "settled search of a misspelled word (typo tier, did-you-mean), p50 / p99 (\(cached.count) words)",
            trove: "with the trie: \(Format.pair(cachedStats))", baseline: "one-shot, from SQL: \(Format.pair(plainStats))",
            versus: Format.overheads(cachedStats, over: plainStats))
    }
}

/// Records already in memory, as a ``ReminderReader``.
private struct ArrayReader: ReminderReader {
    var records: IndexingIterator<[ReminderRecord]>

    mutating func next() throws -> ReminderRecord? { records.next() }
    var warnings: [String] { [] }
}
