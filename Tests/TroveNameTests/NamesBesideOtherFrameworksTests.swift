import Foundation
import LookalikeFrameworks
import Testing
import Trove
import TroveTable

/// `import Trove` beside SwiftUI, SwiftData, GRDB or StructuredQueries (SQLiteData) needs no
/// qualified names (issue 16, item 4; issue 21, item 2). GRDB itself is also built beside Trove
/// in TroveBesideGRDBTests.
///
/// Linux has none of those frameworks, so `LookalikeFrameworks` declares their top-level names,
/// and this file, importing it and `Trove`, names each of them unqualified as a type. A public
/// Trove type with one of those names (`Table`, `Column`, `Query`, `Database`, `Row`, `SQL`, …,
/// as Trove had before) makes the name "ambiguous for type lookup" here, and this test target
/// stops compiling. (A type position is needed: `Table.self` in an expression would let the
/// type checker pick one of the two without a word.)
@Suite struct NamesBesideOtherFrameworksTests {
    @Test func theOtherFrameworksNamesStayUnambiguous() {
        let _: Table? = nil
        let _: TableColumn? = nil
        let _: TableRow? = nil
        let _: Text? = nil
        let _: List? = nil
        let _: Section? = nil
        let _: Group? = nil
        let _: Label? = nil
        let _: Link? = nil
        let _: Menu? = nil
        let _: Form? = nil
        let _: Image? = nil
        let _: Color? = nil
        let _: Button? = nil
        let _: Toggle? = nil
        let _: Picker? = nil
        let _: Grid? = nil
        let _: GridRow? = nil
        let _: Binding? = nil
        let _: State? = nil
        let _: Environment? = nil
        let _: Transaction? = nil
        let _: Animation? = nil
        let _: Scene? = nil
        let _: Window? = nil
        let _: Settings? = nil
        let _: Layout? = nil
        let _: Path? = nil
        let _: Font? = nil
        let _: Gauge? = nil
        let _: Canvas? = nil
        let _: Spacer? = nil
        let _: Divider? = nil
        let _: ScrollView? = nil
        let _: NavigationStack? = nil
        let _: NavigationLink? = nil
        let _: Stepper? = nil
        let _: Slider? = nil
        let _: TextField? = nil
        let _: SecureField? = nil
        let _: TextEditor? = nil
        let _: DatePicker? = nil
        let _: ProgressView? = nil
        let _: ShareLink? = nil
        let _: Alert? = nil
        let _: Sheet? = nil
        let _: Shape? = nil
        let _: Circle? = nil
        let _: Rectangle? = nil
        let _: Capsule? = nil
        let _: Ellipse? = nil
        let _: Edge? = nil
        let _: Alignment? = nil
        let _: Angle? = nil
        let _: Axis? = nil
        let _: ContentMode? = nil
        let _: SearchFieldPlacement? = nil
        let _: Namespace? = nil
        let _: Observable? = nil
        let _: Commands? = nil
        let _: EmptyView? = nil
        let _: ViewBuilder? = nil
        let _: SceneBuilder? = nil
        let _: LabeledContent? = nil
        let _: DisclosureGroup? = nil
        let _: OutlineGroup? = nil
        let _: ContentUnavailableView? = nil
        let _: Toolbar? = nil
        let _: Query? = nil
        let _: Schema? = nil
        let _: ModelContext? = nil
        let _: ModelContainer? = nil
        let _: ModelConfiguration? = nil
        let _: FetchDescriptor? = nil
        let _: Relationship? = nil
        let _: Attribute? = nil
        let _: Transient? = nil
        let _: Unique? = nil
        let _: PersistentIdentifier? = nil
        let _: VersionedSchema? = nil
        let _: MigrationStage? = nil
        let _: SchemaMigrationPlan? = nil
        let _: DataStore? = nil
        let _: History? = nil
        let _: HistoryDescriptor? = nil
        let _: DefaultStore? = nil
        let _: ModelActor? = nil
        let _: Database? = nil
        let _: DatabaseQueue? = nil
        let _: DatabasePool? = nil
        let _: DatabaseReader? = nil
        let _: DatabaseWriter? = nil
        let _: Row? = nil
        let _: Column? = nil
        let _: SQL? = nil
        let _: SQLExpression? = nil
        let _: SQLRequest? = nil
        let _: SQLLiteral? = nil
        let _: SQLSelection? = nil
        let _: SQLOrdering? = nil
        let _: SQLSubquery? = nil
        let _: SQLInterpolation? = nil
        let _: Statement? = nil
        let _: StatementArguments? = nil
        let _: ResultCode? = nil
        let _: DatabaseError? = nil
        let _: DatabaseMigrator? = nil
        let _: FTS3? = nil
        let _: FTS4? = nil
        let _: FTS5? = nil
        let _: FTS5Pattern? = nil
        let _: FTS3Pattern? = nil
        let _: FetchableRecord? = nil
        let _: PersistableRecord? = nil
        let _: MutablePersistableRecord? = nil
        let _: TableRecord? = nil
        let _: EncodableRecord? = nil
        let _: Record? = nil
        let _: Configuration? = nil
        let _: QueryInterfaceRequest? = nil
        let _: ValueObservation? = nil
        let _: DatabaseRegionObservation? = nil
        let _: DatabaseValue? = nil
        let _: DatabaseValueConvertible? = nil
        let _: Cursor? = nil
        let _: RowCursor? = nil
        let _: DatabaseCursor? = nil
        let _: ColumnExpression? = nil
        let _: RowDecodingError? = nil
        let _: DatabaseFunction? = nil
        let _: DatabaseCollation? = nil
        let _: TableDefinition? = nil
        let _: TableAlteration? = nil
        let _: ForeignKey? = nil
        let _: IndexDefinition? = nil
        let _: AnyDatabaseCancellable? = nil
        let _: DatabaseCancellable? = nil
        let _: Inflections? = nil
        let _: JSONColumn? = nil
        let _: CommonTableExpression? = nil
        let _: Association? = nil
        let _: HasManyAssociation? = nil
        let _: BelongsToAssociation? = nil
        let _: HasOneAssociation? = nil
        let _: AssociationAggregate? = nil
        let _: DatabaseDateComponents? = nil
        let _: DatabaseUUIDEncodingStrategy? = nil
        let _: Filter? = nil
        let _: Engine? = nil
        let _: Priority? = nil
        let _: JSONValue? = nil
        let _: Reminder? = nil
        let _: DueDate? = nil
        let _: RepeatRule? = nil
        let _: Select? = nil
        let _: Insert? = nil
        let _: Update? = nil
        let _: Delete? = nil
        let _: Where? = nil
        let _: Values? = nil
        let _: With? = nil
        let _: Case? = nil
        let _: Selection? = nil
        let _: SelectStatement? = nil
        let _: PartialSelectStatement? = nil
        let _: PrimaryKeyedTable? = nil
        let _: QueryExpression? = nil
        let _: QueryBindable? = nil
        let _: QueryBinding? = nil
        let _: QueryDecodingError? = nil
        let _: QueryDecoder? = nil
        let _: QueryRepresentable? = nil
        let _: QueryFragment? = nil
        let _: SQLQueryExpression? = nil
        let _: Collation? = nil
        let _: Columns? = nil
        let _: Ephemeral? = nil
        #expect(String(reflecting: Table.self) == "LookalikeFrameworks.Table")
        #expect(String(reflecting: Query.self) == "LookalikeFrameworks.Query")
        #expect(String(reflecting: Database.self) == "LookalikeFrameworks.Database")
        #expect(String(reflecting: Priority.self) == "LookalikeFrameworks.Priority")
        #expect(String(reflecting: Select.self) == "LookalikeFrameworks.Select")
    }

    /// A table declared with TroveTable's macro beside StructuredQueries' names (`Table`, `Column`,
    /// `Columns`): its expansion's `Columns` is its own, and `Table`/`Column` stay the lookalikes'.
    @SQLRecord("bookmarks")
    struct Bookmark {
        var id: Int64
        var createdAt: Date
        @SQLColumnName("visits") var visitCount: Int64?
    }

    @Test func aSQLRecordStructCompilesBesideStructuredQueriesMacroNames() {
        let _: Bookmark.Columns = Bookmark.columns
        let _: Columns? = nil
        #expect(Bookmark.columns.declaredColumnNames == ["id", "created_at", "visits"])
        #expect(String(reflecting: Table.self) == "LookalikeFrameworks.Table")
        #expect(String(reflecting: Column.self) == "LookalikeFrameworks.Column")
        #expect(String(reflecting: Columns.self) == "LookalikeFrameworks.Columns")
    }

    @Test func troveNamesItsOwnTypesUnqualifiedToo() {
        let _: SQLFragment? = nil
        let _: TypedExpression<Int>? = nil
        let _: SQLColumn<Int>? = nil
        let _: SQLiteDatabase? = nil
        let _: SQLConnection? = nil
        let _: SQLBinding? = nil
        let _: SQLDecodingError? = nil
        let _: SQLCollation? = nil
        let _: (any SQLStatement)? = nil
        let _: (any SQLTypedExpression<Int>)? = nil
        let _: (any SQLBindable)? = nil
        let _: SQLiteRow? = nil
        let _: SQLiteRowCursor? = nil
        let _: SQLiteRowDecodingError? = nil
        let _: SQLiteResultCode? = nil
        let _: SearchQuery? = nil
        let _: SearchFilter? = nil
        let _: SearchTerm? = nil
        let _: SearchProvider? = nil
        let _: SearchRequest? = nil
        let _: ResultSet? = nil
        let _: SearchIndex? = nil
        #expect(String(reflecting: SQLFragment.self) == "TroveQuery.SQLFragment")
        #expect(String(reflecting: SearchQuery.self) == "TroveSearch.SearchQuery")
        #expect(String(reflecting: SQLiteDatabase.self) == "TroveSQLite.SQLiteDatabase")
    }
}
