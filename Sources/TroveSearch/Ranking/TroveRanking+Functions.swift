import CTroveRanking

extension TroveRanking {
    /// Adds Trove's SQL functions (`trove_rank` and the other ranking functions, the counting
    /// aggregates; `Sources/CTroveRanking`) to TroveSQLite's connection setup hooks, so that every
    /// connection opened from then on has them. Idempotent and cheap; ``SearchIndex`` and
    /// ``SearchProvider`` call it as they are made.
    ///
    /// NB: the C side also adds them as the program loads (a constructor); the call keeps the
    /// object that holds it linked where a static archive would drop an unreferenced one.
    static func installFunctions() {
        trove_functions_install()
    }
}
