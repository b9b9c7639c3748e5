#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import TroveCLI

/// A real terminal for end-to-end tests: a detached tmux session of a fixed size, on a private
/// tmux server, running one shell script. Type with `type`/`press`, read with `screen()`.
///
/// The script records what tests check after the program exits: its exit status in `exit`,
/// and `stty -a` before and after it in `stty-before` and `stty-after` (written before `exit`).
final class TmuxPane {
    let folder: TemporaryFolder
    private let socket = "trove-test-\(UUID().uuidString.prefix(8))"

    /// - Parameters:
    ///   - command: A shell command line; `$TROVE` is the built binary.
    ///   - folder: Where the script and its files go; the command runs there.
    ///   - columns: The pane's width.
    ///   - rows: The pane's height.
    init(_ command: String, in folder: TemporaryFolder, columns: Int = 100, rows: Int = 30) throws {
        try requireTool("tmux")
        self.folder = folder
        let script = """
            cd '\(folder.url.path)'
            TROVE='\(TroveProcess.binary.path)'
            stty -a > stty-before
            \(command)
            status=$?
            stty -a > stty-after
            echo $status > exit.tmp && mv exit.tmp exit
            exec sleep 600
            """
        try script.write(toFile: folder.path("run.sh"), atomically: true, encoding: .utf8)
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)",
                  "sh '\(folder.path("run.sh"))'"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Types text literally (`send-keys -l`).
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "main", "-l", text]) }

    /// Presses keys by tmux name: `Enter`, `Escape`, `C-c`, `Down`.
    func press(_ keys: String...) throws { try press(keys) }

    /// Presses all of `keys` in one tmux command, so they reach the program at once.
    func press(_ keys: [String]) throws { try tmux(["send-keys", "-t", "main"] + keys) }

    /// Types text literally and then presses a key in one tmux command, so the program gets
    /// them with no pause between (`send-keys -l TEXT ; send-keys KEY`).
    func type(_ text: String, thenPress key: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", text, ";", "send-keys", "-t", "main", key])
    }

    /// Resizes the window (and so the pane), which sends the program SIGWINCH.
    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The visible screen, one string per row, trailing spaces removed (as `capture-pane -p` gives).
    func screen() throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-t", "main"])
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the screen until `matches` holds, or `timeout` passes.
    /// - Returns: The matching screen, or nil after recording an issue that shows the last one.
    @discardableResult
    func waitForScreen(
        timeout: Duration = .seconds(10), _ description: String = "the expected screen",
        sourceLocation: SourceLocation = #_sourceLocation,
        _ matches: ([String]) -> Bool
    ) async throws -> [String]? {
        let deadline = ContinuousClock.now + timeout
        var last: [String] = []
        while ContinuousClock.now < deadline {
            last = try screen()
            if matches(last) { return last }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("timed out waiting for \(description); the screen was:\n\(last.joined(separator: "\n"))",
                     sourceLocation: sourceLocation)
        return nil
    }

    /// The exit status the script recorded, once the program has exited.
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: folder.path("exit"), encoding: .utf8) {
                return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// A file the command or the script wrote, in the folder.
    func file(_ name: String) -> String? {
        try? String(contentsOfFile: folder.path(name), encoding: .utf8)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try Self.run(["tmux", "-L", socket] + arguments)
        guard result.status == 0 else {
            throw TmuxFailure(message: "tmux \(arguments.joined(separator: " ")) failed: \(result.output)")
        }
        return result.output
    }

    /// glibc 2.34+'s `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module
    /// does not import.
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            return nil
        }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Runs a command with stdout and stderr in a file, and waits for it.
    ///
    /// NB: not Foundation's `Process`: on Linux it learns that a child ended when a socket the
    /// child inherited closes, and the tmux server that `new-session` forks keeps that socket
    /// (as it would keep a pipe for the output) open, so the wait would never end. Here the child
    /// gets no descriptors but 0, 1 and 2, and `waitpid` waits for the client alone.
    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        guard let closeFrom = Self.addCloseFrom else { throw TmuxFailure(message: "needs glibc 2.34 or later (posix_spawn_file_actions_addclosefrom_np)") }
        _ = closeFrom(&actions, 3)
        // NB: a test thread blocks most signals, and a spawned child inherits that mask: the tmux
        // server would then never see SIGCHLD, and `kill-server` would leave it running.
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = DefaultSignalSpawn.withAttributes { attributes in
            posix_spawnp(&pid, arguments[0], &actions, attributes, argv, environ)
        }
        guard spawned == 0 else { throw TmuxFailure(message: "cannot run \(arguments[0]): errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // NB: WIFEXITED/WEXITSTATUS are macros Swift does not import.
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }
}

struct TmuxFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
