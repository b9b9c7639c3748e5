/// What an import did, once it has committed.
public struct ImportSummary: Sendable, Hashable {
    /// Reminders added.
    public var imported: Int
    /// Lists the import created, in the order it met them.
    public var listsCreated: [String]
    /// Tags the import created.
    public var tagsCreated: Int
    /// What the reader skipped or could not hold, each said once, such as unknown fields.
    public var warnings: [String]
    public var elapsed: Duration

    public init(imported: Int, listsCreated: [String], tagsCreated: Int, warnings: [String], elapsed: Duration) {
        self.imported = imported
        self.listsCreated = listsCreated
        self.tagsCreated = tagsCreated
        self.warnings = warnings
        self.elapsed = elapsed
    }
}
