import TroveQuery
package import TroveSQLite

extension SQLConnection {
    /// What to set aside for a while: an index or a trigger.
    package enum SetAside: String, Sendable {
        case index, trigger
    }

    /// Drops an index or trigger and returns the statement that made it, as `sqlite_schema`
    /// stores it, to be run again later (the schema is then the same, byte for byte); nil when
    /// there is no such object.
    ///
    /// ```swift
    /// let sql = try db.dropKeepingDefinition(.trigger, "reminders_index_insert")
    /// // SELECT "sql" FROM "sqlite_schema" WHERE "type" = 'trigger' AND "name" = ?
    /// // DROP TRIGGER "reminders_index_insert"
    /// try db.execute(sql!)   // made again, as it was
    /// ```
    package func dropKeepingDefinition(_ kind: SetAside, _ name: String) throws -> String? {
        guard let sql = try fetchValue(
            "SELECT \"sql\" FROM \"sqlite_schema\" WHERE \"type\" = \(kind.rawValue) AND \"name\" = \(name)", as: String.self)
        else { return nil }
        let keyword: SQLFragment = kind == .index ? "INDEX" : "TRIGGER"
        try execute("DROP \(keyword) \(identifier: name)")
        return sql
    }
}
