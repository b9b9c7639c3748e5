/// The exit codes `trove` documents (see `trove --help`).
enum ExitStatus: Int32 {
    /// Done; for `search`, at least one hit.
    case success = 0
    /// `search` found nothing, or `check` found a problem.
    case noResults = 1
    /// The command line, a query or an input file is wrong: fix it and run again.
    case usage = 2
    /// The database could not be used: missing, locked, read-only, damaged or not Trove's.
    case database = 3
    /// Stopped by Ctrl-C or a signal.
    case interrupted = 130
}
