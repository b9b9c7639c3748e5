import TroveQuery
import TroveSQLite

extension SchemaDefinition {
    /// A derived object by name and kind: what opening a store looks for in the file.
    public struct DerivedObject: Hashable, Sendable, CustomStringConvertible {
        /// Its name in `sqlite_schema`.
        public var name: String
        /// What kind of object it is (never ``Object/Kind/table``).
        public var kind: Object.Kind
        /// For a shadow table, the FTS5 table it belongs to.
        public var owner: String?

        /// Names a derived object; `owner` only for a shadow table.
        public init(_ kind: Object.Kind, _ name: String, owner: String? = nil) {
            self.name = name
            self.kind = kind
            self.owner = owner
        }

        /// `.trigger reminders_index_insert`: how the written-out list in this file spells it.
        public var description: String { ".\(kind) \(name)" + (owner.map { " (of \($0))" } ?? "") }
    }

    /// Every derived object of this reference, in the migrations' order.
    public var derivedObjects: [DerivedObject] {
        objects.filter(\.isDerived).map { DerivedObject($0.kind, $0.name, owner: $0.owner) }
    }

    /// The derived objects of ``current()``, written out in the migrations' order: what every
    /// open checks the file for.
    ///
    /// NB: replaying the migrations to learn these names costs ~11 ms (SQLite parsing 23 KB of
    /// DDL into a private database; `sqlite3 :memory: '.read schema/*.sql'` takes as long),
    /// the longest part of a no-hit `trove search`'s start. The full reference is made only
    /// when `check` or `rebuild` needs its DDL. `SchemaDefinitionTests` checks this list
    /// against the replay, so a migration that adds or drops a derived object fails there until
    /// it is written here too.
    static let written: [DerivedObject] = [
        .init(.index, "reminders_by_due"),
        .init(.index, "reminder_tags_by_tag"),
        .init(.trigger, "reminders_refuse_replace"),
        .init(.trigger, "reminders_index_insert"),
        .init(.trigger, "reminders_index_delete"),
        .init(.trigger, "reminders_index_update"),
        .init(.virtualTable, "reminders_fts"),
        .init(.shadowTable, "reminders_fts_data", owner: "reminders_fts"),
        .init(.shadowTable, "reminders_fts_idx", owner: "reminders_fts"),
        .init(.shadowTable, "reminders_fts_docsize", owner: "reminders_fts"),
        .init(.shadowTable, "reminders_fts_config", owner: "reminders_fts"),
        .init(.index, "reminders_in_due_order"),
        .init(.index, "reminders_by_list"),
        .init(.index, "reminders_by_uid"),
        .init(.trigger, "reminders_give_uid"),
        .init(.trigger, "reminders_keep_uid"),
        .init(.index, "reminder_completions_by_reminder"),
        .init(.view, "reminder_tag_text"),
        .init(.trigger, "reminder_tags_link"),
        .init(.trigger, "reminder_tags_unlink"),
        .init(.trigger, "reminder_tags_relink"),
        .init(.trigger, "tags_rename"),
        .init(.virtualTable, "reminders_vocab"),
        .init(.virtualTable, "reminders_substrings"),
        .init(.shadowTable, "reminders_substrings_data", owner: "reminders_substrings"),
        .init(.shadowTable, "reminders_substrings_idx", owner: "reminders_substrings"),
        .init(.shadowTable, "reminders_substrings_docsize", owner: "reminders_substrings"),
        .init(.shadowTable, "reminders_substrings_config", owner: "reminders_substrings"),
        .init(.view, "reminders_substring_text"),
        .init(.trigger, "reminders_substrings_insert"),
        .init(.trigger, "reminders_substrings_delete"),
        .init(.trigger, "reminders_substrings_update"),
        .init(.index, "journal_reminders_by_entry"),
        .init(.trigger, "prefix_counts_insert"),
        .init(.trigger, "prefix_counts_update"),
        .init(.trigger, "prefix_counts_delete"),
        .init(.index, "reminders_with_substring_text"),
        .init(.trigger, "list_and_completion_changes_count"),
    ]

    /// Those of `derived` that `db` lacks, by name; a missing FTS5 table stands for its shadow
    /// tables. Cheap (names only), for every open.
    ///
    /// ```swift
    /// // SELECT name FROM sqlite_schema
    /// try SchemaDefinition.missing(SchemaDefinition.written, in: db)  // ["reminders_index_insert"] once it was dropped
    /// ```
    static func missing(_ derived: [DerivedObject], in db: SQLConnection) throws -> [String] {
        let names = Set(try db.fetchAll("SELECT name FROM sqlite_schema").map { row -> String in try row[0] })
        let missing = derived.filter { !names.contains($0.name) }
        let missingTables = Set(missing.filter { $0.kind == .virtualTable }.map(\.name))
        return missing.filter { $0.owner.map { !missingTables.contains($0) } ?? true }.map(\.name)
    }
}
