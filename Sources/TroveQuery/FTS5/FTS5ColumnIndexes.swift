import Synchronization

/// Each FTS5 table type's declared column names, read by reflection once per type.
///
/// NB: ``FTS5Table/columnIndex(of:)`` runs for every `highlight` and `snippet` a statement
/// names, and `Mirror` over the columns cost about a sixth of composing a search's SQL
/// (`trove-bench statements`, 2026-12-06). A table type's `columns` is one static value, so
/// its names never change.
enum FTS5ColumnIndexes {
    private static let names = Mutex<[ObjectIdentifier: [String]]>([:])

    /// The declared column names of `table`, in declaration order.
    static func names<T: FTS5Table>(of table: T.Type) -> [String] {
        let key = ObjectIdentifier(table)
        if let known = names.withLock({ $0[key] }) { return known }
        let read = T.columns.declaredColumnNames
        names.withLock { $0[key] = read }
        return read
    }
}
