/// Why the interactive screen could not start.
enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Neither /dev/tty nor stdin is a terminal (a pipe, cron, CI).
    case noTerminal
    /// tcgetattr/tcsetattr failed with this errno.
    case attributes(operation: String, errno: Int32)

    var description: String {
        switch self {
        case .noTerminal:
            "no terminal to search in: stdin is not a terminal and /dev/tty cannot be opened; "
                + "run trove from a terminal, or give a query (trove search QUERY)"
        case .attributes(let operation, let errno):
            "could not set up the terminal (\(operation) failed, errno \(errno)); "
                + "run trove from a terminal, or give a query (trove search QUERY)"
        }
    }
}
