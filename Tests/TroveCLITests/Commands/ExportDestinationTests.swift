import Foundation
import Testing
import TroveQuery
import TroveSQLite
#if canImport(Glibc)
import Glibc
#endif

/// Issue 15: `export -o` writes devices, FIFOs and `/dev/stdout` in place and never renames over
/// them (run as root, `trove export -o /dev/null` once replaced the machine's /dev/null with a
/// regular file), and `--salvage` saves what a damaged database still holds.
@Suite(.serialized) struct ExportDestinationTests {
    static func database(in folder: TemporaryFolder) throws -> String {
        let db = folder.path("t.db")
        try #require(try TroveProcess.run(["add", "Keep me", "--tag", "a", "--db", db]).status == 0)
        try #require(try TroveProcess.run(["add", "And me", "--db", db]).status == 0)
        return db
    }

    /// Whether this process may make device nodes (root may; the tests make theirs in a
    /// temporary folder, never in /dev).
    static let canMakeDeviceNodes: Bool = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trove-mknod-\(getpid())").path
        defer { unlink(path) }
        return mknod(path, S_IFCHR | 0o666, Self.nullDevice) == 0
    }()

    /// The device number of /dev/null (major 1, minor 3), encoded as glibc's `makedev` does.
    static let nullDevice: dev_t = (1 << 8) | 3

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test(.enabled(if: canMakeDeviceNodes, "needs permission to make a device node (root)"))
    func aDeviceNodeIsWrittenInPlaceNotReplaced() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        let null = folder.path("null")
        #expect(mknod(null, S_IFCHR | 0o666, Self.nullDevice) == 0)
        let link = folder.path("link-to-null")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: null)
        for path in [null, link] {
            let result = try TroveProcess.run(["export", "-o", path, "--db", db])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr == "Exported 2 reminders to \(path).\n")
        }
        #expect(Self.kind(null) == S_IFCHR)
        #expect(Self.kind(link) == S_IFLNK)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(names == ["link-to-null", "null", "t.db"])
    }

    @Test func aFIFOIsWrittenToNotReplaced() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = DataReader(path: fifo)
        let result = try TroveProcess.run(["export", "-o", fifo, "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try TroveProcess.run(["export", "--db", db]).stdout
        #expect(String(decoding: received.wait(), as: UTF8.self) == expected)
        #expect(Self.kind(fifo) == S_IFIFO)
    }

    @Test func devStdoutIsStandardOutput() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        let result = try TroveProcess.run(["export", "-o", "/dev/stdout", "--db", db])
        #expect(result.status == 0)
        #expect(result.stdout == (try TroveProcess.run(["export", "--db", db])).stdout)
    }

    /// Found by the argv fuzz test: NSString's deletingLastPathComponent traps on a
    /// one-character path, so `export -o a`, `export -o -` and `--db a optimize` crashed (132).
    @Test func oneCharacterPathsAndDashWork() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        let expected = try TroveProcess.run(["export", "--db", db]).stdout
        let dash = try TroveProcess.run(["export", "-o", "-", "--db", db])
        #expect(dash.status == 0 && dash.stdout == expected && dash.stderr.isEmpty)
        // NB: in the folder through a shell: the test process's own working folder is shared.
        func inFolder(_ arguments: String) throws -> TroveProcess.Result {
            try TroveProcess.runExecutable(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "cd \"$1\" && exec \"$0\" \(arguments)", TroveProcess.binary.path, folder.url.path])
        }
        let short = try inFolder("export -o a --db t.db")
        #expect(short.status == 0, "\(short.stderr)")
        #expect(try String(contentsOfFile: folder.path("a"), encoding: .utf8) == expected)
        try FileManager.default.copyItem(atPath: db, toPath: folder.path("b"))
        let optimize = try inFolder("optimize --db b")
        #expect(optimize.status == 0, "\(optimize.stderr)")
    }

    /// A regular file is still replaced whole, keeps its permissions, and a link to it stays a link.
    @Test func aRegularFileIsReplacedWholeKeepingItsModeAndLinks() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        let file = folder.path("backup.jsonl")
        try "old\n".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(chmod(file, 0o600) == 0)
        let link = folder.path("latest.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
        #expect(try TroveProcess.run(["export", "-o", link, "--db", db]).status == 0)
        #expect(Self.kind(link) == S_IFLNK)
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == (try TroveProcess.run(["export", "--db", db])).stdout)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["backup.jsonl", "latest.jsonl", "t.db"])
    }

    /// Was: one damaged row made the whole export fail ("Unexpected error").
    @Test func salvageWritesEveryReadableReminderNamesTheRestAndExits1() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("big.db")
        let source = folder.path("big.jsonl")
        try generatedJSONLines(count: 300, seed: 4).write(to: URL(fileURLWithPath: source))
        try #require(try TroveProcess.run(["import", source, "--db", db]).status == 0)
        let healthy = try TroveProcess.run(["export", "--salvage", "--db", db])
        #expect(healthy.status == 0 && healthy.stderr.isEmpty)
        let (page, pageSize) = try {
            let connection = try SQLConnection(path: db)
            let pages = try connection.fetchAll("SELECT pageno FROM dbstat WHERE name = 'reminders' AND pagetype = 'leaf' ORDER BY pageno")
                .map { row -> Int in try row[0] }
            return (pages[pages.count / 2], try connection.fetchValue("PRAGMA page_size", as: Int.self) ?? 4096)
        }()
        try MaintenanceCommandTests.scribble(page: page, of: db, pageSize: pageSize)
        let plain = try TroveProcess.run(["export", "--db", db])
        #expect(plain.status == 3 && plain.stderr.contains("--salvage"))

        let rescue = folder.path("rescue.jsonl")
        let salvage = try TroveProcess.run(["export", "--salvage", "-o", rescue, "--db", db])
        #expect(salvage.status == 1)
        let written = try String(contentsOfFile: rescue, encoding: .utf8).split(separator: "\n")
        let skipped = try #require(salvage.stderr.split(separator: "\n").first { $0.hasPrefix("trove: skipped ") })
        let ids = skipped.split(separator: ": ids ").last?.dropLast().split(separator: ", ").compactMap { Int($0) } ?? []
        #expect(!ids.isEmpty && written.count + ids.count == 300, "\(salvage.stderr)")
        #expect(salvage.stderr.hasPrefix("Exported \(written.count) reminders to \(rescue).\n"))
        let copy = folder.path("rescued.db")
        #expect(try TroveProcess.run(["import", rescue, "--db", copy]).status == 0)
    }
}

/// Reads a FIFO to its end on a thread of its own (opening it blocks until a writer comes).
private final class DataReader: @unchecked Sendable {
    // NB: @unchecked is safe: `data` is written once on the thread, and read after `wait()`
    // returns, which the semaphore orders after that write.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(path: String) {
        Thread.detachNewThread { [self] in
            data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
