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

extension TroveRanking {
    /// The rowids and ranks a `trove_best` BLOB holds, by rank then rowid, as the C side sorts
    /// them: 16 bytes an entry, the rowid then the rank, in this machine's byte order, so the
    /// ranks come back to the bit (text would round them), as an exact page needs.
    static func bestEntries(_ bytes: [UInt8]) -> [(id: Int64, rank: Double)] {
        let entry = MemoryLayout<Int64>.size + MemoryLayout<Double>.size
        return bytes.withUnsafeBytes { raw in
            (0..<(raw.count / entry)).map { i in
                (
                    id: raw.loadUnaligned(fromByteOffset: i * entry, as: Int64.self),
                    rank: raw.loadUnaligned(fromByteOffset: i * entry + MemoryLayout<Int64>.size, as: Double.self)
                )
            }
        }
    }
}
