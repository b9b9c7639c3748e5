/// Draws each class's queries deterministically from the data: the index's vocabulary, the
/// titles of reminders in the database, and its list names.
///
/// ```swift
/// let classes = QueryClasses(titles: ["Buy oat milk"], vocabulary: words, lists: ["Work"], seed: 1, perClass: 100)
/// classes.queries[.phrase]?.first   // "\"buy oat\""
/// classes.queries[.filterOnly]?.first   // "is:flagged list:Work"
/// ```
///
/// The same inputs and seed always give the same queries. A class with fewer distinct
/// queries than `perClass` (there are only so many 1-letter prefixes) repeats them in turn;
/// ``distinct`` says how many there were.
public struct QueryClasses: Sendable {
    public private(set) var queries: [QueryClass: [BenchQuery]] = [:]

    /// Drops every class but `queryClass` (`trove-bench run --query-class`).
    public mutating func keepOnly(_ queryClass: QueryClass) {
        queries = queries.filter { $0.key == queryClass }
    }

    /// - Parameters:
    ///   - titles: Titles of reminders in the database; pairs of their words make the
    ///     two-word and phrase queries.
    ///   - vocabulary: The index's words with document counts.
    ///   - lists: The database's list names; ones with a space or quote are skipped.
    ///   - seed: Picks and orders the queries.
    ///   - perClass: How many queries each class gets.
    public init(titles: [String], vocabulary: [VocabularyWord], lists: [String], seed: UInt64, perClass: Int) {
        var random = BenchRandom(seed: seed)
        let words = vocabulary.filter { $0.term.count >= 2 && $0.term.allSatisfy(\.isLetter) }
            .sorted { ($0.documents, $1.term) > ($1.documents, $0.term) }
        let known = Set(vocabulary.map(\.term))
        let common = Array(words.prefix(200)).map(\.term)
        let pairs = titles.map(Self.words).flatMap { words in
            zip(words, words.dropFirst()).filter { $0 != $1 }.map { [$0, $1] }
        }
        let filters = Self.filters(lists: lists.filter { $0.allSatisfy { $0.isLetter } }, random: &random)

        func take(_ candidates: [BenchQuery], shuffle: Bool = true) -> [BenchQuery] {
            var seen = Set<BenchQuery>()
            let unique = candidates.filter { seen.insert($0).inserted }
            let ordered = shuffle ? random.shuffled(unique) : unique
            guard !ordered.isEmpty else { return [] }
            return (0..<perClass).map { ordered[$0 % ordered.count] }
        }

        let terms = words.map(\.term)
        queries[.prefix1] = take(terms.map { BenchQuery(String($0.prefix(1)), typing: true) })
        queries[.prefix2] = take(terms.map { BenchQuery(String($0.prefix(2)), typing: true) })
        queries[.prefix3] = take(terms.filter { $0.count >= 4 }.map { term in
            BenchQuery(String(term.prefix(3 + Int(term.utf8.count) % (term.count - 3))), typing: true)
        })
        queries[.twoWords] = take(pairs.map { BenchQuery("\($0[1]) \($0[0])") })
        queries[.phrase] = take(pairs.map { BenchQuery("\"\($0[0]) \($0[1])\"") })
        queries[.filterOnly] = [BenchQuery("is:flagged list:Work")] + take(filters.map { BenchQuery($0) }).dropLast()
        queries[.filterText] = take(filters.prefix(50).flatMap { filter in
            common.prefix(20).map { BenchQuery("\(filter) \($0)") }
        })
        let rare = words.filter { $0.documents > 0 }.sorted { ($0.documents, $0.term) < ($1.documents, $1.term) }
        queries[.rare] = take(rare.prefix(max(perClass, 1)).map { BenchQuery($0.term) })
        queries[.noHit] = take(terms.prefix(perClass * 2).map { $0 + "qx" }.filter { !known.contains($0) }.map { BenchQuery($0) })
    }

    /// How many different queries a class holds.
    public func distinct(_ queryClass: QueryClass) -> Int {
        Set(queries[queryClass] ?? []).count
    }

    /// Lower-cased runs of letters.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 2 }
    }

    /// Status and list filters, with some tags, in a seeded order.
    static func filters(lists: [String], random: inout BenchRandom) -> [String] {
        let statuses = ["is:flagged", "is:open", "is:completed", "-is:flagged", "p:high"]
        let tags = ["", " tag:errand", " tag:call", " tag:urgent", " tag:home"]
        var all: [String] = []
        for list in lists {
            for status in statuses {
                for tag in tags { all.append("\(status) list:\(list)\(tag)") }
            }
        }
        return random.shuffled(all)
    }
}
