import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Refuses to open a database that would take the process's last file descriptors.
///
/// ```swift
/// try DescriptorHeadroom.require(connections: 1, path: "t.db")
/// // under `ulimit -n 8`: throws CLIError.tooFewDescriptors, said as
/// // "Trove ran out of file descriptors (the limit is 8; see `ulimit -n`) opening t.db; …"
/// ```
///
/// NB: the bug: with a limit just big enough, or just too small, SQLite opened the database,
/// its WAL and shared memory and took the last descriptor; libdispatch's worker-pool monitor,
/// which opens `/proc/self/task/N/stat` on its own schedule, then found none and trapped
/// (SIGILL: `trove search` at `ulimit -n 10` in 2 runs of 300, at 8 in about 1 of 300) instead
/// of the command succeeding or failing with a sentence. Counting first means SQLite never
/// takes the last one: each connection holds the database and its WAL, the shared memory is
/// one more, and one is left for the system libraries. The price is one descriptor: `search`
/// now needs a limit of 11. The count is a snapshot: at exactly that limit, a descriptor
/// libdispatch holds for a moment is sometimes counted (1 run in 20 on a loaded machine), and
/// the command is refused with the sentence instead of running; it never crashes.
enum DescriptorHeadroom {
    /// Above this soft limit the check is skipped: counting costs one `fcntl` per descriptor
    /// number, and no Trove command comes near it.
    static let checkedUpTo = 256

    /// What the interactive search holds beyond its connections: the terminal, one signalfd
    /// for each of the five signals it watches (libdispatch makes one per `DispatchSource`), a
    /// timerfd for each further clock libdispatch's timers use (`Task.sleep`), and two opened for
    /// a moment (libdispatch's worker monitor reading `/proc/N/stat`, Foundation reading
    /// `/etc/localtime`).
    ///
    /// NB: the bug: the interactive search counted only its connections, so under `ulimit -n`
    /// 20–24 the signal sources took the last descriptors, and the worker monitor, finding none,
    /// trapped (SIGILL) while the person typed, leaving the terminal raw (5 runs of 6). Measured
    /// with strace: 8 of these at most at once; 10 leaves room for the editor's temporary file.
    static let interactiveSession = 10

    /// Descriptors `connections` connections to a WAL database need, plus `extra`, plus one to spare.
    static func needed(connections: Int, extra: Int = 0) -> Int { 2 * connections + 2 + extra }

    /// - Throws: ``CLIError/tooFewDescriptors(path:)`` when fewer than
    ///   ``needed(connections:extra:)`` descriptors are free under the soft limit.
    static func require(connections: Int, extra: Int = 0, path: String) throws {
        guard let free = free() else { return }
        if free < needed(connections: connections, extra: extra) { throw CLIError.tooFewDescriptors(path: path) }
    }

    /// The most readers, up to `wanted`, that leave room for the writer, `extra` and one to
    /// spare (0 when not even one does; ``require(connections:extra:path:)`` then decides).
    static func readersThatFit(_ wanted: Int, extra: Int = 0) -> Int {
        guard let free = free() else { return wanted }
        var readers = wanted
        while readers > 0, free < needed(connections: 1 + readers, extra: extra) { readers -= 1 }
        return readers
    }

    /// Descriptors that can still be opened, or nil when the limit is too high to count.
    static func free() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur <= rlim_t(checkedUpTo) else { return nil }
        let total = Int(limit.rlim_cur)
        let open = (0..<Int32(total)).count { fcntl($0, F_GETFD) != -1 }
        return total - open
    }
}
