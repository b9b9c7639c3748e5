/// A set of ids kept as sorted, disjoint, non-adjacent closed ranges: `[[1,100000]]` for a
/// whole import, stored as that JSON in the undo journal.
///
/// ```swift
/// var ids = IDRanges()
/// for id in [5, 3, 4, 9] as [Int64] { ids.insert(id) }
/// ids.ranges        // [3...5, 9...9]
/// ids.contains(4)   // true
/// ```
///
/// An import records every id it inserts here, in whatever order the file gives them (a file
/// may keep its own ids, running downward or anywhere), so `insert` and `contains` cost
/// O(log n) in the number of ranges whatever the order: a binary search finds the neighbours,
/// the new id joins them or sits between them.
///
/// NB: the ranges live in chunks of at most ``chunkCapacity``, so that an id below every
/// other (an import running downward) shifts one chunk, not the whole set; a single sorted
/// array made one million descending ids with gaps take ~n²/2 element moves. The bug before
/// that was worse: every out-of-order id re-sorted every range.
package struct IDRanges: Sendable {
    /// The most ranges a chunk holds before it splits in two.
    static let chunkCapacity = 512

    /// Every chunk is non-empty and sorted; chunks follow each other in order, and no range
    /// touches the next one, in its chunk or the next.
    private var chunks: [[ClosedRange<Int64>]] = []

    package init() {}

    /// The ranges, in increasing order.
    package var ranges: [ClosedRange<Int64>] { chunks.flatMap { $0 } }

    package var isEmpty: Bool { chunks.isEmpty }

    /// How many ids: the sum of the ranges' lengths.
    package var count: Int { chunks.reduce(0) { $0 + $1.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 } } }

    /// Whether `id` is one of the set's.
    package func contains(_ id: Int64) -> Bool {
        guard let (chunk, index) = position(atOrBelow: id) else { return false }
        return chunks[chunk][index].contains(id)
    }

    /// Adds an id, merging it with the range below, the range above, or both.
    package mutating func insert(_ id: Int64) {
        let below = position(atOrBelow: id)
        if let (chunk, index) = below, chunks[chunk][index].upperBound >= id { return }
        let above: (Int, Int)?
        if let below { above = next(after: below) } else { above = chunks.isEmpty ? nil : (0, 0) }
        // NB: wrapping arithmetic cannot mislead here: a range below ends below id, so id is not
        // Int64.min, and a range above starts above it, so id is not Int64.max.
        let joinsBelow = below.map { chunks[$0.0][$0.1].upperBound == id &- 1 } ?? false
        let joinsAbove = above.map { chunks[$0.0][$0.1].lowerBound == id &+ 1 } ?? false
        switch (below, above) {
        case let ((chunk, index)?, (nextChunk, nextIndex)?) where joinsBelow && joinsAbove:
            // NB: the id fills the only gap between two ranges: they become one.
            let upper = chunks[nextChunk][nextIndex].upperBound
            chunks[chunk][index] = chunks[chunk][index].lowerBound...upper
            remove(chunk: nextChunk, index: nextIndex)
        case let ((chunk, index)?, _) where joinsBelow:
            chunks[chunk][index] = chunks[chunk][index].lowerBound...id
        case let (_, (chunk, index)?) where joinsAbove:
            chunks[chunk][index] = id...chunks[chunk][index].upperBound
        case let ((chunk, index)?, _):
            insert(id...id, chunk: chunk, index: index + 1)
        case (nil, _):
            insert(id...id, chunk: 0, index: 0)
        }
    }

    // MARK: Positions

    /// The chunk and index of the range with the largest lower bound at or below `id`, or nil
    /// when every range starts above it.
    private func position(atOrBelow id: Int64) -> (Int, Int)? {
        // NB: two binary searches: the last chunk starting at or below id, then the last
        // range in it starting at or below id.
        guard let chunk = Self.lastIndex(in: chunks, where: { $0[0].lowerBound <= id }) else { return nil }
        guard let index = Self.lastIndex(in: chunks[chunk], where: { $0.lowerBound <= id }) else { return nil }
        return (chunk, index)
    }

    /// The position after `position`, or nil at the end.
    private func next(after position: (Int, Int)) -> (Int, Int)? {
        let (chunk, index) = position
        if index + 1 < chunks[chunk].count { return (chunk, index + 1) }
        return chunk + 1 < chunks.count ? (chunk + 1, 0) : nil
    }

    /// The last index whose element satisfies `isAtOrBelow`, for elements where it holds for a
    /// prefix only.
    private static func lastIndex<Element>(in elements: [Element], where isAtOrBelow: (Element) -> Bool) -> Int? {
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrBelow(elements[middle]) { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    // MARK: Chunks

    private mutating func insert(_ range: ClosedRange<Int64>, chunk: Int, index: Int) {
        guard !chunks.isEmpty else {
            chunks = [[range]]
            return
        }
        chunks[chunk].insert(range, at: index)
        guard chunks[chunk].count > Self.chunkCapacity else { return }
        let half = chunks[chunk].count / 2
        let upper = Array(chunks[chunk][half...])
        chunks[chunk].removeSubrange(half...)
        chunks.insert(upper, at: chunk + 1)
    }

    private mutating func remove(chunk: Int, index: Int) {
        chunks[chunk].remove(at: index)
        if chunks[chunk].isEmpty { chunks.remove(at: chunk) }
    }
}

extension IDRanges: Equatable {
    /// Equal when they hold the same ids, however their chunks were split.
    package static func == (lhs: IDRanges, rhs: IDRanges) -> Bool {
        lhs.ranges == rhs.ranges
    }
}

extension IDRanges: Codable {
    /// Reads `[[first,last],…]`, as ``encode(to:)`` writes it. Ranges out of order, touching or
    /// overlapping (a hand-edited journal) still read as the set of ids they name.
    package init(from decoder: any Decoder) throws {
        let pairs = try decoder.singleValueContainer().decode([[Int64]].self)
        var ranges: [ClosedRange<Int64>] = []
        for pair in pairs {
            guard pair.count == 2, pair[0] <= pair[1] else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: decoder.codingPath, debugDescription: "An id range is [first, last] with first ≤ last, not \(pair)."))
            }
            ranges.append(pair[0]...pair[1])
        }
        var merged: [ClosedRange<Int64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, last.upperBound == .max || range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        chunks = stride(from: 0, to: merged.count, by: Self.chunkCapacity).map {
            Array(merged[$0..<min($0 + Self.chunkCapacity, merged.count)])
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ranges.map { [$0.lowerBound, $0.upperBound] })
    }
}
