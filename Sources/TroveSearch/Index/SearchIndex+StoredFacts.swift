import TroveQuery
public import TroveSQLite

extension SearchIndex {
    /// Stores in the database a copy of every row's facet values and of the columns its named,
    /// yes/no and integer filters compare, for an index with ``facets``; does nothing for one
    /// without. A search on a connection with no copy in memory (a one-shot process, an app's
    /// first search) then counts a many-match text's total and facets from its matches' keys,
    /// and tests those filters, instead of looking up every match's row.
    ///
    /// ```swift
    /// try notes.storeFacts(db)
    /// // SELECT trove_ids("notes"."id") FROM "notes"; SELECT "notes"."id", CAST("notes"."folder" AS TEXT), … (every row's values)
    /// // INSERT INTO "trove_notes_facts"("id", "changes", "snapshot") VALUES (1, 0, ?)
    /// //   ON CONFLICT("id") DO UPDATE SET "changes" = "excluded"."changes", "snapshot" = "excluded"."snapshot"
    /// ```
    ///
    /// ``migrate(_:)``, ``rebuild(_:)`` and ``bulkWrite(on:_:)`` store it as they end. A later
    /// write that could change a value (a row added or deleted, a facet or filter column set,
    /// a looked-up table written) notes the rows it reaches in the index's log, and a search
    /// reads those rows again and puts them in the copy it read (~8 ms for 201 rows at
    /// 100,000); past 4,096 such rows it no longer reads the copy until it is stored again.
    /// The answers are the same either way. An app that writes rows one by one can call this
    /// when it is idle; it reads every row (~0.2 s at 100,000 rows) and empties the log.
    ///
    /// - Parameter db: A writable connection to the database the index was migrated in.
    /// - Throws: ``SearchIndexError/notMigrated(index:)``; `SQLiteError` when SQLite fails.
    public func storeFacts(_ db: SQLConnection) throws {
        guard !facets.isEmpty else { return }
        let body = {
            guard try self.isCurrent(db) else { throw SearchIndexError.notMigrated(index: self.name) }
            guard let facts = try IndexFacts.read(of: self, on: db) else { throw SearchIndexError.notMigrated(index: self.name) }
            try db.execute("""
                INSERT INTO \(identifier: factsNames.snapshot)("id", "changes", "snapshot") VALUES (1, \(facts.version.changes), \(facts.snapshot()))
                ON CONFLICT("id") DO UPDATE SET "changes" = "excluded"."changes", "snapshot" = "excluded"."snapshot"
                """)
            try db.execute("DELETE FROM \(identifier: factsNames.log)")
        }
        if db.isInTransaction {
            try db.savepoint(body)
        } else {
            try db.transaction(.immediate, body)
        }
    }

    /// Stores the copy again when the index has facets and its stored copy is missing or was
    /// stored in another layout (``IndexFacts/snapshotFormat``) than this Trove reads, so that
    /// a new Trove's searches read it from the first ``migrate(_:)`` on. A read-only
    /// connection leaves it as it is: searches then count without it, as they would anyway.
    ///
    /// ```swift
    /// // SELECT substr("snapshot", 1, 12) FROM "trove_notes_facts" WHERE "id" = 1
    /// ```
    func storeFactsOfAnotherLayout(_ db: SQLConnection) throws {
        guard !facets.isEmpty else { return }
        let header = try db.fetchOne("SELECT substr(\"snapshot\", 1, 12) FROM \(identifier: factsNames.snapshot) WHERE \"id\" = 1")
            .map { row -> [UInt8] in (try? row[0]) ?? [] }
        guard header != IndexFacts.snapshotHeader else { return }
        do {
            try storeFacts(db)
        } catch let error as SQLiteError where error.code == .readOnly {
            return
        }
    }

    /// What ``check(_:)`` says of the stored copy: nil when there is none, it is out of date
    /// past what its log brings up to date (no search reads it), or it holds the rows' values
    /// (after its log's rows are read again); otherwise why it is not read or what is wrong.
    func storedFactsProblem(_ db: SQLConnection) throws -> String? {
        guard let version = try IndexFacts.version(of: self, on: db),
            let row = try db.fetchOne("SELECT \"changes\", \"snapshot\" FROM \(identifier: factsNames.snapshot) WHERE \"id\" = 1")
        else { return nil }
        let changes: Int64? = try? row[0]
        let current = changes == version.changes
        guard current || (try? IndexFacts.loggedKeys(of: self, on: db)) != nil else { return nil }
        let bytes: [UInt8]? = try? row[1]
        guard let bytes, IndexFacts.fromSnapshot(bytes, version: version, of: self) != nil else {
            return "The index \(name) has a damaged copy of its facet values in \(factsNames.snapshot): "
                + "searches on a new connection count facets from the rows, more slowly."
        }
        let mismatch =
            "The index \(name) has a copy of its facet values in \(factsNames.snapshot) that does not match the rows of \(table)."
        guard let fresh = try IndexFacts.read(of: self, on: db) else { return mismatch }
        if current { return fresh.snapshot() == bytes ? nil : mismatch }
        guard let patched = try IndexFacts.stored(of: self, on: db), patched.agrees(with: fresh) else { return mismatch }
        return nil
    }
}
