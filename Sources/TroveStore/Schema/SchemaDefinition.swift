import Foundation
import TroveQuery
public import TroveSQLite

/// The schema as this Trove's migrations leave it: every table, index, view and trigger with
/// its DDL, and each FTS5 table's configuration (such as its bm25 `rank`). It is the one
/// reference a database is held against: when a store opens (after migrating), by `trove
/// check`, and by `trove rebuild`, which recreates from it whatever derived object is missing
/// or differs.
///
/// ```swift
/// let reference = try SchemaDefinition.current()
/// try reference.problems(in: db)   // [] for a sound database
/// // [.differs(reminders_fts …)] for an index made without prefix = '1 2 3'
/// ```
///
/// ## Where the DDL lives: only in `schema/`
///
/// The reference is not written down a second time. It is read back (`sqlite_schema` and each
/// FTS5 table's `_config`) from a private in-memory database that ``Migrator`` has just taken
/// through every file in `schema/`, so a migration that adds a column, a journal table, an
/// index, a trigger or a second FTS5 table (with any options) is part of the reference with no
/// edit here. Tables of data (`reminders`, `lists`, …) are compared but never recreated; FTS5
/// tables, indexes, views and triggers are derived from the data and `trove rebuild` may drop
/// and recreate them. An FTS5 table is refilled with its own `'rebuild'` command; one that
/// cannot be (a contentless table) adds its refill statement to `refills`: the one small
/// edit a later migration may need here.
public struct SchemaDefinition: Sendable {
    /// One schema object as `sqlite_schema` holds it.
    public struct Object: Hashable, Sendable {
        /// The kind of object, as `sqlite_schema.type` says it (virtual and shadow tables told apart).
        public enum Kind: String, Hashable, Sendable {
            /// A table of data: compared, never recreated.
            case table
            /// An FTS5 (or other virtual) table: recreated and refilled by `trove rebuild`.
            case virtualTable
            /// A table a virtual table keeps its data in (`reminders_fts_data`, …); it belongs
            /// to ``owner`` and goes and comes with it.
            case shadowTable
            case index, view, trigger
        }

        /// What kind of object it is.
        public var kind: Kind
        /// Its name in `sqlite_schema`.
        public var name: String
        /// The CREATE statement as stored.
        public var sql: String
        /// For a shadow table, the virtual table it belongs to.
        public var owner: String?

        /// Whether `trove rebuild` may drop and recreate it from ``sql``: everything but a table of data.
        public var isDerived: Bool { kind != .table }

        /// `the search index reminders_fts`, `the trigger reminder_tags_link`, …
        public var label: String {
            switch kind {
            case .table: "the table \(name)"
            case .virtualTable: "the search index \(name)"
            case .shadowTable: "the search index's table \(name)"
            case .index: "the index \(name)"
            case .view: "the view \(name)"
            case .trigger: "the trigger \(name)"
            }
        }
    }

    /// How `db` differs from the reference.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        case missing(Object)
        /// Same name, other DDL (options included), or another kind of object.
        case differs(Object, found: String)
        /// An FTS5 setting (`rank`, …) other than the reference's; nil when absent.
        case configuration(table: String, key: String, expected: String?, found: String?)

        /// The object `trove rebuild` recreates to repair it; nil for a table of data.
        public var repairedBy: String? {
            switch self {
            case .missing(let object), .differs(let object, _):
                object.kind == .shadowTable ? object.owner : (object.isDerived ? object.name : nil)
            case .configuration(let table, _, _, _): table
            }
        }

        /// The problem in words: `index reminders_due is missing`.
        public var description: String {
            switch self {
            case .missing(let object): "\(object.label) is missing"
            case .differs(let object, let found):
                "\(object.label) is not defined as this Trove defines it (found: \(SchemaDefinition.normalized(found)))"
            case .configuration(let table, let key, let expected, let found):
                "the search index \(table) has \(key) = \(found ?? "nothing") instead of \(expected ?? "nothing")"
            }
        }
    }

    /// Whether the schema keeps tag positions and `tag_text_written` (version 5 on).
    var tracksTagText: Bool { objects.contains { $0.name == "tag_text_written" } }

    /// Every object, in the order the migrations created them (so dependencies come first).
    public var objects: [Object]
    /// Each FTS5 table's `_config` rows, by table, then key.
    public var configuration: [String: [String: String]]

    /// Statements that refill an FTS5 table `trove rebuild` recreates, when its own
    /// `INSERT INTO t (t) VALUES ('rebuild')` cannot (a contentless table); keyed by table.
    static let refills: [String: SQLFragment] = [:]

    /// The reference for this build's migrations, made once per process.
    ///
    /// - Throws: The SQLite error of a migration that fails on an empty database: a broken
    ///   build, not a user's problem.
    public static func current() throws -> SchemaDefinition {
        try built.get()
    }

    private static let built = Result { try SchemaDefinition(migrator: Migrator()) }

    /// Migrates a private in-memory database with `migrator` and reads its schema back.
    public init(migrator: Migrator) throws {
        let db = try SQLConnection.inMemory()
        try migrator.migrate(db, path: ":memory:")
        self = try Self.read(db)
    }

    /// The objects and FTS5 settings of the database on `db`, SQLite's own (`sqlite_%`) left out.
    ///
    /// ```swift
    /// // SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\_%' ESCAPE '\'
    /// // SELECT name, type FROM pragma_table_list WHERE schema = 'main'
    /// // SELECT k, v FROM "<fts table>_config"
    /// ```
    public static func read(_ db: SQLConnection) throws -> SchemaDefinition {
        var tableKinds: [String: String] = [:]
        for row in try db.fetchAll("SELECT name, type FROM pragma_table_list WHERE schema = 'main'") {
            tableKinds[try row[0] as String] = try row[1] as String
        }
        let rows = try db.fetchAll(
            "SELECT type, name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND sql IS NOT NULL ORDER BY rowid")
        var objects: [Object] = []
        for row in rows {
            let type: String = try row[0], name: String = try row[1], sql: String = try row[2]
            let kind: Object.Kind
            switch type {
            case "index": kind = .index
            case "view": kind = .view
            case "trigger": kind = .trigger
            default:
                switch tableKinds[name] {
                case "virtual": kind = .virtualTable
                case "shadow": kind = .shadowTable
                default: kind = .table
                }
            }
            objects.append(Object(kind: kind, name: name, sql: sql, owner: nil))
        }
        let virtualTables = objects.filter { $0.kind == .virtualTable }.map(\.name)
        for index in objects.indices where objects[index].kind == .shadowTable {
            objects[index].owner = virtualTables.filter { objects[index].name.hasPrefix($0 + "_") }.max { $0.count < $1.count }
        }
        var configuration: [String: [String: String]] = [:]
        for table in virtualTables where objects.contains(where: { $0.name == table + "_config" }) {
            var settings: [String: String] = [:]
            for row in try db.fetchAll("SELECT k, v FROM \(identifier: table + "_config")") {
                settings[Self.text(row[0])] = Self.text(row[1])
            }
            configuration[table] = settings
        }
        return SchemaDefinition(objects: objects, configuration: configuration)
    }

    /// A setting's value as text: `bm25(10.0, 1.0, 5.0)`, `4`.
    private static func text(_ value: SQLBinding) -> String {
        switch value {
        case .text(let text): text
        case .integer(let number): String(number)
        case .double(let number): String(number)
        case .null: ""
        case .blob(let bytes): bytes.map { String($0, radix: 16) }.joined()
        }
    }

    init(objects: [Object], configuration: [String: [String: String]]) {
        self.objects = objects
        self.configuration = configuration
    }

    /// How the database on `db` differs from this reference; objects it has beyond the
    /// reference's (an index of your own) are no problem.
    public func problems(in db: SQLConnection) throws -> [Problem] {
        problems(comparedWith: try Self.read(db))
    }

    func problems(comparedWith live: SchemaDefinition) -> [Problem] {
        let found = Dictionary(live.objects.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [Problem] = []
        for object in objects {
            guard let existing = found[object.name] else {
                problems.append(.missing(object))
                continue
            }
            if existing.kind != object.kind || Self.normalized(existing.sql) != Self.normalized(object.sql) {
                problems.append(.differs(object, found: existing.sql))
            }
        }
        // NB: a missing or redefined FTS5 table takes its shadow tables with it; one line says so.
        let owners = Set(problems.compactMap { problem -> String? in
            if case .missing(let object) = problem, object.kind == .virtualTable { return object.name }
            if case .differs(let object, _) = problem, object.kind == .virtualTable { return object.name }
            return nil
        })
        problems.removeAll { problem in
            switch problem {
            case .missing(let object), .differs(let object, _): object.owner.map(owners.contains) ?? false
            case .configuration: false
            }
        }
        for (table, settings) in configuration.sorted(by: { $0.key < $1.key }) where !owners.contains(table) || found[table] != nil {
            guard let object = found[table], object.kind == .virtualTable, let liveSettings = live.configuration[table] else { continue }
            for key in Set(settings.keys).union(liveSettings.keys).sorted() where settings[key] != liveSettings[key] {
                problems.append(.configuration(table: table, key: key, expected: settings[key], found: liveSettings[key]))
            }
        }
        return problems
    }

    /// Derived objects of the reference that `db` lacks, by name: cheap (names only), for
    /// every open.
    public func missingDerivedObjects(in db: SQLConnection) throws -> [String] {
        try Self.missing(derivedObjects, in: db)
    }

    /// Recreates `names` (derived objects; a shadow table's owner stands for it) from the
    /// reference, with their FTS5 settings, runs `refilling`, then refills every FTS5 table.
    /// Run in a write transaction.
    ///
    /// ```swift
    /// // DROP TABLE IF EXISTS "reminders_fts"; CREATE VIRTUAL TABLE reminders_fts USING fts5(…, prefix = '1 2 3')
    /// // INSERT INTO "reminders_fts" ("reminders_fts", "rank") VALUES ('rank', 'bm25(10.0, 1.0, 5.0)')
    /// // INSERT INTO "reminders_fts" ("reminders_fts") VALUES ('rebuild')   -- with an 8 MiB hash (FTS5HashSize)
    /// ```
    func recreate(_ names: Set<String>, on db: SQLConnection, before refilling: (SQLConnection) throws -> Void = { _ in }) throws {
        let chosen = objects.filter { names.contains($0.name) && $0.isDerived && $0.kind != .shadowTable }
        // NB: dependents go first, then everything is made again in the migrations' order.
        for object in chosen.reversed() {
            let kind: SQLFragment = switch object.kind {
            case .index: "INDEX"
            case .view: "VIEW"
            case .trigger: "TRIGGER"
            case .virtualTable, .shadowTable, .table: "TABLE"
            }
            try db.execute("DROP \(kind) IF EXISTS \(identifier: object.name)")
        }
        for object in chosen {
            try db.execute(object.sql)
            for (key, value) in (configuration[object.name] ?? [:]).sorted(by: { $0.key < $1.key }) where key != "version" {
                try db.execute("INSERT INTO \(identifier: object.name) (\(identifier: object.name), rank) VALUES (\(key), \(value))")
            }
        }
        try refilling(db)
        // NB: only FTS5 tables (those with a `_config`) take 'rebuild'; an fts5vocab table reads its index.
        for table in objects where table.kind == .virtualTable && configuration[table.name] != nil {
            // NB: a larger hash for the statement that indexes every row (`FTS5HashSize`).
            let hashSize = FTS5HashSize(table: table.name)
            let ownSize = configuration[table.name]?["hashsize"] != nil
            if !ownSize { try hashSize.raise(on: db) }
            try db.execute(Self.refills[table.name] ?? "INSERT INTO \(identifier: table.name) (\(identifier: table.name)) VALUES ('rebuild')")
            if !ownSize { try hashSize.restore(on: db) }
        }
    }

    /// DDL without comments, with every run of whitespace as one space: two definitions that
    /// differ only in layout are the same.
    public static func normalized(_ sql: String) -> String {
        var output = ""
        var scalars = Array(sql.unicodeScalars)[...]
        var pendingSpace = false
        func emit(_ scalar: Unicode.Scalar) {
            if pendingSpace, !output.isEmpty { output.unicodeScalars.append(" ") }
            pendingSpace = false
            output.unicodeScalars.append(scalar)
        }
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "'", "\"", "`", "[":
                let close: Unicode.Scalar = scalar == "[" ? "]" : scalar
                emit(scalar)
                while let next = scalars.popFirst() {
                    output.unicodeScalars.append(next)
                    if next == close { break }
                }
            case "-" where scalars.first == "-":
                while let next = scalars.popFirst(), next != "\n" {}
                pendingSpace = true
            case "/" where scalars.first == "*":
                scalars.removeFirst()
                while let next = scalars.popFirst() {
                    if next == "*", scalars.first == "/" { scalars.removeFirst(); break }
                }
                pendingSpace = true
            case _ where scalar.properties.isWhitespace:
                pendingSpace = true
            default:
                emit(scalar)
            }
        }
        return output
    }
}
