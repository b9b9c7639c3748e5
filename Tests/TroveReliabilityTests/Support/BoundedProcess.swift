import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with a deadline: a run that has not ended by then is killed and reported as
/// a hang, so one stuck process fails its test instead of stopping the suite.
enum BoundedProcess {
    struct Outcome: Sendable {
        var status: Int32
        /// True when the process ended by a signal (a crash), not by `exit`.
        var crashed: Bool
        var hung: Bool
        var stdout: String
        var stderr: String
    }

    static func run(
        _ executable: URL, _ arguments: [String], in folder: String, environment: [String: String], deadline: Duration
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let output = Drained(out.fileHandleForReading), errors = Drained(err.fileHandleForReading)
        let seconds = Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
        var hung = false
        if ended.wait(timeout: .now() + seconds) == .timedOut {
            hung = true
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        return Outcome(
            status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal, hung: hung,
            stdout: String(decoding: output.wait(), as: UTF8.self), stderr: String(decoding: errors.wait(), as: UTF8.self))
    }
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
