/// What the session needs from a terminal. `TerminalDevice` is the real one; tests pass a fake
/// that replays bytes and records what was written.
protocol InteractiveTerminal: Sendable {
    /// Bytes typed, in chunks as they were read; finishes when the terminal closes.
    var input: AsyncStream<[UInt8]> { get }
    /// A new size each time the window changes (SIGWINCH).
    var resizes: AsyncStream<TerminalSize> { get }
    /// The current size.
    func size() -> TerminalSize
    /// Writes bytes to the screen.
    func write(_ text: String)
    /// Sets what `restore()` writes first, so a signal can also erase the interface or leave
    /// the alternate screen.
    func setCleanup(_ text: String)
    /// Hands the terminal to another program (the editor): writes the cleanup, restores the
    /// saved mode and stops reading keys, until `resume()`. Writes are dropped meanwhile.
    func suspend()
    /// Takes the terminal back after `suspend()`: raw mode, bracketed paste, reading keys.
    func resume()
    /// Puts the terminal back as it was: writes the cleanup, shows the cursor, turns bracketed
    /// paste off, restores the saved mode. Safe to call more than once and from any thread.
    func restore()
}
