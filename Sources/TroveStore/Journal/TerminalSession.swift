#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal session a process runs in, as the journal records it: `getsid(0)`, the number
/// `ps -o sess` shows.
///
/// ```swift
/// TerminalSession.current  // 5468: the login shell's session, shared by every command it runs
/// ```
///
/// Commands typed one after another in one shell, and the commands of a script it runs, share
/// the shell's session; another terminal, an ssh login, or a daemon has its own. `trove undo`
/// reverts only entries of its own session, so that a script's `undo` never reverts a command
/// another terminal wrote in between (issue 53).
public enum TerminalSession {
    /// This process's session id, or nil where the system gives none.
    public static let current: Int64? = {
        let session = getsid(0)
        return session < 0 ? nil : Int64(session)
    }()
}
