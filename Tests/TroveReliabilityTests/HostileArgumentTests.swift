import Foundation
import Testing
import TroveStore

/// Issue 15: random argument vectors through the real `trove` binary. No run may crash (exit
/// 128 or more), hang or show SQLite's wording; a run that fails must leave the database byte
/// for byte as it was; a run that succeeds and writes must leave it sound (`trove check`),
/// after which the pristine copy is put back for the next vector.
///
/// Vectors are drawn (seeded, so a failure replays) from every command, real and mistyped
/// option names, and values at every boundary: numbers around 0, ±2^31, ±2^63 and beyond,
/// dates around 0001-01-01 and 9999-12-31, odd Unicode (right-to-left, combining marks,
/// emoji sequences, control characters), empty strings, and every 40th vector one argument
/// of bytes that are not UTF-8 (through a shell's printf). The database is TROVE_DB; paths
/// are relative names in the test's own folder, never `--db` or an absolute path.
@Suite(.serialized) struct HostileArgumentTests {
    @Test func randomArgumentVectorsNeverCrashHangOrChangeTheDatabaseWhenRefused() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("fuzz.db")
        try makeSeededDatabase(at: db)
        let pristine = folder.path("pristine.db")
        try FileManager.default.copyItem(atPath: db, toPath: pristine)
        try ArgumentFuzzer.writeFixtures(in: folder)
        let environment: [String: String?] = ["TROVE_DB": db, "HOME": folder.path("home"), "XDG_DATA_HOME": nil]

        var fuzzer = ArgumentFuzzer(seed: ReliabilityScale.seed &+ 15)
        let count = ReliabilityScale.argumentVectors
        var statuses: [Int32: Int] = [:]
        var failures: [String] = []
        var restored = 0, checked = 0
        let clock = ContinuousClock()
        let start = clock.now
        var slowest = Duration.zero
        let sound = fileHashes(db)
        for index in 0..<count {
            let vector = fuzzer.vector()
            let bytes = index % 40 == 39 ? fuzzer.invalidUTF8() : nil
            let began = clock.now
            let outcome: TroveProcess.Result
            if let bytes {
                // NB: the last argument's bytes come from printf, as argv from a shell would carry them.
                outcome = try TroveProcess.runExecutable(
                    URL(fileURLWithPath: "/bin/sh"),
                    ["-c", #"exec "$0" "$@" "$(printf '"# + bytes + #"')""#, TroveProcess.binary.path] + vector,
                    in: folder.url.path, environment: environment, deadline: .seconds(60))
            } else {
                outcome = try TroveProcess.runExecutable(
                    TroveProcess.binary, vector, in: folder.url.path, environment: environment, deadline: .seconds(60))
            }
            slowest = max(slowest, clock.now - began)
            statuses[outcome.status, default: 0] += 1
            let shown = vector.map(\.debugDescription).joined(separator: " ") + (bytes.map { " <bytes \($0)>" } ?? "")
            if outcome.hung { failures.append("hung: \(shown)") }
            if outcome.crashed || outcome.status >= 128 { failures.append("exit \(outcome.status): \(shown)\n\(outcome.stderr.suffix(400))") }
            if ![0, 1, 2, 3].contains(outcome.status), !outcome.crashed, outcome.status < 128 {
                failures.append("undocumented exit \(outcome.status): \(shown)")
            }
            // NB: `--verbose` adds SQLite's own text on "  detail:" lines, as the README says;
            // every other line must still be Trove's.
            let spoken = vector.contains("--verbose")
                ? outcome.stderr.split(separator: "\n").filter { !$0.hasPrefix("  detail: ") }.joined(separator: "\n")
                : outcome.stderr
            if let marker = rawSQLiteWording(in: spoken) { failures.append("SQLite wording \(marker): \(shown)") }
            guard fileHashes(db) != sound else { continue }
            // NB: importing several files commits each whole; a bad later file is refused
            // after earlier ones landed, and the message names those. Anything else that fails
            // must change nothing.
            let partialImport = outcome.status == 2 && outcome.stderr.contains("Already imported before it:")
            if outcome.status != 0 && !partialImport {
                failures.append("exit \(outcome.status) but the database changed: \(shown)")
            } else {
                let check = try TroveProcess.run(["check", "--db", db])
                checked += 1
                if check.status != 0 { failures.append("after \(shown): check \(check.status) \(check.stdout)") }
            }
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: db + suffix) }
            try FileManager.default.copyItem(atPath: pristine, toPath: db)
            restored += 1
        }
        print("hostile arguments: \(count) vectors (\(count / 40) with invalid UTF-8), \(failures.count) failures, "
            + "exit codes \(statuses.sorted { $0.key < $1.key }), \(restored) successful writes checked and undone, "
            + "slowest \(milliseconds(slowest)) ms, \(seconds(clock.now - start)) s")
        for failure in failures.prefix(10) { print("  \(failure)") }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
        #expect(checked == restored)
    }
}

/// Draws argument vectors for `trove` from its commands, options and boundary values.
struct ArgumentFuzzer {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    static let commands = [
        "search", "add", "edit", "done", "undone", "rm", "lists", "tags", "import", "export", "check", "rebuild",
        "optimize", "stats", "init", "help", "generate", "debug-typing-latency", "sear", "SEARCH", "", "--help", "-h",
    ]

    static let options: [String: [String]] = [
        "": ["--demo", "--verbose", "--query", "--height", "--format", "--color", "--fullscreen", "--version"],
        "search": [
            "--limit", "--offset", "--after", "--format", "--sort", "--color", "--explain", "--prefix", "--all", "--open",
            "--highlight-open", "--highlight-close", "-i", "--interactive", "--height", "--fullscreen", "--", "--verbose",
        ],
        "add": ["--notes", "--list", "--tag", "--priority", "--due", "--flag", "--demo"],
        "edit": ["--title", "--notes", "--list", "--priority", "--due", "--no-due", "--flag", "--no-flag", "--tag", "--untag"],
        "import": ["--format", "--list"],
        "export": ["--format", "-o", "--output", "--open-only", "--salvage"],
        "optimize": ["--no-compact", "--compact"],
    ]

    static let numbers = [
        "0", "-0", "1", "-1", "2", "3", "4", "20", "179", "180", "10000", "10001", "2147483647", "2147483648", "-2147483649",
        "4294967296", "1000000000", "1000000001", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "99999999999999999999999", "1.5", "1e9", "0x10", "NaN", "inf", "+5", "+0", "+2912115",
        "+2912116", "+9223372036854775807", "+3000000", "+-1", "+1d", "+",
    ]

    static let dates = [
        "0001-01-01", "0000-01-01", "9999-12-31", "10000-01-01", "2026-02-29", "2028-02-29", "2026-02-30", "today",
        "tomorrow", "9999-12-31T23:59:59.999Z", "9999-12-31T23:00:00-05:00", "0001-01-01T00:30:00+01:00", "2026-13-01",
        "due:0000-01-01", "due:9999-12-31", "due:..9999-12-31", "due:2026-03-01..2026-02-01", "due:",
    ]

    static let words = [
        "milk", "dentist", "passport", "is:open", "is:banana", "list:Work", "tag:errand", "#kids", "p:high", "in:title",
        "!like", "!raw", "!raw \"a", "OR", "-milk", "\"insurance card\"", "(", ")", "*", "NEAR(a b)", "'; DROP TABLE reminders; --",
        "jsonl", "json", "csv", "tsv", "ics", "todotxt", "text", "rank", "due", "priority", "created", "auto", "always",
        "never", "none", "low", "medium", "high", "Work", "Home", "", " ", "  ", "-", "--", "---", "-x", "--nope",
        "שלום", "مرحبا", "e\u{301}\u{302}\u{303}", "👩‍👩‍👧‍👦", "🏳️‍🌈", "\u{202E}evil", "\u{7}\u{1B}[31m", "tab\there",
        "line\nbreak", "\u{FEFF}bom", "a,b", "x".padding(toLength: 4000, withPad: "y", startingAt: 0),
        "cmFuax82Nx9kYzAxOGZiNDA5ODQxYTFjOB9pMB9pMB90MjAyNi0xMS0yNh9pMx90MjAyNi0xMC0yNiAyMToxMDowMC4wMDA",
    ]

    static let paths = ["valid.jsonl", "bad.jsonl", "todo.txt", "cal.ics", "empty.csv", "missing.jsonl", "-", "out.jsonl",
                        "out.csv", "out.ics", "sub/out.txt", "outdir"]

    /// Import files in `folder`: good and bad in each format, and a folder where a file should be.
    static func writeFixtures(in folder: TemporaryFolder) throws {
        try "{\"title\":\"Fuzzed\",\"tags\":[\"a\"]}\n".write(toFile: folder.path("valid.jsonl"), atomically: true, encoding: .utf8)
        try "{\"title\":\"\",\"due\":\"0000-01-01\"}\n".write(toFile: folder.path("bad.jsonl"), atomically: true, encoding: .utf8)
        try "(A) Call +Home due:9999-12-31\n".write(toFile: folder.path("todo.txt"), atomically: true, encoding: .utf8)
        try "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VTODO\r\n".write(toFile: folder.path("cal.ics"), atomically: true, encoding: .utf8)
        try "".write(toFile: folder.path("empty.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.path("outdir"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("home"), withIntermediateDirectories: true)
    }

    private mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    private mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }

    /// A value of any kind.
    private mutating func value() -> String {
        switch below(10) {
        case 0, 1, 2: pick(Self.numbers)
        case 3, 4: pick(Self.dates)
        case 5: pick(Self.paths)
        default: pick(Self.words)
        }
    }

    /// A value of the kind `option` takes, mostly; a wrong kind now and then.
    private mutating func value(for option: String) -> String {
        guard below(5) > 0 else { return value() }
        switch option {
        case "--limit", "--offset", "--height": return pick(Self.numbers)
        case "--due": return pick(Self.dates + Self.numbers.filter { $0.hasPrefix("+") })
        case "-o", "--output": return pick(Self.paths)
        case "--format": return pick(["jsonl", "json", "csv", "tsv", "ics", "todotxt", "text", "JSON", "xml", ""])
        case "--priority": return pick(["none", "low", "medium", "high", "0", "3", "4", "-1", "HIGH", ""])
        case "--sort": return pick(["rank", "due", "priority", "created", "size", ""])
        case "--color": return pick(["auto", "always", "never", "sometimes"])
        case "--after": return pick(Self.words.suffix(1) + ["", "x", "cmFuax8"])
        default: return value()
        }
    }

    /// A vector that is mostly what the command takes, with values at their boundaries.
    private mutating func wellFormed() -> [String] {
        let command = pick(["search", "search", "search", "add", "add", "edit", "done", "undone", "rm", "import", "export",
                            "lists", "tags", "check", "stats", "rebuild", "optimize", "init"])
        var vector = [command]
        switch command {
        case "search": for _ in 0..<below(4) { vector.append(below(2) == 0 ? pick(Self.words) : pick(Self.dates)) }
        case "add": vector.append(pick(Self.words))
        case "edit", "done", "undone", "rm": for _ in 0..<(1 + below(3)) { vector.append(pick(Self.numbers)) }
        case "import": for _ in 0..<(1 + below(2)) { vector.append(pick(Self.paths)) }
        default: break
        }
        let options = Self.options[command] ?? []
        for _ in 0..<(options.isEmpty ? 0 : below(4)) {
            let option = pick(options)
            if option == "--" { continue }
            vector.append(option)
            if !["--explain", "--prefix", "--all", "--open", "-i", "--interactive", "--fullscreen", "--flag", "--no-flag",
                 "--no-due", "--open-only", "--salvage", "--no-compact", "--compact", "--demo", "--verbose"].contains(option) {
                vector.append(value(for: option))
            }
        }
        return vector
    }

    mutating func vector() -> [String] {
        if below(2) == 0 { return wellFormed() }
        var vector: [String] = []
        if below(4) == 0 { vector += [pick(Self.options[""]!)] + (below(2) == 0 ? [value()] : []) }
        let command = pick(Self.commands)
        if !command.isEmpty { vector.append(command) }
        let options = Self.options[command] ?? []
        for _ in 0..<below(7) {
            let kind = below(6)
            switch kind {
            case 0...2 where !options.isEmpty:
                let option = pick(options)
                vector.append(option)
                if below(5) > 0 { vector.append(option == "-o" || option == "--output" ? pick(Self.paths) : value()) }
            case 3: vector.append(pick(Self.options[""]!))
            default: vector.append(value())
            }
        }
        // NB: the database is TROVE_DB; a drawn `--db` would send a write elsewhere.
        return vector.filter { $0 != "--db" && !$0.hasPrefix("--db=") }
    }

    /// printf octal escapes for 1–8 bytes that are not UTF-8 as a whole.
    mutating func invalidUTF8() -> String {
        let prefixes = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF8, 0x88], [0x80], [0x6D, 0x69, 0xC3]]
        return pick(prefixes).map { "\\" + String($0, radix: 8) }.joined()
    }
}
