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
/// Tags (schema 17) are counted one by one only once ``countedTagMinimum`` reminders hold them
/// (their names in `prefix_counted_tags`), under prefixes of at most ``tagPrefixCharacters``;
/// a reminder holding another tag is counted under ``uncountedTagsEntry``. A tag reaching the
/// minimum in a write is counted from then on, its reminders counted again in that write.
///
/// ```swift
/// try PrefixTallies.catchUp(on: db)
/// // SELECT json_group_array("t"."name") FROM "tags" AS "t" WHERE … (the tags reaching the minimum)
/// // SELECT trove_prefix_tally("sign", "list_id", "is_completed", "title", "notes", "tags", ?) FROM (…the changes…)
/// // INSERT INTO "prefix_list_counts" (…) SELECT … FROM json_each(?) … ON CONFLICT … DO UPDATE SET …
/// // INSERT INTO "prefix_tag_counts" (…) SELECT … (the same for the tags)
/// // DELETE FROM "prefix_list_counts" WHERE "matches" = 0 AND … (the keys changed)   -- and the tags'
/// // DELETE FROM "prefix_count_changes"; UPDATE "prefix_count_state" SET "counted_through" = …
/// ```
package enum PrefixTallies {
    /// How many reminders a tag labels before it is counted one by one (schema 17): a tag of
    /// fewer is counted when a search asks for it, so the counts grow with the tags many
    /// reminders share, not with every tag under every prefix of every reminder it labels.
    package static let countedTagMinimum = 32

    /// The longest prefix, in characters, that tags are counted under (schema 17;
    /// `TROVE_PREFIX_TAG_CHARACTERS`); the lists are counted under prefixes of up to four.
    package static let tagPrefixCharacters = 2

    /// The entry under which a prefix counts its reminders that hold a tag not counted one by
    /// one (no tag name has a comma).
    package static let uncountedTagsEntry = ","

    /// The reminders whose counts are to be taken away: a counted reminder's values as counted.
    static let changesTakenAway: SQLFragment = """
        SELECT -1 AS "sign", "list_id", "is_completed", "title", "notes", "tags" FROM "prefix_count_changes" WHERE "counted" = 1
        """

    /// The reminders to be counted: a changed reminder's values now, and every reminder added
    /// since (an id above `counted_through`).
    static let changesAdded: SQLFragment = """
        SELECT 1 AS "sign", "r"."list_id", "r"."is_completed", "r"."title", "r"."notes", "r"."tags" \
        FROM "prefix_count_changes" AS "c" JOIN "reminders" AS "r" ON "r"."id" = "c"."id" \
        WHERE "c"."counted" = 0 AND "c"."id" <= (SELECT "counted_through" FROM "prefix_count_state") \
        UNION ALL SELECT 1, "list_id", "is_completed", "title", "notes", "tags" FROM "reminders" \
        WHERE "id" > (SELECT "counted_through" FROM "prefix_count_state")
        """

    /// The ids of the reminders changed or added since the last count.
    static let changedIDs: SQLFragment = """
        SELECT "id" FROM "prefix_count_changes" WHERE "counted" = 0 \
        UNION ALL SELECT "id" FROM "reminders" WHERE "id" > (SELECT "counted_through" FROM "prefix_count_state")
        """

    /// Counted reminders, unchanged since, that hold one of `names` (a JSON array): when those
    /// tags start to be counted one by one, these are counted again (taken away as they were
    /// counted, then added with the new names), with `sign`.
    static func recounted(holding names: String, sign: Int) -> SQLFragment {
        """
        SELECT \(raw: String(sign)) AS "sign", "r"."list_id", "r"."is_completed", "r"."title", "r"."notes", "r"."tags" \
        FROM "reminders" AS "r" WHERE "r"."id" IN (SELECT "rt"."reminder_id" FROM "reminder_tags" AS "rt" \
        JOIN "tags" AS "t" ON "t"."id" = "rt"."tag_id" WHERE "t"."name" IN (SELECT "value" FROM json_each(\(names)))) \
        AND "r"."id" <= (SELECT "counted_through" FROM "prefix_count_state") \
        AND "r"."id" NOT IN (SELECT "id" FROM "prefix_count_changes" WHERE "counted" = 0)
        """
    }

    /// Every reminder as rows for `trove_prefix_tally`: what the counts should hold.
    static let everything: SQLFragment = """
        SELECT 1 AS "sign", "list_id", "is_completed", "title", "notes", "tags" FROM "reminders"
        """

    /// `trove_prefix_tally` over `rows`, counting the tags in `counted` (a JSON array) one by
    /// one: one JSON array, `[[0, prefix, list id, rows, completed], [1, prefix, tag, …], …]`.
    static func tally(_ rows: SQLFragment, counting counted: String, on db: SQLConnection) throws -> String {
        let sql: SQLFragment = "SELECT trove_prefix_tally(\"sign\", \"list_id\", \"is_completed\", \"title\", \"notes\", \"tags\", \(counted)) FROM ("
            + rows + ")"
        return try db.fetchValue(sql, as: String.self) ?? "[]"
    }

    /// Whether the file has the counts as this Trove keeps them (schema 17 on); an older file
    /// is counted again once it is migrated.
    package static func exist(on db: SQLConnection) throws -> Bool {
        try db.fetchValue(
            "SELECT count(*) FROM sqlite_schema WHERE \"type\" = 'table' AND \"name\" = 'prefix_counted_tags'", as: Int.self) == 1
    }

    /// The tags counted one by one, as a JSON array of names.
    ///
    /// ```swift
    /// // SELECT json_group_array("name") FROM "prefix_counted_tags"
    /// ```
    static func countedNames(on db: SQLConnection) throws -> String {
        try db.fetchValue("SELECT json_group_array(\"name\") FROM \"prefix_counted_tags\"", as: String.self) ?? "[]"
    }

    /// The tags not counted one by one yet that ``countedTagMinimum`` or more reminders hold, as
    /// a JSON array of names: among the tags of the reminders changed since the last count
    /// (only those can have reached it), or among every tag.
    ///
    /// ```swift
    /// // SELECT json_group_array("t"."name") FROM "tags" AS "t" WHERE "t"."id" IN (SELECT "tag_id" FROM "reminder_tags"
    /// //   WHERE "reminder_id" IN (…the changed ids…)) AND "t"."name" NOT IN (SELECT "name" FROM "prefix_counted_tags")
    /// //   AND (SELECT count(*) FROM (SELECT 1 FROM "reminder_tags" WHERE "tag_id" = "t"."id" LIMIT 32)) = 32
    /// ```
    static func tagsReachingTheMinimum(amongChanged: Bool, on db: SQLConnection) throws -> String {
        let minimum = String(countedTagMinimum)
        let among: SQLFragment = amongChanged
            ? "\"t\".\"id\" IN (SELECT \"tag_id\" FROM \"reminder_tags\" WHERE \"reminder_id\" IN (" + changedIDs + ")) AND "
            : ""
        let sql: SQLFragment = "SELECT json_group_array(\"t\".\"name\") FROM \"tags\" AS \"t\" WHERE " + among
            + "\"t\".\"name\" NOT IN (SELECT \"name\" FROM \"prefix_counted_tags\") AND (SELECT count(*) FROM (SELECT 1 FROM "
            + "\"reminder_tags\" AS \"c\" WHERE \"c\".\"tag_id\" = \"t\".\"id\" LIMIT \(raw: minimum))) = \(raw: minimum)"
        return try db.fetchValue(sql, as: String.self) ?? "[]"
    }

    /// Two JSON arrays of names as one.
    private static func union(_ a: String, _ b: String, on db: SQLConnection) throws -> String {
        guard b != "[]" else { return a }
        return try db.fetchValue(
            "SELECT json_group_array(\"value\") FROM (SELECT \"value\" FROM json_each(\(a)) UNION SELECT \"value\" FROM json_each(\(b)))",
            as: String.self) ?? "[]"
    }

    /// What the changes since the last count (and `promoted`, tags starting to be counted one by
    /// one) do to the counts, as two tallies to apply in turn: what to take away, counted with
    /// the names counted now, and what to add, counted with `promoted` too.
    static func pendingTallies(promoted: String, on db: SQLConnection) throws -> (takenAway: String, added: String) {
        let counted = try countedNames(on: db)
        let after = try union(counted, promoted, on: db)
        var away = changesTakenAway, added = changesAdded
        if promoted != "[]" {
            away = away + " UNION ALL " + recounted(holding: promoted, sign: -1)
            added = added + " UNION ALL " + recounted(holding: promoted, sign: 1)
        }
        return (try tally(away, counting: counted, on: db), try tally(added, counting: after, on: db))
    }

    /// Names `names` (a JSON array) as counted one by one.
    private static func markTagsCounted(_ names: String, on db: SQLConnection) throws {
        guard names != "[]" else { return }
        try db.execute("INSERT OR IGNORE INTO \"prefix_counted_tags\" (\"name\") SELECT \"value\" FROM json_each(\(names))")
    }

    /// Whether changes wait to be counted (written by a program other than Trove since Trove's
    /// last write, or before a migration made the counts): then the counts are behind the reminders.
    ///
    /// ```swift
    /// // SELECT EXISTS (SELECT 1 FROM "prefix_count_changes")
    /// //   OR ifnull((SELECT max("id") FROM "reminders"), 0) > (SELECT "counted_through" FROM "prefix_count_state")
    /// ```
    package static func arePending(on db: SQLConnection) throws -> Bool {
        try db.fetchValue("""
            SELECT EXISTS (SELECT 1 FROM "prefix_count_changes") \
            OR ifnull((SELECT max("id") FROM "reminders"), 0) > (SELECT "counted_through" FROM "prefix_count_state")
            """, as: Int.self) == 1
    }

    /// Marks every reminder there is as counted: `counted_through` becomes the highest id (or
    /// stays, when the highest ones were deleted: a lower id reused is noted by the triggers).
    static func markCounted(on db: SQLConnection) throws {
        try db.execute("""
            UPDATE "prefix_count_state" SET "counted_through" = max("counted_through", ifnull((SELECT max("id") FROM "reminders"), 0))
            """)
    }

    /// Counts the noted changes and forgets them; nothing when there are none (or the file has
    /// no counts). Call inside the transaction that wrote the reminders, before it commits.
    package static func catchUp(on db: SQLConnection) throws {
        guard try exist(on: db), try arePending(on: db) else { return }
        let promoted = try tagsReachingTheMinimum(amongChanged: true, on: db)
        let pending = try pendingTallies(promoted: promoted, on: db)
        try apply(pending.takenAway, on: db)
        try apply(pending.added, on: db)
        try markTagsCounted(promoted, on: db)
        try db.execute("DELETE FROM \"prefix_count_changes\"")
        try markCounted(on: db)
    }

    /// Counts every reminder afresh (`trove rebuild`), in the caller's transaction.
    package static func recount(on db: SQLConnection) throws {
        guard try exist(on: db) else { return }
        try db.execute("DELETE FROM \"prefix_list_counts\"")
        try db.execute("DELETE FROM \"prefix_tag_counts\"")
        try db.execute("DELETE FROM \"prefix_count_changes\"")
        try db.execute("DELETE FROM \"prefix_counted_tags\"")
        try markTagsCounted(try tagsReachingTheMinimum(amongChanged: false, on: db), on: db)
        try apply(try tally(everything, counting: try countedNames(on: db), on: db), on: db)
        try markCounted(on: db)
    }

    /// Adds a tally's entries to the counts, and removes the keys it brought to nothing.
    static func apply(_ delta: String, on db: SQLConnection) throws {
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
    package static func problems(on db: SQLConnection, limit: Int = 20) throws -> [String] {
        guard try exist(on: db) else { return [] }
        var held: [Key: Count] = [:]
        let stored: SQLFragment = """
            SELECT 0, "prefix", CAST("list_id" AS TEXT), "matches", "completed" FROM "prefix_list_counts" \
            UNION ALL SELECT 1, "prefix", "tag", "matches", "completed" FROM "prefix_tag_counts"
            """
        for row in try db.fetchAll(stored) {
            held[Key(kind: try row[0], prefix: try row[1], key: try row[2]), default: Count()].add(try row[3], try row[4])
        }
        // NB: every tag that has reached the minimum, not only those of the changes: one that
        // reached it without being counted is damage, and shows as its entries missing.
        let promoted = try tagsReachingTheMinimum(amongChanged: false, on: db)
        let pending = try pendingTallies(promoted: promoted, on: db)
        for delta in [pending.takenAway, pending.added] {
            for (key, count) in try entries(delta, on: db) { held[key, default: Count()].add(count.matches, count.completed) }
        }
        let counted = try union(try countedNames(on: db), promoted, on: db)
        var fresh = try entries(try tally(everything, counting: counted, on: db), on: db)
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
    private static func entries(_ tally: String, on db: SQLConnection) throws -> [Key: Count] {
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
