import TroveQuery
import TroveStore

/// Trove's ranking: the one definition of how well a reminder matches a text query.
///
/// SQLite computes it, once per matching row, with the FTS5 auxiliary function `trove_rank`
/// (C, `Sources/CTroveRanking/trove_ranking.c`, added to every connection Trove opens through TroveSQLite's setup hooks).
/// The function has no constants of its own: every parameter below is passed to it in the SQL,
/// so this type is the whole definition and the C code only its arithmetic.
///
/// ```swift
/// TroveRanking.standard.expression()
/// // trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', '')
/// ```
///
/// **Exactness comes first.** Before any score below, a reminder is put in a tier by how its
/// title starts, compared token by token (case and accents folded) with the query's words in
/// the order typed (`leadingWords(of:)`), in the style of Meilisearch's `exactness` rule:
///
/// 3. the title *is* the query: `dentist` and "Dentist!";
/// 2. the title's leading segment is the query, a segment ending at `:`, ` - ` or `(`:
///    `git` and "git: fast, scalable, distributed revision control system";
/// 1. the title starts with the query's words as a phrase, for two words or more:
///    `dentist appointment` and "Dentist appointment Tuesday";
/// 0. every other match, however often it mentions the query: `git` and "git-man: …" (one
///    word first is no phrase), "tig: ncurses front-end to git".
///
/// The tier adds `tier · 2^20` (`tierStep`) to the score, far more than any score without it,
/// so a better tier always ranks first and the score below orders reminders within a tier.
/// ``completedFactor`` applies to that score only, and a completed reminder comes one tier
/// lower: completion stays a soft signal (`book flights` keeps the open "Zürich trip ✈️ book
/// flights" before the done "Book flights to Málaga", which starts with the phrase).
///
/// ```
/// git                 over "git: fast, scalable, …"        tier 2   score 2 · 1048576 + its BM25F and boosts
///                     over "git-man: manual pages …"       tier 0   score its BM25F and boosts alone
/// dentist appointment over "Dentist appointment Tuesday"  tier 1   score 1 · 1048576 + …
/// ```
///
/// For a reminder d and the query's phrases p (each word or quoted phrase; `a OR b` is two):
///
/// - **Per-field BM25 (BM25F).** Each field f (title, notes, tags) is normalised by its own
///   length, `B_f = 1 - b_f + b_f · len_f(d) / avglen_f`, weighted, and summed:
///   `x_p = Σ_f w_f · tf_f(p, d) / B_f`. Saturation is applied once to that sum,
///   `idf_p · x_p · (k1 + 1) / (k1 + x_p)`, with `idf_p = ln(1 + (N − n_p + 0.5) / (n_p + 0.5))`
///   over the N reminders and the n_p that hold p. Long notes therefore lengthen only the
///   notes' norm and never dilute a title hit (FTS5's bm25 divides by the whole row's length).
/// - **Exact title**: `+ exactTitle · Σ idf_p` when the title's tokens are exactly the query's
///   words in query order (the tokenizer folds case and accents and drops punctuation, so
///   `renew passport` equals "Renew passport!"), and no query word found in d is left out.
/// - **Tag equal to a query word**: `+ tagEquals · Σ idf_p` over the words equal to a whole
///   tag of d (`call` and the tag `call`, not `call` and a tag `conference call`); or, when one
///   tag equals the whole query (`home office`), over all its words, whichever is larger.
/// - **Exact word**: `+ exactWord · Σ idf_p` over the query words typed as prefixes (the last
///   word while typing, or `word*`) of 3 or more characters that stand in the title as a whole
///   word: `milk` puts "Buy milk" before "Tip the milkman", though both match `"milk"*`.
///   Shorter prefixes are still being typed, and get no bonus.
/// - **Proximity**, for several words: `+ proximity · Σ min(idf_p, idf_p+1) / dist` over each
///   pair of neighbouring query words, dist being their smallest distance in one field: 1 when
///   adjacent in query order, 2 when adjacent but reversed, one more per token between them.
/// - **Completion is a soft signal**: a completed reminder's total is multiplied by
///   ``completedFactor`` (0.7). So a completed reminder comes after an open one unless it
///   scores more than `1 / completedFactor` times as much (about 1.43 times): open reminders
///   win close calls, and a clearly better completed match (the query in its title against a
///   mention in another's notes, or its exact title) is not buried.
///
/// The hit's ``SearchHit/rank`` is that total negated, so that smaller is better, as with
/// FTS5's bm25; ties go to the request's tiebreakers (open first, due soonest, priority,
/// newest). `trove_rank_explain` returns the same score as text, each part on its own; the
/// README's "How results are ranked" walks through `passport` on the demo data with it.
///
/// The parameters were chosen by `trove-bench --only quality` (hand-judged queries on
/// `seed-data/` and on 60,000 Debian package descriptions), not by eye; see
/// `Benchmarks/quality/README.md`.
public struct TroveRanking: Hashable, Sendable {
    /// w_f: how much one occurrence in each field counts, before normalisation.
    public var titleWeight: Double
    /// w_f for notes.
    public var notesWeight: Double
    /// w_f for tags.
    public var tagsWeight: Double
    /// b_f: how much each field's length normalises its count (0 none, 1 fully).
    public var titleLengthNormalization: Double
    /// b_f for notes.
    public var notesLengthNormalization: Double
    /// b_f for tags.
    public var tagsLengthNormalization: Double
    /// k1: how fast more occurrences stop adding to a word's score.
    public var saturation: Double
    /// Added, times the words' idf, when the title is exactly the query.
    public var exactTitle: Double
    /// Added, times the idf of each word equal to a whole tag (or of the whole query as one tag).
    public var tagEquals: Double
    /// Added, times the smaller idf of two neighbouring words, divided by their distance.
    public var proximity: Double
    /// What a completed reminder's score is multiplied by: below 1 puts open ones first in close calls.
    public var completedFactor: Double
    /// Added, times the idf of each prefix word (3+ characters) that stands whole in the title.
    public var exactWord: Double
    /// Whether the exactness tiers come first (see above); false ranks by the score alone, as
    /// Trove did before them. Not one of ``arguments``: it decides which words the call gets.
    public var exactness = true

    /// A ranking with these weights; ``standard`` holds the ones Trove uses.
    public init(
        titleWeight: Double, notesWeight: Double, tagsWeight: Double,
        titleLengthNormalization: Double, notesLengthNormalization: Double, tagsLengthNormalization: Double,
        saturation: Double, exactTitle: Double, tagEquals: Double, proximity: Double, completedFactor: Double,
        exactWord: Double = 0
    ) {
        self.titleWeight = titleWeight
        self.notesWeight = notesWeight
        self.tagsWeight = tagsWeight
        self.titleLengthNormalization = titleLengthNormalization
        self.notesLengthNormalization = notesLengthNormalization
        self.tagsLengthNormalization = tagsLengthNormalization
        self.saturation = saturation
        self.exactTitle = exactTitle
        self.tagEquals = tagEquals
        self.proximity = proximity
        self.completedFactor = completedFactor
        self.exactWord = exactWord
    }

    /// What one exactness tier adds to a score: `TROVE_RANKING_TIER_STEP` (2^20).
    static let tierStep = 1_048_576.0

    /// The rank a reminder whose rank as open is `rank` has when completed, to the bit what
    /// `trove_rank` gives it: one tier lower, the score below the tier multiplied by `factor`.
    ///
    /// NB: exact because `trove_rank` rounds a tiered row's score below the tier to a multiple
    /// of 2^-30 under 2^20, which makes `tier · 2^20 +` that score exact in a double, and so is
    /// taking it apart again here; a row in no tier is `-(score · factor)` as before.
    static func completedRank(_ rank: Double, factor: Double) -> Double {
        let score = -rank
        let tier = (score / tierStep).rounded(.down)
        guard tier > 0 else { return -(score * factor) }
        return -((tier - 1) * tierStep + (score - tier * tierStep) * factor)
    }

    /// Trove's ranking as shipped.
    public static let standard = TroveRanking(
        titleWeight: 5, notesWeight: 1, tagsWeight: 2,
        titleLengthNormalization: 0.75, notesLengthNormalization: 0.75, tagsLengthNormalization: 0.75,
        saturation: 1.2, exactTitle: 0.5, tagEquals: 0.25, proximity: 0.5, completedFactor: 0.7,
        exactWord: 1.0)

    /// The functions that compute it; all take the same arguments.
    public enum Function: String, Sendable {
        /// The score, negated: smaller is better.
        case rank = "trove_rank"
        /// The same with every word's idf taken as 1: no document counts, so it costs only the
        /// rows it is called on. Orders the provisional sample.
        case sample = "trove_rank_sample"
        /// The score as text, each field's share and each boost on its own.
        case explain = "trove_rank_explain"
    }

    /// The ranking whose ``arguments`` are `values`; nil unless there are 12 finite numbers
    /// (or 11, the parameters before ``exactWord`` existed, which then is 0).
    public init?(arguments values: [Double]) {
        guard values.count == 11 || values.count == 12, values.allSatisfy(\.isFinite) else { return nil }
        self.init(
            titleWeight: values[0], notesWeight: values[1], tagsWeight: values[2],
            titleLengthNormalization: values[3], notesLengthNormalization: values[4],
            tagsLengthNormalization: values[5], saturation: values[6], exactTitle: values[7],
            tagEquals: values[8], proximity: values[9], completedFactor: values[10],
            exactWord: values.count == 12 ? values[11] : 0)
    }

    /// The parameters in the order `trove_rank` takes them after `is_completed`.
    public var arguments: [Double] {
        [
            titleWeight, notesWeight, tagsWeight,
            titleLengthNormalization, notesLengthNormalization, tagsLengthNormalization,
            saturation, exactTitle, tagEquals, proximity, completedFactor, exactWord,
        ]
    }

    /// Whether a completed reminder's score is never above the same reminder's score as an
    /// open one: every part of the score is at least 0 (its weights and boosts are, and no
    /// length normalisation is above 1, which could make a field's norm negative) and
    /// ``completedFactor`` is at most 1. Then the score as open bounds the score, which lets a
    /// page be ranked from the best scores as open (``SearchExecutor/boundedPageRows(on:matchCount:helper:matchIDs:record:)``).
    var scoresNeverGrowWhenCompleted: Bool {
        let normalizations = [titleLengthNormalization, notesLengthNormalization, tagsLengthNormalization]
        return arguments.allSatisfy { $0 >= 0 } && normalizations.allSatisfy { $0 <= 1 } && completedFactor <= 1
    }

    /// The call that computes it for the current row of a query on `reminders_fts`.
    ///
    /// ```swift
    /// TroveRanking.standard.expression(.sample, exactWords: ["milk"])
    /// // trove_rank_sample("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, …, 1.0, 'milk', '')
    /// ```
    ///
    /// - Parameter exactWords: The query's prefix words, for the ``exactWord`` bonus (see
    ///   ``exactWords(of:)``).
    ///
    /// NB: the parameters and the words are SQL literals, not bound values: the same call then
    /// reads the same in the result columns and in `ORDER BY`, which SQLite needs to see to
    /// compute it once per row.
    /// - Parameter isCompleted: What stands for the row's completion; the column by default,
    ///   `0` to score every row as open without reading `reminders` (an upper bound of each
    ///   score when ``scoresNeverGrowWhenCompleted``).
    /// - Parameter walksSizes: Whether the call names the index's `_docsize` table, so that the
    ///   rows' column sizes are read by walking it forward instead of one look-up per row:
    ///
    ///   ```swift
    ///   TroveRanking.standard.expression(isCompleted: "0", walksSizes: true)
    ///   // trove_rank("reminders_fts", 0, 5.0, …, 1.0, '', '', 'reminders_fts_docsize')
    ///   ```
    ///
    ///   The same scores; worth it where one statement scores many of the MATCH's rows in rowid
    ///   order (`s` at 1,000,000 reminders, 577,529 rows: 0.42 → 0.20 s in the `sqlite3` shell).
    ///
    /// `underBest`: the score is `trove_best`'s rank in the same statement, which lets a match
    /// that cannot be kept skip reading its column sizes, title and tags (`trove_rank_bounded`;
    /// see `trove_ranking.h`).
    func expression(
        _ function: Function = .rank, exactWords: [String] = [], leadingWords: [String] = [], isCompleted: SQLFragment = "\(SearchTables.reminders.isCompleted)",
        walksSizes: Bool = false, underBest: Bool = false
    ) -> SQLFragment {
        let numbers = arguments.map { value -> SQLFragment in
            precondition(value.isFinite, "TroveRanking parameters must be finite")
            return SQLFragment(raw: "\(value)")
        }
        let sizes: SQLFragment = walksSizes ? ", " + Self.docsizeLiteral(of: ReminderSearchTable.tableName) : ""
        let name = underBest && function == .rank ? "trove_rank_bounded" : function.rawValue
        return "\(raw: name)(\(identifier: ReminderSearchTable.tableName), \(isCompleted), "
            + SQLFragment.join(numbers, separator: ", ") + ", " + TroveRanking.wordsLiteral(exactWords) + ", "
            + TroveRanking.wordsLiteral(exactness ? leadingWords : []) + sizes + ")"
    }

    /// The name of an FTS5 table's `_docsize` shadow table as an SQL string literal: the optional
    /// last argument of `trove_rank` and `trove_rank_fields` (see `trove_ranking.h`).
    ///
    /// NB: a name the functions cannot use (no such table, another index's) only costs them the
    /// faster path: they compare the first row's sizes with FTS5's own and drop the walk if
    /// they differ.
    static func docsizeLiteral(of ftsTable: String) -> SQLFragment {
        wordsLiteral([ftsTable + "_docsize"])
    }

    /// The call that computes the same score over any FTS5 table, each column with its own
    /// weight and length normalisation (`trove_rank_fields`): what a ``SearchIndex`` ranks by.
    /// The first column plays the title's part (``exactTitle``, ``exactWord``); the column
    /// `names` (numbered from 0), when given, the tags' part (``tagEquals``, a whole name equal
    /// to a query word); and ``completedFactor`` applies only to the rows `demoted` holds for (a
    /// ``SearchIndex/demoted`` column): they are scored as a completed reminder is, one tier lower.
    ///
    /// ```swift
    /// TroveRanking.standard.fieldsExpression(table: "trove_notes_fts", fields: [(10, 0.75), (1, 0.75)], exactWords: [])
    /// // trove_rank_fields("trove_notes_fts", 1.2, 0.5, 0.5, 1.0, 0.25, -1, '', '', 10.0, 0.75, 1.0, 0.75)
    /// ```
    ///
    /// NB: for the reminders' own columns, weights and tags column (`names: 2`) this is
    /// ``expression(_:exactWords:)``, to the last bit (`TroveRankingFieldsTests`).
    ///
    /// - Parameters:
    ///   - walksSizes: Whether the call names the table's `_docsize` (see
    ///     ``expression(_:exactWords:isCompleted:walksSizes:)``).
    ///   - demoted: A test that is not 0 for a row to score as completed, as
    ///     `, 0.7, (ifnull("notes"."is_done", 0) <> 0)` at the end of the call; nil for none.
    ///   - underBest: Whether the score is `trove_best`'s rank in the same statement
    ///     (`trove_rank_fields_bounded`, as ``expression(_:exactWords:leadingWords:isCompleted:walksSizes:underBest:)``);
    ///     a demoted row is scored in full then, as a completed reminder is under `trove_rank_bounded`.
    func fieldsExpression(
        _ function: Function = .rank, table: String, fields: [(weight: Double, lengthNormalization: Double)],
        names: Int? = nil, exactWords: [String], leadingWords: [String] = [], walksSizes: Bool = false,
        demoted: SQLFragment? = nil, underBest: Bool = false
    ) -> SQLFragment {
        let name = function == .sample ? "trove_rank_fields_sample" : underBest ? "trove_rank_fields_bounded" : "trove_rank_fields"
        var numbers = [saturation, exactTitle, proximity, exactWord, tagEquals]
        for field in fields { numbers += [field.weight, field.lengthNormalization] }
        let literals = numbers.map { value -> SQLFragment in
            precondition(value.isFinite, "TroveRanking parameters must be finite")
            return SQLFragment(raw: "\(value)")
        }
        precondition(names.map { fields.indices.contains($0) } ?? true, "the names field is one of the fields")
        return "\(raw: name)(\(identifier: table), " + SQLFragment.join(literals.prefix(5), separator: ", ") + ", "
            + SQLFragment(raw: String(names ?? -1)) + ", " + TroveRanking.wordsLiteral(exactWords) + ", " + TroveRanking.wordsLiteral(exactness ? leadingWords : []) + ", "
            + SQLFragment.join(literals.dropFirst(5), separator: ", ")
            + (walksSizes ? ", " + Self.docsizeLiteral(of: table) : "")
            + (demoted.map { ", \(raw: "\(completedFactor)"), " + $0 } ?? "") + ")"
    }

    /// The exact words as one SQL string literal, `'milk bread'`.
    private static func wordsLiteral(_ exactWords: [String]) -> SQLFragment {
        SQLFragment(raw: SQLFragment.quote(literal: exactWords.joined(separator: " ")))
    }

    /// The words of `query` that the ``exactWord`` bonus looks for: its prefix terms (the last
    /// word while typing, or `word*`) of 3 or more characters, outside quoted phrases.
    ///
    /// ```swift
    /// TroveRanking.exactWords(of: SearchQuery.parse("buy milk"))   // ["milk"]
    /// TroveRanking.exactWords(of: SearchQuery.parse("buy mi"))     // []: still being typed
    /// ```
    static func exactWords(of query: SearchQuery) -> [String] {
        var words: [String] = []
        for group in query.terms {
            for term in group.anyOf where term.isPrefix && !term.isPhrase && term.isSearchableByFTS {
                // NB: the words become an SQL string literal; NUL would end it early.
                guard term.text.count >= 3, !term.text.unicodeScalars.contains("\u{0}"), !words.contains(term.text) else { continue }
                words.append(term.text)
            }
        }
        return words
    }

    /// The words the exactness tiers compare with a title's first words: the query's words
    /// (each group of one term, phrases included) in the order typed; none when a group has
    /// alternatives (`a OR b`) or a term FTS5 cannot match, whose exactness has no one reading,
    /// or when a word is a prefix of fewer than 3 characters, still being typed (as for
    /// ``exactWords(of:)``).
    ///
    /// ```swift
    /// TroveRanking.leadingWords(of: SearchQuery.parse("renew passport"))   // ["renew", "passport"]
    /// TroveRanking.leadingWords(of: SearchQuery.parse("git OR svn"))       // []
    /// TroveRanking.leadingWords(of: SearchQuery.parse("renew pa"))         // []: still typing
    /// ```
    ///
    /// NB: why not while typing 1 or 2 letters: every match whose title starts with a word
    /// beginning with them would have its title read, to find the few that are the word itself.
    static func leadingWords(of query: SearchQuery) -> [String] {
        var words: [String] = []
        for group in query.terms {
            guard group.anyOf.count == 1, let term = group.anyOf.first, term.isSearchableByFTS,
                !term.text.unicodeScalars.contains("\u{0}"), !(term.isPrefix && term.text.count < 3)
            else { return [] }
            words.append(term.text)
        }
        return words
    }
}
