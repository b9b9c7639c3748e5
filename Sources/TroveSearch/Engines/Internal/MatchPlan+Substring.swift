import TroveQuery
import TroveStore

extension MatchPlan {
    /// The reminders whose title or notes hold `term`'s text as a substring, from schema 6's
    /// substring index; nil when the searched columns are only the tags (it has none).
    ///
    /// ```swift
    /// plan.substring(SearchTerm("给奶奶"))
    /// // "reminders"."id" IN (SELECT "rowid" FROM "reminders_substrings" WHERE "reminders_substrings" MATCH '"给奶奶"')
    /// plan.substring(SearchTerm("春节"))
    /// // "reminders"."id" IN (SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows"
    /// //   WHERE (("substring_rows"."title" GLOB '*[֐-𯿿]*' AND "substring_rows"."title" GLOB '*[…]*') OR (… "notes" …))
    /// //   AND ("substring_rows"."title" LIKE '%春节%' ESCAPE '\' OR …))
    /// ```
    ///
    /// Three or more characters are a phrase of trigrams in `reminders_substrings`. The trigram
    /// tokenizer cannot match fewer, so one or two characters are LIKE over the rows that hold
    /// such text, which the partial index `reminders_with_substring_text` lists with their title
    /// and notes (schema 11): the LIKE reads the index alone.
    /// See https://www.sqlite.org/fts5.html#the_trigram_tokenizer
    func substring(_ term: SearchTerm) -> TypedExpression<Bool>? {
        substringRowIDs(term).map { MatchPlan.anyRow(of: [$0]) }
    }

    /// The ids of the reminders whose title or notes hold `term`'s text, as a `SELECT` of one
    /// column (the subquery of ``substring(_:)``); nil when only the tags are searched.
    ///
    /// ```swift
    /// plan.substringRowIDs(SearchTerm("春节"))
    /// // SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE (…) AND (…)
    /// ```
    func substringRowIDs(_ term: SearchTerm) -> SQLFragment? {
        let columns = self.columns.filter { $0 != .tags }
        guard !columns.isEmpty else { return nil }
        if term.text.unicodeScalars.count >= 3 {
            let phrase = FTS5Text.quoted(term.text)
            let match = columns.count == 1 ? "{\(columns[0].rawValue)} : \(phrase)" : phrase
            return "SELECT \"rowid\" FROM \"reminders_substrings\" WHERE \"reminders_substrings\" MATCH \(match)"
        }
        let pattern = "%" + SQLColumn<String>.escapeLike(term.text) + "%"
        let tests = columns.map { column -> SQLFragment in
            "\(SQLColumn<String>(column.rawValue, table: "substring_rows")) LIKE \(pattern) ESCAPE '\\'"
        }
        return """
            SELECT \(SQLColumn<Int64>("id", table: "substring_rows")) \
            FROM \(identifier: ReminderTable.tableName) AS "substring_rows" \
            WHERE (\(MatchPlan.substringRows("substring_rows"))) AND (\(tests.joined(separator: " OR ")))
            """
    }

    /// The reminders any of `sources` (each a `SELECT` of reminder ids) lists: one `IN` of
    /// their `UNION`, so that SQLite reads each source once.
    ///
    /// ```swift
    /// MatchPlan.anyRow(of: [ftsRows, substringRows])
    /// // "reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
    /// //   UNION SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE …)
    /// ```
    ///
    /// NB: `id IN (a) OR id IN (b)` is the same set, but SQLite runs it as a MULTI-INDEX OR and
    /// then tests each row against both lists again: every source is read twice. For `东京` at
    /// 1,000,000 reminders the page took 11.6 ms that way and 8.9 ms as one `IN`.
    static func anyRow(of sources: [SQLFragment]) -> TypedExpression<Bool> {
        TypedExpression("\(SearchTables.reminders.id) IN (\(sources.joined(separator: " UNION ")))")
    }

    /// The schema's test for a row in the substring index, on the table named `alias`
    /// (``SubstringScripts/held(in:)``, as the partial index spells it).
    static func substringRows(_ alias: String) -> SQLFragment {
        let title = SQLColumn<String>("title", table: alias), notes = SQLColumn<String>("notes", table: alias)
        return "\(SubstringScripts.held(in: "\(title)")) OR \(SubstringScripts.held(in: "\(notes)"))"
    }
}

extension SearchTerm {
    /// True when the term holds a character of a script whose words run together, so that it
    /// is also matched as a substring (``SubstringScripts``).
    var isSubstringSearched: Bool { SubstringScripts.appears(in: text) }
}
