import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A warning, once per command, when the database file has more than one hard link.
///
/// ```sh
/// ln ~/.local/share/trove/trove.db ~/trove.db && trove --db ~/trove.db lists
/// # trove: warning: /home/me/trove.db has 2 hard links; two troves using it through different …
/// ```
///
/// SQLite keeps a database's locks and its `-wal`/`-shm` by path, so two processes that open
/// one file through two links each think they are alone, and together corrupt it (it happened:
/// see https://www.sqlite.org/howtocorrupt.html#_multiple_links_to_the_same_file).
enum HardLinkWarning {
    private static let warned = Atomic<Bool>(false)

    static func check(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_nlink > 1, !warned.exchange(true, ordering: .relaxed) else { return }
        Terminal.standardError.write(
            "trove: warning: \(path) has \(info.st_nlink) hard links; two troves using it through different links at once "
                + "can corrupt it (SQLite cannot tell they are one file). Use one path for it, and copy it rather than link it.\n")
    }
}
