import CSQLite
import Synchronization

/// Records the SQL a Trove engine runs, with its bound values, without any hook in Trove: an
/// `sqlite3_auto_extension` puts `sqlite3_trace_v2` on every connection opened while
/// ``isArmed`` is true, and the trace keeps each statement's text and expanded text.
///
/// ```swift
/// SQLCapture.isArmed = true
/// let db = try SQLConnection(path: path, options: .init(readOnly: true))   // traced
/// SQLCapture.isArmed = false
/// let statements = try SQLCapture.record { _ = try FTSEngine().search(request, on: db) }
/// // [BEGIN DEFERRED TRANSACTION, SELECT … MATCH ? … LIMIT ? OFFSET ?, SELECT count(*) …, …]
/// ```
///
/// Timed connections are opened unarmed, so the trace never costs them anything.
/// See https://www.sqlite.org/c3ref/auto_extension.html and https://www.sqlite.org/c3ref/trace_v2.html
public enum SQLCapture {
    private struct State {
        var isArmed = false
        var isRecording = false
        var isInstalled = false
        var statements: [(template: String, expanded: String)] = []
    }

    private static let state = Mutex(State())

    /// Whether connections opened from now on are traced.
    public static var isArmed: Bool {
        get { state.withLock { $0.isArmed } }
        set {
            let install = state.withLock { state -> Bool in
                state.isArmed = newValue
                defer { state.isInstalled = true }
                return !state.isInstalled
            }
            if install { sqlite3_auto_extension(unsafeBitCast(entryPoint, to: (@convention(c) () -> Void).self)) }
        }
    }

    /// Runs `body` and returns the top-level statements traced connections ran meanwhile, in
    /// order, with their bindings. Statements inside triggers are left out.
    ///
    /// - Throws: What `body` throws, or ``BenchError`` for a statement whose values cannot be recovered.
    public static func record(_ body: () throws -> Void) throws -> [BoundStatement] {
        state.withLock { $0.isRecording = true; $0.statements = [] }
        defer { state.withLock { $0.isRecording = false } }
        try body()
        return try state.withLock { $0.statements }.map { captured in
            guard let bindings = ExpandedSQL.bindings(template: captured.template, expanded: captured.expanded) else {
                throw BenchError("could not recover the bound values of: \(captured.template.prefix(200))")
            }
            return BoundStatement(sql: captured.template, bindings: bindings)
        }
    }

    private static let entryPoint: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Int32 = {
        db, _, _ in
        if SQLCapture.isArmed {
            sqlite3_trace_v2(db, UInt32(SQLITE_TRACE_STMT), SQLCapture.trace, nil)
        }
        return SQLITE_OK
    }

    private static let trace: @convention(c) (UInt32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = {
        _, _, statement, text in
        // NB: a statement run by a trigger arrives with its text as an SQL comment (`-- …`).
        guard let statement, let text, UnsafePointer<CChar>(OpaquePointer(text)).pointee != 0x2D else { return 0 }
        let stmt = OpaquePointer(statement)
        guard let template = sqlite3_sql(stmt), let expanded = sqlite3_expanded_sql(stmt) else { return 0 }
        defer { sqlite3_free(expanded) }
        let pair = (String(cString: template), String(cString: expanded))
        SQLCapture.state.withLock { state in
            if state.isRecording { state.statements.append(pair) }
        }
        return 0
    }
}
