import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program as a child process and reports its wall time and its own peak RSS.
///
/// ```swift
/// let run = try ChildProcess.run("/bin/true", [])
/// run.peakRSSKiB   // about 1,000 on Linux
/// ```
///
/// Peak RSS comes from GNU `/usr/bin/time -f %M`, which forks from its own tiny image.
///
/// NB: Linux carries the pre-`exec` image's high-water mark into `ru_maxrss`, and a child
/// spawned from this process starts as (a copy of, or with vfork the very) address space of
/// this process, so `wait4`'s figure for a direct child is never below this process's own peak.
/// `wait4` is the fallback when `/usr/bin/time` is missing, and ``Outcome/isRSSUpperBound`` says so.
public enum ChildProcess {
    public struct Outcome: Sendable {
        public var status: Int32
        public var wall: Duration
        /// KiB.
        public var peakRSSKiB: Int
        /// True when `peakRSSKiB` may include this process's own memory (no `/usr/bin/time`).
        public var isRSSUpperBound = false
    }

    static let time = "/usr/bin/time"

    /// Like ``run(_:_:stdout:)``, with the child's own peak RSS from `/usr/bin/time`.
    public static func runMeasuringRSS(_ path: String, _ arguments: [String], stdout: String? = nil) throws -> Outcome {
        guard FileManager.default.isExecutableFile(atPath: time) else {
            var outcome = try run(path, arguments, stdout: stdout)
            outcome.isRSSUpperBound = true
            return outcome
        }
        let report = NSTemporaryDirectory() + "trove-bench-rss-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: report) }
        var outcome = try run(time, ["-q", "-f", "%M", "-o", report, path] + arguments, stdout: stdout)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        guard let kib = text.split(whereSeparator: \.isNewline).last.flatMap({ Int($0) }) else {
            throw BenchError("\(time) reported no peak RSS for \(path): \(text.prefix(200))")
        }
        outcome.peakRSSKiB = kib
        return outcome
    }

    /// - Parameters:
    ///   - path: The program.
    ///   - arguments: Its arguments, without the program name.
    ///   - stdout: A file for its standard output; nil sends it to /dev/null.
    /// - Throws: ``BenchError`` when it cannot start.
    public static func run(_ path: String, _ arguments: [String], stdout: String? = nil) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let start = clock.now
        let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard rc == 0 else { throw BenchError("could not start \(path) (errno \(rc)); build it first") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let wall = clock.now - start
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Outcome(status: exit, wall: wall, peakRSSKiB: Int(usage.ru_maxrss))
    }

    /// This executable's path, for re-running it as a child.
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
