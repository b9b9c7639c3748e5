import TroveQuery
import TroveStore

extension SearchColumn {
    /// The column of `reminders_fts` that holds this field, for a column filter.
    var searchKeyPath: KeyPath<ReminderSearchTable.Columns, SQLColumn<String>> {
        switch self {
        case .title: \.title
        case .notes: \.notes
        case .tags: \.tags
        }
    }
}

extension TableScope where T == ReminderTable {
    /// The `reminders` column that holds a searched field: `"reminders"."title"`.
    func column(_ column: SearchColumn) -> SQLColumn<String> {
        switch column {
        case .title: self.title
        case .notes: self.notes
        case .tags: self.tags
        }
    }
}

extension TableScope where T == ReminderSearchTable {
    /// The index column of a searched field, for `highlight` and its index:
    /// `"reminders_fts"."title"`, index 0.
    func column(_ column: SearchColumn) -> FTS5ColumnReference<ReminderSearchTable> {
        self[dynamicMember: column.searchKeyPath]
    }
}
