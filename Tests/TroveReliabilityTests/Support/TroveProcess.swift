import Foundation
import Testing

/// Runs the built `trove` binary as a person would, and captures what it prints.
///
/// NB: the same approach as TroveCLITests' helper of the same name, kept as a copy so that the
/// two test targets stay independent of each other's files.
struct TroveProcess {
    struct Result: Sendable {
        var status: Int32
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

    /// Runs `trove ARGUMENTS…` to the end.
    @discardableResult
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        try runExecutable(binary, arguments, stdin: stdin, environment: environment)
    }

    /// Runs any executable to the end, with `NO_COLOR` set.
    static func runExecutable(
        _ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // NB: drain stderr on another thread while reading stdout here, so neither pipe can
        // fill up and stall the child.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: errBox.data, as: UTF8.self),
            stdoutData: stdoutData
        )
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

/// Written by one thread, read by another only after `DispatchGroup.wait()`.
private final class DataBox: @unchecked Sendable {
    // NB: @unchecked is safe: the one write happens-before the one read through the group.
    var data = Data()
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
