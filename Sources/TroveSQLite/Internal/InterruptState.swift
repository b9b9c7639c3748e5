import CSQLite
import Synchronization

/// The part of a connection another thread may touch: a flag and `sqlite3_interrupt`.
///
/// `SQLiteDatabase` sets it when a read's task is cancelled. The flag makes the connection refuse to
/// start further statements in that body, because SQLite forgets an interrupt that arrives
/// between statements (the next statement to start clears it). `sqlite3_interrupt` stops the
/// statement running now.
///
/// See https://www.sqlite.org/c3ref/interrupt.html
final class InterruptState: Sendable {
    // NB: the handle is kept as its bit pattern, which is Sendable; it is only ever turned back
    // into a pointer for `sqlite3_interrupt`, documented as safe from any thread while the
    // connection is open. `SQLiteDatabase` only interrupts a connection inside one of its bodies,
    // so the connection is open then.
    private let handleBits: UInt
    private let requested = Atomic<Bool>(false)

    init(handle: OpaquePointer) {
        handleBits = UInt(bitPattern: handle)
    }

    /// Whether statements should refuse to start.
    var isRequested: Bool { requested.load(ordering: .acquiring) }

    /// Flags the connection and interrupts whatever it runs now.
    func interrupt() {
        requested.store(true, ordering: .releasing)
        sqlite3_interrupt(OpaquePointer(bitPattern: handleBits))
    }

    /// Lets statements start again. Called by the connection's own thread between bodies.
    func clear() {
        requested.store(false, ordering: .releasing)
    }
}
