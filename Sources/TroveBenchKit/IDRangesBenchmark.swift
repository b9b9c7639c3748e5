import Foundation
import TroveStore

/// How fast an import records the ids it inserts for its undo (`IDRanges.insert`), in the
/// orders a file can give them, beside `Set<Int64>.insert` of the same ids and, up to a size
/// where it still ends, the insert before issue 15's fix (every out-of-order id re-sorted
/// every range).
///
/// ```sh
/// swift build -c release --product trove-bench
/// .build/release/trove-bench id-ranges --count 1000000 --before-count 10000
/// ```
public struct IDRangesBenchmark: Sendable {
    /// The orders measured: an import of new rows (ascending), a file that keeps its own ids
    /// running downward with a gap after each (the quadratic case), and a shuffled one.
    public enum Order: String, CaseIterable, Sendable {
        case ascending = "ascending"
        case descendingWithGaps = "descending, gaps"
        case shuffledWithGaps = "shuffled, gaps"

        /// `count` ids in this order: gaps leave every other id out, so no two ranges merge.
        func ids(count: Int, seed: UInt64) -> [Int64] {
            switch self {
            case .ascending: return (1...Int64(count)).map { $0 }
            case .descendingWithGaps: return stride(from: Int64(2 * count), through: 2, by: -2).map { $0 }
            case .shuffledWithGaps:
                var random = BenchRandom(seed: seed)
                return random.shuffled(stride(from: Int64(2), through: Int64(2 * count), by: 2).map { $0 })
            }
        }
    }

    public var count: Int
    public var beforeCount: Int
    public var seed: UInt64

    public init(count: Int, beforeCount: Int, seed: UInt64 = 1) {
        self.count = count
        self.beforeCount = beforeCount
        self.seed = seed
    }

    /// The table: one row per order and size, with the time and the rate of each side.
    public func run() -> String {
        var table = MarkdownTable(header: ["ids (order)", "IDRanges.insert", "Set<Int64>.insert (baseline)", "insert before the fix", "ranges"])
        for order in Order.allCases {
            for n in Set([count, beforeCount]).sorted() where n > 0 {
                let ids = order.ids(count: n, seed: seed)
                var ranges = IDRanges()
                let now = Self.seconds { for id in ids { ranges.insert(id) } }
                var set = Set<Int64>()
                let baseline = Self.seconds { for id in ids { set.insert(id) } }
                precondition(ranges.count == set.count, "IDRanges lost ids")
                var before = "not run (over --before-count)"
                if n <= beforeCount {
                    var old = ResortingIDRanges()
                    let seconds = Self.seconds { for id in ids { old.insert(id) } }
                    precondition(old.ranges.count == ranges.ranges.count, "the old insert disagrees")
                    before = Self.cell(seconds, n)
                }
                table.append([
                    "\(Format.count(Double(n))) (\(order.rawValue))", Self.cell(now, n), Self.cell(baseline, n), before,
                    Format.count(Double(ranges.ranges.count)),
                ])
            }
        }
        return table.render()
    }

    private static func cell(_ seconds: Double, _ n: Int) -> String {
        "\(Format.ms(seconds * 1000)) (\(Format.count(Double(n) / max(seconds, 1e-9))) ids/s)"
    }

    private static func seconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// `IDRanges.insert` as it was before issue 15's fix, kept as the benchmark's "before": an id
/// below the last range appended it and re-sorted and re-merged every range.
struct ResortingIDRanges {
    private(set) var ranges: [[Int64]] = []

    mutating func insert(_ id: Int64) {
        if let last = ranges.last {
            if id == last[1] + 1 {
                ranges[ranges.count - 1][1] = id
                return
            }
            if id > last[1] {
                ranges.append([id, id])
                return
            }
        } else {
            ranges.append([id, id])
            return
        }
        var all = ranges + [[id, id]]
        all.sort { $0[0] < $1[0] }
        var merged: [[Int64]] = []
        for range in all {
            if let last = merged.last, range[0] <= last[1] + 1 {
                merged[merged.count - 1][1] = max(last[1], range[1])
            } else {
                merged.append(range)
            }
        }
        ranges = merged
    }
}
