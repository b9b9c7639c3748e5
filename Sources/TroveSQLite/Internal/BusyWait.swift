import CSQLite
import Foundation
import Synchronization

/// The connection's busy handler: waits for another connection's lock up to a timeout, as
/// `sqlite3_busy_timeout` does, and says so once the wait passes a delay.
///
/// SQLite calls ``handler`` each time a statement finds the database locked, with the number
/// of times it has already called it for this wait; returning 0 gives up with `SQLITE_BUSY`.
/// See https://www.sqlite.org/c3ref/busy_handler.html
///
/// `@unchecked Sendable` is safe: `timeout` is behind a mutex, `notice` is immutable and
/// `Sendable`, and `waitStart` is only touched from SQLite's callback, which runs on the
/// thread running the connection's statement (one at a time, see `SerialConnection`).
final class BusyWait: @unchecked Sendable {
    private let timeoutNanoseconds: Mutex<Int64>
    private let notice: (@Sendable () -> Void)?
    private let noticeAfter: Duration
    private var waitStart: ContinuousClock.Instant?
    private var noticed = false

    init(timeout: Duration, notice: (@Sendable () -> Void)?, after noticeAfter: Duration) {
        timeoutNanoseconds = Mutex(Self.nanoseconds(timeout))
        self.notice = notice
        self.noticeAfter = noticeAfter
    }

    var timeout: Duration {
        get { .nanoseconds(timeoutNanoseconds.withLock { $0 }) }
        set { timeoutNanoseconds.withLock { $0 = Self.nanoseconds(newValue) } }
    }

    /// Installs the handler on `handle`; `self` must outlive the handle's statements.
    func install(on handle: OpaquePointer) {
        sqlite3_busy_handler(handle, { context, count in
            guard let context else { return 0 }
            return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(afterCalls: count) ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// SQLite's own backoff for `sqlite3_busy_timeout`, in milliseconds.
    private static let delays: [Int64] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

    private func shouldRetry(afterCalls count: Int32) -> Bool {
        let now = ContinuousClock.now
        if count == 0 || waitStart == nil {
            waitStart = now
            noticed = false
        }
        let waited = now - (waitStart ?? now)
        let limit = timeout
        guard waited < limit else { return false }
        if !noticed, waited >= noticeAfter, let notice {
            noticed = true
            notice()
        }
        let step = Self.delays[min(Int(count), Self.delays.count - 1)]
        let remaining = limit - waited
        let sleep = min(Duration.milliseconds(step), remaining)
        usleep(UInt32(clamping: Self.nanoseconds(sleep) / 1000))
        return true
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ attoseconds / 1_000_000_000
    }
}
