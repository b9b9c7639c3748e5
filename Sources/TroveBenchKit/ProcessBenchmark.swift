import Foundation
import TroveSearch

/// Whole-process figures: peak RSS and p50 wall time of `trove search word`, set beside a
/// child that runs the same search's SQL on bare libsqlite3 and beside `/bin/true`; and the
/// steady-state RSS of an idle SearchProvider holding a live stream.
public struct ProcessBenchmark {
    public var path: String
    public var word: String
    public var runs: Int

    public init(path: String, word: String, runs: Int) {
        self.path = path
        self.word = word
        self.runs = runs
    }

    /// `trove` beside this executable, when it has a `search` command.
    static func troveSearch() -> String? {
        let trove = URL(fileURLWithPath: ChildProcess.currentExecutable).deletingLastPathComponent()
            .appendingPathComponent("trove").path
        let help = NSTemporaryDirectory() + "trove-bench-help-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: help) }
        // NB: an unknown subcommand may still print the root's help and exit 0; look for its usage line.
        guard FileManager.default.isExecutableFile(atPath: trove),
              (try? ChildProcess.run(trove, ["search", "--help"], stdout: help))?.status == 0,
              let text = try? String(contentsOfFile: help, encoding: .utf8), text.contains("trove search")
        else { return nil }
        return trove
    }

    public func run(into report: inout BenchReport) throws {
        let me = ChildProcess.currentExecutable
        let trove = Self.troveSearch()
        let subject: (String, [String], String) = trove.map { ($0, ["search", word, "--db", path], "`trove search \(word)`") }
            ?? (me, ["_child", "library-search", path, word], "library search child (no `trove search` yet)")
        let statementsFile = NSTemporaryDirectory() + "trove-bench-statements-\(getpid()).json"
        defer { try? FileManager.default.removeItem(atPath: statementsFile) }
        let replay = try Replay(path: path)
        let statements = try replay.statements(FTSEngine(), QueryBenchmark.request(BenchQuery(word)))
        try JSONEncoder().encode(statements).write(to: URL(fileURLWithPath: statementsFile))
        let direct = (me, ["_child", "direct-search", path, statementsFile])
        var subjectRuns: [ChildProcess.Outcome] = [], directRuns: [ChildProcess.Outcome] = [], trueRuns: [ChildProcess.Outcome] = []
        for _ in 0..<runs {
            subjectRuns.append(try ChildProcess.run(subject.0, subject.1))
            directRuns.append(try ChildProcess.run(direct.0, direct.1))
            trueRuns.append(try ChildProcess.run("/bin/true", []))
        }
        // NB: peak RSS is taken in separate runs under /usr/bin/time, whose fork would add to the wall times.
        let subjectRSS = try ChildProcess.runMeasuringRSS(subject.0, subject.1)
        let directRSS = try ChildProcess.runMeasuringRSS(direct.0, direct.1)
        let trueRSS = try ChildProcess.runMeasuringRSS("/bin/true", [])
        if subjectRSS.isRSSUpperBound { report.note("no /usr/bin/time: peak RSS figures are upper bounds that include trove-bench's own memory") }
        if let failed = (subjectRuns + directRuns).first(where: { $0.status > 1 }) {
            report.note("a search child exited \(failed.status); its figures are suspect")
        }
        let wall = { (runs: [ChildProcess.Outcome]) in LatencyStats(runs.map(\.wall)) }
        report.add("Memory", "peak RSS of \(subject.2)", trove: Format.mebibytes(kib: subjectRSS.peakRSSKiB),
            baseline: "trove-bench child replaying the same SQL on bare libsqlite3: \(Format.mebibytes(kib: directRSS.peakRSSKiB)); /bin/true: \(Format.mebibytes(kib: trueRSS.peakRSSKiB))",
            versus: Format.overhead(Double(subjectRSS.peakRSSKiB), over: Double(directRSS.peakRSSKiB)))
        report.add("Startup", "p50 wall time of \(subject.2), \(runs) runs",
            trove: Format.ms(wall(subjectRuns).p50),
            baseline: "trove-bench child replaying the same SQL on bare libsqlite3: \(Format.ms(wall(directRuns).p50)); /bin/true: \(Format.ms(wall(trueRuns).p50))",
            versus: Format.overhead(wall(subjectRuns).p50, over: wall(directRuns).p50))

        let idleFile = NSTemporaryDirectory() + "trove-bench-idle-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: idleFile) }
        let idle = try ChildProcess.run(me, ["_child", "idle-provider", path, word], stdout: idleFile)
        let figures = ((try? String(contentsOfFile: idleFile, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        if idle.status == 0, figures.count == 2 {
            report.add("Memory", "steady RSS, idle SearchProvider with a live stream (2 s after its first ResultSet)",
                trove: Format.mebibytes(kib: figures[1]),
                baseline: "same process before opening the database: \(Format.mebibytes(kib: figures[0]))",
                versus: "+\(Format.mebibytes(kib: figures[1] - figures[0]))")
        } else {
            report.note("the idle SearchProvider child failed (exit \(idle.status)); its row is missing")
        }
    }
}
