/// When to start a search after a keystroke: at once while searches are fast, after a short
/// quiet period once one has been slow, so fast typing does not queue slow queries.
///
/// The policy is pure: the driver measures each query with its injected clock and reports the
/// duration, which keeps tests deterministic.
///
/// ```swift
/// var debounce = AdaptiveDebounce()
/// debounce.delay                        // .zero
/// debounce.record(.milliseconds(80))    // slower than the 50 ms threshold
/// debounce.delay                        // .milliseconds(30)
/// ```
struct AdaptiveDebounce: Sendable, Hashable {
    /// A query slower than this turns the quiet period on.
    var slowThreshold: Duration
    /// How long typing must pause before a search starts, once queries are slow.
    var quietPeriod: Duration
    /// How long the last measured query took to return its first page.
    private(set) var lastDuration: Duration?

    init(slowThreshold: Duration = .milliseconds(50), quietPeriod: Duration = .milliseconds(30)) {
        self.slowThreshold = slowThreshold
        self.quietPeriod = quietPeriod
    }

    /// Notes how long a query took to return its first page.
    mutating func record(_ duration: Duration) {
        lastDuration = duration
    }

    /// True once the last query was slower than the threshold.
    var isSlow: Bool { (lastDuration ?? .zero) > slowThreshold }

    /// How long to wait before starting the next query.
    var delay: Duration { isSlow ? quietPeriod : .zero }
}
