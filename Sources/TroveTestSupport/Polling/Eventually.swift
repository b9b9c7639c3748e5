/// Polls `condition` until it holds or `timeout` passes on the real clock; true if it held.
///
/// ```swift
/// #expect(await eventually { provider.pending == 0 })
/// let ended = await eventually(timeout: .seconds(30)) { !process.isRunning }
/// ```
///
/// NB: a deadline, not a fixed sleep: on a slow machine the wait is longer, never a pass
/// without checking. The condition is read once more at the deadline, so a wait that ran out
/// while the condition came true still says so.
///
/// - Parameters:
///   - timeout: How long to keep asking.
///   - interval: The pause between two looks.
///   - condition: Read on the caller's task; it must not block.
/// - Returns: Whether `condition` held before (or at) the deadline.
public func eventually(
    timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(2), _ condition: () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: interval)
    }
    return condition()
}
