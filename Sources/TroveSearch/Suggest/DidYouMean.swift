/// What to say when a search finds no exact match: the words no reminder holds, the lists and
/// tags that do not exist, and whole queries to try instead.
///
/// ```swift
/// resultSet.didYouMean.sentences
/// // ["Did you mean: python requests?"]                                    for `pyhton requests`
/// // ["No reminder contains reqests.", "Did you mean: python requests?"]    for `pyhton reqests`
/// // ["No reminder contains passprot.", "Did you mean: passport OR milk?"]  for `passprot milk`
/// // ["There is no list Wrok.", "Did you mean: list:Work?"]                 for `list:Wrok`
/// // ["Did you mean: dentist OR passport?"]                                for `dentist or passport`
/// ```
///
/// Each word is corrected on its own, and a suggestion is offered only when its words are found
/// together (in the reminders, with the query's filters too); the words are ORed only when no
/// correction finds them together (no reminder holds passport and milk).
///
/// `trove search` prints ``sentences`` on standard error; the interactive search shows them in
/// its header; JSON carries ``queries`` as `suggestions`.
public struct DidYouMean: Hashable, Sendable {
    /// Words (and phrases) of the query that no reminder holds, as typed.
    public var unmatchedWords: [String]
    /// `list:` values that name no list, as typed.
    public var unknownLists: [String]
    /// `tag:` and `#` values that name no tag, as typed.
    public var unknownTags: [String]
    /// Whole queries to try instead, best first: the query with its misspelled words completed or
    /// corrected (each on its own, to words some row holds together), an operator written as one (`OR`), a field written as Trove spells it
    /// (`in:title x`), a list or tag name corrected or quoted (`list:"Home Office"`).
    public var queries: [String]

    /// Suggestions with these parts; the engines make the real ones.
    public init(unmatchedWords: [String] = [], unknownLists: [String] = [], unknownTags: [String] = [], queries: [String] = []) {
        self.unmatchedWords = unmatchedWords
        self.unknownLists = unknownLists
        self.unknownTags = unknownTags
        self.queries = queries
    }

    /// No suggestions: something matched exactly.
    public static let none = DidYouMean()

    /// Whether there is nothing to suggest.
    public var isEmpty: Bool {
        unmatchedWords.isEmpty && unknownLists.isEmpty && unknownTags.isEmpty && queries.isEmpty
    }

    /// One sentence per finding, the suggestion last:
    /// `No reminder contains zzqxv.`, `There is no tag urgnt.`, `Did you mean: #urgent?`.
    ///
    /// Suggestions of one word are listed (up to five); a longer query is shown alone, so its
    /// spaces cannot be read as separators.
    public var sentences: [String] {
        var sentences: [String] = []
        if !unmatchedWords.isEmpty { sentences.append("No reminder contains \(Self.list(unmatchedWords.map(Self.named))).") }
        for name in unknownLists { sentences.append("There is no list \(Self.named(name)).") }
        for name in unknownTags { sentences.append("There is no tag \(Self.named(name)).") }
        if let first = queries.first {
            let shown = first.contains(" ") ? [first] : Array(queries.prefix { !$0.contains(" ") }.prefix(5))
            sentences.append("Did you mean: \(shown.joined(separator: ", "))?")
        }
        return sentences
    }

    /// A word as a sentence names it: a pasted page by its start (`xxxx…`), not echoed whole.
    static func named(_ word: String) -> String {
        word.count > 80 ? word.prefix(77) + "…" : word
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}
