import TroveQuery
package import TroveSQLite

/// Schema 9's per-prefix counts: for every prefix of one to four characters (three from
/// schema 10, four from schema 12, and only in at most 8 bytes) that starts a token of a
/// reminder, the reminders per list and per tag, and the completed ones among them. A one- to
/// four-letter search reads its
/// counts and facets here instead of walking its matches
/// (TroveSearch's `SearchExecutor.prefixTally(on:)`).
///
/// The schema's triggers note each changed reminder that was counted in `prefix_count_changes`,
/// and a reminder added since is known by its id (above `prefix_count_state.counted_through`);
/// every store write counts what changed before it commits (``catchUp(on:)``), so the counts
/// change with the reminders in one transaction, and a killed write leaves both as they were.
///
/// ```swift
/// try PrefixTallies.catchUp(on: db)
/// // SELECT trove_prefix_tally("sign", "list_id", "is_completed", "title", "notes", "tags") FROM (…the changes…)
/// // INSERT INTO "prefix_list_counts" (…) SELECT … FROM json_each(?) … ON CONFLICT … DO UPDATE SET …
/// // INSERT INTO "prefix_tag_counts" (…) SELECT … (the same for the tags)
/// // DELETE FROM "prefix_list_counts" WHERE "matches" = 0 AND … (the keys changed)   -- and the tags'
/// // DELETE FROM "prefix_count_changes"; UPDATE "prefix_count_state" SET "counted_through" = …
/// ```
package enum PrefixTallies {
    /// The changes the counts have not taken in yet, as rows for `trove_prefix_tally`: a counted
    /// reminder's values as counted with sign -1, its values now with sign 1, and every reminder
    /// added since (an id above `counted_through`) with sign 1.
    static let changes: SQLFragment = """
        SELECT -1 AS "sign", "list_id", "is_completed", "title", "notes", "tags" FROM "prefix_count_changes" WHERE "counted" = 1 \
        UNION ALL SELECT 1, "r"."list_id", "r"."is_completed", "r"."title", "r"."notes", "r"."tags" \
        FROM "prefix_count_changes" AS "c" JOIN "reminders" AS "r" ON "r"."id" = "c"."id" \
        WHERE "c"."counted" = 0 AND "c"."id" <= (SELECT "counted_through" FROM "prefix_count_state") \
        UNION ALL SELECT 1, "list_id", "is_completed", "title", "notes", "tags" FROM "reminders" \
        WHERE "id" > (SELECT "counted_through" FROM "prefix_count_state")
        """

    /// Every reminder as rows for `trove_prefix_tally`: what the counts should hold.
    static let everything: SQLFragment = """
        SELECT 1 AS "sign", "list_id", "is_completed", "title", "notes", "tags" FROM "reminders"
        """

    /// `trove_prefix_tally` over `rows`: one JSON array, `[[0, prefix, list id, rows, completed], [1, prefix, tag, …], …]`.
    static func tally(_ rows: SQLFragment, on db: SQLiteConnection) throws -> String {
        let sql: SQLFragment = "SELECT trove_prefix_tally(\"sign\", \"list_id\", \"is_completed\", \"title\", \"notes\", \"tags\") FROM ("
            + rows + ")"
        return try db.fetchValue(sql, as: String.self) ?? "[]"
    }

    /// Whether the file has the counts (schema 9 on).
    package static func exist(on db: SQLiteConnection) throws -> Bool {
        try db.fetchValue(
            "SELECT count(*) FROM sqlite_schema WHERE \"type\" = 'table' AND \"name\" = 'prefix_count_changes'", as: Int.self) == 1
    }

    /// Whether changes wait to be counted (written by a program other than Trove since Trove's
    /// last write, or before a migration made the counts): then the counts are behind the reminders.
    ///
    /// ```swift
    /// // SELECT EXISTS (SELECT 1 FROM "prefix_count_changes")
    /// //   OR ifnull((SELECT max("id") FROM "reminders"), 0) > (SELECT "counted_through" FROM "prefix_count_state")
    /// ```
    package static func arePending(on db: SQLiteConnection) throws -> Bool {
        try db.fetchValue("""
            SELECT EXISTS (SELECT 1 FROM "prefix_count_changes") \
            OR ifnull((SELECT max("id") FROM "reminders"), 0) > (SELECT "counted_through" FROM "prefix_count_state")
            """, as: Int.self) == 1
    }

    /// Marks every reminder there is as counted: `counted_through` becomes the highest id (or
    /// stays, when the highest ones were deleted: a lower id reused is noted by the triggers).
    static func markCounted(on db: SQLiteConnection) throws {
        try db.execute("""
            UPDATE "prefix_count_state" SET "counted_through" = max("counted_through", ifnull((SELECT max("id") FROM "reminders"), 0))
            """)
    }

    /// Counts the noted changes and forgets them; nothing when there are none (or the file has
    /// no counts). Call inside the transaction that wrote the reminders, before it commits.
    package static func catchUp(on db: SQLiteConnection) throws {
        guard try exist(on: db), try arePending(on: db) else { return }
        try apply(try tally(changes, on: db), on: db)
        try db.execute("DELETE FROM \"prefix_count_changes\"")
        try markCounted(on: db)
    }

    /// Counts every reminder afresh (`trove rebuild`), in the caller's transaction.
    package static func recount(on db: SQLiteConnection) throws {
        guard try exist(on: db) else { return }
        try db.execute("DELETE FROM \"prefix_list_counts\"")
        try db.execute("DELETE FROM \"prefix_tag_counts\"")
        try db.execute("DELETE FROM \"prefix_count_changes\"")
        try apply(try tally(everything, on: db), on: db)
        try markCounted(on: db)
    }

    /// Adds a tally's entries to the counts, and removes the keys it brought to nothing.
    static func apply(_ delta: String, on db: SQLiteConnection) throws {
        guard delta != "[]" else { return }
        let entry: SQLFragment = "FROM json_each(\(delta)) AS \"e\" WHERE \"e\".\"value\" ->> 0 = "
        try db.execute(
            "INSERT INTO \"prefix_list_counts\" (\"prefix\", \"list_id\", \"matches\", \"completed\") "
                + "SELECT \"e\".\"value\" ->> 1, \"e\".\"value\" ->> 2, \"e\".\"value\" ->> 3, \"e\".\"value\" ->> 4 "
                + entry + "0 ON CONFLICT (\"prefix\", \"list_id\") DO UPDATE SET "
                + "\"matches\" = \"matches\" + \"excluded\".\"matches\", \"completed\" = \"completed\" + \"excluded\".\"completed\"")
        try db.execute(
            "INSERT INTO \"prefix_tag_counts\" (\"prefix\", \"tag\", \"matches\", \"completed\") "
                + "SELECT \"e\".\"value\" ->> 1, \"e\".\"value\" ->> 2, \"e\".\"value\" ->> 3, \"e\".\"value\" ->> 4 "
                + entry + "1 ON CONFLICT (\"prefix\", \"tag\") DO UPDATE SET "
                + "\"matches\" = \"matches\" + \"excluded\".\"matches\", \"completed\" = \"completed\" + \"excluded\".\"completed\"")
        try db.execute(
            "DELETE FROM \"prefix_list_counts\" WHERE \"matches\" = 0 AND \"completed\" = 0 AND (\"prefix\", \"list_id\") IN "
                + "(SELECT \"e\".\"value\" ->> 1, \"e\".\"value\" ->> 2 " + entry + "0)")
        try db.execute(
            "DELETE FROM \"prefix_tag_counts\" WHERE \"matches\" = 0 AND \"completed\" = 0 AND (\"prefix\", \"tag\") IN "
                + "(SELECT \"e\".\"value\" ->> 1, \"e\".\"value\" ->> 2 " + entry + "1)")
    }

    /// What differs between the counts (with the changes not yet counted) and a fresh count of
    /// every reminder: one line per key, at most `limit` lines. Empty when they agree.
    package static func problems(on db: SQLiteConnection, limit: Int = 20) throws -> [String] {
        guard try exist(on: db) else { return [] }
        var held: [Key: Count] = [:]
        let stored: SQLFragment = """
            SELECT 0, "prefix", CAST("list_id" AS TEXT), "matches", "completed" FROM "prefix_list_counts" \
            UNION ALL SELECT 1, "prefix", "tag", "matches", "completed" FROM "prefix_tag_counts"
            """
        for row in try db.fetchAll(stored) {
            held[Key(kind: try row[0], prefix: try row[1], key: try row[2]), default: Count()].add(try row[3], try row[4])
        }
        for (key, count) in try entries(try tally(changes, on: db), on: db) { held[key, default: Count()].add(count.matches, count.completed) }
        var fresh = try entries(try tally(everything, on: db), on: db)
        var problems: [String] = []
        for (key, count) in held.sorted(by: { $0.key < $1.key }) {
            let expected = fresh.removeValue(forKey: key) ?? Count()
            guard count != expected else { continue }
            problems.append(key.describe(held: count, expected: expected))
        }
        for (key, count) in fresh.sorted(by: { $0.key < $1.key }) where count != Count() {
            problems.append(key.describe(held: Count(), expected: count))
        }
        return Array(problems.prefix(limit))
    }

    /// A tally's entries by key.
    private static func entries(_ tally: String, on db: SQLiteConnection) throws -> [Key: Count] {
        var entries: [Key: Count] = [:]
        let sql: SQLFragment = """
            SELECT "e"."value" ->> 0, "e"."value" ->> 1, CAST("e"."value" ->> 2 AS TEXT), "e"."value" ->> 3, "e"."value" ->> 4 \
            FROM json_each(\(tally)) AS "e"
            """
        for row in try db.fetchAll(sql) {
            entries[Key(kind: try row[0], prefix: try row[1], key: try row[2]), default: Count()].add(try row[3], try row[4])
        }
        return entries
    }

    /// A prefix and a list (kind 0, its id as text) or a tag (kind 1, its name).
    private struct Key: Hashable, Comparable {
        var kind: Int
        var prefix: String
        var key: String

        static func < (a: Key, b: Key) -> Bool {
            (a.kind, a.prefix, a.key) < (b.kind, b.prefix, b.key)
        }

        func describe(held: Count, expected: Count) -> String {
            let what = kind == 0 ? "list \(key)" : "tag \"\(key)\""
            return "prefix \"\(prefix)\", \(what): counted \(held.matches) (\(held.completed) completed), "
                + "the reminders hold \(expected.matches) (\(expected.completed) completed)"
        }
    }

    private struct Count: Equatable {
        var matches = 0
        var completed = 0

        mutating func add(_ matches: Int, _ completed: Int) {
            self.matches += matches
            self.completed += completed
        }
    }
}
