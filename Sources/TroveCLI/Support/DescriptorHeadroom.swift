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

    /// Descriptors `connections` connections to a WAL database need, plus one to spare.
    static func needed(connections: Int) -> Int { 2 * connections + 2 }

    /// - Throws: ``CLIError/tooFewDescriptors(path:)`` when fewer than
    ///   ``needed(connections:)`` descriptors are free under the soft limit.
    static func require(connections: Int, path: String) throws {
        guard let free = free() else { return }
        if free < needed(connections: connections) { throw CLIError.tooFewDescriptors(path: path) }
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
