/// The ranked word, list and tag tables `ReminderGenerator` samples from, built once.
///
/// Every table is Zipf-weighted by rank (`WeightedTable.zipf`): the first entry is the most
/// common, the second half as common, the tenth a tenth as common.
struct GeneratorTables: Sendable {
    static let shared = GeneratorTables()

    /// A ranked list of words with their capitalised forms, for the start of a title or sentence.
    struct Ranked: Sendable {
        let words: [String]
        let capitalised: [String]
        /// `words` and `capitalised` as UTF-8, for assembling notes byte by byte.
        let wordBytes: UTF8Pool
        let capitalisedBytes: UTF8Pool
        let table: WeightedTable

        init(_ words: [String]) {
            var seen = Set<String>()
            self.words = words.filter { seen.insert($0).inserted }
            capitalised = self.words.map { word in
                // NB: `Character.uppercased()` uses Unicode's default mapping, not the locale.
                guard let first = word.first else { return word }
                return first.uppercased() + word.dropFirst()
            }
            wordBytes = UTF8Pool(self.words)
            capitalisedBytes = UTF8Pool(capitalised)
            table = .zipf(count: self.words.count)
        }
    }

    let verbs = Ranked(Vocabulary.verbs)
    let nouns: Ranked
    let others = Ranked(Vocabulary.others)
    /// Everything, ranked as running text: common function words first, then a mix.
    let text: Ranked
    let articles = Ranked(["the", "a", "my", "our", "new", "some"])
    let prepositions = Ranked(["for", "with", "about", "at", "before", "after", "from", "on", "to"])

    /// List names, the most used first; one has a space and one an apostrophe.
    let lists = Ranked([
        "Home", "Work", "Groceries", "Errands", "Family", "Health", "Finance", "Travel",
        "Reading", "Home Office", "Garden", "Kids' School",
    ])

    /// Tags, lower case so that distinct also means distinct case-insensitively.
    let tags = Ranked([
        "errand", "call", "email", "urgent", "weekend", "kids", "home", "work", "shopping",
        "bills", "car", "garden", "doctor", "school", "books", "tax", "travel", "birthday",
        "waiting", "someday", "online", "phone", "health", "later",
    ])

    /// The words `distinctTags` names are made of (`oak7`): the nouns, lower case, letters only,
    /// so that each name is one token the index holds as the tag.
    let tagNameWords: [String]

    init() {
        // NB: the international words go in among the nouns at spaced ranks (40, 65, 90, …)
        // so that each is uncommon but all of them turn up in any large sample.
        var nouns = Vocabulary.nouns
        for (offset, word) in Vocabulary.international.enumerated().reversed() {
            nouns.insert(word, at: min(40 + offset * 25, nouns.count))
        }
        self.nouns = Ranked(nouns)
        let nameWords = self.nouns.words.map { $0.lowercased() }.filter { $0.allSatisfy { $0.isASCII && $0.isLetter } }
        tagNameWords = nameWords.isEmpty ? ["tag"] : nameWords
        text = Ranked(Self.interleave(
            lead: Array(Vocabulary.function.prefix(20)),
            [nouns, Array(Vocabulary.function.dropFirst(20)), Vocabulary.verbs, Vocabulary.others,
             Vocabulary.figures],
            pattern: [0, 1, 0, 2, 0, 3, 0, 1, 0, 2, 0, 3, 0, 4]
        ))
    }

    /// `lead`, then the lists taken in turn by `pattern` (indices into `lists`, naming each
    /// at least once), skipping any list that has run out, until all are used.
    static func interleave(lead: [String], _ lists: [[String]], pattern: [Int]) -> [String] {
        precondition(Set(pattern) == Set(lists.indices), "the pattern must name every list")
        var result = lead
        var positions = Array(repeating: 0, count: lists.count)
        var step = 0
        while zip(positions, lists).contains(where: { $0 < $1.count }) {
            let list = pattern[step % pattern.count]
            step += 1
            if positions[list] < lists[list].count {
                result.append(lists[list][positions[list]])
                positions[list] += 1
            }
        }
        return result
    }
}
