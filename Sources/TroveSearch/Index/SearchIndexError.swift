public import Foundation

/// Why a ``SearchIndex`` declaration, migration or search could not be used, and what to do.
///
/// ```swift
/// try SearchIndex(table: "my notes", key: "id", fields: [.init("title")])
/// // throws: "my notes" cannot be the table of a SearchIndex: use letters, digits and _ …
/// ```
public enum SearchIndexError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A name that is not a plain SQL identifier; `role` says which name it was.
    case invalidName(String, role: String)
    /// The declaration lists no field to search.
    case noFields(index: String)
    /// More than ``SearchIndex/maxFields`` fields.
    case tooManyFields(index: String, count: Int)
    /// A field listed twice.
    case duplicateField(index: String, column: String)
    /// A field named `rank` or `rowid`, column names FTS5 keeps for itself.
    case reservedField(index: String, column: String)
    /// A field's weight is not a positive number.
    case invalidWeight(column: String, weight: Double)
    /// A field's length normalisation is outside 0…1.
    case invalidLengthNormalization(column: String, value: Double)
    /// A filter word that the query language cannot read as `word:value`.
    case invalidFilterWord(String)
    /// Two filter words that differ only in case.
    case duplicateFilterWord(String)
    /// `tokenCharacters` holds something other than ASCII punctuation, or a quote.
    case invalidTokenCharacters(index: String, characters: String)
    /// The app's table, or a lookup filter's, does not exist in the database.
    case missingTable(index: String, table: String)
    /// A column the declaration names is not in the app's table (or a lookup filter's).
    case missingColumn(index: String, table: String, column: String)
    /// The key column is not the table's `INTEGER PRIMARY KEY`.
    case keyNotIntegerPrimaryKey(index: String, table: String, key: String)
    /// The database has no index of this name, or one made from another declaration.
    case notMigrated(index: String)
    /// A page cursor made by another index or another sort, or one among typo matches passed
    /// back with typos off.
    case cursorNotForThisSearch(index: String)
    /// ``SearchIndex/faceted(by:)`` named a column the declaration does not count.
    case undeclaredFacet(index: String, column: String, declared: [String])
    /// A ``SearchIndex/Filter/named(_:)`` filter with no words.
    case noNamedValues(filter: String)
    /// A ``SearchIndex/Filter/named(_:)`` word that the query language cannot read as `key:word`.
    case invalidNamedValue(filter: String, name: String)
    /// Both ``SearchIndex/rankedLast`` and ``SearchIndex/demoted``: rows ranked last cannot also
    /// be ranked merely lower.
    case rankedLastAndDemoted(index: String, rankedLast: String, demoted: String)
    /// ``IndexHit/column(_:as:)`` asked for a column the index's declaration does not carry.
    case notACarriedColumn(column: String, carried: [String])
    /// A facet whose ``SearchIndex/Filter/lookup(_:table:key:value:)`` reads a view: Trove
    /// watches a looked-up facet's table for writes, and SQLite puts no such trigger on a view.
    case facetLookupInView(index: String, facet: String, view: String)
    /// More than one field declared ``SearchIndex/Field/holdsNames``.
    case severalNameFields(index: String, columns: [String])

    /// One sentence: what is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidName(let name, let role):
            "\"\(name)\" cannot be \(role) of a SearchIndex: use letters, digits and _ (up to 64, not starting with a digit or sqlite_), and rename the table or column if it has other characters"
        case .noFields(let index):
            "the SearchIndex \(index) has no fields to search; list at least one text column in fields:"
        case .tooManyFields(let index, let count):
            "the SearchIndex \(index) lists \(count) fields, more than the \(SearchIndex.maxFields) one index can rank; index fewer columns, or split them over two indexes"
        case .duplicateField(let index, let column):
            "the SearchIndex \(index) lists the field \(column) twice; list each column once and give it one weight"
        case .reservedField(let index, let column):
            "the SearchIndex \(index) lists the field \(column), a name FTS5 keeps for itself (rank and rowid cannot be indexed columns); rename the column (ALTER TABLE … RENAME COLUMN), or declare it as a filter instead of a field"
        case .invalidWeight(let column, let weight):
            "the weight of field \(column) is \(weight); give a positive number (1 is the default, 10 counts ten times as much)"
        case .invalidLengthNormalization(let column, let value):
            "the length normalisation of field \(column) is \(value); give a number from 0 (none) to 1 (full), or leave the default 0.75"
        case .invalidFilterWord(let word):
            "\"\(word)\" cannot be a filter word: use letters, digits and _, starting with a letter, so that \(word.lowercased()):value reads as a filter"
        case .duplicateFilterWord(let word):
            "the filter word \(word) is declared twice (filter words ignore case); keep one"
        case .invalidTokenCharacters(let index, let characters):
            "the tokenizer of the SearchIndex \(index) lists \"\(characters)\" as token characters; give ASCII punctuation only, without quotes or spaces (such as \"_\" for snake_case words); letters and digits are in words already"
        case .missingTable(let index, let table):
            "the SearchIndex \(index) reads the table \(table), which this database does not have; create the table (run the app's own migrations) before migrating the index"
        case .missingColumn(let index, let table, let column):
            "the SearchIndex \(index) names the column \(column), which the table \(table) does not have; add the column or correct the declaration"
        case .keyNotIntegerPrimaryKey(let index, let table, let key):
            "the key \(key) of the SearchIndex \(index) is not the INTEGER PRIMARY KEY of \(table); name that column as the key (FTS5 indexes rows by their integer rowid)"
        case .notMigrated(let index):
            "this database has no search index \(index) for this declaration; call migrate(_:) on the SearchIndex before searching it (once after each change to the declaration)"
        case .undeclaredFacet(let index, let column, let declared):
            "the SearchIndex \(index) does not count \(column) as a facet (it counts \(declared.isEmpty ? "none" : declared.joined(separator: ", "))); name declared facets only, or add \(column) to facets: in the declaration"
        case .noNamedValues(let filter):
            "the filter \(filter): names no values; give it at least one word and the value it stands for, like [\"unread\": .init(\"read\", 0)]"
        case .invalidNamedValue(let filter, let name):
            "\"\(name)\" cannot be a word of the filter \(filter):; use letters, digits and _, starting with a letter, so that \(filter):\(name.lowercased()) reads as one word"
        case .rankedLastAndDemoted(let index, let rankedLast, let demoted):
            "the SearchIndex \(index) names both rankedLast: \(rankedLast) and demoted: \(demoted); give rankedLast: to put those rows after all others, or demoted: to rank them lower in close calls only, not both"
        case .notACarriedColumn(let column, let carried):
            "hits do not carry the column \(column) (they carry \(carried.isEmpty ? "none" : carried.joined(separator: ", "))); add it to columns: in the SearchIndex declaration"
        case .facetLookupInView(let index, let facet, let view):
            "the SearchIndex \(index) counts the facet \(facet): from \(view), which is a view; Trove must watch a counted facet's table for writes, which SQLite allows on tables only, so look the values up in a table, or keep \(facet): as a filter and leave it out of facets:"
        case .severalNameFields(let index, let columns):
            "the SearchIndex \(index) declares \(columns.joined(separator: " and ")) as fields of names; one field of an index can hold names (holdsNames: true), so join the names into one column or declare the others as plain fields"
        case .cursorNotForThisSearch(let index):
            "this page cursor was not made by the SearchIndex \(index) with its current sort (or it points among typo matches and typos are now off); pass the `next` of one of its own result sets, or start again from the first page"
        }
    }
}

extension SearchIndexError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}
