import Foundation
import TroveQuery

/// Where a page ended: the sort keys of its last hit, as a short opaque string.
///
/// ```swift
/// resultSet.next          // .after(SearchCursor("cmFuax9…"))
/// SearchCursor(string)    // nil when damaged
/// ```
///
/// The keys are the hit's id and its values of the sort's keys (rank, completion, due date,
/// priority, creation). The next page starts after the row with that id, at its *current* keys,
/// so a rank that shifts when other rows are inserted does not skip or repeat hits; the
/// stored keys are the fallback when that row no longer matches. A cursor continues only the
/// sort and ranking (``SearchRanking/name``) it was made with.
public struct SearchCursor: Hashable, Sendable, CustomStringConvertible {
    /// The sort the keys belong to.
    let sort: SearchSort
    /// The ranking the rank key belongs to: ``SearchRanking/name``.
    let ranking: String
    /// The last hit's id.
    let id: Int64
    /// The last hit's sort key values, in key order (id excluded).
    let keys: [SQLBinding]
    /// True when the last hit was a typo match: the next page continues among those.
    let isTypo: Bool

    init(sort: SearchSort, ranking: String, id: Int64, keys: [SQLBinding], isTypo: Bool = false) {
        self.sort = sort
        self.ranking = ranking
        self.id = id
        self.keys = keys
        self.isTypo = isTypo
    }

    /// The same position, among the typo matches.
    var amongTypos: SearchCursor { SearchCursor(sort: sort, ranking: ranking, id: id, keys: keys, isTypo: true) }

    /// Reads a cursor from ``description``; nil when the text is not one.
    public init?(_ text: String) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(separator: "\u{1F}", omittingEmptySubsequences: false)
        // NB: the first field is the sort, then `/` and the ranking unless it is Trove's.
        let sortAndRanking = fields.first?.split(separator: "/", maxSplits: 1).map(String.init) ?? []
        guard fields.count >= 2, let sort = sortAndRanking.first.flatMap(SearchSort.init(rawValue:)),
            let id = Int64(fields[1])
        else {
            return nil
        }
        let ranking = sortAndRanking.count > 1 ? sortAndRanking[1] : SearchRanking.trove.name
        var keys: [SQLBinding] = []
        var rest = fields.dropFirst(2)
        // NB: a typo-tier cursor carries a marker before its keys; older cursors have none.
        let isTypo = rest.first == SearchCursor.typoMarker
        if isTypo { rest = rest.dropFirst() }
        for field in rest {
            guard let value = SearchCursor.decode(field) else { return nil }
            keys.append(value)
        }
        self.init(sort: sort, ranking: ranking, id: id, keys: keys, isTypo: isTypo)
    }

    private static let typoMarker: Substring = "y"

    /// The cursor as URL-safe base64 without padding.
    public var description: String {
        let order = ranking == SearchRanking.trove.name ? sort.rawValue : sort.rawValue + "/" + ranking
        let fields = [order, String(id)] + (isTypo ? [String(SearchCursor.typoMarker)] : []) + keys.map(SearchCursor.encode)
        return Data(fields.joined(separator: "\u{1F}").utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func encode(_ value: SQLBinding) -> String {
        switch value {
        case .integer(let number): "i" + String(number)
        // NB: the exact bits, so the value compares equal to the one SQLite computed.
        case .double(let number): "d" + String(number.bitPattern, radix: 16)
        case .text(let text): "t" + text.replacingOccurrences(of: "\u{1F}", with: " ")
        case .null, .blob: "n"
        }
    }

    private static func decode(_ field: Substring) -> SQLBinding? {
        guard let tag = field.first else { return nil }
        let rest = String(field.dropFirst())
        switch tag {
        case "i": return Int64(rest).map(SQLBinding.integer)
        case "d": return UInt64(rest, radix: 16).map { .double(Double(bitPattern: $0)) }
        case "t": return .text(rest)
        case "n": return .null
        default: return nil
        }
    }
}
