public import TroveQuery

/// `lists`: a reminder belongs to exactly one. Names are unique, ignoring ASCII case.
public struct ListTable: Table {
    public static let tableName = "lists"
    public struct Columns: TableColumns {
        public let id = Column<Int64>("id")
        public let name = Column<String>("name")
        public let position = Column<Int>("position")
    }
    public static let columns = Columns()
}
