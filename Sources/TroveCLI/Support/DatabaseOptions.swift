import ArgumentParser
import Foundation
import TroveStore

/// The options every command that touches the database shares.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The database file. Default: $TROVE_DB, else $XDG_DATA_HOME/trove/trove.db.",
        valueName: "path"), completion: .file())
    var db: String?

    @Flag(name: .long, help: "Use an in-memory demo database seeded with sample reminders; nothing is saved.")
    var demo = false

    @Flag(name: .long, help: "Show the underlying SQLite error text when something fails.")
    var verbose = false

    var location: DatabaseLocation { DatabaseLocation.resolve(flag: db) }

    /// The database as messages name it.
    var displayPath: String { demo ? "the demo database" : location.path }

    /// How long a command waits for another trove's write (an import commits each file in one
    /// transaction, which takes 7 s for 100,000 rows) before saying the database is busy.
    /// NB: the bug: with SQLite's 5 s here, `trove done` during a large import failed with
    /// "The database is busy"; ConcurrentProcessesTests pins it.
    static let busyTimeout: Duration = .seconds(120)

    /// Opens the store for a command that only reads. A missing file is an error, not a new file.
    ///
    /// NB: a 0-byte file is treated like a missing one (`touch trove.db` then `trove lists`):
    /// SQLite would happily call it an empty database, and opening it for writing would turn
    /// it into one, which a command that only reads must not do. Writing commands take it as a
    /// new database, as sqlite3 does. A file this user may not write is opened read-only, so
    /// reading commands still work on it.
    ///
    /// - Parameter readers: Reads at once on connections of their own; 0 for a command that
    ///   reads one thing at a time, on the writer's connection (each connection parses the
    ///   schema as it opens: ~1.5 ms of every command's start), ``ReminderStore/defaultReaders``
    ///   for the interactive search.
    /// - Parameter onlyIfRoom: Open the `readers` only when the descriptor limit leaves room
    ///   for them, else none (for readers that only make a command faster), instead of refusing.
    /// - Parameter extraDescriptors: Descriptors the command holds besides its connections
    ///   (``DescriptorHeadroom/interactiveSession``); with `onlyIfRoom`, as many readers open
    ///   as leave room for them.
    func openForReading(readers: Int = 0, onlyIfRoom: Bool = false, extraDescriptors: Int = 0) async throws -> ReminderStore {
        if demo {
            if extraDescriptors > 0 { try DescriptorHeadroom.require(connections: 0, extra: extraDescriptors, path: displayPath) }
            return try await Self.demoStore()
        }
        let location = location
        HardLinkWarning.check(location.path)
        guard location.exists else { throw CLIError.noDatabase(path: location.path) }
        let attributes = try? FileManager.default.attributesOfItem(atPath: location.path)
        if attributes?[.type] as? FileAttributeType == .typeRegular, (attributes?[.size] as? Int) == 0 {
            throw CLIError.emptyDatabaseFile(path: location.path)
        }
        let readOnly = attributes?[.type] as? FileAttributeType == .typeRegular && !Self.canWrite(location.path)
        var readers = readers
        if onlyIfRoom {
            readers = extraDescriptors > 0
                ? DescriptorHeadroom.readersThatFit(readers, extra: extraDescriptors)
                : DescriptorHeadroom.readersThatFit(readers) == readers ? readers : 0
        }
        try DescriptorHeadroom.require(connections: 1 + readers, extra: extraDescriptors, path: location.path)
        return try await ReminderStore.open(
            path: location.path, readOnly: readOnly, busyTimeout: Self.busyTimeout, onBusyWait: BusyNotice.say(for: location.path),
            readers: readers)
    }

    /// The demo database, its dates moved so that the seed's "today" is today, or the day
    /// `TROVE_DEMO_TODAY` names (`YYYY-MM-DD`): scripts/readme-figures pins it so that the
    /// README's demo output is the same whatever day it is regenerated or checked.
    static func demoStore(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> ReminderStore {
        guard let text = environment["TROVE_DEMO_TODAY"], !text.isEmpty else { return try await ReminderStore.demo() }
        guard let day = CalendarDay(text) else {
            throw CLIError.invalidValue(option: "TROVE_DEMO_TODAY", value: text, expected: "a date as YYYY-MM-DD, or unset for today")
        }
        return try await ReminderStore.demo(today: day)
    }

    /// Whether this process can write the database at `path`: the file, and its `-wal` and
    /// `-shm` or, where they are missing, the folder SQLite creates them in.
    ///
    /// NB: a writable file in a folder this user may not write (another user's folder) could not
    /// be opened for writing, and reading commands stopped with "the file or its folder is
    /// read-only"; such a file is opened read-only, so they work.
    static func canWrite(_ path: String) -> Bool {
        let files = FileManager.default
        guard files.isWritableFile(atPath: path) else { return false }
        let sidecars = [path + "-wal", path + "-shm"]
        if sidecars.allSatisfy({ files.isWritableFile(atPath: $0) }) { return true }
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        return files.isWritableFile(atPath: folder)
    }

    /// Opens the store for a command that writes, creating the file (and the default folder) on first use.
    func openForWriting() async throws -> ReminderStore {
        if demo { return try await Self.demoStore() }
        let location = location
        try location.prepareForWriting()
        HardLinkWarning.check(location.path)
        let readers = 1
        try DescriptorHeadroom.require(connections: 1 + readers, path: location.path)
        return try await ReminderStore.open(
            path: location.path, busyTimeout: Self.busyTimeout, onBusyWait: BusyNotice.say(for: location.path), readers: readers)
    }
}
