import Foundation
import TroveQuery
import TroveSQLite

/// Damage made on purpose to a database file, one b-tree page or one record at a time, to test
/// what Trove can still read. Pages are located with `dbstat` and parsed as the file format says
/// (https://www.sqlite.org/fileformat2.html#b_tree_pages).
enum PageDamage {
    /// The leaf pages of `table`, with the rowids on each, in page order.
    static func leaves(of table: String, in path: String) throws -> [(page: Int, rowids: [Int64])] {
        let db = try SQLConnection(path: path, options: .init(readOnly: true))
        let pageSize = try db.fetchValue("PRAGMA page_size", as: Int.self) ?? 4096
        let pages = try db.fetchAll("SELECT pageno FROM dbstat WHERE name = \(table) AND pagetype = 'leaf' ORDER BY pageno")
            .map { row -> Int in try row[0] }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return pages.map { page in
            let bytes = [UInt8](data[(page - 1) * pageSize..<page * pageSize])
            return (page, cells(in: bytes).map(\.rowid))
        }
    }

    /// Breaks the record of the row `rowid` of `table`: its header claims more bytes than the
    /// record holds, so reading that row fails and every other row still reads.
    static func breakRecord(_ rowid: Int64, of table: String, in path: String) throws {
        let db = try SQLConnection(path: path, options: .init(readOnly: true))
        let pageSize = try db.fetchValue("PRAGMA page_size", as: Int.self) ?? 4096
        for (page, rowids) in try leaves(of: table, in: path) where rowids.contains(rowid) {
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            let base = (page - 1) * pageSize
            let bytes = [UInt8](data[base..<base + pageSize])
            let cell = try requireCell(cells(in: bytes).first { $0.rowid == rowid })
            data[base + cell.recordStart] = 0x7F
            try data.write(to: URL(fileURLWithPath: path))
            return
        }
        throw CocoaError(.fileReadUnknown)
    }

    /// Overwrites a page from byte `start` on with bytes that are no b-tree page: from 0 the
    /// whole page; from past its header, its cells only.
    static func scribble(page: Int, from start: Int = 0, in path: String) throws {
        let db = try SQLConnection(path: path, options: .init(readOnly: true))
        let pageSize = try db.fetchValue("PRAGMA page_size", as: Int.self) ?? 4096
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        for offset in start..<pageSize { data[(page - 1) * pageSize + offset] = UInt8(truncatingIfNeeded: offset &* 37 &+ 11) }
        try data.write(to: URL(fileURLWithPath: path))
    }

    private static func requireCell(_ cell: Cell?) throws -> Cell {
        guard let cell else { throw CocoaError(.fileReadUnknown) }
        return cell
    }

    struct Cell {
        var rowid: Int64
        /// Offset in the page of the record's header-size varint.
        var recordStart: Int
    }

    /// The cells of a table leaf page (type 13): payload size, rowid, then the record.
    static func cells(in page: [UInt8]) -> [Cell] {
        // NB: page 1 starts with the 100-byte file header.
        guard page[0] == 13 else { return [] }
        let count = Int(page[3]) << 8 | Int(page[4])
        return (0..<count).map { index in
            let pointer = Int(page[8 + 2 * index]) << 8 | Int(page[9 + 2 * index])
            var offset = pointer
            _ = varint(page, &offset)
            let rowid = varint(page, &offset)
            return Cell(rowid: rowid, recordStart: offset)
        }
    }

    private static func varint(_ bytes: [UInt8], _ offset: inout Int) -> Int64 {
        var value: Int64 = 0
        for index in 0..<9 {
            let byte = bytes[offset]
            offset += 1
            if index == 8 { return value << 8 | Int64(byte) }
            value = value << 7 | Int64(byte & 0x7F)
            if byte < 0x80 { return value }
        }
        return value
    }
}
