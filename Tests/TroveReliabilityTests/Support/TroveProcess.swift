import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `trove` binary (or any program) as a person would, with a deadline, and
/// captures what it prints: a run that has not ended by then is killed and reported as a hang,
/// so one stuck process fails its test instead of stopping the suite.
///
/// ```swift
/// let result = try TroveProcess.run(["check", "--db", db])
/// result.status  // 0
/// let outcome = try TroveProcess.runExecutable(TroveProcess.binary, vector, in: folder.url.path,
///                                              environment: ["TROVE_DB": db, "XDG_DATA_HOME": nil], deadline: .seconds(60))
/// outcome.hung || outcome.crashed  // false
/// ```
///
/// NB: the same approach as TroveCLITests' helper of the same name, kept as a copy so that the
/// two test targets stay independent of each other's files.
enum TroveProcess {
    struct Result: Sendable {
        var status: Int32
        /// True when the process ended by a signal (a crash, or the kill after a hang), not by `exit`.
        var crashed: Bool
        /// True when it was still running at the deadline, and was killed.
        var hung: Bool
        var stdout: String
        var stderr: String
        var stdoutData: Data
    }

    /// `.build/debug/trove`, beside the test bundle that SwiftPM runs.
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // NB: the test binary lives inside TrovePackageTests.xctest on some platforms.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("trove").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("trove")
    }()

    /// Runs `trove ARGUMENTS…` to the end (or the deadline).
    @discardableResult
    static func run(
        _ arguments: [String], stdin: Data? = nil, environment: [String: String?] = [:], deadline: Duration = .seconds(600)
    ) throws -> Result {
        try runExecutable(binary, arguments, stdin: stdin, environment: environment, deadline: deadline)
    }

    /// Runs any executable to the end, or kills it at the deadline.
    ///
    /// - Parameters:
    ///   - folder: The working directory; nil keeps this process's.
    ///   - stdin: What standard input holds; it is closed after, so the program reads an end.
    ///   - environment: Changes to this process's environment: a value sets the variable, nil
    ///     removes it. `NO_COLOR` is always set.
    ///   - deadline: How long the program may run before it is killed (`hung`).
    static func runExecutable(
        _ executable: URL, _ arguments: [String], in folder: String? = nil, stdin: Data? = nil,
        environment: [String: String?] = [:], deadline: Duration = .seconds(600)
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        // NB: drain both pipes on threads of their own before writing stdin, so a full pipe
        // never stalls the child (or this process).
        let output = Drained(out.fileHandleForReading), errors = Drained(err.fileHandleForReading)
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        let seconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
        var hung = false
        if ended.wait(timeout: .now() + seconds) == .timedOut {
            hung = true
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        // NB: Foundation calls the termination handler before it has finished with the
        // process; releasing the Process then (and starting the next one) crashed
        // Process.run() in memmove now and then. waitUntilExit returns once that is done.
        process.waitUntilExit()
        let stdoutData = output.wait()
        return Result(
            status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal, hung: hung,
            stdout: String(decoding: stdoutData, as: UTF8.self), stderr: String(decoding: errors.wait(), as: UTF8.self),
            stdoutData: stdoutData)
    }

    /// Starts `trove ARGUMENTS…` without waiting, its output thrown away; for kill -9 trials.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}

/// The path of the program `name` on PATH, or a failed test that names it and the package that
/// has it (never a silent skip); `scripts/bootstrap` installs every program the tests run.
@discardableResult
func requireTool(_ name: String, package: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    let path = folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    try #require(path != nil, Comment(rawValue: "this test needs the `\(name)` command, which is not installed; run scripts/bootstrap (or apt-get install \(package))"),
                 sourceLocation: sourceLocation)
    return URL(fileURLWithPath: path!)
}

/// A pipe read to its end on a thread of its own, so a full pipe never stalls the child.
private final class Drained: @unchecked Sendable {
    // NB: @unchecked is safe: `data` is written once on the thread and read after `wait()`,
    // which the semaphore orders after that write.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trove-rel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
