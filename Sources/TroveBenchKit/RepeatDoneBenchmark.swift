import Foundation
import TroveQuery
import TroveSQLite
import TroveStore

/// What one `done` of a repeating reminder costs, at the first and the `count`th time: the
/// bytes its journal entry holds, how much the file grew, and the time it took (issue 53: each
/// entry copied the whole completion history, so 10,000 dones of one daily reminder made a
/// 63.2 MB file and every `done` was slower than the last).
///
/// ```sh
/// swift build -c release --product trove-bench
/// .build/release/trove-bench repeat-done --count 10000
/// ```
///
/// Runs through the library on a database file of its own (WAL, as `trove` opens it), one
/// `setCompleted` per done, as `trove done 1` does; a window of dones is timed around each
/// point measured and its median reported, as one done takes about a millisecond.
public struct RepeatDoneBenchmark: Sendable {
    public var count: Int
    public var window: Int
    public var folder: String

    public init(count: Int, window: Int = 100, folder: String) {
        self.count = count
        self.window = window
        self.folder = folder
    }

    /// One point measured: the `done`'s number, its journal entry's bytes, the bytes the file's
    /// contents grew per done over the window, and the window's median milliseconds.
    public struct Point: Sendable {
        public var done: Int
        public var journalBytes: Int
        public var wholeHistoryBytes: Int
        public var fileBytesPerDone: Double
        public var medianMilliseconds: Double
    }

    public func run(progress: (String) -> Void = { _ in }) async throws -> String {
        let path = (folder as NSString).appendingPathComponent("repeat-done.db")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try await ReminderStore.open(path: path, readers: 0)
        let reminder = try await store.add(ReminderRecord(
            title: "Water the plants", due: .day(CalendarDay(year: 2000, month: 1, day: 1)!), repeat: try RepeatRule(rrule: "FREQ=DAILY")))
        let clock = ContinuousClock()
        var points: [Point] = []
        // NB: the windows end at the first done and at the last: dones 1…window and count-window+1…count.
        let firstWindow = 1...min(window, count)
        let lastWindow = max(1, count - window + 1)...count
        var times: [Duration] = []
        var startBytes = 0
        for done in 1...count {
            if done == firstWindow.lowerBound || done == lastWindow.lowerBound {
                times = []
                startBytes = try await Self.contentBytes(store)
            }
            let began = clock.now
            try await store.setCompleted([reminder.id], true)
            times.append(clock.now - began)
            if done == firstWindow.lowerBound || done == count {
                // NB: the first done's own figures, and the last's; the window's grow and time.
                let journal = try await Self.newestEntryBytes(store)
                let whole = JSONLinesWriter.line(for: try await store.reminder(id: reminder.id).record).utf8.count
                points.append(Point(done: done, journalBytes: journal, wholeHistoryBytes: whole, fileBytesPerDone: 0, medianMilliseconds: 0))
            }
            if done == firstWindow.upperBound || done == count {
                let index = points.count - 1
                let span = done == count ? lastWindow.count : firstWindow.count
                points[index].fileBytesPerDone = Double(try await Self.contentBytes(store) - startBytes) / Double(span)
                let sorted = times.sorted()
                points[index].medianMilliseconds = Double(sorted[sorted.count / 2].components.attoseconds) / 1e15
                    + Double(sorted[sorted.count / 2].components.seconds) * 1000
            }
            if done % 1_000 == 0 { progress("\(done) of \(count) dones") }
        }
        let fileBytes = try await Self.contentBytes(store)
        var lines = ["| done | journal entry (bytes) | the reminder with its whole history, as entries copied it before schema 16 (bytes) | file growth per done over its window (bytes) | median ms per done over its window |",
                     "|---:|---:|---:|---:|---:|"]
        for point in points {
            lines.append("| \(point.done) | \(point.journalBytes) | \(point.wholeHistoryBytes) | \(String(format: "%.0f", point.fileBytesPerDone)) | \(String(format: "%.3f", point.medianMilliseconds)) |")
        }
        lines.append("")
        lines.append("\(count) dones of one daily reminder: the database holds \(String(format: "%.2f", Double(fileBytes) / 1_000_000)) MB (pages in use); windows of \(min(window, count)) dones.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The bytes the newest journal entry holds: its JSON and the reminders it kept.
    static func newestEntryBytes(_ store: ReminderStore) async throws -> Int {
        try await store.database.read { db in
            try db.fetchValue("""
                SELECT length(undo) + ifnull((SELECT sum(length(record)) FROM journal_reminders WHERE entry = journal.id), 0)
                FROM journal ORDER BY id DESC LIMIT 1
                """, as: Int.self) ?? 0
        }
    }

    /// The bytes of the pages in use: the file's size once checkpointed, less its free pages.
    static func contentBytes(_ store: ReminderStore) async throws -> Int {
        try await store.database.read { db in
            let pages = try db.fetchValue("PRAGMA page_count", as: Int.self) ?? 0
            let free = try db.fetchValue("PRAGMA freelist_count", as: Int.self) ?? 0
            let size = try db.fetchValue("PRAGMA page_size", as: Int.self) ?? 0
            return (pages - free) * size
        }
    }
}
