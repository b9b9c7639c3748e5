#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `$VISUAL`, else `$EDITOR`, else `vi`, run on a file on the terminal, as git runs its editor:
/// through `sh -c`, so `EDITOR="code --wait"` works, with /dev/tty as its input and output
/// (the interactive search's own stdout may be a pipe: `id=$(trove)`).
///
/// ```swift
/// try await ExternalEditor().edit(file: "/tmp/trove-12-1a2b3c4d.txt")   // returns when it exits
/// ```
struct ExternalEditor: TextEditor {
    var environment: [String: String] = ProcessInfo.processInfo.environment

    /// The editor command line: VISUAL, else EDITOR, else vi (each ignored when blank).
    var command: String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    func edit(file path: String) async throws {
        let command = command
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            // NB: waitpid blocks a thread until the editor exits; not one of the concurrency pool's.
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.run(command, file: path) })
            }
        }
        guard status == 0 else { throw EditorError.failed(command: command, status: status) }
    }

    /// Spawns `sh -c 'COMMAND "$1"' sh FILE` on /dev/tty with default signal handling, and waits.
    private static func run(_ command: String, file: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/tty", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "sh", file]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        // NB: the search ignores SIGINT and friends (it reads them as keys, or restores the
        // terminal first); the editor must get the usual handling, and no blocked signals.
        let spawned = DefaultSignalSpawn.withAttributes { attributes in
            posix_spawn(&pid, "/bin/sh", &actions, attributes, argv, environ)
        }
        guard spawned == 0 else { throw EditorError.cannotStart(command: command, errno: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw EditorError.cannotStart(command: command, errno: errno) }
        }
        // NB: WIFEXITED/WEXITSTATUS are macros Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

/// Why the editor did not give a form back.
enum EditorError: Error, Hashable, CustomStringConvertible {
    case cannotStart(command: String, errno: Int32)
    case failed(command: String, status: Int32)

    var description: String {
        switch self {
        case .cannotStart(let command, let errno):
            "the editor \"\(command)\" could not start (errno \(errno)); set VISUAL or EDITOR to an editor you have"
        case .failed(let command, let status):
            "the editor \"\(command)\" exited with status \(status); set VISUAL or EDITOR to an editor that saves and exits 0"
        }
    }
}
