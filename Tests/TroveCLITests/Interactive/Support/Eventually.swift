/// Polls `condition` until it holds or `timeout` passes on the real clock; true if it held.
///
/// NB: a deadline, not a fixed sleep: on a slow machine the wait is longer, never a pass
/// without checking.
func eventually(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}
