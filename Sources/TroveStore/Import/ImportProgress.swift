/// How far an import has got; `importRecords` reports it every 10,000 rows and at the end.
public struct ImportProgress: Sendable, Hashable {
    /// Reminders read and inserted so far.
    public var rows: Int
    /// Bytes of input consumed, when the reader can tell cheaply; nil otherwise (always, for now).
    public var bytesRead: Int?
    /// Time since the import began.
    public var elapsed: Duration

    /// A progress report of `rows` reminders after `elapsed`.
    public init(rows: Int, bytesRead: Int? = nil, elapsed: Duration) {
        self.rows = rows
        self.bytesRead = bytesRead
        self.elapsed = elapsed
    }
}
