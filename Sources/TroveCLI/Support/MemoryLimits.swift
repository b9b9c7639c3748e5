import CTroveRuntime
import Foundation
import TroveStore

/// What `trove` does first, so that running out of memory ends with a sentence and exit 3
/// rather than a segfault or a hang.
///
/// ```swift
/// MemoryLimits.prepare()   // first thing in main
/// // under `ulimit -v 40000`: trove: needs at least 98,412 KiB of address space; the limit (`ulimit -v`) is 40,000 KiB. …
/// ```
///
/// Under an address-space limit (`ulimit -v`) of 100–200 MB, `trove search` used to segfault
/// in the Swift runtime's allocation-failure path, or hang: glibc reserves 64 MiB of address
/// space per thread's malloc arena and 8 MiB per thread stack (370 MB for one search, of which
/// it used a few), so creating a thread failed and libdispatch retried for ever.
///
/// - One malloc arena and 2 MiB thread stacks bring a search to about 100 MB of address space.
/// - Below what the process needs to start, it says so at once.
/// - A crash while memory is exhausted (Swift traps when an allocation fails) prints the
///   sentence and exits 3 from a signal handler; every other crash keeps its signal.
///
/// NB: what the runtime does not allow: a thread that cannot be created by libdispatch is retried
/// for ever (`_dispatch_temporary_resource_shortage`), and a crash that happens when there is
/// still memory for the handler's probe is reported as the crash it is. SQLite's own allocations
/// fail with SQLITE_NOMEM, which `ErrorPresenter` says as a sentence.
enum MemoryLimits {
    /// Thread stacks: glibc's default is the stack limit, 8 MiB; Swift code needs far less, and
    /// macOS gives secondary threads 512 KiB.
    static let threadStackBytes = UInt(TROVE_RUNTIME_THREAD_STACK_BYTES)
    /// Address space a command needs beyond what the process holds when `main` starts.
    static let headroom = UInt64(TROVE_RUNTIME_HEADROOM_BYTES)

    static func prepare() {
        trove_runtime_limit_address_space(threadStackBytes)
        let limit = trove_runtime_address_space_limit()
        let message = limit == 0
            ? "trove: ran out of memory; close other programs, then try again.\n"
            : "trove: ran out of memory (the address-space limit, `ulimit -v`, is \(kibibytes(limit))); raise it, e.g. `ulimit -v unlimited`, and try again.\n"
        trove_runtime_exit_on_memory_exhaustion(message, ExitStatus.database.rawValue)
        let used = trove_runtime_address_space_used()
        if limit != 0, used != 0, used + headroom > limit {
            Terminal.standardError.write(tooLittleAddressSpace(needed: used + headroom, limit: limit))
            exit(ExitStatus.database.rawValue)
        }
    }

    /// `trove: needs at least 98,412 KiB of address space; the limit (`ulimit -v`) is 90,000 KiB. …`
    ///
    /// NB: in KiB, `ulimit -v`'s own unit, to the KiB: rounded to MB, both numbers once read
    /// "needs at least 87 MB; the limit … is 87 MB".
    static func tooLittleAddressSpace(needed: UInt64, limit: UInt64) -> String {
        "trove: needs at least \(kibibytes(needed, roundingUp: true)) of address space; the limit (`ulimit -v`) is \(kibibytes(limit)). "
            + "Raise it, e.g. `ulimit -v unlimited`, and try again.\n"
    }

    private static func kibibytes(_ bytes: UInt64, roundingUp: Bool = false) -> String {
        let count = roundingUp ? (bytes + 1023) / 1024 : bytes / 1024
        return "\(GroupedNumber.text(Int(count))) KiB"
    }
}
