import Synchronization
import TroveQuery
import TroveSQLite

/// Every row's facet values, in memory, as of one version of the app's database: what a
/// search's total and facets need of each match, so that they are counted from the matches'
/// keys alone (``IndexStatements/factsCount``) instead of by looking every match up in the
/// app's table and its looked-up tables. The index's own acceleration, made from what the
/// declaration names: its key, its facet columns and its looked-up facets.
///
/// Read in one transaction:
///
/// ```swift
/// let facts = try IndexFacts.read(of: notes, on: db)
/// // PRAGMA schema_version
/// // SELECT "changes" FROM "trove_notes_changes" WHERE "id" = 1
/// // SELECT trove_ids("notes"."id") FROM "notes"
/// // SELECT "notes"."id", CAST("notes"."folder" AS TEXT), typeof("notes"."folder") = 'text' FROM "notes"
/// //   WHERE CAST("notes"."folder" AS TEXT) IS NOT NULL
/// // SELECT "trove_lookup"."note_id", CAST("trove_lookup"."tag" AS TEXT), typeof("trove_lookup"."tag") = 'text'
/// //   FROM "note_tags" AS "trove_lookup" WHERE CAST("trove_lookup"."tag" AS TEXT) IS NOT NULL
/// ```
///
/// and used by a search only when its transaction reads the same ``Version``; otherwise the
/// search counts with SQL (``IndexStatements/facetAndTotal(_:)``, ``IndexStatements/facet(_:)``),
/// which gives the same answer.
///
/// NB: why. `a` at 100,000 notes matches 66,344; counting them by folder and by tag joined each
/// match to `notes` and `note_tags`: 85 and 72 ms in the `sqlite3` shell, where reading their
/// keys from the FTS5 index alone takes 6.
struct IndexFacts: Sendable {
    /// What must not have changed for these facts to hold: the schema (a ``SearchIndex/rebuild(_:)``
    /// makes the count anew) and the index's count of writes that could change a facet
    /// (``SearchIndex/factsNames``).
    struct Version: Hashable, Sendable {
        var schema: Int64
        var changes: Int64
    }

    /// Where one facet's values come from, as the declaration says.
    enum Source: Hashable, Sendable {
        /// A column of the app's table.
        case column(String)
        /// A lookup or linked filter's word: the value its path reaches from the row's `own`
        /// column (its key, for a note's tags; a folder id, for its folder's name).
        case lookup(SearchIndex.LookupPath)
    }

    /// One facet's values: the distinct spellings, the group each belongs to (spellings equal
    /// ignoring ASCII case, as the SQL facets group them), and each row's spellings.
    struct Values: Sendable {
        /// The spellings, in binary (UTF-8 byte) order, so that the lowest position is the
        /// spelling `min(… COLLATE "BINARY")` shows.
        let spellings: [String]
        /// Each spelling's group.
        let groups: [Int32]
        let groupCount: Int
        /// Each group's spelling with ASCII letters lowered (its bytes): what `COLLATE NOCASE`
        /// and `LIKE` compare.
        let groupKeys: [[UInt8]]
        /// Whether every value is stored as text (or NULL): only then does `COLLATE NOCASE =`
        /// compare what the copy holds, whatever the column's affinity (a number `12` in a
        /// column without affinity is not `'12'`), so only then are filters tested here.
        var allText = true
        /// Row `i`'s spellings are `slots[starts[i]..<starts[i + 1]]`.
        let starts: [Int32]
        let slots: [Int32]
        /// The groups in the byte order of their ``groupKeys``, so that a value and a prefix
        /// are found by halving.
        let groupsByKey: [Int32]
        /// ``groupStarts`` and ``groupRows``, made when a filter first reads them: a search of
        /// words alone never does, and a copy read from its stored blob for one search (on a
        /// new connection) would spend more on them than on the rest of the blob.
        private let groupIndex = GroupIndex()

        /// Group `g`'s rows (positions, ascending, each once) are
        /// `groupRows[groupStarts[g]..<groupStarts[g + 1]]`: what a filter on a value reads.
        var groupStarts: [Int32] { groupRowsAndStarts.starts }
        var groupRows: [Int32] { groupRowsAndStarts.rows }

        private var groupRowsAndStarts: (starts: [Int32], rows: [Int32]) {
            groupIndex.made.withLock { made in
                if let made { return made }
                let fresh = Self.groupRows(starts: starts, slots: slots, groups: groups, groupCount: groupCount)
                made = fresh
                return fresh
            }
        }

        init(
            spellings: [String], groups: [Int32], groupCount: Int, groupKeys: [[UInt8]], allText: Bool, starts: [Int32],
            slots: [Int32], groupsByKey: [Int32]
        ) {
            self.spellings = spellings
            self.groups = groups
            self.groupCount = groupCount
            self.groupKeys = groupKeys
            self.allText = allText
            self.starts = starts
            self.slots = slots
            self.groupsByKey = groupsByKey
        }
    }

    /// The rows of each group of a ``Values``, once made; shared by its copies, which hold the
    /// same values.
    final class GroupIndex: Sendable {
        let made = Mutex<(starts: [Int32], rows: [Int32])?>(nil)
        /// How many times a filter read rows before the index was made (``Values/rows(of:)``).
        let scans = Mutex(0)
    }

    /// A column of the app's table that a named, yes/no or integer filter compares, or the
    /// demoted column (``SearchIndex/factsNumberColumns``): its distinct stored values and
    /// each one's rows, read only when every value is an integer or NULL and there are at most
    /// ``numberValueLimit`` of them. Then `"read" = 0` and `ifnull("archived", 0) = 0` are
    /// tested here exactly as SQL tests them.
    struct Numbers: Sendable {
        /// The distinct values; nil is NULL.
        let values: [Int64?]
        /// Each row's value, by position: `values[Int(places[row])]`. One byte a row, as the
        /// stored copy holds it, so reading it back is a copy of the bytes.
        let places: [UInt8]

        init(values: [Int64?], places: [UInt8]) {
            self.values = values
            self.places = places
        }

        /// `rows[i]`: the positions of the rows holding `values[i]`, out of `rowCount` rows.
        init(values: [Int64?], rows: [[Int32]], rowCount: Int) {
            var places = [UInt8](repeating: 0, count: rowCount)
            for (index, rows) in rows.enumerated() { for row in rows { places[Int(row)] = UInt8(index) } }
            self.init(values: values, places: places)
        }

        /// The rows (positions, ascending, each once) whose value passes `test`.
        func rows(where test: (Int64?) -> Bool, rowCount: Int) -> [Int32] {
            let passes = values.map(test)
            guard passes.contains(true) else { return [] }
            var rows: [Int32] = []
            places.withUnsafeBufferPointer { places in
                for row in 0..<places.count where passes[Int(places[row])] { rows.append(Int32(row)) }
            }
            return rows
        }
    }

    /// The most distinct values a column of ``Numbers`` may hold.
    static let numberValueLimit = 64

    let version: Version
    /// The facets read, each with its source: facts read for another declaration are never used.
    let sources: [String: Source]
    /// Every row's key, ascending; ``Values`` are indexed by position in it.
    let keys: [Int64]
    let values: [String: Values]
    /// The columns of ``SearchIndex/factsNumberColumns`` read (by name, lowercased), each
    /// with its values; a column left out holds something else or too many values, and a
    /// filter on it is tested in SQL.
    var numbers: [String: Numbers] = [:]
    /// The columns ``numbers`` were asked for (lowercased): facts read for another declaration are never used.
    var numberColumns: [String] = []
    /// The keys of the rows ``SearchIndex/demoted`` ranks lower (`ifnull(column, 0) <> 0`),
    /// when the copy holds that column: the first page's walk demotes them as the page does.
    var demotedKeys: IDSet?
    /// How many of the rows are demoted, when a few rows' facts were read without ``numbers``
    /// (``read(of:among:numbers:on:)``), which would otherwise count them.
    var demotedRows: Int?

    /// The version `db`'s transaction reads, or nil when the index has no count of changes
    /// (no facets, or an index migrated before it had one).
    static func version(of index: SearchIndex, on db: SQLConnection) throws -> Version? {
        guard !index.facets.isEmpty, let schema = try db.fetchValue("PRAGMA schema_version", as: Int64.self),
            let changes = try? db.fetchValue(
                "SELECT \"changes\" FROM \(identifier: index.factsNames.changes) WHERE \"id\" = 1", as: Int64.self)
        else { return nil }
        return Version(schema: schema, changes: changes)
    }

    /// The facets the index declares, with their sources.
    static func sources(of index: SearchIndex) -> [String: Source] {
        var sources: [String: Source] = [:]
        for facet in index.facets { sources[facet] = index.factSource(facet).source }
        return sources
    }

    /// The facts as `db`'s transaction sees them, or nil when there is no ``version(of:on:)``.
    /// Call it inside a transaction.
    ///
    /// With `among` (keys), the facts of just those of the rows, as a search of a few matches
    /// reads them on a connection with no copy in memory: the same statements, each kept to
    /// the keys (`… AND "notes"."id" IN (SELECT "value" FROM json_each(?))`). Without
    /// `numbers`, the number columns are not read: the facts then test no filter on them.
    static func read(of index: SearchIndex, among: [Int64]? = nil, numbers: Bool = true, on db: SQLConnection) throws -> IndexFacts? {
        guard let version = try version(of: index, on: db) else { return nil }
        let sources = sources(of: index)
        let key = SQLColumn<Int64>(index.key, table: index.table)
        let json = among.map { IDList($0).json }
        let within: SQLFragment = json.map { " WHERE \(key) IN (SELECT \"value\" FROM json_each(\($0)))" } ?? ""
        // NB: a few rows' facts without the number columns count their demoted rows as they read
        // their keys, in the same pass (``demotedRows``).
        let counted: SQLFragment? = among != nil && !numbers
            ? index.demotedTest.map { ", ifnull(sum(\($0)), 0)" } : nil
        let keyRow = try db.fetchOne("SELECT trove_ids(\(key))\(counted ?? "") FROM \(identifier: index.table)\(within)")
        let keys = IDBlob(try keyRow?[0] ?? []).values
        var values: [String: Values] = [:]
        for (facet, source) in sources {
            var rows: [(key: Int64, spelling: String)] = []
            var allText = true
            for row in try db.fetchAll(pairs(of: source, in: index, keys: json)) {
                let owner: Int64? = try row[0]
                guard let owner else { continue }
                rows.append((owner, try row[1]))
                if !(try row[2] as Bool) { allText = false }
            }
            var read = Values(keys: keys, rows: rows)
            read.allText = allText
            values[facet] = read
        }
        var facts = IndexFacts(version: version, sources: sources, keys: keys, values: values)
        facts.numberColumns = numberColumns(of: index)
        facts.numbers = numbers ? try readNumbers(of: index, keys: keys, within: within, on: db) : [:]
        facts.demotedKeys = demotedKeys(of: index.demoted.flatMap { facts.numbers[$0.lowercased()] }, keys: keys)
        if counted != nil { facts.demotedRows = try keyRow?[1] ?? 0 }
        return facts
    }

    /// Each row's key, one of its values as text, and whether it is stored as text, for one
    /// facet: of every row, or of the rows whose keys the JSON array `keys` holds.
    static func pairs(of source: Source, in index: SearchIndex, keys: String? = nil) -> SQLFragment {
        let key = SQLColumn<Int64>(index.key, table: index.table)
        let among: SQLFragment = keys.map { " AND \(key) IN (SELECT \"value\" FROM json_each(\($0)))" } ?? ""
        switch source {
        case .column(let column):
            let text = TypedExpression<String?>("CAST(\(SQLColumn<String>(column, table: index.table)) AS TEXT)")
            let kind = "typeof(\(SQLColumn<String>(column, table: index.table))) = 'text'" as SQLFragment
            return "SELECT \(key), \(text), \(kind) FROM \(identifier: index.table) WHERE \(text.isNotNull)\(among)"
        case .lookup(let path):
            let text = TypedExpression<String?>("CAST(\(path.valueColumn) AS TEXT)")
            let kind = "typeof(\(path.valueColumn)) = 'text'" as SQLFragment
            let owner = path.keyColumn
            if path.own.lowercased() == index.key.lowercased() {
                let lookupAmong: SQLFragment = keys.map { " AND \(owner) IN (SELECT \"value\" FROM json_each(\($0)))" } ?? ""
                return "SELECT \(owner), \(text), \(kind) FROM \(path.from) WHERE \(text.isNotNull)\(lookupAmong)"
            }
            // NB: the row's own column names the other table's row (a folder id): each row with
            // the value found there, as the filter's IN and the facet's join find it.
            return "SELECT \(key), \(text), \(kind) FROM \(identifier: index.table) "
                + "\(path.join(on: "\(owner) = \(SQLColumn<Int64>(path.own, table: index.table))")) WHERE \(text.isNotNull)\(among)"
        }
    }

    /// The columns ``numbers`` are read for, lowercased.
    static func numberColumns(of index: SearchIndex) -> [String] {
        index.factsNumberColumns.map { $0.lowercased() }
    }

    /// Each number column's distinct values (one scan each, stopped past the limit), then
    /// every value's rows in one scan of the table:
    ///
    /// ```swift
    /// // SELECT DISTINCT "notes"."read", typeof("notes"."read") FROM "notes" LIMIT 65
    /// // SELECT trove_ids(CASE WHEN "notes"."read" IS NULL THEN "notes"."id" END),
    /// //   trove_ids(CASE WHEN "notes"."read" = 0 THEN "notes"."id" END), … FROM "notes"
    /// ```
    ///
    /// `within`: empty, or the WHERE that keeps both to some keys (``read(of:among:on:)``).
    private static func readNumbers(
        of index: SearchIndex, keys: [Int64], within: SQLFragment, on db: SQLConnection
    ) throws -> [String: Numbers] {
        let key = SQLColumn<Int64>(index.key, table: index.table)
        var wanted: [(name: String, values: [Int64?])] = []
        for name in index.factsNumberColumns {
            let column = SQLColumn<Int64>(name, table: index.table)
            let rows = try db.fetchAll("""
                SELECT DISTINCT \(column), typeof(\(column)) FROM \(identifier: index.table)\(within) LIMIT \(raw: String(numberValueLimit + 1))
                """)
            guard rows.count <= numberValueLimit else { continue }
            var values: [Int64?] = []
            var onlyIntegers = true
            for row in rows {
                let type: String = try row[1]
                switch type {
                case "null": values.append(nil)
                case "integer": values.append(try row[0] as Int64)
                default: onlyIntegers = false
                }
            }
            if onlyIntegers { wanted.append((name.lowercased(), values)) }
        }
        guard !wanted.isEmpty else { return [:] }
        var sets: [SQLFragment] = []
        for (name, values) in wanted {
            let column = SQLColumn<Int64>(name, table: index.table)
            for value in values {
                let test: SQLFragment = value.map { "\(column) = \(raw: String($0))" } ?? "\(column) IS NULL"
                sets.append("trove_ids(CASE WHEN \(test) THEN \(key) END)")
            }
        }
        // NB: a table with no rows holds no value: each column then has none to read.
        guard !sets.isEmpty else { return Dictionary(uniqueKeysWithValues: wanted.map { ($0.name, Numbers(values: [], places: [])) }) }
        guard let row = try db.fetchOne("SELECT \(sets.joined(separator: ", ")) FROM \(identifier: index.table)\(within)") else { return [:] }
        var numbers: [String: Numbers] = [:]
        var at = 0
        for (name, values) in wanted {
            var rows: [[Int32]] = []
            for _ in values {
                var positions: [Int32] = []
                IDBlob(try row[at] as [UInt8]).forEachPosition(in: keys) { positions.append(Int32($0)) }
                rows.append(positions)
                at += 1
            }
            numbers[name] = Numbers(values: values, rows: rows, rowCount: keys.count)
        }
        return numbers
    }

    /// The positions (ascending, each once) in any of `lists` (each ascending), by marking a
    /// list of every row (for many: more than an eighth of `rowCount` in all) or by sorting
    /// them together (for few); `byMarking` chooses for a test. The same rows either way.
    static func union<Rows: Collection<Int32>>(_ lists: [Rows], rowCount: Int, byMarking: Bool? = nil) -> [Int32] {
        if byMarking == nil, lists.count <= 1 { return lists.first.map(Array.init) ?? [] }
        let total = lists.reduce(0) { $0 + $1.count }
        if byMarking ?? (total > rowCount / 8) {
            var marked = [Bool](repeating: false, count: rowCount)
            for list in lists { for row in list { marked[Int(row)] = true } }
            return marked.indices.filter { marked[$0] }.map { Int32($0) }
        }
        var rows = lists.flatMap { $0 }
        rows.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(rows.count)
        for row in rows where unique.last != row { unique.append(row) }
        return unique
    }

    /// Bytes with ASCII letters lowered, as `COLLATE NOCASE` and `LIKE` compare them.
    static func folded(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    /// The positions (ascending) of the rows that pass every clause as the SQL filters test
    /// them (``IndexStatements``' `predicate`), and, with `hidingDemoted`, whose demoted column
    /// is 0 or NULL (a search without words of an index that hides those rows then); nil when
    /// something is not one the copy can test. It tests:
    /// - `.text` filters on a facet column and lookup facets, all of whose values are text,
    ///   with whole values and values being typed (prefixes);
    /// - named words that stand for an integer, yes/no and integer filters (a value or a
    ///   range), and the demoted column, on a column of ``numbers``.
    ///
    /// A clause whose word the index does not declare is no condition, as in SQL.
    ///
    /// A clause's rows are its groups' (or values') rows, so a rare value costs its few rows,
    /// as SQL's index on the value does, and not a test of every row.
    func passing(_ clauses: [FieldFilterClause], hidingDemoted: Bool = false, of index: SearchIndex) -> [Int32]? {
        var kept: [Int32]?
        var excluded: [[Int32]] = []
        func keep(_ rows: [Int32]) { kept = kept.map { IndexFacts.intersection($0, rows) } ?? rows }
        for clause in clauses {
            guard let filter = index.filters[clause.key] else { continue }
            guard !clause.anyOf.isEmpty else { return nil }
            let rows: [Int32]
            switch filter {
            case .text, .lookup, .linked:
                guard let found = textRows(clause, filter: filter) else { return nil }
                rows = found
            case .named(let words):
                // NB: as the SQL: a word's value per column, either-or on one column and both
                // on two (`is:open is:flagged`); negated, none of them.
                var byColumn: [String: [Int64]] = [:]
                for value in clause.anyOf {
                    guard case .named(let word) = value, let named = words[word], case .integer(let number) = named.value,
                        numbers[named.column.lowercased()] != nil
                    else { return nil }
                    byColumn[named.column.lowercased(), default: []].append(number)
                }
                let each = byColumn.map { column, wanted in
                    numbers[column]!.rows(where: { $0.map(wanted.contains) ?? false }, rowCount: keys.count)
                }
                if clause.isNegated {
                    rows = IndexFacts.union(each, rowCount: keys.count)
                } else {
                    for rows in each { keep(rows) }
                    continue
                }
            case .bool(let column), .integer(let column):
                guard let numbers = numbers[column.lowercased()] else { return nil }
                var tests: [(Int64) -> Bool] = []
                for value in clause.anyOf {
                    switch value {
                    case .bool(let flag): tests.append { $0 == (flag ? 1 : 0) }
                    case .integer(let number): tests.append { $0 == number }
                    case .integerRange(let from, let through):
                        tests.append { value in value >= (from ?? .min) && value <= (through ?? .max) }
                    default: return nil
                    }
                }
                rows = numbers.rows(where: { value in value.map { value in tests.contains { $0(value) } } ?? false }, rowCount: keys.count)
            default:
                return nil
            }
            // NB: `NOT IFNULL(…, 0)`: a negated clause passes every row the clause does not.
            if clause.isNegated {
                excluded.append(rows)
            } else {
                keep(rows)
            }
        }
        if hidingDemoted {
            // NB: `ifnull("archived", 0) = 0`.
            guard let demoted = index.demoted, let numbers = numbers[demoted.lowercased()] else { return nil }
            keep(numbers.rows(where: { ($0 ?? 0) == 0 }, rowCount: keys.count))
        }
        var passing = kept ?? (0..<Int32(keys.count)).map { $0 }
        for rows in excluded where !passing.isEmpty { passing = IndexFacts.subtracting(rows, from: passing) }
        return passing
    }

    /// The rows a `.text` or `.lookup` clause's values name (negated or not), from the facet
    /// that reads the same column or lookup; nil when there is none or it holds other than text.
    private func textRows(_ clause: FieldFilterClause, filter: SearchIndex.Filter) -> [Int32]? {
        let facet: String?
        switch filter {
        case .text(let column):
            facet = sources.first { $0.value == .column(column) }?.key
        case .lookup, .linked:
            facet = filter.lookupPath.flatMap { path in sources.first { $0.value == .lookup(path) }?.key }
        default:
            facet = nil
        }
        guard let facet, let values = values[facet], values.allText else { return nil }
        var groups: [Int32] = []
        for value in clause.anyOf {
            switch value {
            case .text(let text):
                groups += values.groups(equalTo: IndexFacts.folded(text.utf8))
            case .textPrefix(let text):
                groups += values.groups(startingWith: IndexFacts.folded(text.utf8))
            default:
                return nil
            }
        }
        return values.rows(of: groups)
    }

    /// The positions in both ascending lists, walking the longer one by doubling steps past
    /// what the shorter does not hold.
    static func intersection(_ a: [Int32], _ b: [Int32]) -> [Int32] {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        var both: [Int32] = []
        both.reserveCapacity(short.count)
        long.withUnsafeBufferPointer { long in
            var at = 0
            for position in short {
                at = IDBlob.firstPosition(notBelow: position, in: long, from: at)
                guard at < long.count else { break }
                if long[at] == position { both.append(position) }
            }
        }
        return both
    }

    /// The positions of `all` (ascending) not in `rows` (ascending).
    static func subtracting(_ rows: [Int32], from all: [Int32]) -> [Int32] {
        guard !rows.isEmpty else { return all }
        var left: [Int32] = []
        left.reserveCapacity(all.count)
        var at = 0
        for position in all {
            while at < rows.count, rows[at] < position { at += 1 }
            if at < rows.count, rows[at] == position { continue }
            left.append(position)
        }
        return left
    }

    /// What ``tally(matches:passing:facets:)`` gives: the matches among the rows, and each facet's values.
    struct Tally: Sendable {
        var total = 0
        var facets: [String: [Facet]] = [:]
        /// How many of the matches ``SearchIndex/demoted`` ranks lower; 0 without that
        /// column, nil when the copy does not hold it (SQL counts them then).
        var demoted: Int? = 0
    }

    /// How many of the rows at `positions` the `demoted` column ranks lower
    /// (`ifnull(column, 0) <> 0`): 0 without a column, nil when the copy does not hold its
    /// values (``numbers``).
    func demotedCount(at positions: [Int32], column demoted: String?) -> Int? {
        guard let demoted else { return 0 }
        if let numbers = numbers[demoted.lowercased()] {
            let counts = numbers.values.map { ($0 ?? 0) != 0 }
            guard counts.contains(true) else { return 0 }
            var count = 0
            numbers.places.withUnsafeBufferPointer { places in
                for position in positions where counts[Int(places[Int(position)])] { count += 1 }
            }
            return count
        }
        return nil
    }

    /// Counts `matches` (a `trove_ids` BLOB: sorted keys; nil for every row) among the rows
    /// `passing` (``passing(_:hidingDemoted:of:)``; nil for all), and their values of each facet, as
    /// the SQL facets do: a group of spellings equal ignoring ASCII case counts each match once
    /// and shows its lowest spelling in binary order among the matches; most first, then by
    /// that spelling's bytes; at most ``IndexStatements/facetLimit`` values. A key the facts do
    /// not hold (the app's table has no such row) is left out, as the SQL's join leaves it out.
    func tally(matches: [UInt8]?, passing: [Int32]? = nil, facets: [String], demoted: String? = nil) -> Tally {
        var positions: [Int32]
        if let matches {
            let matched = IDBlob(matches)
            if let passing, passing.count * 16 < matched.count {
                // NB: a few passing rows among many matches: each looked up in the matches,
                // not every match placed among the rows.
                positions = passing.filter { matched.contains(keys[Int($0)]) }
            } else {
                positions = []
                positions.reserveCapacity(matched.count)
                matched.forEachPosition(in: keys) { positions.append(Int32($0)) }
                if let passing { positions = IndexFacts.intersection(positions, passing) }
            }
        } else {
            positions = passing ?? (0..<Int32(keys.count)).map { $0 }
        }
        var tally = Tally(total: positions.count, demoted: demotedCount(at: positions, column: demoted))
        for facet in facets where tally.facets[facet] == nil {
            guard let values = values[facet] else { continue }
            tally.facets[facet] = values.count(at: positions)
        }
        return tally
    }
}

extension IndexFacts.Values {
    /// Groups `rows` (a key and one of its spellings, in any order) by the rows of `keys`.
    init(keys: [Int64], rows: [(key: Int64, spelling: String)]) {
        var bytes: [[UInt8]: Int32] = [:]
        var spellings: [[UInt8]] = []
        var texts: [String] = []
        // NB: one spelling per distinct byte string: Swift's `==` on String would merge
        // canonically equivalent texts that SQLite keeps apart.
        var rowSpelling: [(position: Int, spelling: Int32)] = []
        rowSpelling.reserveCapacity(rows.count)
        let sortedRows = rows.sorted { $0.key < $1.key }
        var position = 0
        keys.withUnsafeBufferPointer { keys in
            for row in sortedRows {
                position = IDBlob.firstPosition(notBelow: row.key, in: keys, from: position)
                guard position < keys.count, keys[position] == row.key else { continue }
                let utf8 = Array(row.spelling.utf8)
                let slot: Int32
                if let known = bytes[utf8] {
                    slot = known
                } else {
                    slot = Int32(spellings.count)
                    bytes[utf8] = slot
                    spellings.append(utf8)
                    texts.append(row.spelling)
                }
                rowSpelling.append((position, slot))
            }
        }
        // NB: renumbered in binary order, so that the lowest number is `min(… COLLATE "BINARY")`.
        let order = spellings.indices.sorted { spellings[$0].lexicographicallyPrecedes(spellings[$1]) }
        var renumbered = [Int32](repeating: 0, count: spellings.count)
        for (rank, old) in order.enumerated() { renumbered[old] = Int32(rank) }
        self.spellings = order.map { texts[$0] }
        var groupOf: [[UInt8]: Int32] = [:]
        var groupKeys: [[UInt8]] = []
        var groups = [Int32](repeating: 0, count: spellings.count)
        for (rank, old) in order.enumerated() {
            let folded = IndexFacts.folded(spellings[old])
            if let group = groupOf[folded] {
                groups[rank] = group
            } else {
                let group = Int32(groupKeys.count)
                groupOf[folded] = group
                groupKeys.append(folded)
                groups[rank] = group
            }
        }
        self.groups = groups
        self.groupCount = groupKeys.count
        self.groupKeys = groupKeys
        var starts = [Int32](repeating: 0, count: keys.count + 1)
        for entry in rowSpelling { starts[entry.position + 1] += 1 }
        for index in keys.indices { starts[index + 1] += starts[index] }
        var slots = [Int32](repeating: 0, count: rowSpelling.count)
        var filled = starts
        for entry in rowSpelling {
            slots[Int(filled[entry.position])] = renumbered[Int(entry.spelling)]
            filled[entry.position] += 1
        }
        self.starts = starts
        self.slots = slots
        self.groupsByKey = groupKeys.indices.sorted { groupKeys[$0].lexicographicallyPrecedes(groupKeys[$1]) }.map { Int32($0) }
    }

    /// Each group's rows (positions, ascending), once each, from each row's spellings: a row
    /// with "errand" and "Errand" is one row of the group. Group `g`'s rows are
    /// `rows[starts[g]..<starts[g + 1]]`.
    static func groupRows(starts: [Int32], slots: [Int32], groups: [Int32], groupCount: Int) -> (starts: [Int32], rows: [Int32]) {
        var groupStarts = [Int32](repeating: 0, count: groupCount + 1)
        var groupRows: [Int32] = []
        // NB: two walks of every row's groups, each once (a counting sort): the first counts
        // each group's rows, the second puts them in place. Through buffers: a copy read from
        // its stored blob makes these again every time.
        starts.withUnsafeBufferPointer { starts in
            slots.withUnsafeBufferPointer { slots in
                groups.withUnsafeBufferPointer { groups in
                    var lastRow = [Int32](repeating: -1, count: groupCount)
                    func eachRowsGroups(_ visit: (_ group: Int, _ row: Int32) -> Void) {
                        lastRow.withUnsafeMutableBufferPointer { lastRow in
                            for row in 0..<lastRow.count { lastRow[row] = -1 }
                            for position in 0..<(starts.count - 1) {
                                for entry in Int(starts[position])..<Int(starts[position + 1]) {
                                    let group = Int(groups[Int(slots[entry])])
                                    if lastRow[group] != Int32(position) {
                                        lastRow[group] = Int32(position)
                                        visit(group, Int32(position))
                                    }
                                }
                            }
                        }
                    }
                    eachRowsGroups { group, _ in groupStarts[group + 1] += 1 }
                    for group in 0..<groupCount { groupStarts[group + 1] += groupStarts[group] }
                    groupRows = [Int32](repeating: 0, count: Int(groupStarts[groupCount]))
                    var next = groupStarts
                    eachRowsGroups { group, row in
                        groupRows[Int(next[group])] = row
                        next[group] += 1
                    }
                }
            }
        }
        return (groupStarts, groupRows)
    }

    /// The number of rows the values were read for.
    var rowCount: Int { starts.count - 1 }

    /// The first place in ``groupsByKey`` whose group's key is not below `key`.
    private func firstGroupPlace(notBelow key: [UInt8]) -> Int {
        var low = 0, high = groupsByKey.count
        while low < high {
            let middle = low + (high - low) / 2
            if groupKeys[Int(groupsByKey[middle])].lexicographicallyPrecedes(key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The group whose key is `key` (ASCII letters lowered), if any: `= 'key' COLLATE NOCASE`.
    func groups(equalTo key: [UInt8]) -> [Int32] {
        let place = firstGroupPlace(notBelow: key)
        guard place < groupsByKey.count, groupKeys[Int(groupsByKey[place])] == key else { return [] }
        return [groupsByKey[place]]
    }

    /// The groups whose keys start with `prefix` (ASCII letters lowered): `LIKE 'prefix%'`.
    func groups(startingWith prefix: [UInt8]) -> [Int32] {
        var found: [Int32] = []
        var place = firstGroupPlace(notBelow: prefix)
        while place < groupsByKey.count, groupKeys[Int(groupsByKey[place])].starts(with: prefix) {
            found.append(groupsByKey[place])
            place += 1
        }
        return found
    }

    /// The rows (positions, ascending, each once) holding a value of any of `groups`.
    func rows(of groups: [Int32]) -> [Int32] {
        // NB: the first filter that reads this copy's rows scans for them, and only a second one
        // makes the index of every group's rows: a copy read from its stored blob for one search
        // (on a new connection) reads them once, and the index costs two walks of every row and
        // the arrays they fill; a copy a cache keeps is read by search after search.
        if !isIndexMade, groupIndex.scans.withLock({ scans in scans += 1; return scans == 1 }) {
            return scannedRows(of: groups)
        }
        return IndexFacts.union(groups.map(rows(ofGroup:)), rowCount: rowCount)
    }

    /// Whether ``groupStarts`` and ``groupRows`` are made.
    private var isIndexMade: Bool { groupIndex.made.withLock { $0 != nil } }

    /// ``rows(of:)`` by one walk of every row's spellings, without the index of every group's rows.
    func scannedRows(of groups: [Int32]) -> [Int32] {
        guard !groups.isEmpty else { return [] }
        var wanted = [Bool](repeating: false, count: groupCount)
        for group in groups { wanted[Int(group)] = true }
        var rows: [Int32] = []
        starts.withUnsafeBufferPointer { starts in
            slots.withUnsafeBufferPointer { slots in
                self.groups.withUnsafeBufferPointer { spellingGroups in
                    for row in 0..<(starts.count - 1) {
                        for entry in Int(starts[row])..<Int(starts[row + 1]) where wanted[Int(spellingGroups[Int(slots[entry])])] {
                            rows.append(Int32(row))
                            break
                        }
                    }
                }
            }
        }
        return rows
    }

    /// ``rows(of:)`` by marking each row in a list of every row (for many rows) or by sorting
    /// the groups' rows together (for few); the same rows either way.
    func rows(of groups: [Int32], byMarking: Bool) -> [Int32] {
        IndexFacts.union(groups.map(rows(ofGroup:)), rowCount: rowCount, byMarking: byMarking)
    }

    /// One group's rows (positions, ascending).
    private func rows(ofGroup group: Int32) -> ArraySlice<Int32> {
        groupRows[Int(groupStarts[Int(group)])..<Int(groupStarts[Int(group) + 1])]
    }

    /// The values of the rows at `positions` (ascending), as ``IndexFacts/tally(matches:passing:facets:)`` lists them.
    func count(at positions: [Int32]) -> [Facet] {
        count(at: positions, sparse: positions.count * 16 < groupCount)
    }

    /// ``count(at:)`` with a count for every group (for many rows) or only for the groups the
    /// rows hold (for few rows among many values, such as a rare tag's notes among tens of
    /// thousands of tags); the same values either way.
    func count(at positions: [Int32], sparse: Bool) -> [Facet] {
        // NB: per group: its matches, its lowest spelling among them, and the last row counted,
        // so that a row with two spellings of one group counts once, as `count(DISTINCT key)` does.
        var counted: [(group: Int32, count: Int, lowest: Int32)] = []
        if sparse {
            var seen: [Int32: (count: Int, lowest: Int32, lastRow: Int32)] = [:]
            for position in positions {
                for entry in Int(starts[Int(position)])..<Int(starts[Int(position) + 1]) {
                    let spelling = slots[entry]
                    let group = groups[Int(spelling)]
                    var state = seen[group] ?? (0, Int32.max, -1)
                    state.lowest = min(state.lowest, spelling)
                    if state.lastRow != position {
                        state.lastRow = position
                        state.count += 1
                    }
                    seen[group] = state
                }
            }
            counted = seen.map { ($0.key, $0.value.count, $0.value.lowest) }
        } else {
            var counts = [Int](repeating: 0, count: groupCount)
            var lowest = [Int32](repeating: Int32.max, count: groupCount)
            var lastRow = [Int32](repeating: -1, count: groupCount)
            starts.withUnsafeBufferPointer { starts in
                slots.withUnsafeBufferPointer { slots in
                    groups.withUnsafeBufferPointer { groups in
                        for position in positions {
                            for entry in Int(starts[Int(position)])..<Int(starts[Int(position) + 1]) {
                                let spelling = slots[entry]
                                let group = Int(groups[Int(spelling)])
                                if spelling < lowest[group] { lowest[group] = spelling }
                                if lastRow[group] != position {
                                    lastRow[group] = position
                                    counts[group] += 1
                                }
                            }
                        }
                    }
                }
            }
            for group in 0..<groupCount where counts[group] > 0 { counted.append((Int32(group), counts[group], lowest[group])) }
        }
        // NB: the lowest spelling's number orders by its bytes, as `ORDER BY "value"` does.
        counted.sort { a, b in a.count != b.count ? a.count > b.count : a.lowest < b.lowest }
        return counted.prefix(IndexStatements.facetLimit).map { Facet(name: spellings[Int($0.lowest)], count: $0.count) }
    }
}

extension SearchIndex {
    /// The count of writes that could change a facet, the triggers that keep it (``IndexFacts``)
    /// the stored copy and the log of rows written since: `trove_notes_changes`,
    /// `trove_notes_factsinsert`, … , `trove_notes_facts`, `trove_notes_factslog`.
    var factsNames: (changes: String, insert: String, delete: String, update: String, snapshot: String, log: String) {
        (
            "trove_\(name)_changes", "trove_\(name)_factsinsert", "trove_\(name)_factsdelete", "trove_\(name)_factsupdate",
            "trove_\(name)_facts", "trove_\(name)_factslog"
        )
    }

    /// The triggers on the `number`th (from 1) looked-up facet's table: `trove_notes_lookup1insert`, … .
    func lookupTriggerNames(_ number: Int) -> (insert: String, delete: String, update: String) {
        ("trove_\(name)_lookup\(number)insert", "trove_\(name)_lookup\(number)delete", "trove_\(name)_lookup\(number)update")
    }

    /// Where a facet's values come from, and the column of the app's table they hang on: the
    /// facet's own column, or a lookup's own column (the app's table's side of it).
    func factSource(_ facet: String) -> (own: String, source: IndexFacts.Source) {
        if let path = filters[facet.lowercased()]?.lookupPath {
            return (path.own, .lookup(path))
        }
        return (facet, .column(facet))
    }

    /// The tables the looked-up facets read, each once, in the declaration's order; their
    /// writes count as changes too.
    var lookedUpFacetTables: [String] {
        var tables: [String] = []
        for facet in facets {
            guard case .lookup(let path) = factSource(facet).source else { continue }
            for table in path.tables where !tables.contains(where: { $0.lowercased() == table.lowercased() }) { tables.append(table) }
        }
        return tables
    }

    /// The columns of the app's table whose change changes the copy: the facet columns, the
    /// looked-up facets' own columns and the ``factsNumberColumns``, each once.
    var factsWatchedColumns: [String] {
        var columns: [String] = []
        for column in facets.map({ factSource($0).own }) + factsNumberColumns
        where !columns.contains(where: { $0.lowercased() == column.lowercased() }) {
            columns.append(column)
        }
        return columns
    }

    /// The columns whose values the copy holds as numbers (``IndexFacts/Numbers``), for an
    /// index with facets: those a named, yes/no or integer filter compares, then the demoted
    /// column; each once, filters by their word. `["read", "starred", "year", "archived"]`.
    var factsNumberColumns: [String] {
        guard !facets.isEmpty else { return [] }
        var columns: [String] = []
        for word in filters.keys.sorted() {
            switch filters[word] {
            case .named(let words): columns += Set(words.values.map(\.column)).sorted()
            case .bool(let column), .integer(let column): columns.append(column)
            default: break
            }
        }
        if let demoted { columns.append(demoted) }
        var unique: [String] = []
        for column in columns where !unique.contains(where: { $0.lowercased() == column.lowercased() }) { unique.append(column) }
        return unique
    }
}
