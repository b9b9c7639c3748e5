/// Damerau–Levenshtein distance (optimal string alignment): insertions, deletions,
/// substitutions and swaps of two neighbours each cost 1.
///
/// ```swift
/// EditDistance.between("dentsit", "dentist", limit: 2)  // 1: one swap
/// EditDistance.between("milk", "bread", limit: 2)       // nil: more than 2
/// ```
///
/// NB: only the band of cells within `limit` of the diagonal is computed (any cell outside it
/// is more than `limit`), so time is O(length × limit) and memory O(limit): a 100,000-letter
/// word against another costs a few hundred thousand steps, never the whole table.
public enum EditDistance {
    /// The distance, or nil when it exceeds `limit`.
    public static func between(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard limit >= 0, abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let width = 2 * limit + 1, over = limit + 1
        // Row i holds the cells j in i - limit … i + limit, cell j at j - i + limit.
        var twoBack = [Int](repeating: over, count: width)
        var previous = [Int](repeating: over, count: width)
        var current = [Int](repeating: over, count: width)
        for j in 0...min(b.count, limit) { previous[j + limit] = j }
        /// Row `i`'s cell `j` in `row`, or `over` outside the band or the table.
        func cell(_ row: [Int], _ i: Int, _ j: Int) -> Int {
            let offset = j - i + limit
            return j < 0 || offset < 0 || offset >= width ? over : row[offset]
        }
        for i in 1...a.count {
            var rowMinimum = over
            for offset in 0..<width { current[offset] = over }
            let low = max(0, i - limit), high = min(b.count, i + limit)
            guard low <= high else { return nil }
            for j in low...high {
                var value: Int
                if j == 0 {
                    value = i
                } else {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    value = min(cell(previous, i - 1, j) + 1, cell(current, i, j - 1) + 1, cell(previous, i - 1, j - 1) + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, cell(twoBack, i - 2, j - 2) + 1)
                    }
                }
                value = min(value, over)
                current[j - i + limit] = value
                rowMinimum = min(rowMinimum, value)
            }
            // NB: every later row is at least this row's minimum, so stop early.
            if rowMinimum > limit { return nil }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        let distance = cell(previous, a.count, b.count)
        return distance <= limit ? distance : nil
    }
}
